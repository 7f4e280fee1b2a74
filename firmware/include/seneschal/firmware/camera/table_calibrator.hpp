#pragma once
// The core of `seneschal calibrate`: what it is to look for (the plan, from the flags and the
// config), each frame read into a seat layout (vision::find_seat_layout over the scanner's
// sightings), and what of it goes into the config. The command around it (cli_calibrate.cpp)
// only adds the frame source, the screen and the keys.

#include <array>
#include <opencv2/core/mat.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/firmware/config/config.hpp"
#include "seneschal/vision/scanner.hpp"
#include "seneschal/vision/seat_layout.hpp"
#include "seneschal/vision/tag_health.hpp"

namespace seneschal::firmware {

// The game's seats as its module allows them: the range --seats must keep to, and the name the
// words give ("r9e's 3 seats").
struct GameSeats {
  std::string game = "r9e";
  int min = 1;
  int max = 8;
};

struct CalibrationPlan {
  vision::SeatLayoutOptions look_for;  // without seat tags, seats are drawn along the edges
  std::string game;                    // for the words
  // The config draws the corners by hand in [game]: the calibration uses them and leaves them
  // there, instead of writing a second set (which the config would refuse).
  bool corners_by_hand = false;
};

// `--table WxD`: the distances between the corner tags' centres across (S1:CAL:1 to 2) and deep
// (S1:CAL:2 to 3), in mm, 100-5000 each. The corners are then [[0, 0], [W, 0], [W, D], [0, D]]:
// millimetres from S1:CAL:1's centre, x across, y toward the near edge.
Result<std::array<vision::TablePoint, 4>> corners_for_table(std::string_view width_x_depth);

// The flags over the config: `table` ("" to use the config's corner_tags_mm) and `seats` (none
// for the config's seat count, else the daemon's default; given, it must be in the game's range).
// The error says which flag to give and what it allows.
Result<CalibrationPlan> plan_calibration(const std::optional<Config>& config, std::string_view table,
                                         std::optional<int> seats, vision::CentreZone centre, GameSeats game = {});

// One frame read: the table it gives and what else is said of it.
struct CalibrationLook {
  vision::SeatLayout layout;  // its problems stand in the way of saving
  vision::TagHealth health;
  // Said, never in the way of saving: seats drawn along the edges, codes too small to read, a
  // tilted camera, glare, a table size that disagrees with the camera. One sentence each.
  std::vector<std::string> warnings;
  bool ok() const { return layout.ok(); }
};

class TableCalibrator {
 public:
  TableCalibrator(CalibrationPlan plan, vision::ScannerOptions scanner = {});

  // One frame read: the tags in it and the table they give, with the words for what is wrong.
  // `camera`: the field of view for the height estimate; the frame's width is the frame's own.
  CalibrationLook look(const cv::Mat& frame, std::int64_t t_ms = 0, vision::CameraView camera = {});

  // What the config keeps of a layout that passed every check.
  vision::TableLayout to_save(const vision::SeatLayout& found) const;

  const CalibrationPlan& plan() const { return plan_; }

 private:
  CalibrationPlan plan_;
  vision::Scanner scanner_;
};

}  // namespace seneschal::firmware
