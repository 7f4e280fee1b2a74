// The start-up self-test and the camera's health, as the table sees them: what the notice says
// and when, from the pipeline's reports and a clock (no camera needed; the daemon-level tests
// run it on a real process).

#include <gtest/gtest.h>

#include "common/CalibrationScene.hpp"
#include "seneschal/firmware/camera/device_check.hpp"
#include "seneschal/vision/scanner.hpp"

namespace seneschal::firmware {
namespace {

FrameReport good_frame(std::vector<std::string> payloads = {}) {
  FrameReport report;
  report.frame = "frame";
  for (std::string& payload : payloads) {
    vision::Sighting sighting;
    sighting.payload = std::move(payload);
    report.sightings.push_back(std::move(sighting));
  }
  return report;
}

FrameReport error_frame(std::string message) {
  FrameReport report;
  report.error = std::move(message);
  return report;
}

DeviceCheckOptions recording(std::string source) {
  DeviceCheckOptions options;
  options.source = std::move(source);
  return options;
}

DeviceCheckOptions camera(bool calibration) {
  DeviceCheckOptions options;
  options.source = "camera /dev/video0";
  options.live = true;
  options.need_calibration = calibration;
  return options;
}

TEST(DeviceCheckTest, ThreeGoodFramesPassWithoutCalibration) {
  DeviceCheck check(camera(false), 0);
  EXPECT_EQ(check.self_test(0), SelfTest::Running);
  check.on_report(good_frame(), 100);
  check.on_report(good_frame(), 200);
  EXPECT_EQ(check.self_test(250), SelfTest::Running);
  check.on_report(good_frame(), 300);
  EXPECT_EQ(check.self_test(300), SelfTest::Passed);
  EXPECT_FALSE(check.notice(400));
  EXPECT_EQ(check.summary(400), "self-test passed: camera /dev/video0 delivers pictures");
}

TEST(DeviceCheckTest, NothingIsShownWhileAQuickCheckIsUnderWay) {
  DeviceCheck check(camera(false), 0);
  EXPECT_FALSE(check.notice(1000)) << "a check that takes a moment does not flash a card";
  const auto checking = check.notice(2000);
  ASSERT_TRUE(checking);
  EXPECT_FALSE(checking->failure);
  EXPECT_EQ(checking->title, "Checking the camera");
}

TEST(DeviceCheckTest, NoCameraFailsAfterItsTimeNamingTheDeviceAndItsError) {
  DeviceCheck check(camera(false), 0);
  check.on_report(error_frame("camera /dev/video0: cannot be opened (not connected, or in use?); trying again in 500 ms"),
                  100);
  EXPECT_EQ(check.self_test(9999), SelfTest::Running);
  EXPECT_EQ(check.self_test(10000), SelfTest::Failed);
  const auto notice = check.notice(10000);
  ASSERT_TRUE(notice);
  EXPECT_TRUE(notice->failure);
  EXPECT_EQ(notice->title, "No picture from the camera");
  ASSERT_EQ(notice->lines.size(), 3u);
  EXPECT_EQ(notice->lines[0], "camera /dev/video0: cannot be opened (not connected, or in use?)")
      << "when the next try was is stale on a screen that stays up";
  EXPECT_NE(notice->lines[1].find("cable"), std::string::npos);
  EXPECT_EQ(check.summary(10000).rfind("self-test failed: No picture from the camera: camera /dev/video0", 0), 0u)
      << check.summary(10000);
}

TEST(DeviceCheckTest, SilentCameraFailsSayingHowLongItWaited) {
  DeviceCheck check(camera(false), 0);
  const auto notice = check.notice(10000);
  ASSERT_TRUE(notice);
  EXPECT_EQ(notice->lines[0], "camera /dev/video0: no picture in 10 s");
}

TEST(DeviceCheckTest, CalibrationCardNamesTheCornersStillMissing) {
  DeviceCheck check(camera(true), 0);
  for (int i = 1; i <= 5; ++i) check.on_report(good_frame({"S1:CAL:1", "S1:CAL:3", "S1:R9E:HEKTOR:1"}), i * 100);
  const auto looking = check.notice(3000);
  ASSERT_TRUE(looking);
  EXPECT_FALSE(looking->failure);
  EXPECT_EQ(looking->title, "Looking for the calibration card");
  EXPECT_EQ(looking->lines[0], "Seen: tags 1 and 3. Missing: tags 2 and 4.");
  const auto failed = check.notice(10000);
  ASSERT_TRUE(failed);
  EXPECT_TRUE(failed->failure);
  EXPECT_EQ(failed->title, "The calibration card was not read");
  // Corners seen in different frames add up: the card may be partly covered for a moment.
  check.on_report(good_frame({"S1:CAL:2"}), 10100);
  check.on_report(good_frame({"S1:CAL:4"}), 10200);
  EXPECT_EQ(check.self_test(10200), SelfTest::Passed) << "a late pass clears the failure";
  EXPECT_FALSE(check.notice(10300));
}

TEST(DeviceCheckTest, NoCalibrationTagSeenSaysSo) {
  DeviceCheck check(camera(true), 0);
  for (int i = 1; i <= 3; ++i) check.on_report(good_frame({"S1:CAL:9", "S1:CAL:x"}), i * 100);
  ASSERT_TRUE(check.notice(10000));
  EXPECT_EQ(check.notice(10000)->lines[0], "None of its four tags (S1:CAL:1 to 4) has been seen.");
}

TEST(DeviceCheckTest, LostCameraIsShownAndClearsWhenPicturesReturn) {
  DeviceCheck check(camera(false), 0);
  for (int i = 1; i <= 3; ++i) check.on_report(good_frame(), i * 100);
  check.on_report(error_frame("camera /dev/video0: no frame (unplugged?); reopening in 500 ms"), 400);
  EXPECT_FALSE(check.notice(3000)) << "a moment's gap is not a lost camera";
  const auto lost = check.notice(3400);
  ASSERT_TRUE(lost);
  EXPECT_EQ(lost->title, "The camera stopped sending pictures");
  EXPECT_EQ(lost->lines[0], "camera /dev/video0: no frame (unplugged?)");
  EXPECT_EQ(check.summary(3400).rfind("The camera stopped sending pictures: ", 0), 0u);
  check.on_report(good_frame(), 5000);
  EXPECT_FALSE(check.notice(5100));
}

TEST(DeviceCheckTest, RecordingIsNeverLostAndItsEndDecidesTheSelfTest) {
  DeviceCheckOptions options;
  options.source = "recording rec";
  options.need_calibration = true;
  DeviceCheck check(options, 0);
  for (int i = 1; i <= 4; ++i) check.on_report(good_frame(), i * 100);
  check.on_source_ended();
  EXPECT_EQ(check.self_test(500), SelfTest::Failed) << "nothing more will come: fail now, not in 10 s";
  ASSERT_TRUE(check.notice(500));
  EXPECT_EQ(check.notice(500)->title, "The calibration card was not read");

  DeviceCheck played(recording("recording rec"), 0);
  for (int i = 1; i <= 3; ++i) played.on_report(good_frame(), i * 100);
  played.on_source_ended();
  EXPECT_EQ(played.self_test(60000), SelfTest::Passed);
  EXPECT_FALSE(played.notice(60000)) << "a recording that ended is not a lost camera";
}

TEST(DeviceCheckTest, ShortRecordingThatPlayedWholePasses) {
  DeviceCheck one_frame(recording("recording one"), 0);
  one_frame.on_report(good_frame(), 100);
  one_frame.on_source_ended();
  EXPECT_EQ(one_frame.self_test(200), SelfTest::Passed);
  EXPECT_FALSE(one_frame.notice(200));

  DeviceCheck unreadable(recording("recording bad"), 0);
  unreadable.on_report(error_frame("bad/0001.png: not an image"), 100);
  unreadable.on_source_ended();
  EXPECT_EQ(unreadable.self_test(200), SelfTest::Failed);
  ASSERT_TRUE(unreadable.notice(200));
  EXPECT_EQ(unreadable.notice(200)->lines[0], "bad/0001.png: not an image");
}

TEST(DeviceCheckTest, SourceThatCannotOpenFailsAtOnce) {
  DeviceCheck check(recording("recording missing"), 0);
  check.on_source_failed("source \"missing\": no such recording (file or folder), and not a camera");
  EXPECT_EQ(check.self_test(0), SelfTest::Failed);
  ASSERT_TRUE(check.notice(0));
  EXPECT_EQ(check.notice(0)->title, "No picture from the recording");
  EXPECT_EQ(check.notice(0)->lines[0], "source \"missing\": no such recording (file or folder), and not a camera");
}

// The calibration card's table (CalibrationScene.hpp: corner tags 510 x 238 mm apart, three seat
// tags) rendered and read by the real scanner, seen across `table_w_mm` of table at 1280x720.
FrameReport seen_frame(float table_w_mm, float tilt = 0.05f) {
  vision::synth::Scene scene = test::calibration_scene(test::corner_tags() + test::three_seat_tags());
  scene.table_w_mm = table_w_mm;
  scene.table_h_mm = table_w_mm * 720 / 1280;
  scene.realism.tilt = tilt;
  auto image = vision::synth::render_frame(scene, 0);
  EXPECT_TRUE(image.has_value()) << image.error().message;
  FrameReport report = good_frame();
  if (image) report.sightings = vision::Scanner().scan(*image);
  return report;
}

DeviceCheckOptions camera_over_table() {
  DeviceCheckOptions options = camera(true);
  options.corner_tags_mm = {vision::TablePoint{0, 0}, {510, 0}, {510, 238}, {0, 238}};
  options.camera.frame_width = 1280;
  return options;
}

TEST(DeviceCheckTest, CodesTooSmallAreAWarningThatDoesNotStopThePass) {
  DeviceCheck check(camera_over_table(), 0);
  const FrameReport far = seen_frame(1200);  // 36 mm codes at about 1.8 px a module
  ASSERT_GE(far.sightings.size(), 4u) << "the corner tags read";
  for (int i = 1; i <= 3; ++i) check.on_report(far, i * 100);
  EXPECT_EQ(check.self_test(300), SelfTest::Passed);
  ASSERT_FALSE(check.warnings().empty());
  EXPECT_EQ(check.warnings().front().rfind("codes at 1.", 0), 0u) << check.warnings().front();
  EXPECT_NE(check.warnings().front().find("use 1920x1080, or hang the camera lower (about "), std::string::npos)
      << check.warnings().front();

  const auto shown = check.notice(1000);
  ASSERT_TRUE(shown) << "said on the screen after the pass";
  EXPECT_FALSE(shown->failure) << "a warning, in the colours of a check under way";
  EXPECT_EQ(shown->title, "The camera may miss cards");
  EXPECT_EQ(shown->lines.front().rfind("Codes at 1.", 0), 0u) << shown->lines.front();
  EXPECT_EQ(shown->lines.back(), "Play goes on meanwhile; this goes away by itself.");
  check.on_report(good_frame(), 20250);  // the camera goes on sending pictures
  EXPECT_FALSE(check.notice(300 + 20000)) << "then the board is left to play";
  const std::string summary = check.summary(1000);
  EXPECT_EQ(summary.rfind("self-test passed: camera /dev/video0 delivers pictures and the calibration card reads; "
                          "warning: codes at 1.",
                          0),
            0u)
      << summary;
}

TEST(DeviceCheckTest, ACameraNotSquareIsAWarningEvenWithoutTheTablesMillimetres) {
  DeviceCheck check(camera(true), 0);
  for (int i = 1; i <= 3; ++i) check.on_report(seen_frame(600, 0.25f), i * 100);
  EXPECT_EQ(check.self_test(300), SelfTest::Passed);
  std::string said;
  for (const std::string& w : check.warnings()) said += w + "\n";
  EXPECT_NE(said.find("the camera is not square to the table: its far edge looks "), std::string::npos) << said;
  EXPECT_EQ(said.find("tilted about"), std::string::npos) << "no height without the table's mm: " << said;
}

TEST(DeviceCheckTest, AHealthyTableHasNoWarningsAndNoNotice) {
  DeviceCheck check(camera_over_table(), 0);
  for (int i = 1; i <= 3; ++i) check.on_report(seen_frame(600), i * 100);
  EXPECT_EQ(check.self_test(300), SelfTest::Passed);
  EXPECT_TRUE(check.warnings().empty()) << check.warnings().front();
  EXPECT_FALSE(check.notice(400));
  EXPECT_EQ(check.summary(400), "self-test passed: camera /dev/video0 delivers pictures and the calibration card reads");
  ASSERT_TRUE(check.health().camera_height_mm);
  EXPECT_NEAR(*check.health().camera_height_mm, 462, 30) << "600 mm across a 66 degree field";
}

}  // namespace
}  // namespace seneschal::firmware
