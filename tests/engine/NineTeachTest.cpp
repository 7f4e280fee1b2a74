// Teaching a new Nine deck in few answers (issue 42 item 7; GAMES.md B8): a structure's whole cost
// and what it gives (product and shield) are one choice each where a likely one fits, item by item
// where none does; a face's structure question lists the basic names where the buttons reach them
// first; an answers file told item by item (an older state folder) still plays without a question.
// Rules text: shared/rules/nine-solitaire-rules.txt (N9:<line>).

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>

#include "NineSession.hpp"
#include "nine/nine_teach.hpp"

namespace seneschal::engine {
namespace {

using nine::CostItem;
using nine::Resource;

class NineTeachTest : public test::NineSession {
 protected:
  // Game 1 to the Goldsmith (5A, left) laid in the city, its faces taught: its cost is asked next.
  std::string lay_the_goldsmith() {
    after_a_pass({"9A", 0}, {"4A", 0}, {"9B", 0}, {"5A", 0});
    Placement city;
    city.zone = "city";
    city.quarter = 90;
    return answer(PresentCard{"5A", 1, city});
  }
};

// N9:99 (Crew builds every structure; the Tavern's and the Castle's printed costs hold it, N9:47,
// 55): the whole-cost list starts with Crew alone, Crew with one more, Crew with a slash item
// (N9:49); its last two are told item by item, and every other word is a cost.
TEST_F(NineTeachTest, TheWholeCostListHoldsCrewAloneAndCrewWithOneMore) {
  const auto words = nine::whole_cost_words();
  ASSERT_EQ(words.size(), 1u + 6u + 15u + 2u);  // Crew alone, with one more, with a slash item
  EXPECT_EQ(words.front(), "Crew");
  EXPECT_EQ(words[1], "Crew + Food");
  EXPECT_EQ(words[7], "Crew + Crew/Food");
  EXPECT_EQ(words[words.size() - 2], "Crew + more");
  EXPECT_EQ(words.back(), "Other cost");
  for (std::size_t i = 0; i + 2 < words.size(); ++i) EXPECT_TRUE(nine::whole_cost(words[i]).has_value()) << words[i];
  EXPECT_EQ(nine::whole_cost("Crew"), (std::vector<CostItem>{{Resource::Crew}}));
  EXPECT_EQ(nine::whole_cost("Crew + Stone"), (std::vector<CostItem>{{Resource::Crew}, {Resource::Stone}}));
  EXPECT_EQ(nine::whole_cost("Crew + Crew"), (std::vector<CostItem>{{Resource::Crew}, {Resource::Crew}}));
  EXPECT_EQ(nine::whole_cost("Crew + Stone/Ore"), (std::vector<CostItem>{{Resource::Crew}, {Resource::Stone, Resource::Ore}}));
  EXPECT_NE(std::find(words.begin(), words.end(), "Crew + Stone/Ore"), words.end());
  EXPECT_FALSE(nine::whole_cost("Crew + more").has_value());
  EXPECT_FALSE(nine::whole_cost("Other cost").has_value());
}

// N9:43, 162, 164: a structure provides a resource or victory points; a basic one scores 0 or 1,
// a high one 3 or more. The words name both; "Something else" tells them apart.
TEST_F(NineTeachTest, WhatAStructureGivesIsItsProductAndItsShieldInOneWord) {
  const auto basic = nine::gives_words(false);
  EXPECT_EQ(basic.front(), "1 VP");
  EXPECT_EQ(basic.back(), "Something else");
  EXPECT_EQ(basic.size(), 15u);
  const auto high = nine::gives_words(true);
  EXPECT_EQ(high.front(), "3 VP");
  EXPECT_EQ(high.back(), "Something else");
  for (const auto* words : {&basic, &high}) {
    for (std::size_t i = 0; i + 1 < words->size(); ++i) EXPECT_TRUE(nine::gives_of((*words)[i]).has_value()) << (*words)[i];
  }
  struct Want {
    const char* words;
    std::optional<Resource> provides;
    int vp;
  };
  for (const Want& want : {Want{"Gold + 1 VP", Resource::Gold, 1}, Want{"1 VP", std::nullopt, 1}, Want{"Crew", Resource::Crew, 0},
                           Want{"Nothing", std::nullopt, 0}, Want{"5 VP", std::nullopt, 5}}) {
    const auto gives = nine::gives_of(want.words);
    ASSERT_TRUE(gives.has_value()) << want.words;
    EXPECT_EQ(gives->provides, want.provides) << want.words;
    EXPECT_EQ(gives->vp, want.vp) << want.words;
  }
  EXPECT_FALSE(nine::gives_of("Something else").has_value());
}

// N9:77: the five high structures are "in the deck" once each by the book's word, the eight other
// names carry the rest of its 36 sides: a face's structure question lists the basic names at both
// ends (five from the top, three from the bottom: UP wraps round past Cancel), the high ones in
// the middle, all 13 offered.
TEST_F(NineTeachTest, AFacesStructureQuestionListsTheBasicNamesWhereTheButtonsReachFirst) {
  const auto words = nine::face_structure_words();
  ASSERT_EQ(words.size(), nine::structure_names().size());
  EXPECT_TRUE(std::is_permutation(words.begin(), words.end(), nine::structure_names().begin()));
  for (std::size_t row = 0; row < words.size(); ++row) {
    EXPECT_EQ(nine::is_high_structure(words[row]), row >= 5 && row <= 9) << row << " " << words[row];
  }
  // The table is asked in that order; the right side's list has the left one (7A's Castle) on the
  // row the buttons reach last, row 7 of 14 with Cancel (N9:30: a different structure each side).
  start("7A");
  ASSERT_GE(asked_.size(), 4u);
  EXPECT_EQ(asked_[2].stat, "left_structure");
  EXPECT_EQ(asked_[2].words, words);
  EXPECT_EQ(asked_[3].stat, "right_structure");
  EXPECT_EQ(asked_[3].words, nine::face_structure_words(std::string("Castle")));
  ASSERT_EQ(asked_[3].words.size(), words.size());
  EXPECT_EQ(asked_[3].words[7], "Castle");
  EXPECT_TRUE(std::is_permutation(asked_[3].words.begin(), asked_[3].words.end(), words.begin()));
}

// MENU "Correct a face" asks the four values afresh in the same lists: the right side's has the
// left side just corrected on the row reached last.
TEST_F(NineTeachTest, CorrectingAFaceListsTheRightSideWithTheLeftOneReachedLast) {
  start("7A");
  menu("Correct a face");
  must(PresentCard{"7A", 1, {}});
  EXPECT_EQ(prompt().labels().front(), "Crew") << prompt().text;
  choose("Crew");
  choose("Ore");
  EXPECT_EQ(prompt().labels().front(), "Tavern");
  EXPECT_EQ(prompt().labels().at(5), "Castle") << "the high names in the middle";
  choose("Tavern");
  EXPECT_EQ(prompt().text, "7A's right structure, tag upright?");
  ASSERT_GE(prompt().labels().size(), 13u);
  EXPECT_EQ(prompt().labels().front(), "Saw Mill");
  EXPECT_EQ(prompt().labels().at(7), "Tavern");
  choose("Farm");
  EXPECT_TRUE(logged("7A's left structure is Tavern (corrected)")) << log_tail();
  EXPECT_EQ(state().told.word(Subject{"7A", 0, {}}, "right_structure"), "Farm");
}

// B8: the Goldsmith (Crew + Stone/Ore, a slash item), the Armoury and the Stonemason (Crew + one
// more): each cost one answer, what each gives one more, and the Castle (cost and needs printed,
// N9:55) asked what it gives alone.
TEST_F(NineTeachTest, AStructureIsToldInOneChoiceEachForItsCostAndWhatItGives) {
  castle_game();
  EXPECT_TRUE(std::any_of(state().log.begin(), state().log.end(),
                          [](const LogEntry& e) { return e.text.starts_with("Built Castle (card 7A)"); }))
      << log_tail();
  EXPECT_EQ(asked_of("ARMOURY"), (std::vector<std::string>{"cost", "product_and_shield"}));
  EXPECT_EQ(asked_of("STONEMASON"), (std::vector<std::string>{"cost", "product_and_shield"}));
  EXPECT_EQ(asked_of("GOLDSMITH"), (std::vector<std::string>{"cost", "product_and_shield"}));
  EXPECT_EQ(state().told.word(Subject{"GOLDSMITH", 0, {}}, "cost"), "Crew + Stone/Ore");
  EXPECT_EQ(asked_of("CASTLE"), (std::vector<std::string>{"product_and_shield"}));
  EXPECT_EQ(state().told.word(Subject{"ARMOURY", 0, {}}, "cost"), "Crew + Ore");
  EXPECT_EQ(state().told.word(Subject{"STONEMASON", 0, {}}, "product_and_shield"), "1 VP");
  EXPECT_EQ(state().told.word(Subject{"CASTLE", 0, {}}, "product_and_shield"), "5 VP");
  // The lists asked: a high structure's shields from 3, every cost from Crew alone.
  for (const Question& q : asked_) {
    if (q.stat == "product_and_shield" && q.subject.card == "CASTLE") {
      EXPECT_EQ(q.words.front(), "3 VP");
    }
    if (q.stat == "cost") {
      EXPECT_EQ(q.words.front(), "Crew");
    }
  }
}

// "Other cost" and "Something else": every item and the product and shield told apart, under the
// keys an older state folder holds (cost_1 ..., provides, points).
TEST_F(NineTeachTest, OtherCostAndSomethingElseAreToldItemByItem) {
  EXPECT_EQ(lay_the_goldsmith(), "cost");
  EXPECT_EQ(answer(Choose{"Other cost"}), "cost_1");
  EXPECT_EQ(answer(Choose{"Crew"}), "cost_2");
  EXPECT_EQ(answer(Choose{"Either of two"}), "cost_2_slash_left");
  EXPECT_EQ(answer(Choose{"Stone"}), "cost_2_slash_right");
  EXPECT_EQ(answer(Choose{"Ore"}), "cost_3");
  EXPECT_EQ(answer(Choose{"Nothing more"}), "product_and_shield");
  EXPECT_EQ(answer(Choose{"Something else"}), "provides");
  EXPECT_EQ(answer(Choose{"Gold"}), "points");
  EXPECT_EQ(answer(SetNumber{1}), "");
  EXPECT_TRUE(logged("Built Goldsmith (card 5A) in round 1's column, paid with centre Gold + discard Crew")) << log_tail();
}

// An answers file from before (card-answers.json told item by item: cost_1 ..., provides, points)
// still plays: the structures it holds are not asked again, and the Castle is built on them.
TEST_F(NineTeachTest, AnOlderAnswersFileToldItemByItemIsNotAskedAgain) {
  CardOverlay answers;
  const auto shipped = test::shipped_cards("nine");
  auto keep = [&](const char* card, const char* stat, const char* word) {
    ASSERT_TRUE(answers.record_word(*shipped, card, stat, word).has_value()) << card << " " << stat;
  };
  keep("GOLDSMITH", "cost_1", "Crew");
  keep("GOLDSMITH", "cost_2", "Either of two");
  keep("GOLDSMITH", "cost_2_slash_left", "Stone");
  keep("GOLDSMITH", "cost_2_slash_right", "Ore");
  keep("GOLDSMITH", "cost_3", "Nothing more");
  keep("GOLDSMITH", "provides", "Gold");
  for (const char* card : {"ARMOURY", "STONEMASON"}) {
    keep(card, "cost_1", "Crew");
    keep(card, "cost_2", std::string(card) == "ARMOURY" ? "Ore" : "Stone");
    keep(card, "cost_3", "Nothing more");
    keep(card, "provides", "Nothing");
  }
  keep("CASTLE", "provides", "Nothing");
  for (const char* card : {"GOLDSMITH", "ARMOURY", "STONEMASON"}) ASSERT_TRUE(answers.record(*shipped, card, "points", 1).has_value());
  ASSERT_TRUE(answers.record(*shipped, "CASTLE", "points", 5).has_value());
  lay_answers(answers);

  castle_game();
  for (const char* card : {"GOLDSMITH", "ARMOURY", "STONEMASON", "CASTLE"}) EXPECT_TRUE(asked_of(card).empty()) << card;
  EXPECT_TRUE(std::any_of(state().log.begin(), state().log.end(),
                          [](const LogEntry& e) { return e.text.starts_with("Built Castle (card 7A)"); }))
      << log_tail();
  // The Armoury was paid with the Goldsmith's Gold: its product read from the older key.
  EXPECT_TRUE(std::any_of(state().log.begin(), state().log.end(),
                          [](const LogEntry& e) { return e.text.starts_with("Built Armoury") && e.text.find("Goldsmith Gold") != std::string::npos; }))
      << log_tail(12);
}

}  // namespace
}  // namespace seneschal::engine
