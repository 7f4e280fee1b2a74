#include "seneschal/vision/tag_sheet.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <opencv2/imgcodecs.hpp>
#include <regex>
#include <sstream>

#include "common/SheetReader.hpp"
#include "common/TempDir.hpp"
#include "seneschal/vision/scanner.hpp"

namespace seneschal::vision {
namespace {

namespace fs = std::filesystem;
using test::decode_cells;
using test::decode_sheet;
using test::once_each;
using test::px;
using test::rasterise;
using TempDir = test::TempDir;

// A mix like a real evening's print: card tags of several games with copies 1-3, ids long enough
// for a version 2 code, control, seat and calibration tags, and captions too long for a sticker.
std::vector<Sticker> evening_mix() {
  std::vector<Sticker> stickers;
  const std::pair<const char*, const char*> cards[] = {
      {"R9E:HEKTOR", "Hektor"},
      {"R9E:HAMMERDOOMS-ROOST", "Hammerdoom's Roost"},
      {"R9E:ZAHIR", "Zahir"},
      {"R9E:THE-FORTRESS-OF-TEARS", "The Exceedingly Long-Named Fortress of Tears"},
      {"CUTTHROAT:ROYAL-MARRIAGE", "Royal Marriage"},
      {"OSTENARD:HERNYSTIRI-HOST", "Hernystiri Host"},
  };
  for (const auto& [id, title] : cards) {
    const std::string game(id, std::string(id).find(':'));
    for (int copy = 1; copy <= 3; ++copy) {
      stickers.push_back({"S1:" + std::string(id) + ":" + std::to_string(copy), title,
                          "copy " + std::to_string(copy) + " \u00b7 " + game});
    }
  }
  for (const char* control : {"PASS", "OK", "UNDO", "TIMER:180"}) {
    stickers.push_back({std::string("S1:CTL:") + control, control, "control"});
  }
  for (int seat = 1; seat <= 4; ++seat) {
    stickers.push_back({"S1:SEAT:" + std::to_string(seat), "Seat " + std::to_string(seat), "seat marker"});
  }
  for (int corner = 1; corner <= 4; ++corner) {
    stickers.push_back({"S1:CAL:" + std::to_string(corner), "Corner " + std::to_string(corner), "calibration"});
  }
  return stickers;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Width and height in points of the first page, from the PDF's /MediaBox.
std::pair<double, double> media_box(const fs::path& pdf) {
  const std::string text = read_file(pdf);
  std::smatch m;
  static const std::regex box(R"(/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\])");
  if (!std::regex_search(text, m, box)) {
    ADD_FAILURE() << "no /MediaBox in " << pdf;
    return {0, 0};
  }
  return {std::stod(m[3]) - std::stod(m[1]), std::stod(m[4]) - std::stod(m[2])};
}

bool all_light(const cv::Mat& page, double x0_mm, double y0_mm, double x1_mm, double y1_mm, int dpi) {
  const cv::Rect area(cv::Point(static_cast<int>(std::ceil(px(x0_mm, dpi))), static_cast<int>(std::ceil(px(y0_mm, dpi)))),
                      cv::Point(static_cast<int>(px(x1_mm, dpi)), static_cast<int>(px(y1_mm, dpi))));
  double darkest = 255;
  cv::minMaxLoc(page(area), &darkest);
  return darkest >= 128;  // the dashed cut guides are light grey; anything dark is ink that intrudes
}

TEST(TagSheetTest, EveryStickerDecodesExactlyOnce) {
  const std::vector<Sticker> stickers = evening_mix();
  ASSERT_EQ(stickers.size(), 30u);
  // Alphanumeric payloads of more than 20 characters need a version 2 code at error correction M.
  EXPECT_GE(std::count_if(stickers.begin(), stickers.end(), [](const Sticker& s) { return s.payload.size() > 20; }), 9);
  EXPECT_GE(std::count_if(stickers.begin(), stickers.end(), [](const Sticker& s) { return s.payload.size() <= 20; }), 9);
  TempDir dir;
  const fs::path pdf = dir.path() / "tags.pdf";
  const auto written = write_tag_sheet_pdf(stickers, SheetOptions{}, pdf.string());
  ASSERT_TRUE(written) << written.error().message;
  const auto pages = rasterise(pdf, 150);
  ASSERT_EQ(pages.size(), 1u);
  const auto g = sheet_geometry(SheetOptions{});
  ASSERT_TRUE(g);
  EXPECT_EQ(decode_sheet(pages, *g, 150), once_each(stickers));
}

TEST(TagSheetTest, EachCodeSitsInItsOwnCellWithItsQuietZoneWhite) {
  const std::vector<Sticker> stickers = evening_mix();
  TempDir dir;
  const fs::path pdf = dir.path() / "tags.pdf";
  ASSERT_TRUE(write_tag_sheet_pdf(stickers, SheetOptions{}, pdf.string()));
  const auto g = sheet_geometry(SheetOptions{});
  ASSERT_TRUE(g);
  const int dpi = 150;
  const auto pages = rasterise(pdf, dpi);
  ASSERT_EQ(pages.size(), 1u);
  const double code = SheetOptions{}.code_mm;
  const double quiet = 4 * code / 33;  // four modules of the densest code, version 2
  Scanner scanner;
  for (std::size_t i = 0; i < stickers.size(); ++i) {
    const double x = g->grid_x_mm + static_cast<double>(i % g->columns) * g->sticker_w_mm;
    const double y = g->grid_y_mm + static_cast<double>(i / g->columns) * g->sticker_h_mm;
    const cv::Rect cell(static_cast<int>(px(x, dpi)), static_cast<int>(px(y, dpi)),
                        static_cast<int>(px(g->sticker_w_mm, dpi)), static_cast<int>(px(g->sticker_h_mm, dpi)));
    const auto read = scanner.scan(pages[0](cell).clone());
    ASSERT_EQ(read.size(), 1u) << "cell " << i;
    EXPECT_EQ(read[0].payload, stickers[i].payload) << "cell " << i;
    const double sx = x + g->padding_mm;
    const double sy = y + g->padding_mm;
    // From just inside the cut line to the end of the quiet zone: padding and quiet zone white.
    EXPECT_TRUE(all_light(pages[0], x + 0.3, y + 0.3, x + g->sticker_w_mm - 0.3, sy + quiet, dpi)) << "top, cell " << i;
    EXPECT_TRUE(all_light(pages[0], x + 0.3, y + 0.3, sx + quiet, sy + code, dpi)) << "left, cell " << i;
    EXPECT_TRUE(all_light(pages[0], sx + code - quiet, y + 0.3, x + g->sticker_w_mm - 0.3, sy + code, dpi))
        << "right, cell " << i;
    // Under the code the caption begins, but never inside the quiet zone.
    EXPECT_TRUE(all_light(pages[0], sx, sy + code - quiet, sx + code, sy + code, dpi)) << "bottom, cell " << i;
    // Captions, however long, stay off the cut lines.
    EXPECT_TRUE(all_light(pages[0], x + 0.3, sy + code, x + 0.8, y + g->sticker_h_mm - 0.3, dpi)) << "cell " << i;
    EXPECT_TRUE(all_light(pages[0], x + g->sticker_w_mm - 0.8, sy + code, x + g->sticker_w_mm - 0.3,
                          y + g->sticker_h_mm - 0.3, dpi))
        << "cell " << i;
  }
}

TEST(TagSheetTest, OverflowGoesOnFurtherPages) {
  SheetOptions options;
  options.code_mm = 30;
  const auto g = sheet_geometry(options);
  ASSERT_TRUE(g);
  std::vector<Sticker> stickers;
  for (int i = 0; i < g->per_page() + 5; ++i) {
    stickers.push_back({"S1:NINE:STRUCTURE-" + std::to_string(i) + ":1", "Structure " + std::to_string(i), "copy 1"});
  }
  TempDir dir;
  const fs::path pdf = dir.path() / "two-pages.pdf";
  ASSERT_TRUE(write_tag_sheet_pdf(stickers, options, pdf.string()));
  const auto pages = rasterise(pdf, 100);
  ASSERT_EQ(pages.size(), 2u);
  EXPECT_EQ(decode_sheet(pages, *g, 100), once_each(stickers));
}

TEST(TagSheetTest, SixtyStickersPerA4AtEighteenMillimetres) {
  const auto g = sheet_geometry(SheetOptions{});
  ASSERT_TRUE(g);
  EXPECT_EQ(g->per_page(), 72);  // 8 columns of 22 mm, 9 rows of 28 mm
  std::vector<Sticker> stickers;
  for (int i = 0; i < 60; ++i) stickers.push_back(evening_mix()[static_cast<std::size_t>(i % 30)]);
  TempDir dir;
  const auto start = std::chrono::steady_clock::now();
  ASSERT_TRUE(write_tag_sheet_pdf(stickers, SheetOptions{}, (dir.path() / "sixty.pdf").string()));
  const auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::cout << "[ figures  ] 60 stickers, A4, 18 mm: " << ms << " ms, " << g->per_page() << " per page, "
            << fs::file_size(dir.path() / "sixty.pdf") << " bytes\n";
  RecordProperty("write_ms_60_stickers", static_cast<int>(ms));
  EXPECT_LT(ms, 5000);
}

TEST(TagSheetTest, LetterAndA4GiveTheirOwnPageSizes) {
  TempDir dir;
  const std::vector<Sticker> one{{"S1:CTL:PASS", "Pass", "control"}};
  SheetOptions letter;
  letter.paper = Paper::Letter;
  ASSERT_TRUE(write_tag_sheet_pdf(one, SheetOptions{}, (dir.path() / "a4.pdf").string()));
  ASSERT_TRUE(write_tag_sheet_pdf(one, letter, (dir.path() / "letter.pdf").string()));
  const auto [a4_w, a4_h] = media_box(dir.path() / "a4.pdf");
  const auto [us_w, us_h] = media_box(dir.path() / "letter.pdf");
  EXPECT_NEAR(a4_w, 595.28, 0.1);  // 210 x 297 mm in points
  EXPECT_NEAR(a4_h, 841.89, 0.1);
  EXPECT_NEAR(us_w, 612.0, 0.1);  // 8.5 x 11 in
  EXPECT_NEAR(us_h, 792.0, 0.1);
  const auto a4 = rasterise(dir.path() / "a4.pdf", 50);
  const auto us = rasterise(dir.path() / "letter.pdf", 50);
  ASSERT_EQ(a4.size(), 1u);
  ASSERT_EQ(us.size(), 1u);
  EXPECT_NEAR(a4[0].cols, px(210, 50), 1);
  EXPECT_NEAR(a4[0].rows, px(297, 50), 1);
  EXPECT_NEAR(us[0].cols, px(215.9, 50), 1);
  EXPECT_NEAR(us[0].rows, px(279.4, 50), 1);
}

TEST(TagSheetTest, CodeSizeOutOfRangeIsRefusedByName) {
  TempDir dir;
  const std::vector<Sticker> one{{"S1:CTL:PASS", "Pass", ""}};
  for (double bad : {5.0, 9.5, 41.0, 120.0, std::nan("")}) {
    SheetOptions options;
    options.code_mm = bad;
    const fs::path pdf = dir.path() / "refused.pdf";
    const auto written = write_tag_sheet_pdf(one, options, pdf.string());
    ASSERT_FALSE(written) << bad;
    const std::string& message = written.error().message;
    EXPECT_NE(message.find("code_mm"), std::string::npos) << message;
    EXPECT_NE(message.find("10 mm to 40 mm"), std::string::npos) << message;
    EXPECT_FALSE(fs::exists(pdf)) << "a refused sheet leaves no file";
  }
  SheetOptions tiny;
  tiny.code_mm = 5;
  const auto refused = sheet_geometry(tiny);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("5 mm"), std::string::npos) << refused.error().message;
  for (double fine : {kMinCodeMm, kCardMarginCodeMm, kSleeveInsertCodeMm, kMaxCodeMm}) {
    SheetOptions options;
    options.code_mm = fine;
    EXPECT_TRUE(write_tag_sheet_pdf(one, options, (dir.path() / "fine.pdf").string())) << fine;
  }
}

TEST(TagSheetTest, PresetsFitACardAndASleeve) {
  SheetOptions card;
  card.code_mm = kCardMarginCodeMm;
  SheetOptions sleeve;
  sleeve.code_mm = kSleeveInsertCodeMm;
  const auto on_card = sheet_geometry(card);
  const auto in_sleeve = sheet_geometry(sleeve);
  ASSERT_TRUE(on_card);
  ASSERT_TRUE(in_sleeve);
  // The bottom margin of a 63 x 88 mm card: a third of its height at most.
  EXPECT_LE(on_card->sticker_w_mm, 63.0 / 2);
  EXPECT_LE(on_card->sticker_h_mm, 88.0 / 3);
  EXPECT_LE(in_sleeve->sticker_w_mm, 63.0);
  EXPECT_LE(in_sleeve->sticker_h_mm, 88.0 / 2);
}

TEST(TagSheetTest, UnwritablePathIsNamed) {
  const std::vector<Sticker> one{{"S1:CTL:PASS", "Pass", ""}};
  const std::string path = "/nonexistent-seneschal-dir/tags.pdf";
  const auto written = write_tag_sheet_pdf(one, SheetOptions{}, path);
  ASSERT_FALSE(written);
  EXPECT_NE(written.error().message.find(path), std::string::npos) << written.error().message;
  TempDir dir;  // a directory is no file to write either
  const auto into_dir = write_calibration_pdf(one, SheetOptions{}, dir.path().string());
  ASSERT_FALSE(into_dir);
  EXPECT_NE(into_dir.error().message.find(dir.path().string()), std::string::npos) << into_dir.error().message;
}

TEST(TagSheetTest, EmptyListAndEmptyPayloadAreRefused) {
  TempDir dir;
  const fs::path pdf = dir.path() / "empty.pdf";
  const auto empty = write_tag_sheet_pdf({}, SheetOptions{}, pdf.string());
  ASSERT_FALSE(empty);
  EXPECT_NE(empty.error().message.find("empty"), std::string::npos) << empty.error().message;
  EXPECT_FALSE(fs::exists(pdf));
  const std::vector<Sticker> hole{{"S1:CTL:PASS", "Pass", ""}, {"", "Hektor", "copy 1"}};
  const auto blank = write_tag_sheet_pdf(hole, SheetOptions{}, pdf.string());
  ASSERT_FALSE(blank);
  EXPECT_NE(blank.error().message.find("sticker 2 (\"Hektor\")"), std::string::npos) << blank.error().message;
  EXPECT_FALSE(fs::exists(pdf));
}

// The length of the longest run of dark pixels in a row, and where it starts.
std::pair<int, int> longest_dark_run(const cv::Mat& page, int row) {
  int best = 0, best_start = 0, run = 0;
  for (int x = 0; x < page.cols; ++x) {
    run = page.at<uchar>(row, x) < 128 ? run + 1 : 0;
    if (run > best) best = run, best_start = x - run + 1;
  }
  return {best, best_start};
}

// Centres of the dark runs along a row between x0 and x1.
std::vector<double> dark_run_centres(const cv::Mat& page, int row, int x0, int x1) {
  std::vector<double> centres;
  int start = -1;
  for (int x = x0; x <= x1; ++x) {
    const bool dark = x < x1 && page.at<uchar>(row, x) < 128;
    if (dark && start < 0) start = x;
    if (!dark && start >= 0) centres.push_back((start + x - 1) / 2.0), start = -1;
  }
  return centres;
}

TEST(TagSheetTest, CalibrationRulerMeasuresOneHundredMillimetres) {
  std::vector<Sticker> tags;
  for (const Sticker& s : evening_mix()) {
    if (s.payload.rfind("S1:CTL:", 0) == 0 || s.payload.rfind("S1:SEAT:", 0) == 0 || s.payload.rfind("S1:CAL:", 0) == 0) {
      tags.push_back(s);
    }
  }
  ASSERT_EQ(tags.size(), 12u);
  TempDir dir;
  const fs::path pdf = dir.path() / "calibration.pdf";
  const auto written = write_calibration_pdf(tags, SheetOptions{}, pdf.string());
  ASSERT_TRUE(written) << written.error().message;
  const int dpi = 300;
  const auto pages = rasterise(pdf, dpi);
  ASSERT_EQ(pages.size(), 1u);
  const cv::Mat& page = pages[0];
  // The ruler's base line is the longest dark line on the page.
  int base_row = 0, base_length = 0, base_start = 0;
  for (int row = 0; row < page.rows; ++row) {
    const auto [length, start] = longest_dark_run(page, row);
    if (length > base_length) base_row = row, base_length = length, base_start = start;
  }
  EXPECT_NEAR(base_length, px(100, dpi), 3);
  // Between 3.5 and 5 mm above the base line only the centimetre ticks reach: 0 to 10.
  const int row = base_row - static_cast<int>(px(4.25, dpi));
  const auto ticks = dark_run_centres(page, row, std::max(0, base_start - 20), base_start + base_length + 20);
  ASSERT_EQ(ticks.size(), 11u);
  const double span = ticks.back() - ticks.front();
  std::cout << "[ figures  ] ruler end ticks " << span << " px apart at " << dpi << " dpi (100 mm = " << px(100, dpi)
            << " px)\n";
  EXPECT_NEAR(span, px(100, dpi), 1.5);
  for (std::size_t cm = 0; cm < ticks.size(); ++cm) {
    EXPECT_NEAR(ticks[cm] - ticks.front(), px(10.0 * static_cast<double>(cm), dpi), 1.5) << cm << " cm";
  }
  // The ruler sits where calibration_ruler says.
  const auto g = sheet_geometry(SheetOptions{});
  ASSERT_TRUE(g);
  const RulerPlacement ruler = calibration_ruler(*g);
  EXPECT_NEAR(ticks.front(), px(ruler.x_mm, dpi), 1.5);
  EXPECT_NEAR(base_row, px(ruler.y_mm, dpi), 2);
  // And the stickers under it still decode, once each.
  EXPECT_EQ(decode_cells(rasterise(pdf, 150), *g, 150, ruler.grid_y_mm), once_each(tags));
}

TEST(TagSheetTest, CalibrationPageAloneHasItsRuler) {
  TempDir dir;
  const fs::path pdf = dir.path() / "ruler-only.pdf";
  const auto written = write_calibration_pdf({}, SheetOptions{}, pdf.string());
  ASSERT_TRUE(written) << written.error().message;
  EXPECT_EQ(rasterise(pdf, 50).size(), 1u);
}

}  // namespace
}  // namespace seneschal::vision
