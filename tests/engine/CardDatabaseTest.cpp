#include "seneschal/engine/card.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace seneschal::engine {
namespace {

TEST(CardDatabaseTest, UnknownStatsStayUnknown) {
  auto db = CardDatabase::parse_json(
      R"({"game":"r9e","cards":[{"id":"ZAHIR","title":"Zahir","type":"hero","stats":{"will":1,"strength":null}}]})",
      "inline");
  ASSERT_TRUE(db.has_value()) << db.error().message;
  const Card* zahir = db->find("ZAHIR");
  ASSERT_NE(zahir, nullptr);
  EXPECT_EQ(zahir->stat("will"), 1);
  EXPECT_EQ(zahir->stat("strength"), std::nullopt);
  EXPECT_EQ(zahir->stat("glory"), std::nullopt);
  EXPECT_EQ(db->find_by_title("Zahir"), zahir);
}

TEST(CardDatabaseTest, ErrorsNameTheFileAndTheCard) {
  auto bad_type = CardDatabase::parse_json(
      R"({"game":"r9e","cards":[{"id":"A","title":"A","type":"hero"},{"id":"B","title":"B","type":"dragon"}]})",
      "cards/r9e.json");
  ASSERT_FALSE(bad_type.has_value());
  EXPECT_NE(bad_type.error().message.find("cards/r9e.json: card #2 (B): unknown type \"dragon\""), std::string::npos)
      << bad_type.error().message;

  auto duplicate = CardDatabase::parse_json(
      R"({"game":"r9e","cards":[{"id":"A","title":"A","type":"hero"},{"id":"A","title":"A2","type":"hero"}]})", "x.json");
  ASSERT_FALSE(duplicate.has_value());
  EXPECT_NE(duplicate.error().message.find("duplicate id"), std::string::npos);

  auto not_json = CardDatabase::parse_json("{\"game\": ", "broken.json");
  ASSERT_FALSE(not_json.has_value());
  EXPECT_EQ(not_json.error().message, "broken.json: not valid JSON");

  auto wrong_shape = CardDatabase::parse_json(R"({"game":"r9e","cards":[{"id":"A","title":"A","type":"hero","keywords":3}]})",
                                              "shape.json");
  ASSERT_FALSE(wrong_shape.has_value());
  EXPECT_NE(wrong_shape.error().message.find("shape.json"), std::string::npos);
}

TEST(CardDatabaseTest, ShippedR9eDataLoads) {
  std::ifstream in(SENESCHAL_SOURCE_DIR "/assets/cards/r9e.json");
  ASSERT_TRUE(in);
  std::stringstream text;
  text << in.rdbuf();
  auto db = CardDatabase::parse_json(text.str(), "assets/cards/r9e.json");
  ASSERT_TRUE(db.has_value()) << db.error().message;
  EXPECT_EQ(db->game(), "r9e");
  ASSERT_NE(db->find("JACK_NEWCOMER"), nullptr);
  EXPECT_EQ(db->find("UNDERMARKET_DEALINGS")->stat("fate"), 2);
}

}  // namespace
}  // namespace seneschal::engine
