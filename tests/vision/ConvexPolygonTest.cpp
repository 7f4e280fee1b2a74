#include "seneschal/vision/convex_polygon.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace seneschal::vision {
namespace {

const std::vector<TablePoint> kSquare = {{0, 0}, {100, 0}, {100, 100}, {0, 100}};  // clockwise, y down

double area(const std::vector<TablePoint>& p) {
  double twice = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const TablePoint a = p[i], b = p[(i + 1) % p.size()];
    twice += a.x_mm * b.y_mm - b.x_mm * a.y_mm;
  }
  return std::abs(twice) / 2;
}

TEST(ConvexPolygonTest, FarLeftFarRightNearRightNearLeftTurnsClockwise) {
  EXPECT_TRUE(turns_clockwise(kSquare));
  EXPECT_FALSE(turns_clockwise({{0, 0}, {0, 100}, {100, 100}, {100, 0}})) << "counter-clockwise";
  EXPECT_FALSE(turns_clockwise({{0, 0}, {100, 0}, {0, 100}, {100, 100}})) << "a bow tie crosses itself";
  EXPECT_FALSE(turns_clockwise({{0, 0}, {50, 0}, {100, 0}, {50, 50}})) << "three in a line";
  EXPECT_FALSE(turns_clockwise({{0, 0}, {100, 0}}));
}

TEST(ConvexPolygonTest, AStarTurningOneWayEverywhereIsNotConvex) {
  // A pentagram's points in drawing order: every turn is clockwise, yet it goes round twice.
  std::vector<TablePoint> star;
  for (int k = 0; k < 5; ++k) {
    const double a = (k * 144.0 - 90.0) * M_PI / 180.0;
    star.push_back({100 * std::cos(a), 100 * std::sin(a)});
  }
  EXPECT_FALSE(turns_clockwise(star));
}

TEST(ConvexPolygonTest, ClippingKeepsTheSideTheNormalPointsAwayFrom) {
  // x <= 30
  const auto left = clip_to_half_plane(kSquare, {1, 0}, 30);
  ASSERT_EQ(left.size(), 4u);
  EXPECT_DOUBLE_EQ(area(left), 3000);
  for (const TablePoint& p : left) EXPECT_LE(p.x_mm, 30 + 1e-9);
  // A diagonal cut keeps a triangle: x + y <= 100.
  EXPECT_DOUBLE_EQ(area(clip_to_half_plane(kSquare, {1, 1}, 100)), 5000);
  EXPECT_EQ(clip_to_half_plane(kSquare, {1, 1}, 100).size(), 3u) << "the cut passes through two corners: no doubles";
}

TEST(ConvexPolygonTest, AHalfPlaneMissingThePolygonLeavesNothingAndOneHoldingItLeavesItWhole) {
  EXPECT_TRUE(clip_to_half_plane(kSquare, {1, 0}, -5).empty());
  EXPECT_EQ(clip_to_half_plane(kSquare, {1, 0}, 500), kSquare);
}

TEST(ConvexPolygonTest, VoronoiCellsSplitTheRegionAtTheBisectors) {
  const std::vector<TablePoint> sites = {{20, 50}, {80, 50}, {50, 90}};
  double total = 0;
  for (std::size_t i = 0; i < sites.size(); ++i) {
    std::vector<TablePoint> others = sites;
    others.erase(others.begin() + static_cast<std::ptrdiff_t>(i));
    const auto cell = voronoi_cell(sites[i], others, kSquare);
    ASSERT_GE(cell.size(), 3u);
    EXPECT_TRUE(inside_convex(cell, sites[i]));
    total += area(cell);
  }
  EXPECT_NEAR(total, 10000, 1e-6) << "the cells tile the square";
  // The first two sites' bisector is x = 50.
  const auto left = voronoi_cell(sites[0], {sites[1]}, kSquare);
  EXPECT_NEAR(area(left), 5000, 1e-9);
}

TEST(ConvexPolygonTest, InsideCountsTheEdgeAndNotBeyond) {
  EXPECT_TRUE(inside_convex(kSquare, {50, 50}));
  EXPECT_TRUE(inside_convex(kSquare, {100, 40}));
  EXPECT_FALSE(inside_convex(kSquare, {101, 40}));
  EXPECT_FALSE(inside_convex(kSquare, {50, -1}));
}

TEST(ConvexPolygonTest, OutsideByIsTheDistancePastTheNearestEdge) {
  EXPECT_NEAR(outside_by_mm(kSquare, {50, 130}), 30, 1e-9);
  EXPECT_NEAR(outside_by_mm(kSquare, {-12, 50}), 12, 1e-9);
  EXPECT_LT(outside_by_mm(kSquare, {50, 90}), 0) << "inside";
}

}  // namespace
}  // namespace seneschal::vision
