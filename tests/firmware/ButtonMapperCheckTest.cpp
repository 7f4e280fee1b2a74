// A rules check ("Check: ... The card may allow it.") starts on Cancel: a stray OK never
// overrides the rulebook, and a player who means it moves UP to "Do it anyway" first.

#include <gtest/gtest.h>

#include "seneschal/engine/rules_kit.hpp"
#include "seneschal/firmware/table/button_mapper.hpp"

namespace seneschal::firmware {
namespace {

engine::Prompt check() {
  engine::Prompt prompt;
  prompt.text = "Check: Hektor is Unique and Mark has one in play. The card may allow it.";
  prompt.add(engine::kDoItAnywayLabel, engine::kDoItAnywayId);
  prompt.add(engine::kCancelLabel, engine::kCancelId);
  prompt.ok = "do it anyway";
  prompt.pass = "cancel";
  return prompt;
}

std::string chosen_id(ButtonMapper& mapper, const engine::Prompt& prompt) {
  auto pressed = mapper.press(Button::Ok, prompt);
  if (!pressed || !*pressed) return "(nothing)";
  const auto* choose = std::get_if<engine::Choose>(&**pressed);
  return choose ? choose->id : "(not a choice)";
}

TEST(ButtonMapperCheckTest, ACheckStartsOnCancelAndOkCancels) {
  ButtonMapper mapper;
  const engine::Prompt prompt = check();
  EXPECT_EQ(mapper.highlight(prompt), 1);
  EXPECT_EQ(chosen_id(mapper, prompt), engine::kCancelId);
}

TEST(ButtonMapperCheckTest, UpThenOkDoesItAnyway) {
  ButtonMapper mapper;
  const engine::Prompt prompt = check();
  ASSERT_TRUE(mapper.press(Button::Up, prompt).has_value());
  EXPECT_EQ(chosen_id(mapper, prompt), engine::kDoItAnywayId);
}

TEST(ButtonMapperCheckTest, AfterARestartACheckStillStartsOnCancel) {
  ButtonMapper mapper;
  mapper.resumed();
  const engine::Prompt prompt = check();
  EXPECT_EQ(mapper.peek_highlight(prompt), 1);
  EXPECT_EQ(chosen_id(mapper, prompt), engine::kCancelId);
}

TEST(ButtonMapperCheckTest, PeekRowsShowTheNumberCountedSoFar) {
  ButtonMapper mapper;
  engine::Prompt prompt;
  prompt.text = "Look at the card: Hektor's Renown?";
  prompt.wants_number = true;
  EXPECT_EQ(mapper.peek_rows(prompt), (std::vector<std::string>{"Number: 0 \u25B2\u25BC"}));
  ASSERT_TRUE(mapper.press(Button::Up, prompt).has_value());
  ASSERT_TRUE(mapper.press(Button::Up, prompt).has_value());
  EXPECT_EQ(mapper.peek_rows(prompt), (std::vector<std::string>{"Number: 2 \u25B2\u25BC"}));
  EXPECT_EQ(mapper.peek_rows(prompt), mapper.rows(prompt));
}

}  // namespace
}  // namespace seneschal::firmware
