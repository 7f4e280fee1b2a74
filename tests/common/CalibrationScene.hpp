#pragma once
// A table laid out for `seneschal calibrate`, as the synthetic camera sees it: 600 x 338 mm at
// 1280 x 720 (the table game's scale, where 36 mm codes read reliably), the corner tags S1:CAL:1-4
// in the corners and seat tags along the edges, each laid as a card upright to its seat. Tests
// of the geometry (vision) and of the command (firmware) share it, so both read the same table.

#include <string>
#include <vector>

#include "seneschal/vision/synth.hpp"

namespace seneschal::test {

struct LaidTag {
  std::string payload;
  float x_mm = 0;  // the card's centre on the scene's table (its code lies 2 mm below, turned with it)
  float y_mm = 0;
  float angle_deg = 0;  // clockwise from the far edge: a seat's facing for its seat tag
};

// The corner tags' cards; their codes' centres are 510 mm across and 238 mm deep apart, so
// `--table 510x238` describes this table.
inline std::vector<LaidTag> corner_tags() {
  return {{"S1:CAL:1", 45, 48, 0}, {"S1:CAL:2", 555, 48, 0}, {"S1:CAL:3", 555, 286, 0}, {"S1:CAL:4", 45, 286, 0}};
}

// Seat 1 at the near edge (facing 0), seat 2 at the left edge (90), seat 3 at the far edge (180).
inline std::vector<LaidTag> three_seat_tags() {
  return {{"S1:SEAT:1", 300, 286, 0}, {"S1:SEAT:2", 64, 167, 90}, {"S1:SEAT:3", 300, 48, 180}};
}

inline vision::synth::Scene calibration_scene(const std::vector<LaidTag>& tags, int frames = 1,
                                              std::uint32_t seed = 5) {
  vision::synth::Scene scene;
  scene.seed = seed;
  scene.frames = frames;
  scene.table_w_mm = 600;
  scene.table_h_mm = 338;
  scene.code_mm = 36;
  scene.realism.hand_rate = 0;
  scene.realism.foreign_rate = 0;
  for (const LaidTag& tag : tags) {
    vision::synth::SceneCard card;
    card.payload = tag.payload;
    card.x_mm = tag.x_mm;
    card.y_mm = tag.y_mm;
    card.angle_deg = tag.angle_deg;
    card.last_frame = frames - 1;
    scene.cards.push_back(card);
  }
  return scene;
}

inline std::vector<LaidTag> operator+(std::vector<LaidTag> a, const std::vector<LaidTag>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

}  // namespace seneschal::test
