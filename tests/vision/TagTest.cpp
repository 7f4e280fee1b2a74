#include "seneschal/vision/tag.hpp"

#include <gtest/gtest.h>

namespace seneschal::vision {
namespace {

TEST(TagTest, CardTagNamesGameCardAndCopy) {
  auto tag = parse_tag("S1:R9E:HEKTOR:2");
  ASSERT_TRUE(tag.has_value()) << tag.error().message;
  EXPECT_EQ(tag->kind, Tag::Kind::Card);
  EXPECT_EQ(tag->game, "r9e");
  EXPECT_EQ(tag->card, "HEKTOR");
  EXPECT_EQ(tag->copy, 2);
  EXPECT_EQ(format_tag(*tag), "S1:R9E:HEKTOR:2");
}

TEST(TagTest, ControlTagsCarryAnOptionalArgument) {
  auto pass = parse_tag("S1:CTL:PASS");
  ASSERT_TRUE(pass.has_value());
  EXPECT_EQ(pass->kind, Tag::Kind::Control);
  EXPECT_EQ(pass->control, "PASS");
  EXPECT_TRUE(pass->argument.empty());
  auto timer = parse_tag("S1:CTL:TIMER:180");
  ASSERT_TRUE(timer.has_value());
  EXPECT_EQ(timer->argument, "180");
  EXPECT_EQ(format_tag(*timer), "S1:CTL:TIMER:180");
}

TEST(TagTest, ForeignCodesAreRefusedNotGuessed) {
  for (const char* payload : {"http://example.com/cereal", "", "S1", "S2:R9E:HEKTOR:1", "S1:R9E:HEKTOR",
                              "S1:R9E:HEKTOR:0", "S1:R9E:HEKTOR:100", "S1:R9E:hektor:1", "S1:R9E:HEKTOR:1x",
                              "S1:R9E:HEKTOR:1:EXTRA", "S1:CTL:", "S1:CTL:PASS:1:2"}) {
    EXPECT_FALSE(parse_tag(payload).has_value()) << payload;
  }
}

TEST(TagTest, RefusalQuotesThePayloadSafely) {
  auto r = parse_tag(std::string("MEBKM:\x01\x02", 8));
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().message, "not a Seneschal tag: \"MEBKM:??\"");
}

}  // namespace
}  // namespace seneschal::vision
