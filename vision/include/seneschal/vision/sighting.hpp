#pragma once

#include <array>
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

}  // namespace seneschal::vision
