#pragma once
// Printable sticker sheets: the QR tags players print in an evening, cut out and stick on their
// cards (or on slips slid into the sleeves). Vision knows tags, not rules: the caller hands over
// each sticker's payload and the words to print under it.
//
// Codes are drawn as vector rectangles (crisp at any printer resolution). Every sticker is the
// same size: the code is a square of `code_mm` that already holds its white quiet zone (4 modules
// each side), so the module size follows the payload: 18 mm gives 0.62 mm modules for a version 1
// code (21 modules) and 0.55 mm for version 2 (25 modules). Under the code, out of its quiet zone,
// come the caption (the card's title) and the detail ("copy 2 · R9E"), shrunk or cut with an
// ellipsis to the sticker's width.

#include <string>
#include <vector>

#include "seneschal/base/result.hpp"

namespace seneschal::vision {

struct Sticker {
  std::string payload;  // the QR content, e.g. "S1:R9E:HAMMERDOOMS-ROOST:2"
  std::string caption;  // the card's title as people read it, e.g. "Hammerdoom's Roost"
  std::string detail;   // a smaller second line, e.g. "copy 2 · R9E"; may be empty
};

enum class Paper { A4, Letter };
enum class CutMarks { None, Guides };  // Guides: crop ticks in the margins and light cut lines

// Code sizes that fit: a sticker in the bottom margin of a 63x88 mm card (the sticker is
// 22 x 29 mm, a third of the card's height), or a slip slid into the sleeve in front of the
// card's lower part (a 66x91 mm sleeve; the slip is 28 x 35 mm).
inline constexpr double kCardMarginCodeMm = 18;
inline constexpr double kSleeveInsertCodeMm = 24;
inline constexpr double kMinCodeMm = 10;  // smaller and a table camera cannot resolve the modules
inline constexpr double kMaxCodeMm = 40;  // larger and a card has no room left

struct SheetOptions {
  Paper paper = Paper::A4;
  double code_mm = kCardMarginCodeMm;  // side of the code square, quiet zone included
  CutMarks cut_marks = CutMarks::Guides;
  std::string title = "Seneschal tags";  // printed in each page's header
};

// Where the stickers go, in millimetres from the page's top-left corner; sticker i of a page sits
// in column i % columns, row i / columns. Exposed so callers can say "72 per page, 2 pages" and
// tests can find each code.
struct SheetGeometry {
  double page_w_mm = 0;
  double page_h_mm = 0;
  double sticker_w_mm = 0;
  double sticker_h_mm = 0;
  double padding_mm = 0;  // white between a sticker's cut line and its code square
  double grid_x_mm = 0;   // top-left corner of the sticker grid
  double grid_y_mm = 0;   // on the first page; a calibration page starts lower, under its ruler
  int columns = 0;
  int rows = 0;
  int per_page() const { return columns * rows; }
};

// Refuses a code_mm outside [kMinCodeMm, kMaxCodeMm], naming the value and the range.
Result<SheetGeometry> sheet_geometry(const SheetOptions& options);

// One sticker per entry, in order, in a grid with cut marks; as many pages as needed. Refuses an
// empty list, a sticker whose payload libqrencode cannot encode, and a path it cannot write.
Result<void> write_tag_sheet_pdf(const std::vector<Sticker>& stickers, const SheetOptions& options,
                                 const std::string& pdf_path);

// A first page with a 100 mm ruler (mm ticks, numbered cm) to check that the printer keeps the
// scale, followed by the given stickers (control, seat and calibration tags) laid out as above.
// An empty list is fine here: the ruler alone is worth a page.
Result<void> write_calibration_pdf(const std::vector<Sticker>& stickers, const SheetOptions& options,
                                   const std::string& pdf_path);

// Where the calibration page's ruler lies: its 0 mm tick is at (x, y) on the first page and its
// ticks rise from y. The sticker grid of that page starts lower, at grid_y_mm.
struct RulerPlacement {
  double x_mm = 0;
  double y_mm = 0;
  double length_mm = 100;
  double grid_y_mm = 0;
};
RulerPlacement calibration_ruler(const SheetGeometry& geometry);

}  // namespace seneschal::vision
