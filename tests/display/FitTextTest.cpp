#include "seneschal/display/fit_text.hpp"

#include <gtest/gtest.h>

#include "Boards.hpp"
#include "seneschal/display/fonts.hpp"

namespace seneschal::display {
namespace {

constexpr sf::Uint32 kEllipsis = 0x2026;

class FitTextTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto loaded = Fonts::load(testing::kAssets);
    ASSERT_TRUE(loaded.has_value()) << loaded.error().message;
    fonts_ = std::make_unique<Fonts>(std::move(loaded).value());
  }
  const sf::Font& font() const { return fonts_->regular(); }

  std::unique_ptr<Fonts> fonts_;
};

TEST_F(FitTextTest, TextThatFitsIsUnchanged) {
  const sf::String text("Hektor");
  const float width = text_width(font(), text, 16);
  EXPECT_GT(width, 20.f);
  EXPECT_EQ(fit_text(font(), text, 16, width), text);
  EXPECT_EQ(fit_text(font(), text, 16, width + 100), text);
}

TEST_F(FitTextTest, LongTextIsCutToAPrefixEndingInAnEllipsisThatFits) {
  const sf::String text("Hammerdoom's Roost above the Endless Winter Sea");
  const sf::String fitted = fit_text(font(), text, 16, 120);
  ASSERT_GT(fitted.getSize(), 1u);
  EXPECT_LT(fitted.getSize(), text.getSize());
  EXPECT_EQ(fitted[fitted.getSize() - 1], kEllipsis);
  EXPECT_LE(text_width(font(), fitted, 16), 120.f);
  const sf::String kept = fitted.substring(0, fitted.getSize() - 1);
  EXPECT_EQ(text.substring(0, kept.getSize()), kept);
}

TEST_F(FitTextTest, CutIsTheLongestPrefixThatFits) {
  const sf::String text("Jack Newcomer, Squire of the Dawn Watch");
  const float max_width = 150;
  const sf::String fitted = fit_text(font(), text, 18, max_width);
  const std::size_t kept = fitted.getSize() - 1;
  ASSERT_LT(kept + 1, text.getSize());
  sf::String longer = text.substring(0, kept + 1);
  longer += sf::String(kEllipsis);
  EXPECT_GT(text_width(font(), longer, 18), max_width);
}

TEST_F(FitTextTest, NoSpaceIsLeftBeforeTheEllipsis) {
  const sf::String text("Mark Mark Mark Mark Mark Mark Mark Mark Mark");
  for (float width = 40; width < 300; width += 7) {
    const sf::String fitted = fit_text(font(), text, 16, width);
    ASSERT_GE(fitted.getSize(), 2u) << "at width " << width;
    EXPECT_NE(fitted[fitted.getSize() - 2], sf::Uint32(' ')) << "at width " << width;
  }
}

TEST_F(FitTextTest, Utf8IsCutOnCodePoints) {
  const sf::String text = from_utf8("Hektor \u2014 Érec d\u2019Ouvrard the Élder of Countermay");
  const sf::String fitted = fit_text(font(), text, 16, 140);
  ASSERT_GT(fitted.getSize(), 1u);
  const sf::String kept = fitted.substring(0, fitted.getSize() - 1);
  EXPECT_EQ(text.substring(0, kept.getSize()), kept);
  // A cut inside a multi-byte sequence would come back from UTF-8 as replacement characters.
  const std::basic_string<sf::Uint8> utf8 = fitted.toUtf8();
  EXPECT_EQ(from_utf8(std::string(utf8.begin(), utf8.end())), fitted);
}

TEST_F(FitTextTest, NothingFitsInABoxNarrowerThanTheEllipsis) {
  EXPECT_TRUE(fit_text(font(), sf::String("Shawn"), 16, 2).isEmpty());
  EXPECT_TRUE(fit_text(font(), sf::String("Shawn"), 16, -5).isEmpty());
}

TEST_F(FitTextTest, NamesShrinkBeforeTheyAreCut) {
  const sf::String name("Alexandra");
  const float at_22 = text_width(font(), name, 22);
  // Room for it at 19 px but not at 22: the largest size that fits is picked.
  const float room = text_width(font(), name, 19) + 0.5f;
  ASSERT_LT(room, at_22);
  const unsigned size = fit_size(font(), name, 22, 16, room);
  EXPECT_EQ(size, 19u);
  EXPECT_LE(text_width(font(), name, size), room);
  EXPECT_EQ(fit_size(font(), name, 22, 16, at_22 + 1), 22u);
  // Too long even at the smallest size: the smallest size, and the caller cuts.
  EXPECT_EQ(fit_size(font(), name, 22, 16, 20), 16u);
}

// A choice is tried on more lines until none is cut: a word wider than its line is cut on the
// first line as well as on the last, and either is a cut (the choices column once looked only at
// the last line).
TEST_F(FitTextTest, AnyCutSeesACutOnEveryLine) {
  const sf::Font& font = fonts_->regular();
  const float wide = text_width(font, "Hammerdoom's", 18);
  const std::vector<sf::String> whole = wrap_text(font, "Hammerdoom's Roost", 18, wide + 2, wide + 2, 2);
  EXPECT_FALSE(any_cut(whole));
  const std::vector<sf::String> first_cut = wrap_text(font, "Hammerdoom's Roost", 18, wide / 2, wide + 2, 2);
  ASSERT_EQ(first_cut.size(), 2u);
  EXPECT_TRUE(any_cut(first_cut));
  EXPECT_TRUE(any_cut(wrap_text(font, "Hammerdoom's Roost of the North", 18, wide + 2, wide + 2, 2)));
  EXPECT_TRUE(any_cut({}));
}

TEST_F(FitTextTest, WiderTextAtALargerSize) {
  const sf::String text("Turn 3 \u2013 Summer");
  EXPECT_GT(text_width(font(), text, 36), 2 * text_width(font(), text, 16));
  EXPECT_EQ(text_width(font(), sf::String(), 16), 0.f);
}

}  // namespace
}  // namespace seneschal::display
