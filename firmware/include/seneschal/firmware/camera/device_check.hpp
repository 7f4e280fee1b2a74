#pragma once
// The device's own health as the table should see it: the start-up self-test (the camera opens
// and delivers frames, and the calibration card's four tags S1:CAL:1-4 read), then, for a live
// camera, whether pictures keep coming. It reads nothing but the pipeline's reports and a clock,
// so every verdict is tested without a camera; the daemon draws its notice over the board.
//
// The self-test does not stop the daemon when it fails: the table keeps its buttons, the camera
// is tried again with backoff, and the notice clears by itself once the check passes.
//
// It also measures the tags' health on the frames it checks (vision/tag_health.hpp): codes too
// small to read, a camera not square to the table. Those are warnings, never a failure: the
// self-test passes, the summary (the log, systemctl status) carries them, and the screen shows
// them for a while after the pass, in the quieter colours, then leaves the board to play.

#include <array>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "seneschal/engine/view_model.hpp"
#include "seneschal/firmware/camera/frame_pipeline.hpp"
#include "seneschal/vision/tag_health.hpp"

namespace seneschal::firmware {

struct DeviceCheckOptions {
  std::string source;                 // "camera /dev/video0", for the messages
  bool live = false;                  // a camera (can be lost) rather than a recording
  bool need_calibration = false;      // the self-test waits for the calibration card
  std::int64_t self_test_ms = 10000;  // how long the start-up check may take before it fails
  int frames_needed = 3;              // good frames that prove the camera works
  std::int64_t quiet_ms = 1500;       // a check under way is not shown before this
  std::int64_t lost_after_ms = 3000;  // a live camera without a good frame this long is lost
  // For the tag health: where the corner tags lie (the config's corner_tags_mm; without it no
  // height is estimated) and the camera (its picture's width, 0 when unknown, and field of view).
  std::optional<std::array<vision::TablePoint, 4>> corner_tags_mm;
  vision::CameraView camera;
  std::int64_t warnings_shown_ms = 20000;  // tag-health warnings stay on the screen this long after the pass
};

enum class SelfTest { Running, Passed, Failed };

class DeviceCheck {
 public:
  DeviceCheck(DeviceCheckOptions options, std::int64_t start_ms);

  // Every report of the pipeline, good frame or error.
  void on_report(const FrameReport& report, std::int64_t now_ms);
  // The source could not be opened at all (a recording that is not there): nothing will come.
  void on_source_failed(std::string message);
  // A recording has ended: a self-test still under way has seen all it will see.
  void on_source_ended();

  SelfTest self_test(std::int64_t now_ms) const;
  // What the screen shows, or nothing while all is well.
  std::optional<engine::DeviceNotice> notice(std::int64_t now_ms) const;
  // One line for the log and systemd's status: "self-test passed: ...", "camera lost: ...".
  std::string summary(std::int64_t now_ms) const;
  // The tag-health warnings of the frames checked (the last frame with all four corner tags,
  // else the last with a code of ours), one sentence each; none when all is well.
  const std::vector<std::string>& warnings() const { return health_.warnings; }
  const vision::TagHealth& health() const { return health_; }

 private:
  bool passed_by_now() const;
  std::string calibration_seen() const;
  void measure_health(const std::vector<vision::Sighting>& frame);
  std::optional<engine::DeviceNotice> health_notice(std::int64_t now_ms) const;

  DeviceCheckOptions options_;
  std::int64_t start_ms_;
  int good_frames_ = 0;
  std::optional<std::int64_t> last_good_ms_;
  std::optional<std::int64_t> passed_at_ms_;
  std::string last_error_;
  std::optional<std::string> source_failed_;
  bool ended_ = false;
  std::set<int> calibration_;  // corners read so far
  vision::TagHealth health_;
  bool health_from_corners_ = false;  // health_ was measured on a frame with all four corner tags
};

}  // namespace seneschal::firmware
