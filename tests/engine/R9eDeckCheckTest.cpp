#include <gtest/gtest.h>

#include "seneschal/engine/deck_list.hpp"
#include "seneschal/engine/module_registry.hpp"

namespace seneschal::engine {
namespace {

// Cards with the values deck checking needs, stated (for the test) so every rule can bite.
constexpr const char* kCards = R"({
  "schema": 2, "game": "r9e", "tag_code": "R9E", "title": "R9E",
  "types": ["stronghold", "castle", "hero", "property", "tactic"],
  "stat_names": ["castle_points", "castle_point_cost"],
  "cards": [
    {"title": "Protectorate of Malchior", "type": "stronghold", "factions": ["Malchior"],
     "stats": {"castle_points": 3}, "sourced": {"factions": "t", "castle_points": "t"}},
    {"title": "Border Keep", "type": "castle", "stats": {"castle_point_cost": 2}, "sourced": {"castle_point_cost": "t"}},
    {"title": "Outpost", "type": "castle", "stats": {"castle_point_cost": 2}, "sourced": {"castle_point_cost": "t"}},
    {"title": "Motte and Bailey", "type": "property"},
    {"title": "Hektor", "type": "hero", "factions": ["Malchior"], "sourced": {"factions": "t"}},
    {"title": "Jack Newcomer", "type": "hero", "factions": ["Holden"], "sourced": {"factions": "t"}},
    {"title": "Hired Blade", "type": "hero", "factions": ["Mercenary"], "sourced": {"factions": "t"}},
    {"title": "Doom", "type": "tactic", "keywords": ["Epic"], "sourced": {"keywords": "t"}},
    {"title": "Blight", "type": "tactic"}
  ]})";

class R9eDeckCheckTest : public ::testing::Test {
 protected:
  R9eDeckCheckTest() {
    auto db = CardDatabase::parse_json(kCards, "cards");
    EXPECT_TRUE(db.has_value()) << db.error().message;
    cards_ = std::make_shared<const CardDatabase>(std::move(db).value());
    register_builtin_modules(registry_);
    module_ = std::move(registry_.create("r9e", cards_)).value();
  }

  DeckReport check(const std::string& text) {
    auto deck = parse_deck_list(text, "deck.txt", *cards_);
    EXPECT_TRUE(deck.has_value()) << deck.error().message;
    auto report = module_->check_deck(*deck);
    EXPECT_TRUE(report.has_value());
    return std::move(report).value();
  }

  static std::vector<std::string> rules(const DeckReport& report) {
    std::vector<std::string> out;
    for (const auto& p : report.problems) out.push_back(std::to_string(p.line) + " " + p.title + ": " + p.rule);
    return out;
  }

  std::shared_ptr<const CardDatabase> cards_;
  ModuleRegistry registry_;
  std::unique_ptr<GameModule> module_;
};

// 3 Hektor + 1 Doom + 51 Blight over three lines of at most 3 would be tedious; the copy limit
// is tested on its own below, so the legal deck uses many lines of Blight-like filler.
std::string legal_body() {
  std::string body = "1 Protectorate of Malchior\n1 Border Keep\n1 Motte and Bailey\n3 Hektor\n1 Doom\n";
  for (int i = 0; i < 17; ++i) body += "3 Blight\n";
  return body;
}

TEST_F(R9eDeckCheckTest, ChampionshipShapedDeckPassesExceptTheCopyLimit) {
  const DeckReport report = check(legal_body());
  EXPECT_EQ(report.counted_cards, 3 + 1 + 51);
  // Seventeen lines of three Blights are 51 copies of one card: the copy limit holds across lines.
  EXPECT_EQ(rules(report), (std::vector<std::string>{"6 Blight: too many copies across lines"}));
}

TEST_F(R9eDeckCheckTest, FewerThan55CountedCards) {
  const DeckReport report = check("1 Protectorate of Malchior\n1 Border Keep\n1 Motte and Bailey\n3 Hektor\n");
  EXPECT_EQ(report.counted_cards, 3);
  EXPECT_EQ(rules(report), (std::vector<std::string>{
                               "0 : the deck has 3 cards apart from stronghold, castles and Motte and Bailey; at least 55"}));
}

TEST_F(R9eDeckCheckTest, EachRuleNamesTheLineAndCard) {
  const DeckReport report = check(
      "1 Protectorate of Malchior\n1 Border Keep\n1 Outpost\n4 Hektor\n2 Doom\n1 Jack Newcomer\n1 Hired Blade\n");
  EXPECT_EQ(rules(report), (std::vector<std::string>{
                               "4 Hektor: no more than 3 copies of a card",
                               "5 Doom: Epic cards can appear only once per deck",
                               "6 Jack Newcomer: shares no faction keyword with Protectorate of Malchior",
                               "7 Hired Blade: shares no faction keyword with Protectorate of Malchior",
                               "0 : the deck has 8 cards apart from stronghold, castles and Motte and Bailey; at least 55",
                               "0 : castles cost 4 castle points; Protectorate of Malchior has 3",
                           }));
}

TEST_F(R9eDeckCheckTest, UnknownFactionsAreCountedNotGuessed) {
  const DeckReport report = check("1 Protectorate of Malchior\n3 Blight\n");
  ASSERT_EQ(report.unchecked.size(), 1u);
  EXPECT_EQ(report.unchecked[0], "faction keywords: unknown for 1 cards");
}

TEST_F(R9eDeckCheckTest, DeckWithoutStronghold) {
  const DeckReport report = check("3 Hektor\n");
  EXPECT_EQ(report.problems.front().rule, "the deck has no stronghold");
}

}  // namespace
}  // namespace seneschal::engine
