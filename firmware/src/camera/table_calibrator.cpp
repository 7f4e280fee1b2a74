#include "seneschal/firmware/camera/table_calibrator.hpp"

#include <fmt/core.h>

#include <charconv>
#include <string>

#include "seneschal/base/words.hpp"

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

Result<CalibrationPlan> plan_calibration(const std::optional<Config>& config, std::string_view table,
                                         std::optional<int> seats, vision::CentreZone centre, GameSeats game) {
  CalibrationPlan plan;
  plan.game = game.game;
  plan.look_for.centre = centre;
  plan.look_for.without_seat_tags = vision::WithoutSeatTags::AlongEdges;
  if (seats && (*seats < game.min || *seats > game.max)) {
    return fail(game.min == game.max
                    ? fmt::format("--seats {}: {} is played by {} only", *seats, game.game, game.min)
                    : fmt::format("--seats {}: expected {}-{}, the seats {} is played by", *seats, game.min, game.max,
                                  game.game));
  }
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
  plan.look_for.seats = seats                     ? *seats
                        : config && config->seats ? static_cast<int>(config->seats->size())
                                                  : static_cast<int>(DaemonOptions{}.seats.size());
  return plan;
}

TableCalibrator::TableCalibrator(CalibrationPlan plan, vision::ScannerOptions scanner)
    : plan_(std::move(plan)), scanner_(std::move(scanner)) {}

CalibrationLook TableCalibrator::look(const cv::Mat& frame, std::int64_t t_ms, vision::CameraView camera) {
  const std::vector<vision::Sighting> sightings = scanner_.scan(frame, t_ms);
  CalibrationLook out;
  out.layout = vision::find_seat_layout(sightings, plan_.look_for);
  std::optional<vision::TableSeen> table;
  if (out.layout.calibration) {
    table = vision::TableSeen{{}, out.layout.calibration, plan_.look_for.corner_tags_mm, out.layout.table.seats};
    for (int n = 0; n < 4; ++n) table->corners_px[n] = vision::centre_of(*out.layout.corners[n]);
  }
  camera.frame_width = frame.cols;
  vision::TagHealthOptions health;
  health.camera = camera;
  out.health = vision::measure_tag_health(sightings, table, frame, health);
  if (out.layout.seats_along_edges && out.layout.calibration) {
    const std::size_t drawn = out.layout.table.seats.size();
    // Shown on the calibration screen (and said on the terminal).
    // TRANSLATORS: on the calibration screen, the end of "drew 4 seat areas along the table's edges
    // for orc's 4 seats": {0} is the game's name, {1} its seats.
    const std::string game_seats = trn("{0}'s {1} seat", "{0}'s {1} seats", plan_.look_for.seats, plan_.game,
                                       plan_.look_for.seats);
    // TRANSLATORS: on the calibration screen; {0} the seat areas drawn, {1} "orc's 4 seats".
    out.warnings.push_back(trn("no seat tags seen: drew {0} seat area along the table's edges for {1}",
                               "no seat tags seen: drew {0} seat areas along the table's edges for {1}",
                               static_cast<long>(drawn), drawn, game_seats));
  }
  out.warnings.insert(out.warnings.end(), out.health.warnings.begin(), out.health.warnings.end());
  return out;
}

vision::TableLayout TableCalibrator::to_save(const vision::SeatLayout& found) const {
  vision::TableLayout out = found.table;
  if (plan_.corners_by_hand) out.corner_tags_mm.reset();
  return out;
}

}  // namespace seneschal::firmware
