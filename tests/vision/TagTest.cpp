#include "seneschal/vision/tag.hpp"

#include <gtest/gtest.h>

namespace seneschal::vision {
namespace {

TEST(TagTest, CardTagNamesGameCardAndCopy) {
  auto tag = parse_tag("S1:R9E:HAMMERDOOMS-ROOST:2");
  ASSERT_TRUE(tag.has_value()) << tag.error().message;
  EXPECT_EQ(tag->kind, Tag::Kind::Card);
  EXPECT_EQ(tag->game, "R9E");
  EXPECT_EQ(tag->card, "HAMMERDOOMS-ROOST");
  EXPECT_EQ(tag->copy, 2);
  EXPECT_EQ(format_tag(*tag), "S1:R9E:HAMMERDOOMS-ROOST:2");
}

TEST(TagTest, ControlSeatAndCalibrationTags) {
  auto pass = parse_tag("S1:CTL:PASS");
  ASSERT_TRUE(pass.has_value());
  EXPECT_EQ(pass->kind, Tag::Kind::Control);
  EXPECT_EQ(pass->control, Control::Pass);
  auto timer = parse_tag("S1:CTL:TIMER:180");
  ASSERT_TRUE(timer.has_value());
  EXPECT_EQ(timer->control, Control::Timer);
  EXPECT_EQ(timer->seconds, 180);
  EXPECT_EQ(format_tag(*timer), "S1:CTL:TIMER:180");
  auto seat = parse_tag("S1:SEAT:3");
  ASSERT_TRUE(seat.has_value());
  EXPECT_EQ(seat->kind, Tag::Kind::Seat);
  EXPECT_EQ(seat->number, 3);
  auto corner = parse_tag("S1:CAL:4");
  ASSERT_TRUE(corner.has_value());
  EXPECT_EQ(corner->kind, Tag::Kind::Calibration);
  EXPECT_EQ(format_tag(*corner), "S1:CAL:4");
}

TEST(TagTest, EveryFormRoundTrips) {
  for (const char* payload : {"S1:R9E:HEKTOR:1", "S1:CK:ROYAL-WEDDING:3", "S1:NINE:TAVERN:1", "S1:OA:X-1:99",
                              "S1:CTL:OK", "S1:CTL:UP", "S1:CTL:DOWN", "S1:CTL:UNDO", "S1:CTL:MENU", "S1:CTL:TIMER",
                              "S1:CTL:TIMER:5940", "S1:SEAT:1", "S1:SEAT:99", "S1:CAL:1"}) {
    auto tag = parse_tag(payload);
    ASSERT_TRUE(tag.has_value()) << payload << ": " << tag.error().message;
    EXPECT_EQ(format_tag(*tag), payload);
  }
}

TEST(TagTest, ForeignCodesAreNotOurs) {
  for (const char* payload : {"http://example.com/cereal", "WIFI:S:home;T:WPA;P:secret;;", "", "S2:R9E:HEKTOR:1"}) {
    EXPECT_FALSE(looks_like_ours(payload)) << payload;
    EXPECT_FALSE(parse_tag(payload).has_value()) << payload;
  }
}

TEST(TagTest, MalformedTagsSayWhatIsWrong) {
  const std::pair<const char*, const char*> cases[] = {
      {"S1:R9E:HEKTOR", "four parts"},
      {"S1:R9E:HEKTOR:0", "copy must be 1-99"},
      {"S1:R9E:HEKTOR:100", "copy must be 1-99"},
      {"S1:R9E:HEKTOR:01", "copy must be 1-99"},
      {"S1:R9E:hektor:1", "alphanumeric"},
      {"S1:R9E:HAMMERDOOMS_ROOST:1", "alphanumeric"},
      {"S1:R9E:-HEKTOR:1", "card id"},
      {"S1:R9E:HEK--TOR:1", "card id"},
      {"S1:R9E:HEKTOR:1:EXTRA", "four parts"},
      {"S1:CTL:DANCE", "unknown control \"DANCE\""},
      {"S1:CTL:PASS:1", "only TIMER takes a value"},
      {"S1:CTL:TIMER:0", "timer seconds"},
      {"S1:CTL:TIMER:99999", "timer seconds"},
      {"S1:SEAT:0", "S1:SEAT:<1-99>"},
      {"S1:CAL:5", "S1:CAL:<1-4>"},
      {"S1:", "too few parts"},
  };
  for (const auto& [payload, says] : cases) {
    auto tag = parse_tag(payload);
    ASSERT_FALSE(tag.has_value()) << payload;
    EXPECT_TRUE(looks_like_ours(payload));
    EXPECT_NE(tag.error().message.find(says), std::string::npos) << payload << ": " << tag.error().message;
  }
}

TEST(TagTest, RefusalQuotesThePayloadSafely) {
  auto r = parse_tag(std::string("MEBKM:\x01\x02", 8));
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().message, "not a Seneschal tag: \"MEBKM:??\"");
}

}  // namespace
}  // namespace seneschal::vision
