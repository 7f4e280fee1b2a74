#include "seneschal/firmware/table/tag_router.hpp"

#include <gtest/gtest.h>

#include "seneschal/firmware/base/assets.hpp"

namespace seneschal::firmware {
namespace {

class TagRouterTest : public ::testing::Test {
 protected:
  TagRouterTest() {
    auto cards = load_card_library(SENESCHAL_SOURCE_DIR "/assets");
    EXPECT_TRUE(cards.has_value()) << cards.error().message;
    cards_ = std::move(cards).value();
  }
  engine::CardLibrary cards_;
};

TEST_F(TagRouterTest, CardTagOfTheRunningGameIsShownToTheEngine) {
  const Routed routed = TagRouter(cards_).route("S1:R9E:JACK-NEWCOMER:2", "r9e");
  ASSERT_TRUE(routed.command.has_value());
  const auto* present = std::get_if<engine::PresentCard>(&*routed.command);
  ASSERT_NE(present, nullptr);
  EXPECT_EQ(present->card_id, "JACK-NEWCOMER");
  EXPECT_EQ(present->copy, 2);
  EXPECT_EQ(routed.label, "Jack Newcomer");
}

TEST_F(TagRouterTest, ControlTagsDoWhatButtonsDo) {
  EXPECT_EQ(TagRouter(cards_).route("S1:CTL:PASS", "r9e").button, Button::Pass);
  EXPECT_EQ(TagRouter(cards_).route("S1:CTL:UNDO", "r9e").button, Button::Undo);
  EXPECT_EQ(TagRouter(cards_).route("S1:CTL:DOWN", "r9e").button, Button::Down);
  EXPECT_FALSE(TagRouter(cards_).route("S1:CTL:OK", "r9e").command.has_value());
  const Routed unknown = TagRouter(cards_).route("S1:CTL:DANCE", "r9e");
  EXPECT_FALSE(unknown.command.has_value());
  EXPECT_FALSE(unknown.foreign);  // ours, but malformed: said so on screen, not silently dropped
  EXPECT_NE(unknown.reason.find("DANCE"), std::string::npos);
}

TEST_F(TagRouterTest, ForeignCodesAreIgnoredAndSaidSo) {
  const Routed routed = TagRouter(cards_).route("https://example.com/cereal", "r9e");
  EXPECT_FALSE(routed.command.has_value());
  EXPECT_TRUE(routed.foreign);
  EXPECT_NE(routed.reason.find("not a Seneschal tag"), std::string::npos);
}

TEST_F(TagRouterTest, SeatAndCalibrationTagsMarkTheTableAndAreNoMove) {
  for (const char* payload : {"S1:CAL:3", "S1:SEAT:2"}) {
    const Routed routed = TagRouter(cards_).route(payload, "r9e");
    EXPECT_FALSE(routed.command.has_value()) << payload;
    EXPECT_FALSE(routed.button.has_value()) << payload;
    EXPECT_TRUE(routed.setup) << payload;
    EXPECT_FALSE(routed.foreign) << payload;
  }
}

TEST_F(TagRouterTest, UnknownGameCodeIsRefusedWithTheReason) {
  const Routed routed = TagRouter(cards_).route("S1:XYZ:TAVERN:1", "r9e");
  EXPECT_FALSE(routed.command.has_value());
  EXPECT_FALSE(routed.foreign);
  EXPECT_NE(routed.reason.find("XYZ"), std::string::npos) << routed.reason;
}

TEST_F(TagRouterTest, CardOfAnotherKnownGameSaysWhichGame) {
  const Routed routed = TagRouter(cards_).route("S1:NINE:TAVERN:1", "r9e");
  EXPECT_FALSE(routed.command.has_value());
  EXPECT_EQ(routed.label, "Tavern");
  EXPECT_EQ(routed.reason, "a Nine card, but this table is playing r9e");
}

TEST_F(TagRouterTest, CardOfTheGameButNotRunningYet) {
  const Routed routed = TagRouter(cards_).route("S1:R9E:HEKTOR:1", "");
  EXPECT_FALSE(routed.command.has_value());
  EXPECT_NE(routed.reason.find("no game is running"), std::string::npos) << routed.reason;
}

}  // namespace
}  // namespace seneschal::firmware
