#pragma once
// What the recording generator's parts share, and nobody else: synth.cpp plans each frame (where
// the camera, the sheets and a hand are, what hides what), synth_paint.cpp draws that plan, and
// synth_json.cpp reads and writes the scene and truth files. Private to vision/src, so the public
// synth.hpp keeps only the scene and truth types.

#include <array>
#include <cstdint>
#include <map>
#include <opencv2/core.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "seneschal/vision/synth.hpp"

namespace seneschal::vision::synth::detail {

using Mat3 = cv::Matx33d;
using Quad = std::array<cv::Point2d, 4>;

constexpr double kCardW = 63, kCardH = 88;
constexpr double kCodeCentreY = 46;  // a card's code sits on its middle line, 2 mm below the middle
constexpr double kTexPxMm = 8;  // sheets are drawn this fine, then shrunk to the frame's scale
constexpr int kSuper = 2;       // frames are drawn at twice the size and shrunk: anti-aliasing

// R9E card ids (engine::card_id_from_title of titles in assets/cards/r9e.json) of at most 10
// characters, so that "S1:R9E:<ID>:<copy>" stays within a version-1 code. TableGameTest checks
// them against the card file.
inline constexpr std::array<const char*, 42> kCardIds = {
    "DISPLACED", "ORD",        "THE-TUATHA", "OUTPOST",    "SANCTUARY", "3OM307",    "BEKNINE",    "CAO-COVAH",
    "ECEHATL",   "FORTUNATA",  "GENEVIEVE",  "HEKTOR",     "KESHIE",    "LORKI",     "LYNNVANDER", "NICOLETTA",
    "NOMHOPET",  "SCOURGE",    "SKAFLA",     "YOUNG-MIKE", "ZAHIR",     "EXCEL-R-8", "MMM-BACON",  "DIVINATION",
    "BAZAAR",    "LIBRARY",    "QUEZCAAT",   "SALT-MINE",  "SECOND",    "SIMMS-TOMB", "SPICE-MINE", "JOURNEY",
    "BLIGHT",    "BLITZKRIEG", "CAUGHT",     "FIRESTORM",  "LEADERSHIP", "NUTS",      "SAFEGUARD",  "THWART",
    "SCENERY",   "ZOMBIE"};

// R9E card ids of 12 to 20 characters, so that "S1:R9E:<id>:<copy>" (21 to 29 characters) needs a
// version-2 code (25 modules), as most of the game's long titles do. TableGameTest checks them
// against the card file too.
inline constexpr std::array<const char*, 42> kLongCardIds = {
    "BAZOOKA-BOBO",         "GENERAL-HAIN",         "PEASANT-LEVY",         "PRINCE-RANON",
    "CALDERA-FORT",         "ACTUACTE-IXIT",        "COLONEL-BAKER",        "PHARAOH-RASHA",
    "WIZARDS-TOWER",        "FEYNMANS-GENIE",       "AT-YOUR-COMMAND",      "IXHASAN-JACKALS",
    "TORIN-QUICKHAND",      "CHELAR-THE-TALON",     "DEATH-FROM-ABOVE",     "SOUL-OF-A-DRAGON",
    "TRAINING-GROUNDS",     "TUATHA-DUNDAREEL",     "WARRIOR-CHICKENS",     "EVANS-TRIPLECROSS",
    "KHELPRI-VAINGLORY",    "MINION-OF-JUSTICE",    "RESPLENDENT-TIGER",    "THE-APPLE-OF-LIFE",
    "UNEXPECTED-RESCUE",    "JERRIN-STRONGBLADE",   "ORDIC-NEGOTIATIONS",   "PROTECTED-FARMLAND",
    "RUFOUS-THE-GRYPHON",   "THE-ORACLES-ANSWER",   "THE-QUEENS-CHAMBER",   "THE-SUNKEN-PYRAMID",
    "TIGERS-LAST-GAMBIT",   "COHORT-OF-ENGINEERS",  "FEAST-OF-THE-DAMNED",  "QITIRI-THE-SMUGGLER",
    "TOUCH-OF-SHAD-HUJEM",  "A-MOST-PECULIAR-LAMP", "DREAD-ARMY-OF-IXHASA", "SIEGE-MASTER-ONIZUKA",
    "TEMPLE-OF-THE-MONKEY", "UNDERMARKET-DEALINGS"};

// "S1:R9E:<id>:<copy>" of a card id drawn from kCardIds (kLongCardIds for CardIds::Long) that has
// fewer than `max_copies` copies in `copies` yet (counted there).
std::string next_card_payload(cv::RNG& r, std::map<std::string, int>& copies, int max_copies,
                              CardIds ids = CardIds::Short);

// Separate streams of randomness, so that turning one knob does not reshuffle the others.
enum class Stream : std::uint64_t { Table = 1, Camera, Light, Shake, Hand, Person, Foreign, Noise, Game, Crowd, Glare };

cv::RNG rng(const Scene& s, Stream stream, int index = 0);

Mat3 translate(double x, double y);
Mat3 scale(double sx, double sy);
Mat3 rotate(double deg);
cv::Point2d apply(const Mat3& h, cv::Point2d p);
// The rectangle x0..x1 by y0..y1 taken through h: its corners clockwise from the top-left.
Quad through(const Mat3& h, double x0, double y0, double x1, double y1);

// A printed sheet lying on the table: a card, or a flyer carrying somebody else's QR.
struct Sheet {
  std::string payload;
  int card = -1;  // index in Scene::cards; -1 for a flyer
  cv::Size2d size_mm{kCardW, kCardH};
  cv::Point2d centre_mm;  // on the table
  double angle_deg = 0;
  cv::Mat qr;  // one pixel per module, with a 4-module quiet zone
  cv::Mat print;  // a printed page (grey, any resolution), drawn instead of a card or a flyer
  cv::Rect sticker_px;  // where the QR goes on the sheet, in texture pixels
  Quad code, zone, outline;  // code, code with quiet zone, sheet: output pixels
  std::optional<Hidden> hidden;
  // A card slid since the frame before, while the shutter was open (Realism::motion_blur): where it
  // lay when the shutter opened. It is drawn smeared from there to where it lies now.
  std::optional<std::pair<cv::Point2d, double>> smear_from;  // centre_mm, angle_deg
  Mat3 to_table() const { return to_table(centre_mm, angle_deg); }
  Mat3 to_table(cv::Point2d centre, double angle) const {
    return translate(centre.x, centre.y) * rotate(angle) * translate(-size_mm.width / 2, -size_mm.height / 2);
  }
  Quad footprint_mm(double margin) const {  // on the table
    return through(to_table(), -margin, -margin, size_mm.width + margin, size_mm.height + margin);
  }
};

// A hand resting on a card, reaching in from the edge at arm_dir. Output pixels.
struct Hand {
  cv::Point2d palm;
  cv::Point2d arm_dir;
  double px_mm = 1;
  double reach_mm = 2000;
  int thumb_side = 1;
};

// The hand's parts, drawn one by one so that each gets its own rounded shading.
enum HandPart { kSleeve, kArm, kPalm, kFinger1, kFinger2, kFinger3, kFinger4, kThumb, kHandParts };

// The hand's shape into an 8-bit mask (all of it, or only one HandPart), scaled by to_target
// from output pixels and shifted by -offset. Planning uses it to see what the hand covers.
void draw_hand(cv::Mat& mask, const Hand& hd, double to_target, cv::Point2d offset, int only = -1);

struct Plan {
  Mat3 view_h;
  std::vector<Sheet> sheets;  // in drawing order: a flyer first, then the cards as listed
  std::optional<Hand> hand;
};

// The planned frame as the camera would deliver it (BGR, before JPEG). May throw cv::Exception.
cv::Mat paint(const Scene& s, const Plan& plan, int index);

// Every range the generator relies on; the first complaint names origin and field.
Result<void> validate(const Scene& s, std::string_view origin);

}  // namespace seneschal::vision::synth::detail
