// The evidence for a disagreement: the crop of the last frame in which the camera saw a card's
// tag, cut on the camera thread (FramePipeline) and shown while the players are asked about that
// card. Real frames through the real scanner.

#include <gtest/gtest.h>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "common/TempDir.hpp"

#include "seneschal/engine/session.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/camera/frame_pipeline.hpp"
#include "seneschal/firmware/camera/table_evidence.hpp"
#include "seneschal/vision/frame_source.hpp"
#include "seneschal/vision/qr_render.hpp"
#include "seneschal/vision/scanner.hpp"
#include "seneschal/vision/tag_crop.hpp"

namespace seneschal::firmware {
namespace {

// A 1280x720 table with a card tag at (x, y) and a red card drawn round it.
cv::Mat table_with(const std::string& payload, int x, int y) {
  cv::Mat frame(720, 1280, CV_8UC3, cv::Scalar(90, 90, 90));
  cv::rectangle(frame, cv::Rect(x - 40, y - 60, 180, 250), cv::Scalar(30, 30, 200), cv::FILLED);
  auto code = vision::render_qr(payload, {4, 4});
  EXPECT_TRUE(code.has_value());
  cv::Mat bgr;
  cv::cvtColor(*code, bgr, cv::COLOR_GRAY2BGR);
  bgr.copyTo(frame(cv::Rect(x, y, bgr.cols, bgr.rows)));
  return frame;
}

FrameReport report_of(const cv::Mat& frame, std::int64_t t_ms) {
  vision::Scanner scanner;
  FrameReport report;
  report.t_ms = t_ms;
  report.sightings = scanner.scan(frame, t_ms);
  for (const vision::Sighting& s : report.sightings) report.crops.push_back({s.payload, vision::crop_around_tag(frame, s)});
  return report;
}

class TableEvidenceTest : public ::testing::Test {
 protected:
  TableEvidenceTest() : cards_(*load_card_library(SENESCHAL_SOURCE_DIR "/assets")), router_(cards_) {}

  engine::TableState disagreeing_about(const std::string& card, int copy) const {
    engine::TableState state;
    state.game = "r9e";
    engine::Disagreement d;
    d.card = card;
    d.copy = copy;
    d.kind = "gone";
    d.text = "Hektor left the table, but Mark has it in play";
    state.disagreements.push_back(d);
    return state;
  }

  engine::CardLibrary cards_;
  TagRouter router_;
};

TEST_F(TableEvidenceTest, TheCropOfTheLastFrameThatShowedTheCardGoesWithItsDisagreement) {
  const cv::Mat frame = table_with("S1:R9E:HEKTOR:1", 600, 300);
  const FrameReport report = report_of(frame, 2'000);
  ASSERT_EQ(report.sightings.size(), 1u);
  TableEvidence evidence;
  evidence.note(report, router_, "r9e");
  EXPECT_EQ(evidence.cards_seen(), 1u);

  const auto shown = evidence.for_state(disagreeing_about("HEKTOR", 1), 6'500);
  ASSERT_TRUE(shown.has_value());
  EXPECT_LE(std::max(shown->width, shown->height), 160);
  EXPECT_GT(std::min(shown->width, shown->height), 40);
  EXPECT_EQ(shown->rgba.size(), static_cast<std::size_t>(shown->width * shown->height * 4));
  EXPECT_EQ(shown->caption, "Hektor #1, last seen 4 s ago");
  // It shows the card round the tag: the red card's pixels (RGBA) are in the picture.
  int red = 0;
  for (std::size_t i = 0; i + 3 < shown->rgba.size(); i += 4) red += shown->rgba[i] > 180 && shown->rgba[i + 2] < 60;
  EXPECT_GT(red, shown->width * shown->height / 10);
}

TEST_F(TableEvidenceTest, NoPictureForACardNeverSeenOrWhenNothingIsAsked) {
  TableEvidence evidence;
  evidence.note(report_of(table_with("S1:R9E:HEKTOR:1", 600, 300), 1'000), router_, "r9e");
  EXPECT_FALSE(evidence.for_state(disagreeing_about("HEKTOR", 2), 2'000).has_value()) << "another copy";
  engine::TableState calm;
  calm.game = "r9e";
  EXPECT_FALSE(evidence.for_state(calm, 2'000).has_value());
}

TEST_F(TableEvidenceTest, ControlTagsAndForeignCodesAreNoCardsEvidence) {
  TableEvidence evidence;
  evidence.note(report_of(table_with("S1:CTL:OK", 600, 300), 1'000), router_, "r9e");
  evidence.note(report_of(table_with("https://example.com/cereal", 200, 200), 1'000), router_, "r9e");
  EXPECT_EQ(evidence.cards_seen(), 0u);
}

TEST_F(TableEvidenceTest, ACropAtTheFramesEdgeIsClippedNotRefused) {
  const cv::Mat frame = table_with("S1:R9E:HEKTOR:1", 2, 2);
  const FrameReport report = report_of(frame, 0);
  ASSERT_EQ(report.crops.size(), 1u);
  EXPECT_FALSE(report.crops[0].image.empty());
  vision::Sighting outside;
  outside.corners = {vision::Point{-500, -500}, {-450, -500}, {-450, -450}, {-500, -450}};
  EXPECT_TRUE(vision::crop_around_tag(frame, outside).empty());
}

// The camera thread cuts each tag once a second, not every frame: ten frames 200 ms apart give
// two crops, and the newest is what the players see.
TEST_F(TableEvidenceTest, TheFramePipelineCutsEachTagOnceASecond) {
  test::TempDir dir;
  const cv::Mat frame = table_with("S1:R9E:HEKTOR:1", 600, 300);
  for (int i = 1; i <= 10; ++i) {
    ASSERT_TRUE(cv::imwrite(dir.file("frame-" + std::string(i < 10 ? "000" : "00") + std::to_string(i) + ".png"), frame));
  }
  auto source = vision::open_recording(dir.path().string(), 200);
  ASSERT_TRUE(source.has_value()) << source.error().message;
  FramePipeline pipeline(std::move(source).value(), {}, {}, Overflow::Block, Pacing::AsFastAsPossible);
  pipeline.start();
  TableEvidence evidence;
  std::vector<std::int64_t> cut_at;
  std::int64_t last_ms = 0;
  while (auto report = pipeline.reports().pop()) {
    for (const TagCrop& crop : report->crops) {
      if (crop.payload == "S1:R9E:HEKTOR:1") cut_at.push_back(report->t_ms);
    }
    evidence.note(*report, router_, "r9e");
    last_ms = report->t_ms;
  }
  ASSERT_EQ(cut_at.size(), 2u);
  EXPECT_EQ(cut_at[1] - cut_at[0], 1000);
  const auto shown = evidence.for_state(disagreeing_about("HEKTOR", 1), last_ms);
  ASSERT_TRUE(shown.has_value());
  EXPECT_EQ(shown->caption, "Hektor #1, last seen now");
}

}  // namespace
}  // namespace seneschal::firmware
