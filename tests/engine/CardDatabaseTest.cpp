#include "seneschal/engine/card.hpp"

#include <gtest/gtest.h>

namespace seneschal::engine {
namespace {

std::string file(const std::string& cards, const std::string& stat_names = R"(["will", "strength"])") {
  return R"({"schema": 2, "game": "r9e", "tag_code": "R9E", "types": ["hero", "castle"], "stat_names": )" +
         stat_names + R"(, "cards": [)" + cards + "]}";
}

TEST(CardDatabaseTest, UnknownStatsStayUnknown) {
  auto db = CardDatabase::parse_json(
      file(R"({"title": "Zahir", "type": "hero", "stats": {"will": 1, "strength": null}, "sourced": {"will": "p. 12"}})"),
      "inline");
  ASSERT_TRUE(db.has_value()) << db.error().message;
  const Card* zahir = db->find("ZAHIR");
  ASSERT_NE(zahir, nullptr);
  EXPECT_EQ(zahir->stat("will"), 1);
  EXPECT_EQ(zahir->stat("strength"), std::nullopt);
  EXPECT_EQ(zahir->stat("glory"), std::nullopt);
  EXPECT_EQ(db->find_by_title("Zahir"), zahir);
}

TEST(CardDatabaseTest, IdsComeFromTitlesInTheAlphanumericCharset) {
  EXPECT_EQ(card_id_from_title("Hammerdoom's Roost"), "HAMMERDOOMS-ROOST");
  EXPECT_EQ(card_id_from_title("\"Skeeter\" Malloy"), "SKEETER-MALLOY");
  EXPECT_EQ(card_id_from_title("A Most Peculiar Lamp?"), "A-MOST-PECULIAR-LAMP");
  EXPECT_EQ(card_id_from_title("The Vanguard of Guild 10-42"), "THE-VANGUARD-OF-GUILD-10-42");
  EXPECT_EQ(card_id_from_title("Touch of Shad-Hujem"), "TOUCH-OF-SHAD-HUJEM");
  EXPECT_EQ(card_id_from_title("Caught!"), "CAUGHT");
  EXPECT_EQ(card_id_from_title("  Tuatha Dé Danann’s Gift "), "TUATHA-DE-DANANNS-GIFT");
  EXPECT_EQ(card_id_from_title("Öster — Ård"), "OSTER-ARD");
  EXPECT_EQ(card_id_from_title("?!"), "");
}

TEST(CardDatabaseTest, TwoTitlesWithOneIdAreRefused) {
  auto db = CardDatabase::parse_json(
      file(R"({"title": "Hammerdoom's Roost", "type": "castle"}, {"title": "Hammerdooms Roost", "type": "castle"})"),
      "cards/r9e.json");
  ASSERT_FALSE(db.has_value());
  EXPECT_EQ(db.error().message,
            "cards/r9e.json: card #2 (Hammerdooms Roost): its id HAMMERDOOMS-ROOST is already the id of "
            "\"Hammerdoom's Roost\"");
}

TEST(CardDatabaseTest, StatedValuesMustSayWhereTheyComeFrom) {
  auto db = CardDatabase::parse_json(file(R"({"title": "Hektor", "type": "hero", "stats": {"strength": 4}})"),
                                     "cards/r9e.json");
  ASSERT_FALSE(db.has_value());
  EXPECT_EQ(db.error().message,
            "cards/r9e.json: card #1 (Hektor): \"strength\" is stated without a \"sourced\" entry");
  auto keywords = CardDatabase::parse_json(file(R"({"title": "Hektor", "type": "hero", "keywords": ["Brutal"]})"),
                                           "k.json");
  ASSERT_FALSE(keywords.has_value());
  EXPECT_NE(keywords.error().message.find("\"keywords\""), std::string::npos);
}

// Found by the card data fuzzer: numbers too large for an int are refused, not narrowed.
TEST(CardDatabaseTest, NumbersTooLargeForAnIntAreRefused) {
  auto schema = CardDatabase::parse_json(
      R"({"schema": 77777777777777777777777777, "game": "g", "tag_code": "G1", "types": ["t"], "cards": []})",
      "big.json");
  ASSERT_FALSE(schema.has_value());
  EXPECT_EQ(schema.error().message, "big.json: card data schema 7.777777777777777e+25, this build reads schema 2");
  auto stat = CardDatabase::parse_json(
      file(R"({"title": "A", "type": "hero", "stats": {"will": 4294967297}, "sourced": {"will": "x"}})"), "s.json");
  ASSERT_FALSE(stat.has_value());
  EXPECT_EQ(stat.error().message, "s.json: card #1 (A): stat \"will\" must be a whole number or null");
}

TEST(CardDatabaseTest, ErrorsNameTheFileTheCardAndTheField) {
  auto bad_type = CardDatabase::parse_json(file(R"({"title": "A", "type": "hero"}, {"title": "B", "type": "dragon"})"),
                                           "cards/r9e.json");
  ASSERT_FALSE(bad_type.has_value());
  EXPECT_EQ(bad_type.error().message,
            "cards/r9e.json: card #2 (B): unknown type \"dragon\" (allowed: hero, castle)");

  auto bad_stat = CardDatabase::parse_json(
      file(R"({"title": "A", "type": "hero", "stats": {"glory": 2}, "sourced": {"glory": "x"}})"), "s.json");
  ASSERT_FALSE(bad_stat.has_value());
  EXPECT_EQ(bad_stat.error().message, "s.json: card #1 (A): stat \"glory\" is not in stat_names (will, strength)");

  auto not_json = CardDatabase::parse_json("{\"game\": ", "broken.json");
  ASSERT_FALSE(not_json.has_value());
  EXPECT_EQ(not_json.error().message, "broken.json: not valid JSON");

  auto old_schema = CardDatabase::parse_json(R"({"schema": 1, "game": "r9e", "cards": []})", "old.json");
  ASSERT_FALSE(old_schema.has_value());
  EXPECT_EQ(old_schema.error().message, "old.json: card data schema 1, this build reads schema 2");

  auto wrong_shape = CardDatabase::parse_json(file(R"({"title": "A", "type": "hero", "keywords": 3})"), "shape.json");
  ASSERT_FALSE(wrong_shape.has_value());
  EXPECT_NE(wrong_shape.error().message.find("shape.json"), std::string::npos);
}

}  // namespace
}  // namespace seneschal::engine
