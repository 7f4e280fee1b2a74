#include "seneschal/vision/tag_sheet.hpp"

#include <cairo-pdf.h>
#include <cairo.h>
#include <qrencode.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>

#include "tag_sheet_internal.hpp"

namespace seneschal::vision {
namespace {

constexpr double kPointsPerMm = 72.0 / 25.4;
constexpr double kMarginMm = 12;        // printers need ~5 mm; the rest holds the crop ticks
constexpr double kHeaderMm = 10;        // title and "print at 100 %" above the grid
constexpr double kPaddingMm = 2;        // cut line to code square: a sloppy cut keeps the quiet zone
constexpr double kCaptionBandMm = 7.5;  // a caption of one or two lines and the detail, under the code
constexpr double kBottomPadMm = 1.5;
constexpr double kRulerBandMm = 32;     // instructions, numbers, ticks and air on a calibration page
// Below this a module is a dot or two of an office printer and the sticker will not scan.
constexpr double kMinModuleMm = 0.25;

using Code = std::unique_ptr<QRcode, void (*)(QRcode*)>;
using Surface = std::unique_ptr<cairo_surface_t, void (*)(cairo_surface_t*)>;
using Context = std::unique_ptr<cairo_t, void (*)(cairo_t*)>;

enum class Ruler { No, Yes };

std::string mm(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g mm", value);
  return text;
}

struct PagePlan {
  double grid_y_mm = 0;
  int rows = 0;
  Ruler ruler = Ruler::No;
};

std::vector<PagePlan> plan_pages(const SheetGeometry& g, std::size_t count, Ruler ruler) {
  std::vector<PagePlan> pages;
  std::size_t placed = 0;
  do {
    PagePlan page{g.grid_y_mm, g.rows, Ruler::No};
    if (pages.empty() && ruler == Ruler::Yes) {
      page.ruler = Ruler::Yes;
      page.grid_y_mm = calibration_ruler(g).grid_y_mm;
      page.rows = static_cast<int>(std::floor((g.page_h_mm - kMarginMm - page.grid_y_mm) / g.sticker_h_mm));
    }
    const std::size_t capacity = static_cast<std::size_t>(page.rows * g.columns);
    const std::size_t here = std::min(capacity, count - placed);
    page.rows = static_cast<int>((here + g.columns - 1) / g.columns);
    placed += here;
    pages.push_back(page);
  } while (placed < count);
  return pages;
}

std::string describe(std::size_t index, const Sticker& sticker) {
  std::string text = "sticker " + std::to_string(index + 1);
  if (!sticker.caption.empty()) text += " (\"" + sticker.caption + "\")";
  return text;
}

Result<std::vector<Code>> encode_all(const std::vector<Sticker>& stickers, double code_mm) {
  std::vector<Code> codes;
  codes.reserve(stickers.size());
  for (std::size_t i = 0; i < stickers.size(); ++i) {
    const Sticker& s = stickers[i];
    if (s.payload.empty()) return fail(describe(i, s) + " has an empty payload");
    Code code(QRcode_encodeString(s.payload.c_str(), 0, QR_ECLEVEL_M, QR_MODE_8, 1), QRcode_free);
    if (!code) return fail(describe(i, s) + ": libqrencode cannot encode payload \"" + s.payload + "\"");
    const double module_mm = code_mm / (code->width + 2 * sheet::kQuietModules);
    if (module_mm < kMinModuleMm) {
      return fail(describe(i, s) + ": payload \"" + s.payload + "\" needs a version " +
                  std::to_string(code->version) + " code, whose modules would be " + mm(module_mm) +
                  " at code_mm " + mm(code_mm) + "; use a shorter payload or a larger code_mm");
    }
    codes.push_back(std::move(code));
  }
  return codes;
}

Result<void> write_pdf(const std::vector<Sticker>& stickers, const SheetOptions& options, const std::string& path,
                       Ruler ruler) {
  // A calibration page is worth printing for its ruler alone; a tag sheet without tags is a mistake.
  if (stickers.empty() && ruler == Ruler::No) {
    return fail("no stickers to print into \"" + path + "\": the sticker list is empty");
  }
  auto geometry = sheet_geometry(options);
  if (!geometry) return fail(geometry.error().message);
  const SheetGeometry& g = *geometry;
  auto codes = encode_all(stickers, options.code_mm);
  if (!codes) return fail(codes.error().message);

  Surface surface(cairo_pdf_surface_create(path.c_str(), g.page_w_mm * kPointsPerMm, g.page_h_mm * kPointsPerMm),
                  cairo_surface_destroy);
  if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) {
    return fail("cannot write tag sheet \"" + path + "\": " + cairo_status_to_string(cairo_surface_status(surface.get())));
  }
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, options.title.c_str());
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, "Seneschal");
  Context cr(cairo_create(surface.get()), cairo_destroy);

  const std::vector<PagePlan> pages = plan_pages(g, stickers.size(), ruler);
  std::size_t next = 0;
  for (std::size_t p = 0; p < pages.size(); ++p) {
    const PagePlan& page = pages[p];
    cairo_save(cr.get());
    cairo_scale(cr.get(), kPointsPerMm, kPointsPerMm);
    sheet::draw_header(cr.get(), g, {options.title, static_cast<int>(p + 1), static_cast<int>(pages.size()), options.code_mm});
    if (page.ruler == Ruler::Yes) sheet::draw_ruler(cr.get(), calibration_ruler(g));
    if (options.cut_marks == CutMarks::Guides) sheet::draw_cut_guides(cr.get(), g, page.grid_y_mm, page.rows);
    for (int cell = 0; cell < page.rows * g.columns && next < stickers.size(); ++cell, ++next) {
      const double x = g.grid_x_mm + (cell % g.columns) * g.sticker_w_mm;
      const double y = page.grid_y_mm + (cell / g.columns) * g.sticker_h_mm;
      sheet::draw_sticker(cr.get(), g, *(*codes)[next], stickers[next], x, y);
    }
    cairo_restore(cr.get());
    cairo_show_page(cr.get());
  }
  const cairo_status_t drawn = cairo_status(cr.get());
  cr.reset();
  cairo_surface_finish(surface.get());
  const cairo_status_t written = drawn != CAIRO_STATUS_SUCCESS ? drawn : cairo_surface_status(surface.get());
  if (written != CAIRO_STATUS_SUCCESS) {
    std::remove(path.c_str());  // half a sheet would print as if it were whole
    return fail("cannot write tag sheet \"" + path + "\": " + cairo_status_to_string(written));
  }
  return {};
}

}  // namespace

Result<SheetGeometry> sheet_geometry(const SheetOptions& options) {
  if (!(options.code_mm >= kMinCodeMm && options.code_mm <= kMaxCodeMm)) {  // also refuses NaN
    return fail("code_mm " + mm(options.code_mm) + " is out of range: a tag sheet's codes must be " +
                mm(kMinCodeMm) + " to " + mm(kMaxCodeMm));
  }
  SheetGeometry g;
  g.page_w_mm = options.paper == Paper::A4 ? 210.0 : 215.9;
  g.page_h_mm = options.paper == Paper::A4 ? 297.0 : 279.4;
  g.padding_mm = kPaddingMm;
  g.sticker_w_mm = options.code_mm + 2 * kPaddingMm;
  g.sticker_h_mm = kPaddingMm + options.code_mm + kCaptionBandMm + kBottomPadMm;
  g.columns = static_cast<int>(std::floor((g.page_w_mm - 2 * kMarginMm) / g.sticker_w_mm));
  g.rows = static_cast<int>(std::floor((g.page_h_mm - 2 * kMarginMm - kHeaderMm) / g.sticker_h_mm));
  g.grid_x_mm = (g.page_w_mm - g.columns * g.sticker_w_mm) / 2;  // centred, so both margins can be cut
  g.grid_y_mm = kMarginMm + kHeaderMm;
  return g;
}

RulerPlacement calibration_ruler(const SheetGeometry& g) {
  RulerPlacement ruler;
  ruler.x_mm = (g.page_w_mm - ruler.length_mm) / 2;
  ruler.y_mm = g.grid_y_mm + kRulerBandMm - 8;  // clear of the grid's crop ticks
  ruler.grid_y_mm = g.grid_y_mm + kRulerBandMm;
  return ruler;
}

Result<void> write_tag_sheet_pdf(const std::vector<Sticker>& stickers, const SheetOptions& options,
                                 const std::string& pdf_path) {
  return write_pdf(stickers, options, pdf_path, Ruler::No);
}

Result<void> write_calibration_pdf(const std::vector<Sticker>& stickers, const SheetOptions& options,
                                   const std::string& pdf_path) {
  return write_pdf(stickers, options, pdf_path, Ruler::Yes);
}

}  // namespace seneschal::vision
