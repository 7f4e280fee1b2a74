#pragma once
// Plane geometry on convex polygons in table millimetres, for areas drawn from tags: a seat's
// area is the part of the table nearer its tag than any other (a Voronoi cell), which for a
// convex table is the table cut by one half-plane per other tag. Cutting a convex polygon by a
// half-plane keeps it convex, so every cell is one clipped polygon and no general polygon
// library is needed.
//
// "Clockwise" is as seen from above with y growing toward the near edge (the table's and the
// image's convention alike): far left, far right, near right, near left goes clockwise.

#include <vector>

#include "seneschal/vision/table_calibration.hpp"

namespace seneschal::vision {

// Every corner turns the same way, clockwise, and no three follow in a line: a convex polygon
// listed clockwise. False for fewer than three points and for a polygon that crosses itself.
bool turns_clockwise(const std::vector<TablePoint>& polygon);

// The part of a convex polygon where normal . p <= offset (Sutherland-Hodgman against one
// edge). Empty when none of it is; the polygon itself when all of it is.
std::vector<TablePoint> clip_to_half_plane(const std::vector<TablePoint>& convex, TablePoint normal, double offset);

// The part of `region` (convex) nearer to `site` than to any of `others`: its Voronoi cell.
std::vector<TablePoint> voronoi_cell(TablePoint site, const std::vector<TablePoint>& others,
                                     const std::vector<TablePoint>& region);

// Inside or on the edge of a convex polygon listed clockwise.
bool inside_convex(const std::vector<TablePoint>& convex_clockwise, TablePoint point);

// How far a point lies beyond the edges of a convex polygon listed clockwise: the largest
// distance past the line of any edge, 0 or less inside (near a corner it underestimates the
// true distance, which is all a tolerance needs).
double outside_by_mm(const std::vector<TablePoint>& convex_clockwise, TablePoint point);

// The mean of the corners: inside any convex polygon, where a label can go.
TablePoint mean_point(const std::vector<TablePoint>& polygon);

double distance_mm(TablePoint a, TablePoint b);

}  // namespace seneschal::vision
