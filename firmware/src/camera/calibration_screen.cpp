#include "seneschal/firmware/camera/calibration_screen.hpp"

#include <fmt/core.h>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "seneschal/base/words.hpp"

namespace seneschal::firmware {
namespace {

display::CameraPicture picture_of(const cv::Mat& frame) {
  cv::Mat bgr;
  if (frame.type() == CV_8UC3) {
    bgr = frame.isContinuous() ? frame : frame.clone();
  } else if (frame.type() == CV_8UC1) {
    cv::cvtColor(frame, bgr, cv::COLOR_GRAY2BGR);
  } else if (frame.type() == CV_8UC4) {
    cv::cvtColor(frame, bgr, cv::COLOR_BGRA2BGR);
  } else {
    return {};  // no picture: the screen still says what was found
  }
  display::CameraPicture out{static_cast<unsigned>(bgr.cols), static_cast<unsigned>(bgr.rows), {}};
  out.bgr.assign(bgr.data, bgr.data + bgr.total() * 3);
  return out;
}

sf::Vector2f at(vision::Point p) { return {p.x, p.y}; }

std::vector<sf::Vector2f> in_picture(const vision::TableCalibration& calibration,
                                     const std::vector<vision::TablePoint>& polygon) {
  // A homography keeps straight lines straight, so mapping the corners maps the whole polygon.
  std::vector<sf::Vector2f> out;
  for (const vision::TablePoint& p : polygon) out.push_back(at(calibration.to_image(p)));
  return out;
}

display::Outline mark(const vision::Sighting& tag, std::string label) {
  return {{at(tag.corners[0]), at(tag.corners[1]), at(tag.corners[2]), at(tag.corners[3])},
          std::move(label),
          display::OutlineKind::Mark,
          0};
}

std::string heading_of(const vision::SeatLayout& found) {
  if (!found.ok()) {
    const std::size_t n = found.problems.size();
    // TRANSLATORS: the calibration screen's heading while a check fails; {0} how many fail.
    return trn("Calibrating the table: {0} thing to fix", "Calibrating the table: {0} things to fix", static_cast<long>(n), n);
  }
  const auto seats = static_cast<long>(found.table.seats.size());
  // TRANSLATORS: the calibration screen's heading once every check passes; {0} the seats found
  // (drawn along the table's edges when no seat tag was laid), and the centre zone if the game has one.
  if (found.seats_along_edges && !found.table.zones.empty()) {
    return trn("The table is ready: {0} seat along the edges and the centre",
               "The table is ready: {0} seats along the edges and the centre", seats, seats);
  }
  if (found.seats_along_edges) {
    return trn("The table is ready: {0} seat along the edges", "The table is ready: {0} seats along the edges", seats, seats);
  }
  if (!found.table.zones.empty()) {
    return trn("The table is ready: {0} seat and the centre", "The table is ready: {0} seats and the centre", seats, seats);
  }
  return trn("The table is ready: {0} seat", "The table is ready: {0} seats", seats, seats);
}

// "codes at 1.9 px ..." -> "Codes at 1.9 px ...": a line on the screen starts a sentence.
std::string sentence(std::string words) {
  if (!words.empty() && words[0] >= 'a' && words[0] <= 'z') words[0] = static_cast<char>(words[0] - 'a' + 'A');
  return words;
}

}  // namespace

display::CalibrationScreen calibration_screen(const cv::Mat& frame, const vision::SeatLayout& found,
                                              const std::vector<std::string>& warnings, std::vector<std::string> notes,
                                              std::string footer) {
  display::CalibrationScreen screen;
  screen.picture = picture_of(frame);
  screen.heading = heading_of(found);
  screen.tone = found.ok() ? display::Tone::Good : display::Tone::Bad;
  screen.lines = found.problems;
  if (found.ok()) {
    screen.lines.push_back(found.seats_along_edges ? tr("Every corner tag is in place.")
                                                   : tr("Every corner and seat tag is in place."));
  }
  screen.lines.insert(screen.lines.end(), notes.begin(), notes.end());
  for (const std::string& warning : warnings) screen.lines.push_back(sentence(warning) + ".");
  screen.footer = std::move(footer);

  if (found.calibration) {
    for (const vision::ZoneArea& zone : found.table.zones) {
      screen.outlines.push_back(
          {in_picture(*found.calibration, zone.polygon), zone.name, display::OutlineKind::Zone, 0});
    }
    for (const vision::SeatArea& seat : found.table.seats) {
      // TRANSLATORS: a seat's area on the calibration screen's picture of the table.
      screen.outlines.push_back({in_picture(*found.calibration, seat.polygon), trf("Seat {0}", seat.seat),
                                 display::OutlineKind::Seat, static_cast<std::size_t>(seat.seat - 1)});
    }
    const auto& corners = *found.table.corner_tags_mm;
    screen.outlines.push_back(
        {in_picture(*found.calibration, {corners.begin(), corners.end()}), "", display::OutlineKind::Table, 0});
  }
  for (int n = 0; n < 4; ++n) {
    if (found.corners[n]) screen.outlines.push_back(mark(*found.corners[n], std::to_string(n + 1)));
  }
  // Without the calibration there are no areas to carry the seat's name: the tag carries it.
  for (const vision::SeatTag& tag : found.seat_tags) {
    screen.outlines.push_back(mark(tag.sighting, found.calibration ? "" : trf("Seat {0}", tag.seat)));
  }
  return screen;
}

Result<void> write_calibration_png(const display::CalibrationView& view, const display::CalibrationScreen& screen,
                                   display::ScreenSize size, const std::string& png_path) {
  auto image = display::render_calibration_image(view, screen, size);
  if (!image) return fail(image.error().message);
  const sf::Vector2u pixels = image->getSize();
  // SFML's pixels are RGBA rows without padding; OpenCV writes BGR. The Mat only reads them
  // (cv::Mat has no read-only view, hence the cast).
  const cv::Mat rgba(static_cast<int>(pixels.y), static_cast<int>(pixels.x), CV_8UC4,
                     const_cast<sf::Uint8*>(image->getPixelsPtr()));
  try {
    cv::Mat bgr;
    cv::cvtColor(rgba, bgr, cv::COLOR_RGBA2BGR);
    if (!cv::imwrite(png_path, bgr, {cv::IMWRITE_PNG_COMPRESSION, 9})) {
      return fail("cannot write the calibration screen PNG to " + png_path);
    }
  } catch (const cv::Exception& e) {
    return fail("cannot write the calibration screen PNG to " + png_path + ": " + e.what());
  }
  return {};
}

}  // namespace seneschal::firmware
