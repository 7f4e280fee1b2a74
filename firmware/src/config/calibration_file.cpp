#include "seneschal/firmware/config/calibration_file.hpp"

#include <fmt/core.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <system_error>

#include "seneschal/firmware/base/assets.hpp"

namespace seneschal::firmware {
namespace {

namespace fs = std::filesystem;

// Tenths of a millimetre: finer than any hand lays a tag, and short enough to read.
std::string number(double value) {
  const double tenths = std::round(value * 10) / 10;
  return tenths == 0 ? "0" : fmt::format("{}", tenths);
}

std::string points(const std::vector<vision::TablePoint>& polygon) {
  std::string out = "[";
  for (const vision::TablePoint& p : polygon) {
    out += (out.size() > 1 ? ", [" : "[") + number(p.x_mm) + ", " + number(p.y_mm) + "]";
  }
  return out + "]";
}

struct Line {
  std::size_t begin = 0;
  std::size_t end = 0;  // past its newline, if it has one
  int number = 0;       // 1-based
};

// The first line at or after `from` that starts with `prefix`.
std::optional<Line> find_line(std::string_view text, std::string_view prefix, std::size_t from, int number) {
  while (from < text.size()) {
    const std::size_t newline = text.find('\n', from);
    const std::size_t end = newline == std::string_view::npos ? text.size() : newline + 1;
    if (text.substr(from, prefix.size()) == prefix) return Line{from, end, number};
    from = end;
    ++number;
  }
  return std::nullopt;
}

int line_number_at(std::string_view text, std::size_t offset) {
  int number = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) number += text[i] == '\n';
  return number;
}

}  // namespace

std::string calibration_region(const vision::TableLayout& layout, std::string_view date) {
  std::string out = fmt::format("{} on {}; run it again to redo ---\n", kCalibrationStart, date);
  out +=
      "# Millimetres on the table as corner_tags_mm places the corner tags S1:CAL:1-4 (far left, far right,\n"
      "# near right, near left); facing_deg is clockwise from the far edge. Edit nothing here by hand.\n";
  out += "[game.calibration]\n";
  if (layout.corner_tags_mm) {
    out += "corner_tags_mm = " + points({layout.corner_tags_mm->begin(), layout.corner_tags_mm->end()}) + "\n";
  }
  for (const vision::SeatArea& seat : layout.seats) {
    out += fmt::format("\n[[game.calibration.seat_area]]\nseat = {}\nfacing_deg = {}\npolygon = {}\n", seat.seat,
                       number(seat.facing_deg), points(seat.polygon));
  }
  for (const vision::ZoneArea& zone : layout.zones) {
    out +=
        fmt::format("\n[[game.calibration.zone_area]]\nname = \"{}\"\npolygon = {}\n", zone.name, points(zone.polygon));
  }
  return out + std::string(kCalibrationEnd) + "\n";
}

Result<std::string> with_calibration_region(std::string_view text, std::string_view region, const std::string& path) {
  const auto start = find_line(text, kCalibrationStart, 0, 1);
  if (!start) {
    std::string out(text);
    if (!out.empty() && out.back() != '\n') out += '\n';
    if (!out.empty()) out += '\n';
    return out + std::string(region);
  }
  const auto end = find_line(text, kCalibrationEnd, start->end, line_number_at(text, start->end));
  if (!end) {
    return fail(
        fmt::format("{}:{}: the table calibration starts here but its end line \"{}\" is missing: put it "
                    "back after the calibration, or delete the calibration's lines, and run again",
                    path, start->number, kCalibrationEnd));
  }
  std::string out(text.substr(0, start->begin));
  out += region;
  // The region's own end line always ends in a newline; one the file's last line lacked is not added.
  if (end->end == text.size() && text.back() != '\n') out.pop_back();
  out += text.substr(end->end);
  return out;
}

Result<Config> save_calibration(const std::string& path, const vision::TableLayout& layout, std::string_view date) {
  std::error_code ec;
  const bool existed = fs::exists(path, ec);
  std::string old_text;
  if (existed) {
    auto read = read_text_file(path);
    if (!read) return fail(read.error().message);
    old_text = std::move(read).value();
  }
  auto new_text = with_calibration_region(old_text, calibration_region(layout, date), path);
  if (!new_text) return fail(new_text.error().message);
  // Read before writing: a file the daemon would refuse is never written.
  if (auto check = parse_config(*new_text, path); !check) {
    return fail(check.error().message + " (the calibration was not saved; " + path + " is as it was)");
  }
  if (auto written = replace_file(path, *new_text); !written) return fail(written.error().message);
  // And after: what is on disk is what counts (a full disk truncates silently until read).
  auto reread = load_config(path);
  if (reread) return reread;
  const auto restored = existed ? replace_file(path, old_text) : Result<void>();
  if (!existed) fs::remove(path, ec);
  return fail(reread.error().message +
              (restored ? " (the calibration was not saved; " + path + " is as it was)"
                        : " (and restoring the old file failed: " + restored.error().message + ")"));
}

}  // namespace seneschal::firmware
