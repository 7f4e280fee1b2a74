// A sheet of printed stickers photographed whole, as a player checks a print before cutting it:
// the PDF the project writes, rasterised by poppler as a printer would put it on paper, lying on
// the table under the generator's lamp and camera. Every sticker is read once, from the whole
// photo (not cell by cell as TagSheetTest reads a clean page), and nothing else is read.

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <opencv2/imgcodecs.hpp>

#include "common/SheetReader.hpp"
#include "common/TempDir.hpp"
#include "seneschal/vision/scanner.hpp"
#include "seneschal/vision/synth.hpp"
#include "seneschal/vision/tag_sheet.hpp"

namespace seneschal::vision {
namespace {

// A full A4 page of 18 mm stickers (60): short ids (version 1 codes), long ones (version 2), and
// the control and seat tags a first print holds.
std::vector<Sticker> full_page() {
  const char* ids[] = {"HEKTOR", "ZAHIR", "HAMMERDOOMS-ROOST", "ORD", "THE-FORTRESS-OF-TEARS", "OUTPOST",
                       "SANCTUARY", "GENEVIEVE", "LYNNVANDER", "SIMMS-TOMB", "SPICE-MINE", "BLITZKRIEG", "ZOMBIE"};
  std::vector<Sticker> stickers;
  for (const char* control : {"PASS", "OK", "UNDO", "TIMER:180"}) stickers.push_back({std::string("S1:CTL:") + control, control, ""});
  for (int seat = 1; seat <= 4; ++seat) stickers.push_back({"S1:SEAT:" + std::to_string(seat), "Seat", ""});
  for (int copy = 1; stickers.size() < 60; ++copy) {
    for (const char* id : ids) {
      if (stickers.size() == 60) break;
      stickers.push_back({"S1:R9E:" + std::string(id) + ":" + std::to_string(copy), id, "copy " + std::to_string(copy)});
    }
  }
  return stickers;
}

struct Photo {
  int width, height;
  const char* light;  // realism preset
  int min_read;       // of 60
};

class StickerSheetPhotoTest : public ::testing::TestWithParam<Photo> {};

TEST_P(StickerSheetPhotoTest, EveryStickerOnThePageIsReadOnceFromOnePhoto) {
  const Photo& p = GetParam();
  const std::vector<Sticker> stickers = full_page();
  test::TempDir dir;
  const auto pdf = dir.path() / "tags.pdf";
  ASSERT_TRUE(write_tag_sheet_pdf(stickers, SheetOptions{}, pdf.string()));
  const auto pages = test::rasterise(pdf, 300);  // a laser printer's dots
  ASSERT_EQ(pages.size(), 1u) << "60 stickers of 18 mm fill one A4 page";

  synth::Scene scene;
  scene.seed = 11;
  scene.frames = 1;
  scene.width = p.width;
  scene.height = p.height;
  // The page fills most of the picture, lying across it (A4 turned), a few degrees off square.
  scene.table_w_mm = 420;
  scene.table_h_mm = float(420.0 * p.height / p.width);
  auto light = synth::realism_preset(p.light);
  ASSERT_TRUE(light);
  scene.realism = *light;
  scene.realism.hand_rate = 0;
  scene.realism.foreign_rate = 0;
  auto jpeg = synth::photograph_print(scene, pages[0], {210, 297}, {210, scene.table_h_mm / 2}, 92);
  ASSERT_TRUE(jpeg) << jpeg.error().message;
  const cv::Mat photo = cv::imdecode(*jpeg, cv::IMREAD_COLOR);
  ASSERT_EQ(photo.cols, p.width);
  // To look at a photo that fails: SENESCHAL_KEEP_PHOTOS=/some/folder.
  if (const char* keep = std::getenv("SENESCHAL_KEEP_PHOTOS")) {
    cv::imwrite(std::string(keep) + "/sticker-sheet-" + std::to_string(p.height) + "p-" + p.light + ".png", photo);
  }

  Scanner scanner;
  std::map<std::string, int> seen;
  for (const Sighting& s : scanner.scan(photo)) ++seen[s.payload];
  int read_once = 0, others = 0;
  const auto want = test::once_each(stickers);
  for (const auto& [payload, count] : seen) {
    if (want.count(payload) == 0) {
      ++others;
      ADD_FAILURE() << "read a code the page does not hold: " << payload;
    } else {
      EXPECT_EQ(count, 1) << payload << " read more than once";
      read_once += count == 1;
    }
  }
  std::cout << p.width << "x" << p.height << " " << p.light << ": " << read_once << "/60 read\n";
  EXPECT_GE(read_once, p.min_read);
  EXPECT_EQ(others, 0);
}

// The page's 13 mm codes (0.62 mm modules) have 2.8 px per module at 1080p and 7 at 12 MP.
INSTANTIATE_TEST_SUITE_P(Photos, StickerSheetPhotoTest,
                         ::testing::Values(Photo{4056, 3040, "moderate", 60}, Photo{4056, 3040, "hard", 60},
                                           Photo{1920, 1080, "moderate", 60}),
                         [](const auto& test_param) {
                           return std::to_string(test_param.param.height) + "p_" + test_param.param.light;
                         });

}  // namespace
}  // namespace seneschal::vision
