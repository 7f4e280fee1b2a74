#include "seneschal/firmware/tools/replay.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/vision/synth.hpp"

namespace seneschal::firmware {
namespace {

std::vector<std::string> lines_of(std::FILE* file) {
  std::rewind(file);
  std::vector<std::string> lines;
  std::string line;
  for (int c; (c = std::fgetc(file)) != EOF;) {
    if (c == '\n') {
      lines.push_back(line);
      line.clear();
    } else {
      line += static_cast<char>(c);
    }
  }
  return lines;
}

TEST(ReplayTest, JsonLinesMatchTheRecordingsTruth) {
  auto cards = load_card_library(SENESCHAL_SOURCE_DIR "/assets");
  ASSERT_TRUE(cards.has_value());
  auto truth_text = read_text_file(SENESCHAL_BUNDLED_RECORDING "/truth.json");
  ASSERT_TRUE(truth_text.has_value()) << truth_text.error().message;
  auto truth = vision::synth::parse_truth(*truth_text, "truth.json");
  ASSERT_TRUE(truth.has_value()) << truth.error().message;

  std::FILE* out = std::tmpfile();
  auto summary = replay(SENESCHAL_BUNDLED_RECORDING, *cards, ReplayFormat::JsonLines, out);
  ASSERT_TRUE(summary.has_value()) << summary.error().message;
  const auto lines = lines_of(out);
  std::fclose(out);
  ASSERT_EQ(lines.size(), truth->frames.size());

  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto line = nlohmann::json::parse(lines[i]);
    const auto& expected = truth->frames[i];
    EXPECT_EQ(line.at("frame"), expected.frame);
    EXPECT_GE(line.at("ms").get<double>(), 0.0);
    std::vector<std::string> ours;
    for (const auto& tag : line.at("tags")) {
      ASSERT_EQ(tag.at("corners").size(), 4u);
      const std::string payload = tag.at("payload");
      const bool foreign = payload.rfind("S1:", 0) != 0;
      EXPECT_EQ(tag.at("known").get<bool>(), !foreign) << payload;
      if (!foreign) ours.push_back(payload);
      // Bowed as the truth has it, for every tag the truth lists.
      for (const auto& t : expected.tags) {
        if (t.payload == payload) {
          EXPECT_EQ(tag.at("bowed").get<bool>(), t.bowed) << payload << " " << expected.frame;
        }
      }
    }
    std::sort(ours.begin(), ours.end());
    EXPECT_EQ(ours, expected.payloads_visible) << expected.frame;
  }
}

TEST(ReplayTest, MissingInputIsAnErrorNamingIt) {
  engine::CardLibrary none;
  auto summary = replay("/nonexistent/frames", none, ReplayFormat::Text, stdout);
  ASSERT_FALSE(summary.has_value());
  EXPECT_NE(summary.error().message.find("/nonexistent/frames"), std::string::npos);
}

}  // namespace
}  // namespace seneschal::firmware
