#pragma once
// `seneschal calibrate`: the table calibrated from the tags laid on it (table_calibrator.hpp),
// shown on a screen or written to a PNG, and saved into the daemon's config
// (calibration_file.hpp). README.md, "Calibrating the table", walks a player through it.

#include <optional>
#include <string>

namespace seneschal::firmware {

// Exit codes besides 0 (saved, or all is well), 64 (a bad flag) and 78 (a config file that does
// not read): a source that cannot be used or a config that cannot be written, and checks still
// failing when the command ends (their words on stdout).
inline constexpr int kCalibrateSourceOrConfig = 1;
inline constexpr int kCalibrateChecksFailing = 3;

struct CalibrateOptions {
  std::string source;  // a camera, a folder of frames or a video; "": the config's camera.source
  std::string config;  // the daemon's config, read and written; "": /etc/seneschal/seneschal.toml
  std::string table;   // "WxD" between the corner tags' centres in mm; "": the config's corner_tags_mm
  std::optional<int> seats;  // none: the config's seat count; given: within the game's seats
  std::string out;     // write the last frame's screen to this PNG (and show no window)
  bool save = false;   // save as soon as a frame passes every check (seats drawn along the edges
                       // for want of seat tags: when the frames end)
  int frames = 0;      // stop after this many frames; 0: at the source's end (or Escape, or Ctrl-C)
};

int run_calibrate(const std::string& assets_dir, const CalibrateOptions& options);

}  // namespace seneschal::firmware
