#pragma once
// Turns per-frame sightings into table events: a tag counts as there once it is seen in k of the
// last n frames. One physical change is one event, and a fact the camera is unsure of waits for
// another frame rather than being written and taken back.
//
// "Presented": a card held under the camera, or laid down, fires ONE Appeared event, not one per
// frame. Two copies of one card carry different payloads (the copy number), so they are two tags
// with their own events.
//
// Cards, not codes: a card on the table whose code is not read in a frame is looked at where it
// lay (a PlaceLook from the caller, see table_look.hpp). Its place still showing the card is a
// missed read (it stays), a place showing a hand, an arm or another card over it is covered (it
// stays, however long), and a place showing the bare table with nothing moving round it in
// bare_frames frames in a row is a card taken away: Left, within a few frames of the place being
// seen bare. A place bare while something moves round it (vacated: the card slid out of it under
// a hand or blurred, or carried off) is gone only after bare_frames_moving bare frames, since a
// card in passage reads again where it comes to rest. Another card's code in
// its place is a card laid over it (it stays) unless the place was seen bare since the card was
// last read: then it was taken away and another laid where it lay. A card newly laid squarely on
// it (its code within a quarter of a side of where this one lay, turned the same way or a quarter
// more), read in uncovered_frames frames in a row, hides it whole: a pile, or a card put in its
// place within a frame; it is gone. A card lifted off a card it
// lay on shows that card: a place showing another card (Another, or Overlaid with no hand round
// it) while a card within reach that lay there already, unread from before this one was first
// read until after it was last read, reads again in the same spot, for uncovered_frames frames in
// a row with this card's code read nowhere, is a card taken away. TableLook says covered, not
// overlaid, while an unread code passes near (this card slid off, or carried off, blurred). A card laid over another comes from a hand or from
// elsewhere on the table, never from the spot it covers; one turned or pushed aside on top of
// another uncovers it too, but its own code reads again within a frame or two, which ends the wait. A card last read while
// it was moving (a slide) may be passing under a hand to its new place, so its bare place must
// show for bare_frames_moving frames. Only when nothing can be seen of the place (no look, a
// camera covered whole) does absent_ms decide: 3 s, because a hand reaching over the table hides
// the cards under it for up to 2 s. Control tags (S1:CTL:OK ...) are shown and taken away, not
// laid down, and the same one is often shown twice in a few seconds (OK, OK): they leave after
// control_absent_ms, 1000 by default, and are never looked at.
//
// Quarter turns: how far a card is turned from upright at its place (TableMap::turn_deg: against
// its seat's facing, else the table's or the image's up) snapped to 0, 90, 180 or 270, with
// hysteresis so that a card lying near 45 degrees, with the decoder's corner jitter, never
// flickers. A straight card (0 or 180) becomes bowed only once it is more than bow_on_deg off its
// straight axis, and a bowed one (90 or 270) straight again only once it is less than bow_off_deg
// off that axis; the new quarter is the nearest one on the axis so decided. For a card turned
// smoothly this is "leave the current quarter when more than bow_on_deg (0, 180) or
// 90 - bow_off_deg (90, 270) from it, then snap to the nearest"; for a jump straight into
// 120-135 degrees from 0 (or the like) it keeps the bowed flag exactly what it always was
// (straight, so 180). A new quarter is a Rotated event once it has held for appear_k sightings
// and the card lies still (its code moved less than still_share of its side since the sighting
// before): a card held at an angle while it is slid is in passage, not turned.
//
// Places: a tag's seat or zone (TableMap::place) changes only once the new one has held for
// appear_k sightings in a row and the card lies still there, so a card lying on a boundary does
// not flicker between two seats and a slide is one fact: a Moved event with the new place and the
// quarter read against the new seat's facing (a card slid to another player keeps its table
// angle, so its quarter for the new seat is a new reading, not a turn: no Rotated for it). While
// a card lies outside the area it is settled in, no quarter change is told: no turn in the old
// seat on its way out, no turn back on arrival.
//
// Centre and angle pass through a 1-euro filter, so the pose handed on does not jitter with the
// decoder's corners while a card that really moves is followed without lag.

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "seneschal/vision/sighting.hpp"
#include "seneschal/vision/table_map.hpp"

namespace seneschal::vision {

// Parameters of a 1-euro filter (Casiez, Roussel and Vogel, "1 Euro Filter: A Simple Speed-based
// Low-pass Filter for Noisy Input in Interactive Systems", CHI 2012). The paper's tuning
// procedure: set beta to 0 and lower min_cutoff until the jitter of a still input is acceptable,
// then raise beta until a fast move has no noticeable lag; d_cutoff (the cut-off for the speed
// estimate) is left at the paper's 1 Hz. The paper's examples start from min_cutoff = 1 Hz and
// beta = 0. Our betas are in per-unit terms (pixels per second for the centre, degrees per
// second for the angle) and were chosen so that a card dragged across the table or turned by 90
// degrees between two frames at 5 fps is followed within about two frames.
struct OneEuroConfig {
  double min_cutoff_hz = 1.0;
  double beta = 0.0;
  double d_cutoff_hz = 1.0;
};

// One scalar through a 1-euro filter: a low-pass filter whose cut-off rises with the speed of the
// signal (min_cutoff + beta * |speed|), so slow jitter is smoothed hard and fast moves pass.
class OneEuroFilter {
 public:
  explicit OneEuroFilter(OneEuroConfig config = {});
  // The filtered value of `value` sampled at t_ms. The first sample passes unchanged.
  double filter(double value, std::int64_t t_ms);
  void reset();

 private:
  OneEuroConfig config_;
  bool started_ = false;
  double x_ = 0;   // last filtered value
  double dx_ = 0;  // last filtered speed (units per second)
  std::int64_t t_ms_ = 0;
};

struct StabilizerConfig {
  int appear_k = 2;
  int appear_n = 3;
  std::int64_t absent_ms = 3000;  // when nothing can be seen of a card's place (see above)
  int bare_frames = 2;            // looks in a row at a bare place before a card is gone
  int bare_frames_moving = 4;     // the same for a place vacated, or a card last read moving
  // The same while an unread code passes near the bare place: a card slid unread for a second
  // is not taken away and laid again (two false facts); a card carried off leaves its reach.
  int passing_frames = 10;
  int uncovered_frames = 2;       // frames in a row the card it lay on shows before a card is gone
  double still_share = 0.25;      // a code that moved less than this part of its side lies still
  std::int64_t control_absent_ms = 1000;  // a control tag shown twice is two presses
  // Quarter-turn hysteresis, in degrees off a card's straight axis (0..90): bowed beyond
  // bow_on_deg, straight again under bow_off_deg.
  double bow_on_deg = 60;
  double bow_off_deg = 30;
  // The direction that counts as upright before the table is calibrated, as Sighting::angle_deg
  // (0: the image's up). The stabilizer writes it into its map's reference_deg.
  double reference_deg = 0;
  OneEuroConfig centre_filter{1.0, 0.05, 1.0};
  OneEuroConfig angle_filter{1.0, 0.05, 1.0};
};

// Where a tag lies, after filtering.
struct Pose {
  Point centre;           // mean of the four corners, in pixels
  double angle_deg = 0;   // as Sighting::angle_deg, 0 to 360
  bool bowed = false;     // quarter is 90 or 270
  int quarter = 0;        // 0, 90, 180 or 270 from upright at its place, with hysteresis
  Place place;            // seat or zone settled for appear_k sightings; at: the latest mm
};

struct TagEvent {
  // Appeared: presented (once per presentation), with its place and quarter;
  // Left: its place seen bare (or nothing seen of it for absent_ms);
  // Rotated: the quarter changed while present (pose.quarter is the new one);
  // Moved: the seat or zone changed while present and the new one held for appear_k sightings
  // (pose.place is the new one, pose.quarter is against its seat).
  enum class Kind { Appeared, Left, Rotated, Moved };
  Kind kind = Kind::Appeared;
  std::string payload;
  Sighting last;  // the sighting that decided it (for Left: the last one seen)
  Pose pose;      // the filtered pose at that moment
};

// What a card's place shows in a frame that did not read its code (TableLook decides it from the
// picture): nothing to tell (Unseen), the card itself (a missed read), something over it, the
// bare table, or another card's code read right there (a card laid over it, or in its place once
// it was picked up: the stabilizer tells which by whether the place was seen bare in between).
// Vacated is bare with something moving round it: a card slid out of its place, or carried off.
// Passing is bare with an unread code-like region within a slide's reach: the card itself on its
// way, blurred or turned, most often; it is held while that lasts (passing_frames at most).
// Covered is a hand or an arm over it (the table round it differs too); Overlaid is something
// else on its place with the table round it clear: most often another card, over it or under it.
enum class PlaceLook { Unseen, Card, Covered, Overlaid, Bare, Vacated, Another, Passing };
// Asked once a frame for each card on the table whose code that frame did not read, with the
// sighting that last read it.
using LookAtPlace = std::function<PlaceLook(const Sighting& last)>;

class Stabilizer {
 public:
  explicit Stabilizer(StabilizerConfig config = {}, TableMap map = {});
  // A new calibration or new areas mid-game. Cards keep their quarter and place until they are
  // next seen; a place that differs under the new map is then a Moved after appear_k sightings.
  void set_map(TableMap map);
  const TableMap& map() const { return map_; }
  // One call per frame, with everything seen in it (possibly nothing), and what the places of
  // the cards it did not read show (none: only absent_ms decides).
  std::vector<TagEvent> update(const std::vector<Sighting>& frame, std::int64_t t_ms, const LookAtPlace& look = {});
  // Tags currently on the table.
  std::vector<std::string> present() const;
  // The sighting that last read each tag on the table (read in this frame or held).
  std::vector<Sighting> on_table() const;
  // The filtered pose of a tag on the table, or nothing if it is not there.
  std::optional<Pose> pose(const std::string& payload) const;

  // How far an angle is from the reference direction's axis, folded to 0..90 degrees
  // (0 and 180 from it are both straight, 90 and 270 both fully bowed).
  static double off_axis_deg(double angle_deg, double reference_deg);
  // The quarter after `turn_deg` (0..360 from upright) given the current one, by the hysteresis
  // described at the top of this file.
  static int next_quarter(int quarter, double turn_deg, double bow_on_deg, double bow_off_deg);

 private:
  struct Track {
    std::deque<bool> seen;  // last n frames, newest at the back
    Sighting last;
    // Its last gap in reading (a frame or more unread), for a card uncovered in place: the read
    // before it, and when it was read again.
    std::optional<Sighting> before_gap;
    std::int64_t gap_end_ms = 0;
    std::int64_t first_ms = 0;         // when it was first read in this stay on the table
    std::string uncovering;            // the card it lay on, read again in place (see above)
    int uncovered = 0;                 // frames in a row that card has shown
    int stacked = 0;                   // frames in a row a card newly laid lies squarely on it
    std::int64_t kept_ms = 0;  // when it was last read, or its place last showed it or covered it
    int bare = 0;              // looks in a row at a bare place, vacated or not
    int bare_still = 0;        // of those, the last ones in a row with nothing moving round it
    bool seen_bare = false;    // its place was seen bare since it was last read
    bool moving = false;       // its last sighting had moved from the one before
    bool present = false;
    Pose pose;
    OneEuroFilter x, y, angle;  // angle is filtered unwrapped, then folded back to 0..360
    double unwrapped_angle = 0;
    bool has_pose = false;
    Place pending;         // a place other than pose.place, seen in `pending_count` sightings in a row
    int pending_count = 0;
    int pending_quarter = 0;  // a quarter other than pose.quarter, in `quarter_count` sightings in a row
    int quarter_count = 0;
    bool moved = false;    // this sighting settled a new place
    bool control = false;  // a control tag: it leaves after control_absent_ms
  };
  void follow(Track& track, const Sighting& s, std::int64_t t_ms) const;
  // Follows the place (re-snapping the quarter when the seat changes); true when it changed.
  // `away`: the card lies outside its settled area (settled or not).
  bool settle_place(Track& track, bool& away) const;
  void settle_quarter(Track& track, int quarter) const;
  // A present card its frame did not read: what its place shows decides whether it stays.
  bool gone(Track& track, const LookAtPlace& look, std::int64_t t_ms) const;
  // The card read this frame within a card's reach of where `track` lay that lay under it all
  // along (unread from before `track` was first read until after it was last read, and read again
  // in the same spot), or "" for none.
  std::string uncovered_under(const Track& track) const;
  // Whether a card first read after this one was last read lies squarely where it lay, read now.
  bool laid_square_over(const Track& track) const;
  // Whether `payload` was read this frame within a card's reach of where `track` lay.
  bool read_within_reach(const std::string& payload, const Track& track) const;

  StabilizerConfig config_;
  TableMap map_;
  std::map<std::string, Track> tracks_;
};

}  // namespace seneschal::vision
