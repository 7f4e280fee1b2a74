#pragma once
// The painting half of the tag sheets (tag_sheet_draw.cpp); tag_sheet.cpp validates, lays out the
// pages and owns the PDF surface. All coordinates are millimetres from the page's top-left corner:
// the context is scaled from PDF points once, when a page begins.

#include <cairo.h>
#include <qrencode.h>

#include <string>

#include "seneschal/vision/tag_sheet.hpp"

namespace seneschal::vision::sheet {

// Modules of quiet zone around every code, as the QR standard asks.
inline constexpr int kQuietModules = 4;

struct PageHeader {
  std::string title;
  int page = 1;
  int pages = 1;
  double code_mm = 0;
};

void draw_header(cairo_t* cr, const SheetGeometry& g, const PageHeader& header);
// Crop ticks in the margins and light dashed cut lines along the grid's rows and columns.
void draw_cut_guides(cairo_t* cr, const SheetGeometry& g, double grid_y_mm, int rows);
// One sticker with its top-left corner at (x, y): the code square, then caption and detail.
void draw_sticker(cairo_t* cr, const SheetGeometry& g, const QRcode& code, const Sticker& sticker, double x_mm,
                  double y_mm);
void draw_ruler(cairo_t* cr, const RulerPlacement& ruler);

}  // namespace seneschal::vision::sheet
