// Whole recorded games from a seed (make_table_game): the table is a grid of cells, one card per
// cell at a time, each cell big enough for a card turned any way, so no card ever lies on another
// card's code; the calibration tags take the four corner cells, the seats the edge rows and
// columns, and the "centre" zone the rest. Cards are laid over time into cells free for their
// whole stay, then bowed and straightened, turned, slid to another seat, covered or taken away.
// A hard game (TableGameOptions::hard) adds what a grid keeps out: slides that turn the card on
// the way and hands pushing them, arms across the table over other codes, and a card laid over
// another's code for a while, reaching into the next cell (which is kept free meanwhile).

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <optional>
#include <string>

#include "seneschal/vision/synth.hpp"
#include "synth_internal.hpp"

namespace seneschal::vision::synth {
namespace {

using detail::Stream;

// A cell is 100 mm square: a 63 x 88 mm card fits in it turned any way with 6 mm to spare
// beside its long side, and a hand resting on one card stays clear of the codes in the cells
// beside it (its thumb reaches about 72 mm sideways; the next code's quiet zone starts 75 mm
// away with 36 mm codes).
constexpr double kCell = 100;
// Without a table size: 36 mm codes (TableGameOptions::code_mm) of version 1 (every short payload
// is at most 20 characters) at 2.13 px/mm have 3.7 px per module, 3.4 at the far edge with the
// moderate tilt: above ZBar's 3.25. That gives a 600 x 338 mm table at 1280 x 720 (6 x 3 cells)
// and 900 x 506 mm at 1920 x 1080 (9 x 5).
constexpr double kPxPerMm = 1280.0 / 600.0;

struct Rect {
  double x0, y0, x1, y1;
  std::vector<TablePoint> polygon() const { return {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}; }
};

struct Cell {
  TablePoint centre;
  int seat = 0;  // whose area it is in; 0: the centre zone
  std::pair<int, int> grid;  // column, row
  int inward = -1;           // for a cell on the edge, the cell next to it toward the middle
};

// Which frames are taken, per cell and for the one hand the generator can draw per frame.
struct Timeline {
  std::vector<bool> taken;
  bool free(int from, int to) const {
    for (int f = std::max(from, 0); f <= to && f < int(taken.size()); ++f)
      if (taken[f]) return false;
    return true;
  }
  void take(int from, int to) {
    for (int f = std::max(from, 0); f <= to && f < int(taken.size()); ++f) taken[f] = true;
  }
};

class Game {
 public:
  Game(const TableGameOptions& o, Scene& scene) : o_(o), s_(scene), r_(detail::rng(scene, Stream::Game)) {}

  void lay_out() {
    // Cell centres: the outer rows and columns hug the table's edges (6 mm from the card to the
    // edge), the inner ones share what is left evenly. The space this leaves between a seat's
    // row and the centre is what lets a hand reach in from the edge over a seat's card without
    // its fingers touching the code beyond (they reach about 88 mm past the code it rests on).
    const int cols = int(s_.table_w_mm / kCell), rows = int(s_.table_h_mm / kCell);
    const auto centres = [](int n, double length) {
      std::vector<double> at(n);
      for (int i = 0; i < n; ++i) at[i] = kCell / 2 + (length - kCell) * i / (n - 1);
      return at;
    };
    const std::vector<double> xs = centres(cols, s_.table_w_mm), ys = centres(rows, s_.table_h_mm);
    const double w = s_.table_w_mm, h = s_.table_h_mm;
    const double left = (xs[0] + xs[1]) / 2, right = (xs[cols - 2] + xs[cols - 1]) / 2;
    const double top = (ys[0] + ys[1]) / 2, bottom = (ys[rows - 2] + ys[rows - 1]) / 2;
    const std::array<Rect, 4> areas = {Rect{left, bottom, right, h}, Rect{left, 0, right, top}, Rect{0, top, left, bottom},
                                       Rect{right, top, w, bottom}};
    const std::array<double, 4> facings = {0, 180, 90, 270};
    for (int seat = 1; seat <= o_.seats; ++seat)
      s_.seats.push_back({seat, areas[seat - 1].polygon(), facings[seat - 1]});
    s_.zones.push_back({"centre", Rect{0, top, w, bottom}.polygon()});

    // The calibration tags in the corner cells, in the order S1:CAL:1-4 are numbered (clockwise
    // from the far left corner, as TableCalibration expects them).
    const std::array<std::pair<int, int>, 4> corners = {{{0, 0}, {cols - 1, 0}, {cols - 1, rows - 1}, {0, rows - 1}}};
    for (int n = 0; n < 4; ++n) {
      SceneCard cal;
      cal.payload = "S1:CAL:" + std::to_string(n + 1);
      cal.x_mm = float(xs[corners[n].first]);
      cal.y_mm = float(ys[corners[n].second]);
      cal.last_frame = s_.frames - 1;
      s_.cards.push_back(cal);
    }
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) {
        const bool corner = (r == 0 || r == rows - 1) && (c == 0 || c == cols - 1);
        if (corner) continue;
        Cell cell;
        cell.centre = {xs[c], ys[r]};
        cell.seat = seat_at(cell.centre, s_.seats).value_or(0);
        cell.grid = {c, r};
        index_[cell.grid] = int(cells_.size());
        cells_.push_back(cell);
        cell_time_.push_back({std::vector<bool>(s_.frames, false)});
      }
    }
    // The cell a hand over an edge cell reaches into: the next one toward the middle.
    for (Cell& cell : cells_) {
      auto [c, r] = cell.grid;
      if (r == 0) ++r;
      else if (r == rows - 1) --r;
      else if (c == 0) ++c;
      else if (c == cols - 1) --c;
      else continue;
      cell.inward = index_.at({c, r});
    }
    hand_.taken.assign(s_.frames, false);
  }

  void deal() {
    // A game in progress: a few cards already lie there at the start, the rest come over the
    // first three quarters of it. Each stays long enough that the table fills up but, where the
    // cells are fewer than the cards, leaves room for those coming later.
    const int slots = int(cells_.size());
    const int at_start = std::min({o_.cards, 2 * o_.seats, slots / 2});
    const int stay = o_.cards <= slots - 2 ? s_.frames : std::max(30, int(s_.frames * 0.9 * (slots - 2) / o_.cards));
    for (int i = 0; i < o_.cards; ++i) {
      const int first = i < at_start ? 0 : int(r_.uniform(0.0, 0.75) * s_.frames);
      const int owner = 1 + i % o_.seats;
      const bool leaves = o_.cards > slots - 2 || r_.uniform(0.0, 1.0) < 0.2;
      const int last = leaves ? first + int(stay * r_.uniform(0.5, 1.0)) : s_.frames - 1;
      const std::string card = payload();
      overlaid_.resize(s_.cards.size() + 1, Timeline{std::vector<bool>(std::size_t(s_.frames), false)});
      if (i >= at_start && chance(o_.overlay_rate) && overlay(card, owner, first, std::min(last, s_.frames - 1)))
        continue;
      lay(card, owner, first, std::min(last, s_.frames - 1));
    }
  }

 private:
  std::string payload() { return detail::next_card_payload(r_, copies_, 3, o_.ids); }

  double facing(int seat) const { return facing_of(seat, s_.seats); }
  float jitter_deg() { return float(r_.uniform(-4.0, 4.0)); }

  // A free cell for frames from..to: the owner's area first, then the centre, then anywhere.
  // `away_from` > 0 asks for a cell in another seat's area than that one.
  std::optional<int> free_cell(int owner, int from, int to, int away_from = 0) {
    std::vector<std::pair<double, int>> order;
    for (std::size_t c = 0; c < cells_.size(); ++c) {
      if (!cell_time_[c].free(from, to)) continue;
      if (away_from > 0 && (cells_[c].seat == 0 || cells_[c].seat == away_from)) continue;
      const double rank = cells_[c].seat == owner ? 0 : cells_[c].seat == 0 ? 1 : 2;
      order.emplace_back(rank + r_.uniform(0.0, 0.5), int(c));
    }
    if (order.empty()) return std::nullopt;
    return std::min_element(order.begin(), order.end())->second;
  }

  void lay(const std::string& payload, int owner, int first, int last) {
    // A full table: wait for a cell to free up (a card laid later), but stay at least 20 frames.
    std::optional<int> cell;
    while (!(cell = free_cell(owner, first, last)) && first + 20 < s_.frames) {
      ++first;
      last = std::max(last, std::min(first + 20, s_.frames - 1));
    }
    if (!cell) return;  // no room left at the end of the game: the card is not played
    cell_time_[*cell].take(first, last);
    const Cell& home = cells_[*cell];
    SceneCard card;
    card.payload = payload;
    card.first_frame = first;
    card.last_frame = last;
    CardMove now{first, float(home.centre.x_mm + r_.uniform(-3.0, 3.0)), float(home.centre.y_mm + r_.uniform(-3.0, 3.0)),
                 float(facing(home.seat ? home.seat : owner) + jitter_deg())};
    card.x_mm = now.x_mm;
    card.y_mm = now.y_mm;
    card.angle_deg = now.angle_deg;
    // Its life on the table, one thing after another.
    int t = first + int(r_.uniform(3, 12));
    const auto turn = [&](float by) {
      now.frame = t;
      now.angle_deg += by;
      card.moves.push_back(now);
    };
    if (r_.uniform(0.0, 1.0) < 0.4 && t + 8 < last) {  // bowed, and straightened again later
      turn(90.0f + jitter_deg());
      t += int(r_.uniform(5, 30));
      if (t < last) turn(-90.0f + jitter_deg());
      t += int(r_.uniform(3, 10));
    }
    if (r_.uniform(0.0, 1.0) < 0.2 && t + 4 < last) {  // turned upside down
      turn(180.0f + jitter_deg());
      t += int(r_.uniform(3, 10));
    }
    if (o_.seats > 1 && r_.uniform(0.0, 1.0) < 0.2 && t + 10 < last) slide(card, now, *cell, t, last);
    if (r_.uniform(0.0, 1.0) < 0.5 && home.inward >= 0) cover(card, home.inward, first, last);
    if (chance(o_.arm_rate)) reach_across(card, home.seat);
    std::sort(card.hands.begin(), card.hands.end(),
              [](const CardHand& a, const CardHand& b) { return a.frame < b.frame; });
    s_.cards.push_back(std::move(card));
  }

  // True with probability p; draws nothing when p is 0, so a knob left off keeps the default
  // games as they were.
  bool chance(float p) { return p > 0 && r_.uniform(0.0, 1.0) < p; }

  // Frames from..to in which the card lies still (no move from the frame before `from` to the
  // one after `to`) and no hand of its own is on it.
  static bool still(const SceneCard& card, int from, int to) {
    const auto within = [&](int f) { return f >= from - 1 && f <= to + 1; };
    return std::none_of(card.moves.begin(), card.moves.end(), [&](const CardMove& m) { return within(m.frame); }) &&
           std::none_of(card.hands.begin(), card.hands.end(), [&](const CardHand& h) { return within(h.frame); }) &&
           std::none_of(card.covered_frames.begin(), card.covered_frames.end(), within);
  }

  // A player across the table reaches over it to the card and rests a hand on its code for 1
  // frame up to max_cover_ms, the arm lying over whatever is between.
  void reach_across(SceneCard& card, int home_seat) {
    std::vector<int> others;
    for (int seat = 1; seat <= o_.seats; ++seat)
      if (seat != home_seat) others.push_back(seat);
    const int seat = others[std::size_t(r_.uniform(0, int(others.size())))];
    const int longest = std::max<int>(1, int(o_.max_cover_ms / o_.frame_interval_ms));
    const int frames = int(r_.uniform(1, longest + 1));
    for (int attempt = 0; attempt < 10; ++attempt) {
      const int from = int(r_.uniform(card.first_frame, std::max(card.first_frame + 1, card.last_frame - frames + 1)));
      const int to = from + frames - 1;
      if (to > card.last_frame || !hand_.free(from - 1, to + 1) || !still(card, from, to)) continue;
      hand_.take(from, to);
      for (int f = from; f <= to; ++f) card.hands.push_back({f, float(facing(seat)), Grip::Code});
      return;
    }
  }

  // A card laid partly over a card lying there, over its code, for 10 to 40 frames, then taken
  // away or slid off into the next cell. The covered card stays (the truth hides its code); the
  // next cell, which the card over it reaches into, is kept free meanwhile.
  bool overlay(const std::string& payload, int owner, int first, int last) {
    const int lying = int(r_.uniform(10, 41));
    const int end = std::min(first + lying - 1, s_.frames - 1);
    const bool slides_off = r_.uniform(0.0, 1.0) < 0.5;
    const int stays = slides_off ? std::max(last, std::min(end + 20, s_.frames - 1)) : end;
    std::vector<std::pair<double, std::size_t>> order;
    for (std::size_t i = 4; i < s_.cards.size(); ++i) order.emplace_back(r_.uniform(0.0, 1.0), i);
    std::sort(order.begin(), order.end());
    for (const auto& [rank, i] : order) {
      const SceneCard& under = s_.cards[i];
      if (under.first_frame > first - 2 || under.last_frame < end + 2 || !still(under, first, end)) continue;
      if (!overlaid_[i].free(first, end)) continue;
      const CardMove at = card_at(under, first);
      const auto cell = cell_holding({at.x_mm, at.y_mm});
      if (!cell) continue;
      // Toward a neighbouring cell free for as long as the card over it needs it.
      static constexpr std::array<std::pair<int, int>, 4> kSides = {{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
      const int side0 = int(r_.uniform(0, 4));
      for (int k = 0; k < 4; ++k) {
        const auto [dc, dr] = kSides[std::size_t((side0 + k) % 4)];
        const auto next = index_.find({cells_[*cell].grid.first + dc, cells_[*cell].grid.second + dr});
        if (next == index_.end() || !cell_time_[std::size_t(next->second)].free(first, stays)) continue;
        cell_time_[std::size_t(next->second)].take(first, stays);
        overlaid_[i].take(first, end);
        SceneCard card;
        card.payload = payload;
        card.first_frame = first;
        card.last_frame = stays;
        // 38 mm off the covered card's centre: its edge lies over the covered code, its own code
        // on the covered card's rim and beyond.
        card.x_mm = float(at.x_mm + dc * (38 + r_.uniform(-3.0, 3.0)));
        card.y_mm = float(at.y_mm + dr * (38 + r_.uniform(-3.0, 3.0)));
        card.angle_deg = float(at.angle_deg + r_.uniform(-20.0, 20.0));
        if (slides_off) {
          const Cell& to = cells_[std::size_t(next->second)];
          const float facing_to = float(facing(to.seat ? to.seat : owner) + jitter_deg());
          constexpr int kSteps = 3;
          for (int step = 1; step <= kSteps && end + step <= stays; ++step) {
            const double p = double(step) / kSteps;
            card.moves.push_back({end + step, float(card.x_mm + (to.centre.x_mm - card.x_mm) * p),
                                  float(card.y_mm + (to.centre.y_mm - card.y_mm) * p),
                                  float(card.angle_deg + angle_between_deg(facing_to, card.angle_deg) * p)});
          }
        }
        s_.cards.push_back(std::move(card));
        return true;
      }
    }
    return false;
  }

  std::optional<int> cell_holding(TablePoint p) const {
    for (std::size_t c = 0; c < cells_.size(); ++c)
      if (std::abs(cells_[c].centre.x_mm - p.x_mm) < kCell / 2 && std::abs(cells_[c].centre.y_mm - p.y_mm) < kCell / 2)
        return int(c);
    return std::nullopt;
  }

  // Slid across the table into a free cell of another seat's area over four frames, keeping its
  // angle on the table; half the time its new owner then turns it to face them.
  void slide(SceneCard& card, CardMove& now, int from_cell, int& t, int last) {
    constexpr int kSteps = 4;
    const int from_seat = cells_[from_cell].seat;
    const auto to_cell = free_cell(-1, t, last, from_seat > 0 ? from_seat : 99);
    if (!to_cell) return;
    // The card leaves its old cell once it arrives; the new one is its from the first step.
    std::fill(cell_time_[from_cell].taken.begin() + t + kSteps, cell_time_[from_cell].taken.begin() + last + 1, false);
    cell_time_[*to_cell].take(t, last);
    const CardMove start = now;
    const TablePoint end = cells_[*to_cell].centre;
    if (chance(o_.turning_slides)) {
      turning_slide(card, now, from_seat, cells_[*to_cell], t);
      return;
    }
    for (int k = 1; k <= kSteps; ++k, ++t) {
      now.frame = t;
      now.x_mm = float(start.x_mm + (end.x_mm - start.x_mm) * k / kSteps);
      now.y_mm = float(start.y_mm + (end.y_mm - start.y_mm) * k / kSteps);
      card.moves.push_back(now);
    }
    t += int(r_.uniform(2, 6));
    if (r_.uniform(0.0, 1.0) < 0.5 && t < last) {
      now.frame = t;
      now.angle_deg = float(facing(cells_[*to_cell].seat) + jitter_deg());
      card.moves.push_back(now);
      t += int(r_.uniform(3, 10));
    }
  }

  // Slid over five frames into `to`, the hand turning it on the way to face its new seat:
  // speeding up and slowing down, so that the frames between show it half turned (about 30 degrees
  // off square for a quarter turn, 60 off the way it lay, and the other way round). Sometimes the old owner's hand
  // pushes it along, its fingertips on the card's edge or, now and then, its palm on the code.
  void turning_slide(SceneCard& card, CardMove& now, int from_seat, const Cell& to, int& t) {
    constexpr int kSteps = 5;  // it reaches its new cell in the fifth, when the old cell is free again
    const CardMove start = now;
    const double goal = facing(to.seat) + jitter_deg();
    double turn = angle_between_deg(goal, start.angle_deg);
    if (std::abs(turn) > 175) turn = r_.uniform(0.0, 1.0) < 0.5 ? turn : turn - std::copysign(360.0, turn);
    const bool pushed = chance(o_.pushed_slides) && hand_.free(t - 1, t + kSteps);
    const Grip grip = pushed && r_.uniform(0.0, 1.0) < 0.25 ? Grip::Code : Grip::Edge;
    if (pushed) hand_.take(t, t + kSteps - 1);
    for (int k = 1; k <= kSteps; ++k, ++t) {
      const double p = (1 - std::cos(CV_PI * k / kSteps)) / 2;
      now.frame = t;
      now.x_mm = float(start.x_mm + (to.centre.x_mm - start.x_mm) * p);
      now.y_mm = float(start.y_mm + (to.centre.y_mm - start.y_mm) * p);
      now.angle_deg = float(start.angle_deg + turn * p);
      card.moves.push_back(now);
      if (pushed) card.hands.push_back({t, float(facing(from_seat)), grip});
    }
    t += int(r_.uniform(3, 10));
  }

  // A hand rests on the card for 1 frame up to max_cover_ms, while the card lies still and the
  // cell its fingers reach into stays empty.
  void cover(SceneCard& card, int inward, int first, int last) {
    const int longest = std::max<int>(1, int(o_.max_cover_ms / o_.frame_interval_ms));
    const int frames = int(r_.uniform(1, longest + 1));
    for (int attempt = 0; attempt < 10; ++attempt) {
      const int from = int(r_.uniform(first, std::max(first + 1, last - frames + 1)));
      const int to = from + frames - 1;
      if (to > last || !hand_.free(from - 1, to + 1) || !cell_time_[inward].free(from, to)) continue;
      const bool still = std::none_of(card.moves.begin(), card.moves.end(),
                                      [&](const CardMove& m) { return m.frame >= from - 1 && m.frame <= to + 1; });
      if (!still) continue;
      hand_.take(from, to);
      cell_time_[inward].take(from, to);
      for (int f = from; f <= to; ++f) card.covered_frames.push_back(f);
      return;
    }
  }

  const TableGameOptions& o_;
  Scene& s_;
  cv::RNG r_;
  std::vector<Cell> cells_;
  std::map<std::pair<int, int>, int> index_;  // cell by column, row
  std::vector<Timeline> cell_time_;
  std::vector<Timeline> overlaid_;  // by scene card: frames in which a card lies over its code
  Timeline hand_;
  std::map<std::string, int> copies_;
};

Result<void> check(const TableGameOptions& o) {
  const auto outside = [](const char* field, double v, double lo, double hi) {
    return fail("table game: " + std::string(field) + ": " + std::to_string(static_cast<long long>(v)) + " is outside " +
                std::to_string(static_cast<long long>(lo)) + ".." + std::to_string(static_cast<long long>(hi)));
  };
  if (!((o.width == 1280 && o.height == 720) || (o.width == 1920 && o.height == 1080)))
    return fail("table game: width x height: " + std::to_string(o.width) + " x " + std::to_string(o.height) +
                " is neither 1280 x 720 nor 1920 x 1080");
  if (o.cards < 20 || o.cards > 40) return outside("cards", o.cards, 20, 40);
  if (o.seats < 2 || o.seats > 4) return outside("seats", o.seats, 2, 4);
  if (o.frames < 10 || o.frames > 100000) return outside("frames", o.frames, 10, 100000);
  if (o.frame_interval_ms < 1 || o.frame_interval_ms > 10000) return outside("frame_interval_ms", double(o.frame_interval_ms), 1, 10000);
  if (o.max_cover_ms < o.frame_interval_ms || o.max_cover_ms > 60000)
    return outside("max_cover_ms", double(o.max_cover_ms), double(o.frame_interval_ms), 60000);
  if ((o.table_w_mm == 0) != (o.table_h_mm == 0))
    return fail("table game: table_w_mm x table_h_mm: give both or neither (the frame's shape)");
  if (o.table_w_mm != 0 && (o.table_w_mm < 300 || o.table_w_mm > 3000))
    return outside("table_w_mm", o.table_w_mm, 300, 3000);
  if (o.table_h_mm != 0 && (o.table_h_mm < 300 || o.table_h_mm > 3000))
    return outside("table_h_mm", o.table_h_mm, 300, 3000);
  if (o.code_mm < 20 || o.code_mm > 40) return outside("code_mm", o.code_mm, 20, 40);
  for (const auto& [field, v] :
       {std::pair{"turning_slides", o.turning_slides}, std::pair{"pushed_slides", o.pushed_slides},
        std::pair{"arm_rate", o.arm_rate}, std::pair{"overlay_rate", o.overlay_rate}})
    if (!(v >= 0 && v <= 1))
      return fail("table game: " + std::string(field) + ": " + std::to_string(v) + " is outside 0..1");
  return {};
}

}  // namespace

TableGameOptions TableGameOptions::hard() {
  TableGameOptions o;
  // 900 x 560 mm: at 1280 x 720 the table's depth sets the scale, 1.29 px/mm, so a 36 mm
  // version-2 code has 1.85 px a module (2.8 at 1920 x 1080).
  o.table_w_mm = 900;
  o.table_h_mm = 560;
  o.code_mm = 36;
  o.ids = CardIds::Long;
  o.turning_slides = 0.75;
  o.pushed_slides = 0.5;
  o.arm_rate = 0.3;
  o.overlay_rate = 0.15;
  o.realism.glare = 0.2f;
  o.realism.glare_drift = 0.004f;  // 5 px a frame at 1280: across the frame in about 50 s
  o.realism.glare_core = 1;
  o.realism.motion_blur = 0.3f;
  return o;
}

Result<Scene> make_table_game(const TableGameOptions& options) {
  if (auto ok = check(options); !ok) return fail(ok.error().message);
  Scene scene;
  scene.seed = options.seed;
  scene.frames = options.frames;
  scene.width = options.width;
  scene.height = options.height;
  scene.frame_interval_ms = options.frame_interval_ms;
  scene.table_w_mm = options.table_w_mm > 0 ? options.table_w_mm : float(options.width / kPxPerMm);
  scene.table_h_mm = options.table_h_mm > 0 ? options.table_h_mm : float(options.height / kPxPerMm);
  scene.code_mm = options.code_mm;
  scene.realism = options.realism;
  Game game(options, scene);
  game.lay_out();
  game.deal();
  // A hand that cannot lie on its card without touching another code (a card slid next to it,
  // a thumb toward a neighbour) is dropped for that frame rather than failing the whole game.
  for (SceneCard& card : scene.cards) {
    std::vector<int> kept;
    const std::vector<int> planned = card.covered_frames;
    for (int f : planned) {
      card.covered_frames = {f};
      if (frame_truth(scene, f)) kept.push_back(f);
    }
    card.covered_frames = kept;
  }
  if (auto ok = detail::validate(scene, "table game"); !ok) return fail(ok.error().message);
  return scene;
}

}  // namespace seneschal::vision::synth
