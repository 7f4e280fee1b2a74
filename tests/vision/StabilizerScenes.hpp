#pragma once
// What the stabilizer tests share: a code drawn as a sighting, and a small calibrated table.

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "seneschal/vision/stabilizer.hpp"

namespace seneschal::vision::scenes {

// A code of side 80 px centred at (cx, cy), its top edge turned angle_deg clockwise from the x axis.
inline Sighting at(const std::string& payload, float cx, float cy, double angle_deg = 0) {
  Sighting s;
  s.payload = payload;
  s.angle_deg = angle_deg;
  const double a = angle_deg * M_PI / 180.0, c = std::cos(a) * 40, n = std::sin(a) * 40;
  const double dx[4] = {-1, 1, 1, -1}, dy[4] = {-1, -1, 1, 1};
  for (int i = 0; i < 4; ++i)
    s.corners[i] = {static_cast<float>(cx + dx[i] * c - dy[i] * n), static_cast<float>(cy + dx[i] * n + dy[i] * c)};
  return s;
}

// One pixel is one millimetre: a 600 x 400 table, seat 1 on the near half facing the far edge,
// seat 2 on the far half's left facing back, and a "centre" zone on the far half's right.
inline TableMap two_seat_table() {
  auto calibration = TableCalibration::from_points({Point{0, 0}, Point{600, 0}, Point{600, 400}, Point{0, 400}},
                                                   {TablePoint{0, 0}, TablePoint{600, 0}, TablePoint{600, 400}, TablePoint{0, 400}});
  EXPECT_TRUE(calibration.has_value());
  return TableMap(*calibration,
                  {{1, {{0, 200}, {600, 200}, {600, 400}, {0, 400}}, 0}, {2, {{0, 0}, {300, 0}, {300, 200}, {0, 200}}, 180}},
                  {{"centre", {{300, 0}, {600, 0}, {600, 200}, {300, 200}}}});
}

}  // namespace seneschal::vision::scenes
