#pragma once
// Reading printed tag sheets back as a camera would: the PDF rasterised by poppler's pdftoppm
// (package poppler-utils), each sticker cell scanned with the project's own Scanner.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <opencv2/imgcodecs.hpp>
#include <string>
#include <vector>

#include "seneschal/vision/scanner.hpp"
#include "seneschal/vision/tag_sheet.hpp"

namespace seneschal::test {

namespace fs = std::filesystem;
using vision::Scanner;
using vision::SheetGeometry;
using vision::Sighting;
using vision::Sticker;

// The PDF's pages as grey images, through poppler's pdftoppm (package poppler-utils).
inline std::vector<cv::Mat> rasterise(const fs::path& pdf, int dpi) {
  const fs::path prefix = pdf.parent_path() / (pdf.stem().string() + "-" + std::to_string(dpi));
  const std::string command =
      "pdftoppm -r " + std::to_string(dpi) + " -gray -png '" + pdf.string() + "' '" + prefix.string() + "'";
  if (std::system(command.c_str()) != 0) {
    ADD_FAILURE() << "failed: " << command;
    return {};
  }
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(pdf.parent_path())) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix.filename().string() + "-", 0) == 0 && entry.path().extension() == ".png") {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());  // pdftoppm pads page numbers to one width
  std::vector<cv::Mat> pages;
  for (const auto& file : files) pages.push_back(cv::imread(file.string(), cv::IMREAD_GRAYSCALE));
  return pages;
}

inline double px(double mm, int dpi) { return mm * dpi / 25.4; }

// ZBar reads none of thirty codes from a whole 150 dpi page: with finder patterns lined up in
// rows and columns it cannot group them (a single row of the grid reads fine). So each sticker
// cell of the grid is scanned on its own; a cell must hold one code at most, and the codes of all
// cells together are what the sheet holds. first_grid_y_mm: where page 1's grid starts.
inline std::map<std::string, int> decode_cells(const std::vector<cv::Mat>& pages, const SheetGeometry& g, int dpi,
                                        double first_grid_y_mm) {
  Scanner scanner;
  std::map<std::string, int> seen;
  for (std::size_t p = 0; p < pages.size(); ++p) {
    const double grid_y = p == 0 ? first_grid_y_mm : g.grid_y_mm;
    for (int row = 0; grid_y + (row + 1) * g.sticker_h_mm <= g.page_h_mm; ++row) {
      for (int col = 0; col < g.columns; ++col) {
        const cv::Rect cell(static_cast<int>(px(g.grid_x_mm + col * g.sticker_w_mm, dpi)),
                            static_cast<int>(px(grid_y + row * g.sticker_h_mm, dpi)),
                            static_cast<int>(px(g.sticker_w_mm, dpi)), static_cast<int>(px(g.sticker_h_mm, dpi)));
        const auto read = scanner.scan(pages[p](cell & cv::Rect(0, 0, pages[p].cols, pages[p].rows)).clone());
        EXPECT_LE(read.size(), 1u) << "page " << p + 1 << ", row " << row << ", column " << col;
        for (const Sighting& s : read) ++seen[s.payload];
      }
    }
  }
  return seen;
}

inline std::map<std::string, int> decode_sheet(const std::vector<cv::Mat>& pages, const SheetGeometry& g, int dpi) {
  return decode_cells(pages, g, dpi, g.grid_y_mm);
}

inline std::map<std::string, int> once_each(const std::vector<Sticker>& stickers) {
  std::map<std::string, int> want;
  for (const Sticker& s : stickers) ++want[s.payload];
  return want;
}

}  // namespace seneschal::test
