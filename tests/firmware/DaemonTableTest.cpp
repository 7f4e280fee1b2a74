// seneschald at a calibrated table: a config file says where the corner tags lie and draws the
// seats' and the centre's areas; the daemon reads a generated game (cards laid in each seat's
// area, turned, slid to another seat, covered by a hand, taken away) and its event log ends with
// the table the recording ends with: each card in its seat or zone at its quarter turn.
#include <gtest/gtest.h>

#include <fmt/core.h>

#include <fstream>

#include "TableGames.hpp"
#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"
#include "seneschal/vision/synth.hpp"

namespace seneschal::firmware {
namespace {

namespace synth = vision::synth;

std::string points_toml(const std::vector<vision::TablePoint>& points) {
  std::string out = "[";
  for (const auto& p : points) out += fmt::format("{}[{:.1f}, {:.1f}]", out.size() > 1 ? ", " : "", p.x_mm, p.y_mm);
  return out + "]";
}

// The [game] table of a config file for the scene's table.
std::string config_for(const synth::Scene& scene) {
  const auto corners = synth::calibration_points(scene);
  EXPECT_TRUE(corners.has_value());
  std::string seats, text;
  for (std::size_t i = 0; i < scene.seats.size(); ++i) seats += fmt::format("{}\"Seat {}\"", i ? ", " : "", i + 1);
  text += "[game]\nname = \"r9e\"\nseats = [" + seats + "]\n";
  text += "corner_tags_mm = " + points_toml({corners->begin(), corners->end()}) + "\n";
  for (const vision::SeatArea& area : scene.seats) {
    text += fmt::format("[[game.seat_area]]\nseat = {}\nfacing_deg = {}\npolygon = {}\n", area.seat, area.facing_deg,
                        points_toml(area.polygon));
  }
  for (const vision::ZoneArea& zone : scene.zones) {
    text += fmt::format("[[game.zone_area]]\nname = \"{}\"\npolygon = {}\n", zone.name, points_toml(zone.polygon));
  }
  return text;
}


TEST(DaemonTableTest, ACalibratedTableEndsWithEachCardInItsSeatAtItsQuarter) {
  test::TempDir dir;
  const int frames = 60;
  const synth::Scene scene = tables::write_table_game(dir.file("game"), 7, 20, frames);
  std::ofstream(dir.file("seneschal.toml")) << config_for(scene);

  const auto run = test::run_command("'" SENESCHALD_PATH "' --headless --buttons none --config '" +
                                     dir.file("seneschal.toml") + "' --source '" + dir.file("game") +
                                     "' --state-dir '" + dir.file("state") + "' --snapshot-dir '" + dir.file("shots") + "'");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("table calibrated from the corner tags in frame-0001.jpg"), std::string::npos) << run.output;

  const engine::TableState state = tables::replayed(dir.file("state") + "/seneschal.sqlite");
  auto truth = synth::frame_truth(scene, frames - 1);
  ASSERT_TRUE(truth.has_value());
  int checked = 0;
  for (const synth::TruthCard& card : truth->table) {
    if (card.payload.rfind("S1:R9E:", 0) != 0 || card.hidden) continue;
    // S1:R9E:<ID>:<copy>
    const auto last = card.payload.rfind(':');
    const std::string id = card.payload.substr(7, last - 7);
    const engine::TableCard* lying = state.on_table(id, std::stoi(card.payload.substr(last + 1)));
    ASSERT_NE(lying, nullptr) << card.payload << " is on the table at the end";
    EXPECT_EQ(lying->seat + 1, card.seat) << card.payload;
    EXPECT_EQ(lying->zone, card.zone) << card.payload;
    EXPECT_EQ(lying->quarter, card.quarter) << card.payload;
    EXPECT_TRUE(lying->x_mm.has_value()) << card.payload;
    ++checked;
  }
  EXPECT_GE(checked, 3);  // this seed ends with 4 cards in view
}

TEST(DaemonTableTest, AZoneTheGameDoesNotHaveIsSaidAtStart) {
  test::TempDir dir;
  std::ofstream(dir.file("seneschal.toml")) << "[[game.zone_area]]\nname = \"moon\"\npolygon = [[0, 0], [10, 0], [10, 10]]\n";
  const auto run = test::run_command("'" SENESCHALD_PATH "' --headless --buttons none --config '" +
                                     dir.file("seneschal.toml") + "' --state-dir '" + dir.file("state") + "'");
  EXPECT_NE(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("[[game.zone_area]] name = \"moon\": r9e has no such zone (its zones: centre, deck, discard)"),
            std::string::npos)
      << run.output;
}

}  // namespace
}  // namespace seneschal::firmware
