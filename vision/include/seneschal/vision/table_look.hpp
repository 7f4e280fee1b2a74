#pragma once
// What the table looks like, so that a card whose code a frame did not read can still be told
// apart: there (a missed read: small codes, glare, blur), covered (a hand, an arm, another card
// over it) or gone (its place shows the bare table). The camera tracks cards, not codes.
//
// Two memories, both in the camera's own pixels (the camera does not move during a game):
// - Each card as it looked when its code was last read: the code sampled on its own grid, about a
//   sample a module. A place that still correlates with it shows the card.
// - The bare table: a colour picture at a few hundred pixels across, learnt where no card lies
//   and nothing moves. A pixel never known is taken once it has shown the same for 2.4 s (a sleeve
//   resting there when the table is first looked at is not the cloth); known ones follow slowly,
//   so a hand resting on the table for two seconds is not learnt as table.
//
// Another card's code read right where a card's code lay has taken its place (laid there after
// it was picked up, or over it: the stabilizer tells the two apart). A place that is not the card
// is bare when its pixels match the learnt table (a lamp's reflection drifting over it is
// allowed: a near-grey brightening of the whole place). Where the table under a card was never
// seen bare (a card lying there since the first frame), it is judged from around: a ring of known
// table around the place that shows something else means a hand or an arm reaches over it
// (covered); a clear ring, and a place of the colour of the table in that ring and no less flat,
// is bare. Anything else is overlaid (the table round it clear: another card most often), which
// holds the card like covered unless the card it lay on shows (stabilizer.hpp), or covered while
// an unread code moves near (this card slid or carried off, blurred). A wrong "covered" delays a removal, a wrong "bare" would remove a
// card that lies there, and only the second writes a false fact. A bare place with something moving round it (the card slid out of it, a hand
// carrying it off) is told apart as vacated: the stabilizer waits longer before it calls the card
// gone, since a card in passage reads again where it comes to rest. So is a bare place with an
// unread code-like region within a slide's reach (a card sliding, blurred or turned on its way, or
// come to rest unread), but only one first seen since this card was last read and lying at no other
// card's place: a card's title, a covered card's code or a pattern that lay there while this card
// was read elsewhere is not this card.

#include <cstdint>
#include <map>
#include <optional>
#include <opencv2/core/mat.hpp>
#include <string>
#include <utility>
#include <vector>

#include "seneschal/vision/picture.hpp"
#include "seneschal/vision/sighting.hpp"
#include "seneschal/vision/stabilizer.hpp"

namespace seneschal::vision {

struct TableLookConfig {
  int model_width = 320;       // the bare table's picture is this wide (at most the frame's width)
  double card_ncc = 0.5;       // a code correlating this well with itself as last read is the card
  int bare_level = 22;         // a pixel within this (0..255, any channel) of the table is table
  double bare_share = 0.85;    // this part of a place's pixels being table makes it bare
  double ring_busy = 0.2;      // this part of the ring round a place differing from the table: covered
  double reach = 1.5;          // code sides beyond a code's edge that its card may cover
  std::int64_t forget_ms = 600000;  // a card not read for this long is no longer remembered
};

class TableLook {
 public:
  explicit TableLook(TableLookConfig config = {});

  // One call per frame, before any look: the frame (BGR or grey), the codes it read, and where the
  // cards still held on the table were last read (Stabilizer::on_table). Learns the bare table
  // away from all of them and remembers how each read card looks.
  // `grey`: the frame in grey as the scanner made it (TrackingScanner::grey), or empty: made here.
  // `unread`: code-like regions no reader read (TrackingScanner::unread), a card that may be in passage.
  void see(const cv::Mat& frame, const cv::Mat& grey, const std::vector<Sighting>& read,
           const std::vector<Sighting>& held, const std::vector<cv::Rect>& unread, std::int64_t t_ms);
  // The same for a picture in the camera's own layout (picture.hpp): only the model's few hundred
  // pixels across are converted to colour.
  void see(const cv::Mat& frame, PixelFormat format, const cv::Mat& grey, const std::vector<Sighting>& read,
           const std::vector<Sighting>& held, const std::vector<cv::Rect>& unread, std::int64_t t_ms);
  // Instead of see(), for a frame that read every card held: no place is looked at (the
  // stabilizer asks only about cards a frame missed), and the table is not learnt from it. The
  // cards read are remembered as seen now; the pictures stay those of the last see().
  // Its unread regions are still followed, for how long each has lain there.
  void rest(const std::vector<Sighting>& read, const std::vector<cv::Rect>& unread, std::int64_t t_ms);
  // What the place of a card last read as `last` shows in the frame given to see().
  PlaceLook look(const Sighting& last) const;

  // The figures look() decided by, in words, for a failing test or a bench's problem list.
  std::string explain(const Sighting& last) const;

  // Forgets the table and every card (the camera was reopened, or moved).
  void reset();
  // The share of the bare-table picture learnt so far (0..1), for tests and the bench.
  double known_share() const;

 private:
  // A read card's pixels (grey, round its code) in the frame that last read it: its look is
  // sampled from them only when a frame misses it, so a frame that reads every card pays a copy
  // of a few small crops, not a warp each.
  struct Remembered {
    cv::Mat crop;
    cv::Point origin;  // the crop's top left in the frame
    // The code's corners in the frame the crop was taken from: the card may have moved since
    // while every frame read it (rest() keeps no pictures), so its look is sampled where it lay then.
    Sighting then;
    std::int64_t t_ms = 0;
  };
  // The known table round a place, not under another card.
  struct Ring {
    double busy = -1;       // the part of it that differs from the table; -1: too little known
    bool has_table = false; // enough of it still looks like the table for the next two
    cv::Scalar colour;      // the table's colour there now
    double spread = 0;      // how much its greys vary (weave, grain, lamp)
  };
  cv::Rect box(const Sighting& s, double grow) const;  // around the code, clipped to the frame
  // The code's look in `grey` (whose top left is `origin` in the frame); empty when flat.
  cv::Mat patch_of(const Sighting& s, const cv::Mat& grey, cv::Point origin = {}) const;
  // How well the code last read as `last` correlates with how it looked then; nothing when it or
  // the place is flat, or it was never remembered.
  std::optional<double> card_likeness(const Sighting& last) const;
  Ring ring_round(const Sighting& last) const;
  Ring whole_table() const;  // the same over all the known table in view
  // On the model: whether a place looks like the table round it, as flat as that.
  bool table_like(const cv::Rect& place, const Ring& ring) const;
  // The part of the masked pixels of model region r that differ from the learnt table, a lamp's
  // reflection allowed (1 for no pixels).
  double differing(const cv::Rect& r, const cv::Mat& mask) const;
  // Whether a place's known pixels match the learnt table (a lamp's reflection allowed).
  bool bare_against_table(const cv::Rect& place) const;
  // Whether something moved round a card's place since the frame before.
  bool stirring_round(const Sighting& last) const;
  // Whether an unread code-like region lies within a slide's reach of it at no other card's place
  // (not that card's missed read): this card resting unread where it was slid, or on its way;
  // `on_its_way`: only one that moved since the frame before (this card in passage).
  bool passing_near(const Sighting& last, bool on_its_way) const;

  TableLookConfig config_;
  cv::Size frame_size_;
  double scale_ = 1;     // model pixels per frame pixel
  cv::Mat grey_;         // the frame, grey
  cv::Mat small_;        // the frame at the model's size, CV_8UC3
  cv::Mat small_grey_;   // the same in grey
  cv::Mat previous_grey_;  // the frame before, at the model's size, grey
  cv::Mat halves_;       // the steps from the frame down to small_
  cv::Mat table_;        // the learnt bare table, CV_32FC3
  cv::Mat known_;        // CV_8U: 255 where table_ was learnt
  cv::Mat busy_;         // CV_8U: 255 where small_ differs from the table (0 where it is unknown)
  cv::Mat moved_;        // CV_8U: 255 where small_ differs from the frame before (and round that)
  cv::Mat cards_;        // CV_8U: 255 where a read or held card may lie this frame
  cv::Mat still_busy_;   // CV_8U: frames a learnable pixel has differed from the table in a row
  cv::Mat candidate_;    // CV_8UC3: what a pixel never known has shown since candidate_s_
  cv::Mat candidate_s_;  // CV_32F: since when (seconds after first_ms_), -1: none
  std::int64_t first_ms_ = 0;
  cv::Scalar gain_ = cv::Scalar::all(1);  // the exposure now against the learnt table's
  bool blind_ = false;   // most of the known table differs: nothing to judge by
  std::vector<Sighting> read_;  // the codes this frame read
  // Where the cards lie this frame, read or held (their codes' centres), and their codes' sides,
  // in pixels.
  std::vector<std::pair<Point, float>> card_places_;
  // The code-like regions no reader read, followed from frame to frame: since when one has lain
  // about there. One that lay there before a card was last read elsewhere is not that card (a
  // title, a covered card's code, a pattern on the cloth); one new this frame may be a card on its
  // way.
  struct UnreadRegion {
    cv::Rect rect;
    std::int64_t first_ms = 0;
    std::int64_t seen_ms = 0;
    bool matched = false;  // a region this frame lies where it lay (follow_unread)
  };
  std::vector<UnreadRegion> regions_;
  std::vector<UnreadRegion> next_regions_;  // follow_unread's buffer, kept to reuse its memory
  std::int64_t now_ms_ = 0;  // the frame's time given to see() or rest()
  void follow_unread(const std::vector<cv::Rect>& unread, std::int64_t t_ms);
  std::map<std::string, Remembered> cards_seen_;
};

}  // namespace seneschal::vision
