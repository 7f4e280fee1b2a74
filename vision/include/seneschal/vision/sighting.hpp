#pragma once
// What the readers hand on: one code seen in one frame, with where its corners lie, so the
// tracker, the calibration and the stabilizer work on the same plain value whoever read it.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>

namespace seneschal::vision {

struct Point {
  float x = 0;
  float y = 0;
};

// One code seen in one frame. Corners go round the code from its own top-left, as printed
// (top-left, top-right, bottom-right, bottom-left), whatever way the card lies.
struct Sighting {
  std::string payload;
  std::array<Point, 4> corners{};
  double angle_deg = 0;  // rotation of the code's top edge from the image x axis, clockwise
  std::int64_t t_ms = 0;
};

// The middle of the code: the mean of its corners.
inline Point centre_of(const Sighting& s) {
  Point c;
  for (const Point& p : s.corners) {
    c.x += p.x / 4;
    c.y += p.y / 4;
  }
  return c;
}

// The longest of the code's four sides, in pixels: its size in the frame whatever way it lies.
inline float longest_side(const Sighting& s) {
  float side = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    const Point& a = s.corners[i];
    const Point& b = s.corners[(i + 1) % 4];
    side = std::max(side, std::hypot(b.x - a.x, b.y - a.y));
  }
  return side;
}

// Degrees of the code's top edge (corner 0 to corner 1) from the image x axis, clockwise on
// screen, in [0, 360): a Sighting's angle_deg from its corners.
inline double top_edge_angle(const std::array<Point, 4>& c) {
  const double degrees = std::atan2(c[1].y - c[0].y, c[1].x - c[0].x) * 180.0 / M_PI;
  return degrees < 0 ? degrees + 360.0 : degrees;
}

}  // namespace seneschal::vision
