// `seneschal replay --truth`: scoring the pipeline's reads against a recording's truth.json.

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/tools/replay.hpp"
#include "seneschal/firmware/tools/truth_eval.hpp"
#include "seneschal/vision/synth.hpp"

namespace seneschal::firmware {
namespace {

using seneschal::test::run_command;

// Two cards, one of them bowed, a third one arriving in frame 1 under a hand in frame 2, and a
// foreign flyer now and then.
vision::synth::Scene small_scene() {
  vision::synth::Scene scene;
  scene.seed = 7;
  scene.frames = 4;
  scene.realism.hand_rate = 0;
  scene.realism.foreign_rate = 0.6f;
  scene.cards.push_back({"S1:R9E:HEKTOR:1", 65, 70, 0, 0, std::numeric_limits<int>::max(), {}, {}});
  scene.cards.push_back({"S1:R9E:HAMMERDOOMS-ROOST:1", 185, 72, 90, 0, std::numeric_limits<int>::max(), {}, {}});
  scene.cards.push_back({"S1:R9E:GUARDIAN:3", 65, 195, -25, 1, std::numeric_limits<int>::max(), {2}, {}});
  return scene;
}

std::string write_small_recording(const test::TempDir& dir) {
  const std::string out = dir.file("rec");
  auto written = vision::synth::write_recording(small_scene(), out);
  EXPECT_TRUE(written.has_value()) << written.error().message;
  return out;
}

Result<ReplaySummary> replay_against(const std::string& input, const vision::synth::RecordingTruth& truth) {
  auto cards = load_card_library(SENESCHAL_SOURCE_DIR "/assets");
  if (!cards) return fail(cards.error().message);
  std::FILE* out = std::tmpfile();
  auto summary = replay(input, *cards, ReplayFormat::Text, out, truth);
  std::fclose(out);
  return summary;
}

TEST(ReplayTruthTest, GeneratedSceneWithBowedCardAndHandIsReadCompletely) {
  test::TempDir dir;
  const std::string rec = write_small_recording(dir);
  auto truth = load_truth(rec + "/truth.json");
  ASSERT_TRUE(truth.has_value()) << truth.error().message;
  // The scene has what it claims: a bowed card, a hidden one, and the truth is not trivial.
  bool bowed = false;
  bool hidden = false;
  for (const auto& f : truth->frames) {
    for (const auto& t : f.tags) bowed |= t.bowed;
    hidden |= !f.hidden.empty();
  }
  ASSERT_TRUE(bowed);
  ASSERT_TRUE(hidden);

  auto summary = replay_against(rec, *truth);
  ASSERT_TRUE(summary.has_value()) << summary.error().message;
  ASSERT_TRUE(summary->truth.has_value());
  const TruthReport& report = *summary->truth;
  EXPECT_EQ(report.frames, 4);
  EXPECT_GT(report.visible, 6);
  EXPECT_DOUBLE_EQ(report.recall(), 1.0);
  EXPECT_EQ(report.misreads, 0);
  EXPECT_DOUBLE_EQ(report.bowed_accuracy(), 1.0);
  EXPECT_EQ(report.bowed_checked, report.found);
  EXPECT_TRUE(report.failed.empty());
}

TEST(ReplayTruthTest, BundledRecordingHasFullRecallAndNoMisreads) {
  auto truth = load_truth(SENESCHAL_BUNDLED_RECORDING "/truth.json");
  ASSERT_TRUE(truth.has_value()) << truth.error().message;
  auto summary = replay_against(SENESCHAL_BUNDLED_RECORDING, *truth);
  ASSERT_TRUE(summary.has_value()) << summary.error().message;
  const TruthReport& report = *summary->truth;
  EXPECT_EQ(report.frames, static_cast<int>(truth->frames.size()));
  EXPECT_GT(report.visible, 0);
  EXPECT_DOUBLE_EQ(report.recall(), 1.0);
  EXPECT_EQ(report.misreads, 0);
  EXPECT_DOUBLE_EQ(report.bowed_accuracy(), 1.0);
  EXPECT_TRUE(report.failed.empty());
}

TEST(ReplayTruthTest, WrongPayloadInTruthIsAMisreadInThatFrame) {
  auto truth = load_truth(SENESCHAL_BUNDLED_RECORDING "/truth.json");
  ASSERT_TRUE(truth.has_value()) << truth.error().message;
  // Claim that the first frame with a tag shows another copy of it.
  std::string frame;
  std::string real;
  for (auto& f : truth->frames) {
    if (f.tags.empty()) continue;
    frame = f.frame;
    real = f.tags[0].payload;
    f.tags[0].payload = real.substr(0, real.rfind(':')) + ":9";
    f.payloads_visible = {};
    for (const auto& t : f.tags) f.payloads_visible.push_back(t.payload);
    break;
  }
  ASSERT_FALSE(frame.empty());
  auto summary = replay_against(SENESCHAL_BUNDLED_RECORDING, *truth);
  ASSERT_TRUE(summary.has_value()) << summary.error().message;
  const TruthReport& report = *summary->truth;
  EXPECT_EQ(report.misreads, 1);
  EXPECT_LT(report.recall(), 1.0);
  ASSERT_EQ(report.failed.size(), 1u);
  EXPECT_EQ(report.failed[0].frame, frame);
  EXPECT_EQ(report.failed[0].misread, std::vector<std::string>{real});
  EXPECT_EQ(report.failed[0].missed, std::vector<std::string>{real.substr(0, real.rfind(':')) + ":9"});
}

TEST(ReplayTruthTest, WrongBowedStateInTruthFailsTheFrame) {
  auto truth = load_truth(SENESCHAL_BUNDLED_RECORDING "/truth.json");
  ASSERT_TRUE(truth.has_value()) << truth.error().message;
  std::string frame;
  for (auto& f : truth->frames) {
    if (f.tags.empty()) continue;
    frame = f.frame;
    f.tags[0].bowed = !f.tags[0].bowed;
    break;
  }
  auto summary = replay_against(SENESCHAL_BUNDLED_RECORDING, *truth);
  ASSERT_TRUE(summary.has_value()) << summary.error().message;
  const TruthReport& report = *summary->truth;
  EXPECT_EQ(report.misreads, 0);
  EXPECT_DOUBLE_EQ(report.recall(), 1.0);
  EXPECT_EQ(report.bowed_right, report.bowed_checked - 1);
  ASSERT_EQ(report.failed.size(), 1u);
  EXPECT_EQ(report.failed[0].frame, frame);
  EXPECT_EQ(report.failed[0].bowed_wrong.size(), 1u);
}

TEST(ReplayTruthTest, ForeignCodesAndDuplicateReadsAreNotMisreads) {
  vision::synth::RecordingTruth truth;
  vision::synth::TruthFrame frame;
  frame.frame = "f.jpg";
  frame.payloads_visible = {"S1:R9E:HEKTOR:1"};
  frame.tags = {{"S1:R9E:HEKTOR:1", {}, 0, false}};
  frame.foreign = {{"https://menu.ex/1", {}, 0, false}};
  frame.hidden = {{"S1:R9E:ZAHIR:1", vision::synth::Hidden::Hand}};
  truth.frames = {frame};
  TruthEvaluator evaluator(truth);
  vision::Sighting hektor;
  hektor.payload = "S1:R9E:HEKTOR:1";
  vision::Sighting flyer;
  flyer.payload = "https://menu.ex/1";
  vision::Sighting zahir;
  zahir.payload = "S1:R9E:ZAHIR:1";
  evaluator.add("f.jpg", {hektor, hektor, flyer, zahir});
  const TruthReport report = evaluator.finish();
  EXPECT_EQ(report.found, 1);
  EXPECT_EQ(report.misreads, 0);
  EXPECT_EQ(report.hidden_read, 1);
  EXPECT_TRUE(report.failed.empty());
}

TEST(ReplayTruthTest, TruthFrameMissingFromTheInputFailsWithEverythingMissed) {
  vision::synth::RecordingTruth truth;
  vision::synth::TruthFrame frame;
  frame.frame = "gone.jpg";
  frame.payloads_visible = {"S1:R9E:HEKTOR:1"};
  frame.tags = {{"S1:R9E:HEKTOR:1", {}, 0, false}};
  truth.frames = {frame};
  TruthEvaluator evaluator(truth);
  evaluator.add("other.jpg", {});
  const TruthReport report = evaluator.finish();
  EXPECT_EQ(report.not_in_truth, std::vector<std::string>{"other.jpg"});
  EXPECT_EQ(report.found, 0);
  EXPECT_EQ(report.visible, 1);
  ASSERT_EQ(report.failed.size(), 1u);
  EXPECT_EQ(report.failed[0].frame, "gone.jpg");
}

TEST(ReplayTruthTest, CliJsonKeepsOneLinePerFrameOnStdoutAndTheReportOnStderr) {
  test::TempDir dir;
  const std::string rec = write_small_recording(dir);
  // run_command adds 2>&1 after the command, hence the sub-shells.
  const auto stdout_only = run_command("('" SENESCHAL_CLI_PATH "' replay '" + rec + "' --json --truth '" + rec +
                                       "/truth.json' 2>/dev/null)");
  EXPECT_EQ(stdout_only.exit_code, 0) << stdout_only.output;
  int lines = 0;
  for (char c : stdout_only.output) lines += c == '\n';
  EXPECT_EQ(lines, 4) << stdout_only.output;
  const auto stderr_only = run_command("('" SENESCHAL_CLI_PATH "' replay '" + rec + "' --json --truth '" + rec +
                                       "/truth.json' 2>&1 >/dev/null)");
  const auto report = nlohmann::json::parse(stderr_only.output);
  EXPECT_EQ(report.at("truth").at("recall").get<double>(), 1.0);
  EXPECT_EQ(report.at("truth").at("misreads").get<int>(), 0);
  EXPECT_TRUE(report.at("truth").at("failed").empty());
}

TEST(ReplayTruthTest, CliExitsWithThreeOnAMisreadAndNamesTheFrame) {
  test::TempDir dir;
  const std::string rec = write_small_recording(dir);
  // Rename the bowed card in the truth file: every frame now misreads it.
  auto text = read_text_file(rec + "/truth.json");
  ASSERT_TRUE(text.has_value());
  std::string edited = *text;
  for (std::size_t at; (at = edited.find("HAMMERDOOMS-ROOST:1")) != std::string::npos;) {
    edited.replace(at, 19, "HAMMERDOOMS-ROOST:2");
  }
  {
    std::FILE* f = std::fopen(dir.file("wrong.json").c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs(edited.c_str(), f);
    std::fclose(f);
  }
  const auto result = run_command("'" SENESCHAL_CLI_PATH "' replay '" + rec + "' --truth '" + dir.file("wrong.json") + "'");
  EXPECT_EQ(result.exit_code, 3) << result.output;
  EXPECT_NE(result.output.find("misreads 4"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("frame-0001.jpg:  missed S1:R9E:HAMMERDOOMS-ROOST:2  misread S1:R9E:HAMMERDOOMS-ROOST:1"),
            std::string::npos)
      << result.output;
}

TEST(ReplayTruthTest, CliUnreadableTruthIsAnErrorNamingTheFile) {
  const auto result = run_command("'" SENESCHAL_CLI_PATH "' replay '" SENESCHAL_BUNDLED_RECORDING
                                  "' --truth /nonexistent/truth.json");
  EXPECT_EQ(result.exit_code, 65) << result.output;
  EXPECT_NE(result.output.find("/nonexistent/truth.json"), std::string::npos) << result.output;
}

}  // namespace
}  // namespace seneschal::firmware
