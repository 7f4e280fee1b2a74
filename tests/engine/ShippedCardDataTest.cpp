// The card files and deck lists under assets/, as they ship: every one loads, every deck line
// resolves to a card, the printed section totals match, and the championship decks are legal.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "seneschal/engine/deck_list.hpp"
#include "seneschal/engine/module_registry.hpp"

namespace seneschal::engine {
namespace {

namespace fs = std::filesystem;

const fs::path kAssets = fs::path(SENESCHAL_SOURCE_DIR) / "assets";

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::shared_ptr<const CardDatabase> load(const std::string& game) {
  const fs::path path = kAssets / "cards" / (game + ".json");
  auto db = CardDatabase::parse_json(read(path), path.string());
  EXPECT_TRUE(db.has_value()) << db.error().message;
  return db.has_value() ? std::make_shared<const CardDatabase>(std::move(db).value()) : nullptr;
}

TEST(ShippedCardDataTest, EveryGameLoadsWithDistinctTagCodes) {
  std::set<std::string> codes;
  for (const char* game : {"r9e", "cutthroat", "nine", "ostenard"}) {
    auto db = load(game);
    ASSERT_NE(db, nullptr) << game;
    EXPECT_EQ(db->game(), game);
    EXPECT_GT(db->size(), 0u) << game;
    EXPECT_TRUE(codes.insert(db->tag_code()).second) << db->tag_code();
  }
  EXPECT_EQ(codes, (std::set<std::string>{"R9E", "CK", "NINE", "OA"}));
}

TEST(ShippedCardDataTest, R9eHasTheStrongholdOfEveryFaction) {
  auto db = load("r9e");
  ASSERT_NE(db, nullptr);
  int strongholds = 0;
  for (const Card& card : db->cards()) strongholds += card.type == "stronghold";
  EXPECT_EQ(strongholds, 9);
  for (const char* title : {"Protectorate of Malchior", "Kingdom of Holden", "Motte and Bailey"}) {
    EXPECT_NE(db->find_by_title(title), nullptr) << title;
  }
  // Values the Example of Play states are in, and sourced.
  const Card* jack = db->find("JACK-NEWCOMER");
  ASSERT_NE(jack, nullptr);
  EXPECT_TRUE(jack->has_keyword("Questor"));
  EXPECT_TRUE(jack->has_keyword("Raid +1"));
  EXPECT_EQ(db->find("UNDERMARKET-DEALINGS")->stat("fate"), 2);
  EXPECT_EQ(db->find("KINGDOM-OF-HOLDEN")->stat("renown"), 5);
  EXPECT_EQ(db->find("HAMMERDOOMS-ROOST")->stat("might"), 1);
}

// "# Castles (5)" in a deck file is the printed section heading; the lines under it must add up.
void expect_sections_add_up(const fs::path& path, const DeckList& deck) {
  const std::regex heading(R"(^#\s*([A-Za-z ]+)\s*\((\d+)\)\s*$)");
  std::istringstream lines(read(path));
  std::string line;
  int number = 0;
  std::string section;
  int expected = 0;
  int first_line = 0;
  auto close_section = [&](int end_line) {
    if (section.empty()) return;
    int sum = 0;
    for (const DeckEntry& e : deck.entries) sum += (e.line > first_line && e.line < end_line) ? e.count : 0;
    EXPECT_EQ(sum, expected) << path.filename() << ": section " << section;
  };
  while (std::getline(lines, line)) {
    ++number;
    std::smatch m;
    if (std::regex_match(line, m, heading)) {
      close_section(number);
      section = m[1];
      expected = std::stoi(m[2]);
      first_line = number;
    }
  }
  close_section(number + 1);
}

TEST(ShippedCardDataTest, ChampionshipDecksResolveAndAreLegal) {
  auto db = load("r9e");
  ASSERT_NE(db, nullptr);
  ModuleRegistry registry;
  register_builtin_modules(registry);
  auto module = registry.create("r9e", db);
  ASSERT_TRUE(module.has_value());
  int decks = 0;
  for (const auto& entry : fs::directory_iterator(kAssets / "decks" / "r9e")) {
    if (entry.path().extension() != ".txt") continue;
    ++decks;
    auto deck = parse_deck_list(read(entry.path()), entry.path().filename().string(), *db);
    ASSERT_TRUE(deck.has_value()) << deck.error().message;
    expect_sections_add_up(entry.path(), *deck);
    auto report = (*module)->check_deck(*deck);
    ASSERT_TRUE(report.has_value());
    EXPECT_EQ(report->counted_cards, 55) << entry.path().filename();
    for (const DeckProblem& p : report->problems) {
      ADD_FAILURE() << entry.path().filename() << ":" << p.line << " " << p.title << ": " << p.rule;
    }
  }
  EXPECT_EQ(decks, 5);
}

}  // namespace
}  // namespace seneschal::engine
