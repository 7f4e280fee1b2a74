#include "seneschal/firmware/table/button_mapper.hpp"

#include <gtest/gtest.h>

namespace seneschal::firmware {
namespace {

engine::Prompt ordained_prompt() {
  engine::Prompt prompt;
  prompt.text = "Who takes the Ordained marker and goes first?";
  prompt.options.clear();
  for (const char* label : {"Mark", "Shawn", "Random"}) prompt.add(label);
  return prompt;
}

engine::Prompt mulligan_prompt() {
  engine::Prompt prompt;
  prompt.text = "Mark: draw 7 cards. Keep them, or take one mulligan?";
  prompt.options.clear();
  for (const char* label : {"Keep hand", "Mulligan"}) prompt.add(label);
  prompt.ok = "keep hand";
  return prompt;
}

std::string chosen(const Result<std::optional<engine::Command>>& result) {
  if (!result) return "error: " + result.error().message;
  if (!result->has_value()) return "nothing";
  return engine::describe(**result);
}

TEST(ButtonMapperTest, OkPicksTheFirstOptionOfANewPrompt) {
  ButtonMapper mapper;
  EXPECT_EQ(chosen(mapper.press(Button::Ok, ordained_prompt())), "choose \"Mark\"");
}

TEST(ButtonMapperTest, DownAndUpMoveTheHighlightAndWrap) {
  ButtonMapper mapper;
  const engine::Prompt prompt = ordained_prompt();
  EXPECT_EQ(chosen(mapper.press(Button::Down, prompt)), "nothing");
  EXPECT_EQ(mapper.highlighted(prompt), "Shawn");
  EXPECT_EQ(chosen(mapper.press(Button::Down, prompt)), "nothing");
  EXPECT_EQ(chosen(mapper.press(Button::Down, prompt)), "nothing");
  EXPECT_EQ(mapper.highlighted(prompt), "Mark");  // wrapped past Random
  EXPECT_EQ(chosen(mapper.press(Button::Up, prompt)), "nothing");
  EXPECT_EQ(mapper.highlighted(prompt), "Random");  // and back
  EXPECT_EQ(chosen(mapper.press(Button::Ok, prompt)), "choose \"Random\"");
}

// Before, a restart put the highlight back on the first row: an OK meant for the row highlighted
// before it (pay from the second castle) paid from the first.
TEST(ButtonMapperTest, AfterARestartTheOpenPromptHasNoHighlightUntilAKey) {
  ButtonMapper mapper;
  mapper.resumed();
  const engine::Prompt prompt = ordained_prompt();
  EXPECT_EQ(mapper.highlight(prompt), -1);
  EXPECT_EQ(mapper.highlighted(prompt), "");
  const auto ok = mapper.press(Button::Ok, prompt);
  ASSERT_FALSE(ok.has_value()) << chosen(ok);
  EXPECT_NE(ok.error().message.find("UP or DOWN"), std::string::npos) << ok.error().message;
  EXPECT_EQ(chosen(mapper.press(Button::Down, prompt)), "nothing");
  EXPECT_EQ(mapper.highlighted(prompt), "Mark");  // the first press shows the first row
  EXPECT_EQ(chosen(mapper.press(Button::Ok, prompt)), "choose \"Mark\"");
}

TEST(ButtonMapperTest, AfterARestartOkKeepsThePromptsOwnMeaning) {
  ButtonMapper mapper;
  mapper.resumed();
  EXPECT_EQ(chosen(mapper.press(Button::Ok, mulligan_prompt())), "OK");
  // The next prompt starts at its first row as always.
  EXPECT_EQ(chosen(mapper.press(Button::Ok, ordained_prompt())), "choose \"Mark\"");
}

TEST(ButtonMapperTest, ANewPromptResetsTheHighlight) {
  ButtonMapper mapper;
  mapper.press(Button::Down, ordained_prompt()).value();
  engine::Prompt other = ordained_prompt();
  other.options.clear();
  for (const char* label : {"Mark", "Shawn", "Louis", "Random"}) other.add(label);
  EXPECT_EQ(mapper.highlight(other), 0);
  other.text = "Another question";
  mapper.press(Button::Down, other).value();
  EXPECT_EQ(mapper.highlight(other), 1);
  EXPECT_EQ(mapper.highlight(ordained_prompt()), 0);
}

TEST(ButtonMapperTest, OkMeansThePromptsOkUntilTheHighlightMoves) {
  ButtonMapper mapper;
  EXPECT_EQ(chosen(mapper.press(Button::Ok, mulligan_prompt())), "OK");
  mapper.press(Button::Down, mulligan_prompt()).value();
  // What is shown highlighted is what OK does: never "keep hand" with Mulligan lit.
  EXPECT_EQ(chosen(mapper.press(Button::Ok, mulligan_prompt())), "choose \"Mulligan\"");
}

TEST(ButtonMapperTest, OkWithoutOptionsOrMeaningIsTurnedAway) {
  ButtonMapper mapper;
  engine::Prompt prompt;
  prompt.text = "Mark: bring a card into play";
  prompt.pass = "pass";
  EXPECT_EQ(chosen(mapper.press(Button::Ok, prompt)), "error: OK does nothing at \"Mark: bring a card into play\"");
  EXPECT_EQ(chosen(mapper.press(Button::Up, prompt)), "error: UP: the prompt has no options to move between");
}

TEST(ButtonMapperTest, OtherButtonsAreTheirCommands) {
  ButtonMapper mapper;
  const engine::Prompt prompt = ordained_prompt();
  EXPECT_EQ(chosen(mapper.press(Button::Pass, prompt)), "PASS");
  EXPECT_EQ(chosen(mapper.press(Button::Undo, prompt)), "UNDO");
  EXPECT_EQ(chosen(mapper.press(Button::Redo, prompt)), "REDO");
  EXPECT_EQ(chosen(mapper.press(Button::Menu, prompt)), "MENU");
}

TEST(ButtonMapperTest, TimerButtonIsTheSandTimersPress) {
  ButtonMapper mapper;
  EXPECT_EQ(chosen(mapper.press(Button::Timer, ordained_prompt())), "timer press");
}

TEST(ButtonMapperTest, OkStopsARingingAlarmInsteadOfAnsweringThePrompt) {
  ButtonMapper mapper;
  EXPECT_EQ(chosen(mapper.press(Button::Ok, ordained_prompt(), true)), "timer acknowledge");
  EXPECT_EQ(chosen(mapper.press(Button::Timer, ordained_prompt(), true)), "timer acknowledge");
  // Other buttons keep their meaning: a ringing alarm does not block undo.
  EXPECT_EQ(chosen(mapper.press(Button::Undo, ordained_prompt(), true)), "UNDO");
}

engine::Prompt strength_prompt() {
  engine::Prompt prompt;
  prompt.text = "Hektor's Strength is not in the card data: enter it from the card";
  prompt.wants_number = true;
  prompt.options.clear();
  for (const char* label : {"Cancel"}) prompt.add(label);
  prompt.pass = "cancel";
  return prompt;
}

TEST(ButtonMapperTest, NumberIsCountedWithUpAndDownThenEnteredWithOk) {
  ButtonMapper mapper;
  const engine::Prompt prompt = strength_prompt();
  EXPECT_EQ(mapper.rows(prompt), (std::vector<std::string>{"Set a number (0)", "Cancel"}));
  EXPECT_EQ(chosen(mapper.press(Button::Ok, prompt)), "nothing");  // starts editing the number row
  EXPECT_TRUE(mapper.editing_number(prompt));
  for (int i = 0; i < 4; ++i) EXPECT_EQ(chosen(mapper.press(Button::Up, prompt)), "nothing");
  EXPECT_EQ(chosen(mapper.press(Button::Down, prompt)), "nothing");
  EXPECT_EQ(mapper.highlighted(prompt), "Number: 3 \u25B2\u25BC");
  EXPECT_EQ(chosen(mapper.press(Button::Ok, prompt)), "set 3");
}

TEST(ButtonMapperTest, PassLeavesTheNumberThenCancelsThePrompt) {
  ButtonMapper mapper;
  const engine::Prompt prompt = strength_prompt();
  EXPECT_EQ(chosen(mapper.press(Button::Ok, prompt)), "nothing");
  EXPECT_EQ(chosen(mapper.press(Button::Pass, prompt)), "nothing");
  EXPECT_FALSE(mapper.editing_number(prompt));
  EXPECT_EQ(chosen(mapper.press(Button::Down, prompt)), "nothing");
  EXPECT_EQ(chosen(mapper.press(Button::Ok, prompt)), "choose \"Cancel\"");
  EXPECT_EQ(chosen(mapper.press(Button::Pass, prompt)), "PASS");
}

TEST(ButtonMapperTest, NumberOnlyPromptCountsAtOnceAndNeverGoesBelowZero) {
  ButtonMapper mapper;
  engine::Prompt prompt = strength_prompt();
  prompt.options.clear();
  EXPECT_EQ(chosen(mapper.press(Button::Down, prompt)), "nothing");
  EXPECT_EQ(chosen(mapper.press(Button::Up, prompt)), "nothing");
  EXPECT_EQ(chosen(mapper.press(Button::Ok, prompt)), "set 1");
}

TEST(ButtonMapperTest, UntouchedNumberLeavesOkItsOwnMeaning) {
  ButtonMapper mapper;
  engine::Prompt prompt;
  prompt.text = "Mark engages for 4 damage. OK, or set the damage";
  prompt.wants_number = true;
  prompt.ok = "deal 4 damage";
  EXPECT_EQ(chosen(mapper.press(Button::Ok, prompt)), "OK");
  EXPECT_EQ(chosen(mapper.press(Button::Up, prompt)), "nothing");
  EXPECT_EQ(chosen(mapper.press(Button::Up, prompt)), "nothing");
  EXPECT_EQ(chosen(mapper.press(Button::Ok, prompt)), "set 2");
}

TEST(ButtonMapperTest, TheNumberStartsOnItsLikelyValueAndOneOkEntersIt) {
  ButtonMapper mapper;
  engine::Prompt prompt = strength_prompt();
  prompt.options.clear();
  prompt.number_start = 3;  // told before: the territory's income
  EXPECT_EQ(mapper.rows(prompt), (std::vector<std::string>{"Number: 3 \u25B2\u25BC"}));
  EXPECT_EQ(chosen(mapper.press(Button::Ok, prompt)), "set 3");
  ButtonMapper other;
  EXPECT_EQ(chosen(other.press(Button::Down, prompt)), "nothing");
  EXPECT_EQ(chosen(other.press(Button::Ok, prompt)), "set 2");
}

TEST(ButtonMapperTest, AHeldUpOrDownCountsANumberByFiveWithinItsBounds) {
  ButtonMapper mapper;
  engine::Prompt purse;
  purse.text = "Ben: your coins' value (copper 1, silver 5)?";
  purse.wants_number = true;
  purse.number_max = 30;
  for (int i = 0; i < 6; ++i) EXPECT_EQ(chosen(mapper.press(Button::Up, purse, false, /*held=*/true)), "nothing");
  EXPECT_EQ(mapper.rows(purse), (std::vector<std::string>{"Number: 30 \u25B2\u25BC"})) << "six holds: 30";
  EXPECT_EQ(chosen(mapper.press(Button::Up, purse, false, true)), "nothing");
  EXPECT_EQ(mapper.rows(purse), (std::vector<std::string>{"Number: 30 \u25B2\u25BC"})) << "not past the prompt's top";
  EXPECT_EQ(chosen(mapper.press(Button::Down, purse, false, true)), "nothing");
  EXPECT_EQ(chosen(mapper.press(Button::Down, purse)), "nothing");
  EXPECT_EQ(chosen(mapper.press(Button::Ok, purse)), "set 24");
}

TEST(ButtonMapperTest, TheCountStartsWithinTheBoundsAndAHeldUpOnRowsMovesOne) {
  ButtonMapper mapper;
  engine::Prompt deck;
  deck.text = "How many event cards in the deck (3+ to 4+)?";
  deck.wants_number = true;
  deck.number_min = 3;
  deck.number_max = 25;
  EXPECT_EQ(mapper.rows(deck), (std::vector<std::string>{"Number: 3 \u25B2\u25BC"})) << "not below its smallest";
  EXPECT_EQ(chosen(mapper.press(Button::Down, deck)), "nothing");
  EXPECT_EQ(chosen(mapper.press(Button::Ok, deck)), "set 3");
  ButtonMapper rows;
  const engine::Prompt who = ordained_prompt();
  EXPECT_EQ(chosen(rows.press(Button::Down, who, false, true)), "nothing");
  EXPECT_EQ(rows.highlighted(who), "Shawn") << "held on the rows: one row, as before";
}

TEST(ButtonMapperTest, TheHighlightStartsOnTheLikelyOptionAndOkPicksIt) {
  ButtonMapper mapper;
  engine::Prompt prompt = mulligan_prompt();
  prompt.likely = 1;  // the answer given last time
  EXPECT_EQ(mapper.highlighted(prompt), "Mulligan");
  // OK picks what is shown, not the prompt's own "keep hand".
  EXPECT_EQ(chosen(mapper.press(Button::Ok, prompt)), "choose \"Mulligan\"");
  ButtonMapper other;
  EXPECT_EQ(chosen(other.press(Button::Up, prompt)), "nothing");
  EXPECT_EQ(chosen(other.press(Button::Ok, prompt)), "choose \"Keep hand\"");
}

TEST(ButtonMapperTest, ALikelyFirstOptionIsPickedByOkRatherThanThePromptsOwnOk) {
  ButtonMapper mapper;
  engine::Prompt prompt = mulligan_prompt();
  prompt.options = {{"mulligan", "Mulligan"}, {"keep", "Keep hand"}};
  prompt.likely = 0;
  EXPECT_EQ(chosen(mapper.press(Button::Ok, prompt)), "choose \"Mulligan\"");
}

TEST(ButtonMapperTest, ALikelyFirstOptionBesideANumberIsHighlightedNotTheNumberRow) {
  ButtonMapper mapper;
  engine::Prompt prompt = mulligan_prompt();
  prompt.options = {{"coins", "Coins"}, {"gems", "Gems"}};
  prompt.wants_number = true;  // the number row is row 0, the options follow
  prompt.likely = 0;
  EXPECT_EQ(mapper.highlighted(prompt), "Coins");
  EXPECT_EQ(chosen(mapper.press(Button::Ok, prompt)), "choose \"Coins\"");
}

TEST(ButtonMapperTest, ALikelyOptionOutOfRangeLeavesTheFirst) {
  ButtonMapper mapper;
  engine::Prompt prompt = ordained_prompt();
  prompt.likely = 7;
  EXPECT_EQ(mapper.highlighted(prompt), "Mark");
}

TEST(ButtonMapperTest, ButtonWordsParseInAnyCase) {
  EXPECT_EQ(parse_button("ok"), Button::Ok);
  EXPECT_EQ(parse_button("DOWN"), Button::Down);
  EXPECT_EQ(parse_button("Timer"), Button::Timer);
  EXPECT_FALSE(parse_button("SELECT").has_value());
  EXPECT_EQ(to_string(Button::Menu), "MENU");
}

}  // namespace
}  // namespace seneschal::firmware
