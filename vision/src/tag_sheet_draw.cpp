// Painting the tag sheets with cairo, in millimetres. Text uses cairo's toy API with the DejaVu
// fonts (fonts-dejavu-core), so the sheets need no bundled assets.

#include <algorithm>
#include <cstdio>
#include <string>

#include "tag_sheet_internal.hpp"

namespace seneschal::vision::sheet {
namespace {

constexpr const char* kFamily = "DejaVu Sans";
constexpr const char* kCondensed = "DejaVu Sans Condensed";  // captions: more letters per sticker
constexpr double kTextInsetMm = 1.0;                        // captions stay this far from the cut

struct Font {
  const char* family;
  cairo_font_weight_t weight;
  double size_mm;
  double min_size_mm;  // shrink this far before cutting the text short
};

constexpr Font kTitleFont{kFamily, CAIRO_FONT_WEIGHT_BOLD, 3.4, 3.4};
constexpr Font kNoteFont{kFamily, CAIRO_FONT_WEIGHT_NORMAL, 2.3, 1.8};
constexpr Font kHeadingFont{kFamily, CAIRO_FONT_WEIGHT_BOLD, 2.8, 2.8};
constexpr Font kCaptionFont{kCondensed, CAIRO_FONT_WEIGHT_BOLD, 2.5, 2.5};
constexpr Font kTwoLineCaptionFont{kCondensed, CAIRO_FONT_WEIGHT_BOLD, 2.2, 1.7};
constexpr Font kDetailFont{kCondensed, CAIRO_FONT_WEIGHT_NORMAL, 1.9, 1.6};
constexpr Font kRulerFont{kFamily, CAIRO_FONT_WEIGHT_NORMAL, 2.6, 2.6};

double advance(cairo_t* cr, const std::string& text) {
  cairo_text_extents_t extents;
  cairo_text_extents(cr, text.c_str(), &extents);
  return extents.x_advance;
}

void drop_last_code_point(std::string& text) {
  while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80) text.pop_back();
  if (!text.empty()) text.pop_back();
}

// Selects the font at the largest size from size_mm down to min_size_mm at which the text fits
// max_width; if even the smallest is too wide, cuts the text and ends it with an ellipsis.
std::string fit(cairo_t* cr, std::string text, const Font& font, double max_width) {
  cairo_select_font_face(cr, font.family, CAIRO_FONT_SLANT_NORMAL, font.weight);
  cairo_set_font_size(cr, font.size_mm);
  const double width = advance(cr, text);
  if (width <= max_width) return text;
  cairo_set_font_size(cr, std::max(font.min_size_mm, font.size_mm * max_width / width));
  if (advance(cr, text) <= max_width) return text;
  const std::string ellipsis = "\u2026";
  while (!text.empty() && advance(cr, text + ellipsis) > max_width) {
    drop_last_code_point(text);
    while (!text.empty() && text.back() == ' ') text.pop_back();
  }
  return text + ellipsis;
}

enum class Align { Left, Centre, Right };

void show(cairo_t* cr, const std::string& text, const Font& font, double max_width, double x, double baseline,
          Align align, double grey = 0) {
  const std::string fitted = fit(cr, text, font, max_width);
  const double width = advance(cr, fitted);
  const double left = align == Align::Left ? x : align == Align::Centre ? x - width / 2 : x - width;
  cairo_set_source_rgb(cr, grey, grey, grey);
  cairo_move_to(cr, left, baseline);
  cairo_show_text(cr, fitted.c_str());
}

// Where a caption too long for one line breaks: after the most words that fit the first line at
// the font's size, or npos when even its first word does not.
std::size_t break_at(cairo_t* cr, const std::string& caption, const Font& font, double max_width) {
  cairo_select_font_face(cr, font.family, CAIRO_FONT_SLANT_NORMAL, font.weight);
  cairo_set_font_size(cr, font.size_mm);
  std::size_t space = caption.rfind(' ');
  while (space != std::string::npos && space > 0 && advance(cr, caption.substr(0, space)) > max_width) {
    space = caption.rfind(' ', space - 1);
  }
  return space == 0 ? std::string::npos : space;
}

// The caption on one line if it fits at full size, else on two lines of one smaller size, the
// largest at which both fit; what still does not fit at the smallest ends in "…". Returns the
// baseline of its last line.
double show_caption(cairo_t* cr, const std::string& caption, double centre, double top, double max_width) {
  if (fit(cr, caption, kCaptionFont, max_width) == caption) {
    show(cr, caption, kCaptionFont, max_width, centre, top + 2.6, Align::Centre);
    return top + 2.6;
  }
  for (double size = kTwoLineCaptionFont.size_mm;; size -= 0.2) {
    const bool smallest = size - 0.2 < kTwoLineCaptionFont.min_size_mm;
    const Font font{kTwoLineCaptionFont.family, kTwoLineCaptionFont.weight, size, size};
    const std::size_t space = break_at(cr, caption, font, max_width);
    if (space == std::string::npos) {
      if (!smallest) continue;
      show(cr, caption, font, max_width, centre, top + 2.6, Align::Centre);  // one long word, cut
      return top + 2.6;
    }
    const std::string second = caption.substr(space + 1);
    if (!smallest && fit(cr, second, font, max_width) != second) continue;
    show(cr, caption.substr(0, space), font, max_width, centre, top + 2.5, Align::Centre);
    show(cr, second, font, max_width, centre, top + 4.8, Align::Centre);
    return top + 4.8;
  }
}

void line(cairo_t* cr, double x0, double y0, double x1, double y1) {
  cairo_move_to(cr, x0, y0);
  cairo_line_to(cr, x1, y1);
}

}  // namespace

void draw_header(cairo_t* cr, const SheetGeometry& g, const PageHeader& header) {
  const double left = g.grid_x_mm;
  const double right = g.grid_x_mm + g.columns * g.sticker_w_mm;
  const double baseline = g.grid_y_mm - 6.5;  // clear of the crop ticks, which end 1 mm above the grid
  const std::string title = fit(cr, header.title, kTitleFont, (right - left) / 2);
  show(cr, title, kTitleFont, (right - left) / 2, left, baseline, Align::Left);
  const double title_width = advance(cr, title);
  char code[16];
  std::snprintf(code, sizeof code, "%g", header.code_mm);
  const std::string note = "page " + std::to_string(header.page) + " of " + std::to_string(header.pages) +
                           " \u00b7 " + code + " mm codes \u00b7 print at 100 % (actual size), cut on the lines";
  show(cr, note, kNoteFont, right - left - title_width - 4, right, baseline, Align::Right, 0.35);
}

void draw_cut_guides(cairo_t* cr, const SheetGeometry& g, double grid_y_mm, int rows) {
  if (rows <= 0) return;
  const double x0 = g.grid_x_mm;
  const double x1 = x0 + g.columns * g.sticker_w_mm;
  const double y0 = grid_y_mm;
  const double y1 = y0 + rows * g.sticker_h_mm;
  // Dashed light lines between the stickers, for scissors; they run in the padding, never
  // through a code's quiet zone.
  for (int c = 0; c <= g.columns; ++c) line(cr, x0 + c * g.sticker_w_mm, y0, x0 + c * g.sticker_w_mm, y1);
  for (int r = 0; r <= rows; ++r) line(cr, x0, y0 + r * g.sticker_h_mm, x1, y0 + r * g.sticker_h_mm);
  const double dash[] = {1.0, 1.0};
  cairo_set_dash(cr, dash, 2, 0);
  cairo_set_line_width(cr, 0.12);
  cairo_set_source_rgb(cr, 0.7, 0.7, 0.7);
  cairo_stroke(cr);
  cairo_set_dash(cr, nullptr, 0, 0);
  // Black crop ticks in the margins, for a ruler and a knife; a millimetre clear of the grid.
  for (int c = 0; c <= g.columns; ++c) {
    const double x = x0 + c * g.sticker_w_mm;
    line(cr, x, y0 - 5, x, y0 - 1);
    line(cr, x, y1 + 1, x, y1 + 5);
  }
  for (int r = 0; r <= rows; ++r) {
    const double y = y0 + r * g.sticker_h_mm;
    line(cr, x0 - 5, y, x0 - 1, y);
    line(cr, x1 + 1, y, x1 + 5, y);
  }
  cairo_set_line_width(cr, 0.15);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_stroke(cr);
}

void draw_sticker(cairo_t* cr, const SheetGeometry& g, const QRcode& code, const Sticker& sticker, double x_mm,
                  double y_mm) {
  const double code_mm = g.sticker_w_mm - 2 * g.padding_mm;
  const double square_x = x_mm + g.padding_mm;
  const double square_y = y_mm + g.padding_mm;
  const int width = code.width;
  const double module = code_mm / (width + 2 * kQuietModules);
  const double origin_x = square_x + kQuietModules * module;
  const double origin_y = square_y + kQuietModules * module;
  // One rectangle per run of dark modules in a row, all filled as one path: no hairline seams
  // between neighbouring modules in any viewer or printer driver.
  for (int row = 0; row < width; ++row) {
    int col = 0;
    while (col < width) {
      if (!(code.data[row * width + col] & 1)) {  // bit 0: dark module
        ++col;
        continue;
      }
      const int start = col;
      while (col < width && (code.data[row * width + col] & 1)) ++col;
      cairo_rectangle(cr, origin_x + start * module, origin_y + row * module, (col - start) * module, module);
    }
  }
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_fill(cr);

  const double centre = x_mm + g.sticker_w_mm / 2;
  const double text_width = g.sticker_w_mm - 2 * kTextInsetMm;
  const double below = square_y + code_mm;  // the quiet zone ends here; text starts under it
  const double last = sticker.caption.empty() ? below : show_caption(cr, sticker.caption, centre, below, text_width);
  if (!sticker.detail.empty()) show(cr, sticker.detail, kDetailFont, text_width, centre, last + 2.4, Align::Centre, 0.35);
}

void draw_ruler(cairo_t* cr, const RulerPlacement& ruler) {
  const double x = ruler.x_mm;
  const double y = ruler.y_mm;
  const double text_width = ruler.length_mm + 60;
  show(cr, "Check the scale before cutting", kHeadingFont, text_width, x + ruler.length_mm / 2, y - 16, Align::Centre);
  show(cr,
       "This ruler must measure exactly 10 cm. If it does not, print again at 100 % "
       "(\u201cActual size\u201d, not \u201cFit to page\u201d).",
       kNoteFont, text_width, x + ruler.length_mm / 2, y - 11.5, Align::Centre, 0.35);
  const int ticks = static_cast<int>(ruler.length_mm);
  for (int mm = 0; mm <= ticks; ++mm) {
    const double height = mm % 10 == 0 ? 5.0 : mm % 5 == 0 ? 3.5 : 2.0;
    line(cr, x + mm, y, x + mm, y - height);
  }
  line(cr, x, y, x + ruler.length_mm, y);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_width(cr, 0.15);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_stroke(cr);
  for (int cm = 0; cm * 10 <= ticks; ++cm) {
    show(cr, std::to_string(cm), kRulerFont, 10, x + cm * 10, y - 6.3, Align::Centre);
  }
  show(cr, "cm", kRulerFont, 10, x + ruler.length_mm + 2.5, y - 1, Align::Left, 0.35);
}

}  // namespace seneschal::vision::sheet
