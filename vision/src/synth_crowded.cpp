// Crowded tables (make_crowded_table): many cards at once, seen whole by one camera, to measure
// the reader where a card's code is a few pixels per module and where it is many.

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "seneschal/vision/synth.hpp"
#include "synth_internal.hpp"

namespace seneschal::vision::synth {
namespace {

// 100 mm cells, as the table game's: a 63 x 88 mm card turned up to 6 degrees and moved 3 mm
// still stays 2 mm inside its cell, sideways too.
constexpr double kCell = 100;
constexpr double kJitterMm = 3;
constexpr double kJitterDeg = 6;

// The smallest grid of the frame's shape with room for `cards`: columns by rows.
std::pair<int, int> grid_for(int cards, int width, int height) {
  const double aspect = double(width) / height;
  for (int rows = 1;; ++rows) {
    const int cols = std::max(1, int(std::floor(rows * aspect)));
    if (cols * rows >= cards) return {cols, rows};
    // A frame much wider than the grid's rows would need: fill columns first.
    if (int(std::ceil(rows * aspect)) * rows >= cards) return {int(std::ceil(rows * aspect)), rows};
  }
}

}  // namespace

Result<Scene> make_crowded_table(const CrowdedTableOptions& o) {
  if (o.cards < 1 || o.cards > 200) return fail("crowded table: cards must be 1..200, not " + std::to_string(o.cards));
  if (o.frames < 1) return fail("crowded table: frames must be at least 1");
  if (o.change_every < 1) return fail("crowded table: change_every must be at least 1");
  Scene s;
  s.seed = o.seed;
  s.frames = o.frames;
  s.width = o.width;
  s.height = o.height;
  s.code_mm = o.code_mm;
  s.realism = o.realism;
  const auto [cols, rows] = grid_for(o.cards, o.width, o.height);
  // The table has the frame's shape and holds the grid; the grid sits in its middle.
  s.table_w_mm = float(std::max(cols * kCell, rows * kCell * o.width / o.height));
  s.table_h_mm = float(s.table_w_mm * o.height / o.width);
  const double x0 = (s.table_w_mm - cols * kCell) / 2, y0 = (s.table_h_mm - rows * kCell) / 2;

  cv::RNG r = detail::rng(s, detail::Stream::Crowd);
  std::vector<int> cells(std::size_t(cols * rows));
  for (std::size_t i = 0; i < cells.size(); ++i) cells[i] = int(i);
  for (std::size_t i = cells.size(); i > 1; --i) std::swap(cells[i - 1], cells[std::size_t(r.uniform(0, int(i)))]);
  std::map<std::string, int> copies;
  for (int i = 0; i < o.cards; ++i) {
    const int cell = cells[std::size_t(i)];
    SceneCard card;
    card.payload = detail::next_card_payload(r, copies, 5);
    card.x_mm = float(x0 + (cell % cols + 0.5) * kCell + r.uniform(-kJitterMm, kJitterMm));
    card.y_mm = float(y0 + (cell / cols + 0.5) * kCell + r.uniform(-kJitterMm, kJitterMm));
    // Upright for the near seat mostly; a bowed card lies sideways, an opponent's upside down.
    const double kind = r.uniform(0.0, 1.0);
    const double base = kind < 0.6 ? 0 : kind < 0.85 ? 90 : kind < 0.95 ? 180 : 270;
    card.angle_deg = float(base + r.uniform(-kJitterDeg, kJitterDeg));
    s.cards.push_back(std::move(card));
  }
  // Bow or straighten one card now and then: a quarter turn where it lies.
  for (int f = o.change_every, n = 0; f < o.frames; f += o.change_every, ++n) {
    SceneCard& card = s.cards[std::size_t(n % o.cards)];
    const CardMove was = card_at(card, f - 1);
    card.moves.push_back({f, was.x_mm, was.y_mm, was.angle_deg + (std::fmod(was.angle_deg + 360.0f, 180.0f) < 45 ? 90.0f : -90.0f)});
  }
  return s;
}

double crowded_table_px_per_mm(const Scene& scene) { return scene.width / double(scene.table_w_mm); }

}  // namespace seneschal::vision::synth
