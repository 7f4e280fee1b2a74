#pragma once
// How well the camera sees the table, from one frame: how many pixels a module each of our codes
// has (the readers miss codes below a measured figure), whether the camera looks straight down
// (the corner tags' quadrilateral: a far edge much shorter than the near one is a tilted camera),
// whether the table's size as given fits what the camera sees (codes are square, so a table
// given too deep makes them look tall), and glare (pixels at the sensor's top) over each seat's
// area. Each finding that will cost reads is said in words a player can act on, with what to
// change: a camera mode, a height, the lamp.
//
// The camera's height is estimated, not measured: the calibration gives millimetres per pixel
// at the table's middle, so the frame's width covers (width x mm/px) of table, and a camera
// whose horizontal field of view is F degrees sees that width from a height of
// width_mm / (2 tan(F/2)). F is the camera's (CameraView); the default is the Raspberry Pi Camera
// Module 3's 66 degrees (the Module 2 has 62.2), in every 16:9 mode, which all use the sensor's
// whole width. Pixels a module scale with 1/height, so the height that brings the smallest code
// to the figure below is height x (px/module / figure).
//
// Pure measurement over sightings and pixels: no rules, no config, no games.

#include <array>
#include <opencv2/core/mat.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/vision/sighting.hpp"
#include "seneschal/vision/table_calibration.hpp"

namespace seneschal::vision {

// Below this many pixels a module the readers (ZBar and ZXing-cpp together, the daemon's and
// calibrate's default) start missing codes. Measured with the generator: crowded tables
// (synth::make_crowded_table, 40 cards, seeds 1-3) at 1280x720 and 1920x1080 with code_mm 12 to
// 36 in steps of 2, every code's px/module from its truth corners and its own version, read or
// not by vision::Scanner (TagHealthTest's DISABLED_ReadsByPxPerModule prints the table again):
//   moderate realism (the default): every code read from 1.5 px a module; 1.4-1.5: 99 %,
//     1.3-1.4: 78 %, 1.2-1.3: 7 %, below 1.2: none;
//   hard realism (blur 1 px, noise 7, JPEG 60, glare 0.35): every code from 2.4; 2.3-2.4: 93 %,
//     2.2-2.3: 84 %, 2.1-2.2: 45 %, 2.0-2.1: 7 %, below 2.0: none.
// A real camera lies between the two: below 2.0 a hard picture reads nothing and a moderate one
// has a third of its margin left, so that is where the words say reads will drop out; what they
// suggest aims at 2.4 (kSuggestionMargin), where even the hard picture reads every code.
inline constexpr double kMinPxPerModule = 2.0;
inline constexpr double kSuggestionMargin = 1.2;

// Modules across the printed code of this payload (libqrencode's smallest version at error
// correction M, as the tag sheets and the generator print them): 21 for version 1, 25 for 2.
// The readers do not report the version they saw; re-encoding the payload gives the same code
// as the one printed, where counting modules from the finder patterns would guess at 2 pixels.
Result<int> qr_modules(std::string_view payload);

// One of our codes as the frame shows it.
struct CodeSize {
  std::string payload;
  Point centre;
  double side_px = 0;  // the mean of its four sides
  int modules = 0;
  double px_per_module() const { return side_px / modules; }
};

// Our tags' codes in the frame, smallest px/module first. Codes not ours are left out: their
// version is not ours to know, and they are not read for play.
std::vector<CodeSize> code_sizes(const std::vector<Sighting>& frame);

// The corner tags' centres (S1:CAL:1-4: far left, far right, near right, near left) in the
// picture: the far edge's length over the near edge's, the left edge's over the right's. 1 and 1
// when the camera looks straight down at the table's middle.
struct Squareness {
  double far_over_near = 1;
  double left_over_right = 1;
};
Squareness squareness(const std::array<Point, 4>& corners_px);

// What the camera is, for the advice: its picture's width (0: unknown, no camera mode is
// suggested and no height estimated) and its horizontal field of view.
struct CameraView {
  int frame_width = 0;
  double horizontal_fov_deg = 66;
};

// The corner tags in this frame (their centres in the picture, S1:CAL:1-4) and, when their places
// in mm are known, the calibration they give and the seats' areas on it. Without the mm only
// the squareness is measured.
struct TableSeen {
  std::array<Point, 4> corners_px{};
  std::optional<TableCalibration> calibration;
  std::array<TablePoint, 4> corner_tags_mm{};
  std::vector<SeatArea> seats;
};

struct TagHealthOptions {
  CameraView camera;
  double min_px_per_module = kMinPxPerModule;
  // The generator's moderate realism, which the scanner must read without a miss, draws the far
  // edge 5 % shorter; its hard preset (12 %) is for measuring how far reading holds up. A camera
  // that shortens an edge by more than 10 % is said to be tilted.
  double min_edge_ratio = 0.9;
  // Codes are square: the table's mm as given make them this much taller than wide (or wider
  // than tall) before the size is said to be wrong. The calibration undoes the camera's
  // perspective, so what is left is the tape measure (20 mm off on 500 mm: 4 %) and the corners
  // of a code read a pixel off (a 40-pixel code: 5 %).
  double max_aspect_error = 0.15;
  // Glare: pixels whose grey is at or above this are at the sensor's top (a code's dark modules
  // there are as white as its light ones) ...
  int glare_grey = 250;
  // ... and a seat whose area has more than this share of them is said to have glare. The
  // generator's moderate lamp reflection (realism.glare 0.12) leaves no seat above 1 %.
  double max_glare_share = 0.10;
};

struct SeatGlare {
  int seat = 0;
  double share = 0;  // of the seat area's pixels in the picture, at the sensor's top
};

struct TagHealth {
  std::vector<CodeSize> codes;              // ours, smallest px/module first
  std::optional<double> camera_height_mm;   // with a calibration and a known frame width
  std::optional<Squareness> square;         // with the corner tags
  std::optional<double> tall_over_wide;     // our codes' height over their width in the table's
                                            // mm as given; 1 when the size given is right
  std::vector<SeatGlare> glare;             // per seat area, with a picture and seat areas
  std::vector<std::string> warnings;        // one sentence each; none when all is well

  std::optional<double> smallest_px_per_module() const {
    return codes.empty() ? std::nullopt : std::optional<double>(codes.front().px_per_module());
  }
};

// The share of the polygon's pixels (in the picture) at the sensor's top, after an opening that
// takes away specks smaller than 5 pixels (a code's white module edge, sensor noise).
double glare_share(const cv::Mat& image, const std::vector<Point>& polygon_px, int glare_grey);

// Everything above for one frame: `table` when the frame calibrates the table, `image` (BGR or
// grey; empty: no glare measured) the frame itself.
TagHealth measure_tag_health(const std::vector<Sighting>& frame, const std::optional<TableSeen>& table,
                             const cv::Mat& image, const TagHealthOptions& options = {});

}  // namespace seneschal::vision
