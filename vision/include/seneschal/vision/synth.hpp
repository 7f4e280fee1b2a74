#pragma once
// Recorded table sessions made from a seed. A scene (which cards lie where on the table, during
// which frames) becomes camera-like JPEG frames of the table seen from above, plus a truth file
// saying what a reader must find in each frame. Tests and the bundled demo use this instead of
// committed video: the same scene and seed give byte-identical frames on the same machine, so a
// failing frame can always be regenerated and looked at. The formats are documented in
// assets/recordings/README.md.

#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <opencv2/core/mat.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/vision/sighting.hpp"
#include "seneschal/vision/table_map.hpp"

namespace seneschal::vision::synth {

enum class Surface { Felt, Wood };

// How camera-like the frames look; every random choice comes from the scene's seed. The defaults
// ("moderate") are what the scanner must read without a miss; "hard" is for measuring how far
// it holds up, not for asserting; "clean" leaves only the geometry.
struct Realism {
  float tilt = 0.05f;         // perspective: the far (top) table edge looks this fraction narrower
  float roll_deg = 1.5f;      // camera not square to the table; the sign comes from the seed
  float shake_px = 0.3f;      // per-frame jitter of the whole view
  float blur_px = 0.5f;       // Gaussian sigma of the optics, in output pixels
  float noise = 3.0f;         // sensor noise sigma, in grey levels
  int jpeg_quality = 88;
  float lamp = 0.25f;         // brightness lost from under the lamp to the darkest corner (0..1)
  float glare = 0.12f;        // strength of the lamp's reflection on the table (0..1)
  float hand_rate = 0.1f;     // chance per frame that a hand lies on one of the cards
  float foreign_rate = 0.2f;  // chance per stretch of 5 frames that a flyer with a foreign QR lies there
  // Added later, all off by default so that older scenes make the very same frames.
  float glare_drift = 0;  // how far the lamp's reflection drifts per frame, as a fraction of the frame's width
  float glare_core = 0;   // strength of a small hot core in the reflection (0..1); at 1 it washes a code out
  float motion_blur = 0;  // share of the time between frames the shutter is open: a card slid since the frame
                          // before is smeared over that share of its way (0..1)
};

// "clean", "moderate" (the default) or "hard".
Result<Realism> realism_preset(std::string_view name);

// A card picked up and put down elsewhere, or turned where it lies: from `frame` on it lies
// there. A slide is several moves on consecutive frames.
struct CardMove {
  int frame = 0;
  float x_mm = 0;
  float y_mm = 0;
  float angle_deg = 0;
};

// A hand on the card in one frame, reaching in over the table from the edge of the player facing
// `from_deg` (a seat's facing: 0 the near edge, 180 the far one, 90 the left, 270 the right), its
// arm lying over whatever is between. Unlike covered_frames, it may lie on other codes: every code
// any part of the hand or arm covers (its quiet zone included) is hidden in that frame's truth.
enum class Grip { Code, Edge };  // the palm on the card's code, or the fingertips on its near edge (pushing)

struct CardHand {
  int frame = 0;
  float from_deg = 0;
  Grip grip = Grip::Code;
};

struct SceneCard {
  std::string payload;  // printed in the card's tag, e.g. "S1:R9E:HEKTOR:1"
  float x_mm = 0;       // centre of the card, from the visible table area's top-left corner
  float y_mm = 0;
  float angle_deg = 0;  // clockwise seen from above; 90 lies sideways (bowed)
  int first_frame = 0;  // 0-based, inclusive: the card lies there during these frames
  int last_frame = std::numeric_limits<int>::max();
  std::vector<int> covered_frames;  // frames in which a hand lies on this card
  std::vector<CardMove> moves;      // in increasing frame order, within first_frame..last_frame
  std::vector<CardHand> hands = {};  // in increasing frame order; one hand a frame over the whole scene
  // (its `= {}` lets older brace-initialised SceneCards leave it out without a warning)
};

// Where the card lies in a frame: its last move at or before the frame, else where it was laid.
CardMove card_at(const SceneCard& card, int frame);
// The centre of the card's code on the table: 2 mm below the card's centre, turned with it.
TablePoint code_centre(const CardMove& where);

struct Scene {
  std::uint32_t seed = 1;
  int frames = 10;
  int width = 1280;
  int height = 720;
  std::int64_t frame_interval_ms = 200;
  // ZBar reads every code at any angle from about 3.25 pixels per module (measured with this
  // generator); a version-2 code (25 modules, e.g. any card id with '_') of 32 mm needs 2.5 px/mm,
  // so a 1280-pixel camera sees about 480 mm of table. 900 mm would take a 2400-pixel camera.
  float table_w_mm = 480;  // table area the camera sees (before tilt)
  float table_h_mm = 270;
  Surface surface = Surface::Felt;
  float code_mm = 32;  // side of the printed code without its quiet zone; cards are 63x88 mm
  Realism realism;
  std::vector<SceneCard> cards;
  // Optional areas in the same table mm as the cards, for the truth's seat, zone and quarter.
  std::vector<SeatArea> seats;
  std::vector<ZoneArea> zones;
};

// The code centres of S1:CAL:1-4 on the table where they lie in the first frame that has all four,
// in that order: what TableCalibration::from_sightings needs to calibrate on this scene.
Result<std::array<TablePoint, 4>> calibration_points(const Scene& scene);

// A scene file (JSON). Unknown fields are errors, so a typo does not silently fall back to a
// default; every error names origin and field ("table.json: cards[2].x_mm: expected a number").
Result<Scene> parse_scene(std::string_view json_text, std::string_view origin);
std::string scene_to_json(const Scene& scene);

// A printed page (a sticker sheet, grey, rasterised at any resolution) lying on the scene's table
// under its cards, photographed as the scene's first frame is (its camera, paper, lamp, glare,
// blur, noise and JPEG quality): the JPEG bytes. `page_mm`: the paper's size; `centre` and
// `angle_deg` (clockwise) where it lies. No truth: the caller knows what it printed.
Result<std::vector<unsigned char>> photograph_print(const Scene& scene, const cv::Mat& page, cv::Size2d page_mm,
                                                    TablePoint centre, double angle_deg);

struct TruthTag {
  std::string payload;
  std::array<Point, 4> corners{};  // the code's outer corners in pixels, ordered as Sighting's
  double angle_deg = 0;            // as Sighting::angle_deg
  bool bowed = false;              // the card lies sideways on the table
};

enum class Hidden { Hand, Card, OutOfView };

struct HiddenTag {
  std::string payload;
  Hidden why = Hidden::Hand;
};

// A card as it physically lies on the table in one frame, readable or not.
struct TruthCard {
  std::string payload;
  double x_mm = 0;      // the centre of its code (code_centre), as a calibrated reader measures it
  double y_mm = 0;
  double angle_deg = 0; // the card's angle on the table, clockwise from -y, 0..360
  int quarter = 0;      // the angle against its seat's facing (the table's -y without a seat), snapped
  int seat = 0;         // the scene's seat area holding the code's centre; 0 none
  std::string zone;     // else the first zone holding it; "" none
  bool hidden = false;  // not readable in this frame (see TruthFrame::hidden for why)
};

// What a reader must find in one frame.
struct TruthFrame {
  std::string frame;  // "frame-0001.jpg"
  int index = 0;      // 0-based
  std::int64_t t_ms = 0;
  std::vector<std::string> payloads_visible;  // sorted: the card tags a reader must find
  std::vector<TruthTag> tags;                 // the same tags with their geometry, same order
  std::vector<HiddenTag> hidden;              // on the table in this frame, but not readable
  std::vector<TruthTag> foreign;              // codes that are not ours: readable, to be ignored
  std::vector<TruthCard> table;               // every card lying on the table, in scene order
};

struct RecordingTruth {
  std::uint32_t seed = 0;
  int width = 0;
  int height = 0;
  std::int64_t frame_interval_ms = 0;
  std::vector<TruthFrame> frames;
};

std::string frame_name(int index);  // 0 -> "frame-0001.jpg"

Result<TruthFrame> frame_truth(const Scene& scene, int index);
// The frame before JPEG compression (BGR, width x height).
Result<cv::Mat> render_frame(const Scene& scene, int index);
// The JPEG bytes that write_recording writes for this frame.
Result<std::vector<unsigned char>> encode_frame(const Scene& scene, int index);

// out_dir/frame-0001.jpg ... plus truth.json and scene.json (the scene that made them). A long
// render reports each frame written to `progress` (done, total), e.g. to keep a watchdog fed.
Result<void> write_recording(const Scene& scene, const std::string& out_dir,
                             const std::function<void(int done, int total)>& progress = {});
std::string truth_to_json(const RecordingTruth& truth);
Result<RecordingTruth> parse_truth(std::string_view json_text, std::string_view origin);

// A whole recorded game made from a seed, for tests and demos of the table as the engine keeps it:
// four calibration tags in the corners, a seat area along each used table edge, a "centre" zone,
// and R9E cards laid over time, some bowed and straightened again, some turned upside down, some
// slid to another seat, some covered by a hand, some taken away. Seats: 1 at the near (bottom)
// edge facing 0, 2 at the far edge facing 180, 3 at the left edge facing 90, 4 at the right edge
// facing 270 (a card upright to a player has its top pointing away from them). See
// assets/recordings/README.md for the layout and the table sizes.
//
// The defaults make the games the bundled tests were written for (a table the frame's size at
// 2.13 px/mm, 36 mm version-1 codes, hands that never touch another code, slides that keep the
// card's angle). hard() makes a game as hard as a real table: the fields after max_cover_ms,
// each off by default, each documented in assets/recordings/README.md ("Hard games").
enum class CardIds { Short, Long };  // ids that keep "S1:R9E:<ID>:<copy>" a version-1 code, or need version 2

struct TableGameOptions {
  std::uint32_t seed = 1;
  int width = 1280;  // 1280 x 720 or 1920 x 1080
  int height = 720;
  int cards = 30;    // 20..40 cards laid over the game (not all on the table at once at 1280 x 720)
  int seats = 4;     // 2..4
  int frames = 300;
  std::int64_t frame_interval_ms = 200;
  std::int64_t max_cover_ms = 2000;  // a hand rests on a card for 1 frame up to this long
  Realism realism = no_random_hands();
  // The table the camera sees, independent of the frame (0: the frame's shape at 2.13 px/mm,
  // 600 x 338 mm at 1280 x 720); it sits in the middle of the frame, as large as fits.
  float table_w_mm = 0;
  float table_h_mm = 0;
  float code_mm = 36;  // the side of a card's printed code (its quiet zone apart)
  CardIds ids = CardIds::Short;
  float turning_slides = 0;  // share of slides that turn the card to face its new seat on the way
  float pushed_slides = 0;   // share of slides a hand pushes along (a quarter of them with the palm on the code)
  float arm_rate = 0;        // chance per card that a hand reaches across the table to it, over other codes
  float overlay_rate = 0;    // chance per card that it is laid partly over a lying card's code for a while
  static Realism no_random_hands() {
    Realism r;
    r.hand_rate = 0;  // the game's own hands are planned; a random one could land next to them
    return r;
  }
  // A 900 x 560 mm table, version-2 codes, turning and pushed slides, arms over the table, cards
  // laid over cards, a moving lamp reflection that washes codes out, motion blur on slides.
  static TableGameOptions hard();
};

Result<Scene> make_table_game(const TableGameOptions& options);

// A crowded table seen whole, for the reader at any resolution: `cards` R9E cards in a grid of
// 100 mm cells (a card fits turned any way, so no card lies on another's code), most upright,
// some bowed or upside down for their seat, each a few mm and degrees off its cell. The table is
// the smallest of the frame's shape that holds the grid, so more cards mean smaller codes.
// From frame 1 on, one card is bowed or straightened every `change_every` frames: a tracker sees
// a table that mostly stands still, as at play.
struct CrowdedTableOptions {
  std::uint32_t seed = 1;
  int width = 1920;  // any frame size a scene takes (64 to 8192 pixels a side)
  int height = 1080;
  int cards = 40;    // 1..200
  int frames = 1;
  int change_every = 5;
  float code_mm = 32;  // the scene's code_mm: 32 as the scene default; a printed sticker's is 13
  Realism realism = TableGameOptions::no_random_hands();
};

Result<Scene> make_crowded_table(const CrowdedTableOptions& options);
// Frame pixels per mm of table across (before the tilt narrows the far edge), for reporting.
double crowded_table_px_per_mm(const Scene& scene);

}  // namespace seneschal::vision::synth
