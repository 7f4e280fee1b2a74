#include "seneschal/firmware/table_calibrator.hpp"

#include <charconv>
#include <string>

namespace seneschal::firmware {
namespace {

std::optional<double> millimetres(std::string_view text) {
  double mm = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), mm);
  if (ec != std::errc() || end != text.data() + text.size() || !(mm >= 100 && mm <= 5000)) return std::nullopt;
  return mm;
}

}  // namespace

Result<std::array<vision::TablePoint, 4>> corners_for_table(std::string_view text) {
  const std::size_t x = text.find('x');
  const auto width = x == std::string_view::npos ? std::nullopt : millimetres(text.substr(0, x));
  const auto depth = x == std::string_view::npos ? std::nullopt : millimetres(text.substr(x + 1));
  if (!width || !depth) {
    return fail("--table " + std::string(text) +
                ": expected the distances between the corner tags' centres, across x deep in mm (100-5000 each), "
                "e.g. 560x560");
  }
  return std::array<vision::TablePoint, 4>{vision::TablePoint{0, 0}, vision::TablePoint{*width, 0},
                                           vision::TablePoint{*width, *depth}, vision::TablePoint{0, *depth}};
}

Result<CalibrationPlan> plan_calibration(const std::optional<Config>& config, std::string_view table, int seats,
                                         vision::CentreZone centre) {
  CalibrationPlan plan;
  plan.look_for.centre = centre;
  if (!table.empty()) {
    auto corners = corners_for_table(table);
    if (!corners) return fail(corners.error().message);
    plan.look_for.corner_tags_mm = *corners;
  } else if (config && config->corner_tags_mm) {
    plan.look_for.corner_tags_mm = *config->corner_tags_mm;
    plan.corners_by_hand = config->lines.count("game.corner_tags_mm") > 0;
  } else {
    return fail(
        "say how far apart the corner tags lie: --table WxD, across and deep between their centres in mm "
        "(the config gives no corner_tags_mm)");
  }
  if (seats < 0 || seats > 8) return fail("--seats " + std::to_string(seats) + ": expected 1-8");
  plan.look_for.seats = seats > 0                 ? seats
                        : config && config->seats ? static_cast<int>(config->seats->size())
                                                  : static_cast<int>(DaemonOptions{}.seats.size());
  return plan;
}

TableCalibrator::TableCalibrator(CalibrationPlan plan, vision::ScannerOptions scanner)
    : plan_(std::move(plan)), scanner_(std::move(scanner)) {}

vision::SeatLayout TableCalibrator::look(const cv::Mat& frame, std::int64_t t_ms) {
  return vision::find_seat_layout(scanner_.scan(frame, t_ms), plan_.look_for);
}

vision::TableLayout TableCalibrator::to_save(const vision::SeatLayout& found) const {
  vision::TableLayout out = found.table;
  if (plan_.corners_by_hand) out.corner_tags_mm.reset();
  return out;
}

}  // namespace seneschal::firmware
