#include "seneschal/vision/convex_polygon.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace seneschal::vision {
namespace {

// z of (b - a) x (c - b): positive where a -> b -> c turns clockwise with y growing downward.
double turn(TablePoint a, TablePoint b, TablePoint c) {
  return (b.x_mm - a.x_mm) * (c.y_mm - b.y_mm) - (b.y_mm - a.y_mm) * (c.x_mm - b.x_mm);
}

double dot(TablePoint a, TablePoint b) { return a.x_mm * b.x_mm + a.y_mm * b.y_mm; }

// Points closer than this to the cutting line count as on it, so a vertex the line passes
// through is kept once instead of being split into two almost equal points.
constexpr double kOnTheLineMm = 1e-9;

}  // namespace

bool turns_clockwise(const std::vector<TablePoint>& polygon) {
  const std::size_t n = polygon.size();
  if (n < 3) return false;
  // Every turn clockwise is not enough on its own: a star (a pentagram) turns one way at every
  // point too. A convex polygon also goes round exactly once, so its turning angles add up to
  // 360 degrees; a star's add up to a multiple of that.
  double total = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const TablePoint a = polygon[i], b = polygon[(i + 1) % n], c = polygon[(i + 2) % n];
    if (turn(a, b, c) <= 0) return false;
    const double in = std::atan2(b.y_mm - a.y_mm, b.x_mm - a.x_mm);
    const double out = std::atan2(c.y_mm - b.y_mm, c.x_mm - b.x_mm);
    double bend = out - in;
    while (bend <= 0) bend += 2 * M_PI;
    while (bend > 2 * M_PI) bend -= 2 * M_PI;
    total += bend;
  }
  return std::abs(total - 2 * M_PI) < 1e-6;
}

std::vector<TablePoint> clip_to_half_plane(const std::vector<TablePoint>& convex, TablePoint normal, double offset) {
  std::vector<TablePoint> out;
  const std::size_t n = convex.size();
  for (std::size_t i = 0; i < n; ++i) {
    const TablePoint a = convex[i], b = convex[(i + 1) % n];
    const double da = dot(normal, a) - offset, db = dot(normal, b) - offset;
    if (da <= kOnTheLineMm) out.push_back(a);
    // The edge crosses the line strictly between its ends: keep the crossing point.
    if ((da < -kOnTheLineMm && db > kOnTheLineMm) || (da > kOnTheLineMm && db < -kOnTheLineMm)) {
      const double t = da / (da - db);
      out.push_back({a.x_mm + t * (b.x_mm - a.x_mm), a.y_mm + t * (b.y_mm - a.y_mm)});
    }
  }
  return out.size() < 3 ? std::vector<TablePoint>{} : out;
}

std::vector<TablePoint> voronoi_cell(TablePoint site, const std::vector<TablePoint>& others,
                                     const std::vector<TablePoint>& region) {
  std::vector<TablePoint> cell = region;
  for (const TablePoint& other : others) {
    if (cell.empty()) break;
    // |p - site|^2 <= |p - other|^2  <=>  (other - site) . p <= (|other|^2 - |site|^2) / 2
    const TablePoint normal{other.x_mm - site.x_mm, other.y_mm - site.y_mm};
    if (normal.x_mm == 0 && normal.y_mm == 0) continue;  // the same place: no line between them
    cell = clip_to_half_plane(cell, normal, (dot(other, other) - dot(site, site)) / 2);
  }
  return cell;
}

bool inside_convex(const std::vector<TablePoint>& convex_clockwise, TablePoint point) {
  const std::size_t n = convex_clockwise.size();
  if (n < 3) return false;
  for (std::size_t i = 0; i < n; ++i) {
    if (turn(convex_clockwise[i], convex_clockwise[(i + 1) % n], point) < 0) return false;
  }
  return true;
}

double outside_by_mm(const std::vector<TablePoint>& convex_clockwise, TablePoint point) {
  const std::size_t n = convex_clockwise.size();
  double beyond = -1e300;
  for (std::size_t i = 0; i < n; ++i) {
    const TablePoint a = convex_clockwise[i], b = convex_clockwise[(i + 1) % n];
    const double length = std::hypot(b.x_mm - a.x_mm, b.y_mm - a.y_mm);
    if (length > 0) beyond = std::max(beyond, -turn(a, b, point) / length);
  }
  return beyond;
}

TablePoint mean_point(const std::vector<TablePoint>& polygon) {
  TablePoint sum;
  for (const TablePoint& p : polygon) {
    sum.x_mm += p.x_mm / static_cast<double>(polygon.size());
    sum.y_mm += p.y_mm / static_cast<double>(polygon.size());
  }
  return sum;
}

double distance_mm(TablePoint a, TablePoint b) { return std::hypot(a.x_mm - b.x_mm, a.y_mm - b.y_mm); }

}  // namespace seneschal::vision
