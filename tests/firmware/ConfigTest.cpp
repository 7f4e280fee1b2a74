// What a config file sets, and how it lands in DaemonOptions.

#include <gtest/gtest.h>

#include "seneschal/firmware/config/config.hpp"
#include "seneschal/vision/scanner.hpp"

namespace {

using namespace seneschal::firmware;

const std::string kExample = SENESCHAL_SOURCE_DIR "/assets/config/seneschal.toml";

Config parse(const std::string& text) {
  auto config = parse_config(text, "/etc/seneschal/seneschal.toml");
  EXPECT_TRUE(config.has_value()) << (config ? "" : config.error().message);
  return config ? *config : Config{};
}

DaemonOptions applied(const Config& config) {
  DaemonOptions options;
  auto ok = apply_config(config, options);
  EXPECT_TRUE(ok.has_value()) << (ok ? "" : ok.error().message);
  return options;
}

TEST(ConfigTest, ShippedExampleParsesAndGivesTheDefaults) {
  auto config = load_config(kExample);
  ASSERT_TRUE(config) << config.error().message;
  const DaemonOptions options = applied(*config);
  const DaemonOptions defaults;
  EXPECT_EQ(options.source, defaults.source);
  EXPECT_EQ(options.screen, defaults.screen);
  EXPECT_EQ(options.snapshot_dir, defaults.snapshot_dir);
  EXPECT_EQ(options.state_dir, defaults.state_dir);
  EXPECT_EQ(options.assets_dir, defaults.assets_dir);
  EXPECT_EQ(options.game, defaults.game);
  EXPECT_EQ(options.seats, defaults.seats);
  EXPECT_EQ(options.size, defaults.size);
  EXPECT_EQ(options.frame_interval_ms, defaults.frame_interval_ms);
  // Left out, so that a camera on a Pi 5 is read at its board's pace (default_camera_interval_ms).
  EXPECT_FALSE(options.frame_interval_given);
  EXPECT_EQ(options.stabilizer.appear_k, defaults.stabilizer.appear_k);
  EXPECT_EQ(options.stabilizer.appear_n, defaults.stabilizer.appear_n);
  EXPECT_EQ(options.stabilizer.absent_ms, defaults.stabilizer.absent_ms);
  EXPECT_EQ(options.stabilizer.bow_on_deg, defaults.stabilizer.bow_on_deg);
  EXPECT_EQ(options.stabilizer.bow_off_deg, defaults.stabilizer.bow_off_deg);
  EXPECT_EQ(options.buttons, defaults.buttons);
  EXPECT_EQ(options.gpio.chip_label, defaults.gpio.chip_label);
  EXPECT_EQ(options.gpio.lines, defaults.gpio.lines);
  EXPECT_EQ(options.gpio.active_low, defaults.gpio.active_low);
  EXPECT_EQ(options.gpio.debounce_ms, defaults.gpio.debounce_ms);
  EXPECT_EQ(options.gpio.long_press_ms, defaults.gpio.long_press_ms);
  EXPECT_EQ(options.gpio.buzzer_line, defaults.gpio.buzzer_line);
  EXPECT_EQ(options.gpio.led_line, defaults.gpio.led_line);
  EXPECT_EQ(options.timer_marks_s, defaults.timer_marks_s);
  EXPECT_TRUE(options.timer_presets.empty());
  EXPECT_EQ(options.camera_width, defaults.camera_width);
  EXPECT_EQ(options.camera_height, defaults.camera_height);
  EXPECT_EQ(options.decoder, defaults.decoder);
  EXPECT_EQ(options.self_test_ms, defaults.self_test_ms);
  EXPECT_EQ(options.calibration_card, defaults.calibration_card);
  EXPECT_EQ(options.fullscreen, defaults.fullscreen);
  EXPECT_EQ(config->mode, DisplayMode::Window);
  EXPECT_TRUE(config->seat_areas.empty());
}

TEST(ConfigTest, EmptyFileLeavesEveryDefault) {
  const Config config = parse("");
  EXPECT_FALSE(config.game);
  EXPECT_FALSE(config.gpio_lines);
  EXPECT_EQ(applied(config).gpio.lines, default_gpio_lines());
}

TEST(ConfigTest, ValuesLandInDaemonOptions) {
  const DaemonOptions options = applied(parse(R"(
[camera]
source = "/srv/recordings/tuesday"
frame_interval_ms = 100
[game]
seats = ["Ada", "Bo", "Cy"]
[display]
size = "1024x600"
mode = "headless"
snapshot_dir = "/tmp/shots"
[paths]
state_dir = "/var/lib/seneschal"
assets_dir = "/usr/share/seneschal"
[gpio]
buttons = "none"
chip = "pinctrl-rp1"
active_low = false
debounce_ms = 10
long_press_ms = 600
buzzer_line = "none"
led_line = 13
[gpio.lines]
ok = 4
undo = 6
[timers]
warning_marks_s = [120, 10]
[stabilizer]
appear_k = 3
appear_n = 5
absent_ms = 500
bow_on_deg = 70
bow_off_deg = 20.5
)"));
  EXPECT_EQ(options.source, "/srv/recordings/tuesday");
  EXPECT_EQ(options.frame_interval_ms, 100);
  EXPECT_TRUE(options.frame_interval_given);
  EXPECT_EQ(options.seats, (std::vector<std::string>{"Ada", "Bo", "Cy"}));
  EXPECT_EQ(options.size, (seneschal::display::ScreenSize{1024, 600}));
  EXPECT_EQ(options.screen, Screen::Snapshots);
  EXPECT_EQ(options.snapshot_dir, "/tmp/shots");
  EXPECT_EQ(options.state_dir, "/var/lib/seneschal");
  EXPECT_EQ(options.assets_dir, "/usr/share/seneschal");
  EXPECT_EQ(options.buttons, ButtonSource::None);
  EXPECT_EQ(options.gpio.chip_label, "pinctrl-rp1");
  EXPECT_FALSE(options.gpio.active_low);
  EXPECT_EQ(options.gpio.debounce_ms, 10);
  EXPECT_EQ(options.gpio.long_press_ms, 600);
  EXPECT_EQ(options.gpio.buzzer_line, std::nullopt);
  EXPECT_EQ(options.gpio.led_line, 13u);
  EXPECT_EQ(options.gpio.lines, (std::map<Button, unsigned>{{Button::Ok, 4}, {Button::Undo, 6}}));
  EXPECT_EQ(options.timer_marks_s, (std::vector<int>{120, 10}));
  EXPECT_EQ(options.stabilizer.appear_k, 3);
  EXPECT_EQ(options.stabilizer.appear_n, 5);
  EXPECT_EQ(options.stabilizer.absent_ms, 500);
  EXPECT_EQ(options.stabilizer.bow_on_deg, 70);
  EXPECT_EQ(options.stabilizer.bow_off_deg, 20.5);
}

TEST(ConfigTest, TimerPresetsKeepTheFileOrder) {
  // toml++ sorts a table's keys; the TIMER button starts the first preset, so order matters.
  const DaemonOptions options =
      applied(parse("[timers.presets]\nWooing = 120\n\"Royal Wedding\" = 180\nAuction = 60\n"));
  ASSERT_EQ(options.timer_presets.size(), 3u);
  EXPECT_EQ(options.timer_presets[0].name, "Wooing");
  EXPECT_EQ(options.timer_presets[1].name, "Royal Wedding");
  EXPECT_EQ(options.timer_presets[1].seconds, 180);
  EXPECT_EQ(options.timer_presets[2].name, "Auction");
}

TEST(ConfigTest, CameraDisplayAndSeatAreasReachTheDaemon) {
  const Config config = parse(R"(
[camera]
size = "1920x1080"
decoder = "zxing"
[display]
mode = "fullscreen"
[[game.seat_area]]
seat = 2
polygon = [[0, 0], [600.5, 0], [600, 300]]
facing_deg = 180
[[game.seat_area]]
seat = 1
polygon = [[0, 300], [600, 300], [600, 600], [0, 600]]
[[game.zone_area]]
name = "centre"
polygon = [[200, 250], [400, 250], [400, 350], [200, 350]]
[game]
corner_tags_mm = [[20, 20], [580, 20], [580, 580], [20, 580]]
)");
  ASSERT_EQ(config.seat_areas.size(), 2u);
  EXPECT_EQ(config.seat_areas[0].seat, 2);
  ASSERT_EQ(config.seat_areas[0].polygon.size(), 3u);
  EXPECT_EQ(config.seat_areas[0].polygon[1].x_mm, 600.5);
  EXPECT_EQ(config.seat_areas[0].facing_deg, 180);
  EXPECT_EQ(config.seat_areas[1].polygon.size(), 4u);
  EXPECT_EQ(config.seat_areas[1].facing_deg, 0);
  EXPECT_EQ(config.camera_size->width, 1920u);
  EXPECT_EQ(config.decoder, "zxing");
  EXPECT_EQ(config.mode, DisplayMode::Fullscreen);
  const DaemonOptions options = applied(config);
  EXPECT_EQ(options.screen, Screen::Window);
  EXPECT_TRUE(options.fullscreen);
  EXPECT_EQ(options.camera_width, 1920);
  EXPECT_EQ(options.camera_height, 1080);
  EXPECT_EQ(options.decoder, seneschal::vision::Decoder::Zxing);
  // Seat areas are drawn in the calibration card's millimetres: the self-test waits for it.
  EXPECT_EQ(options.calibration_card, true);
  // The table the frame pipeline calibrates: corner tags, seats, zones.
  ASSERT_TRUE(options.table.corner_tags_mm.has_value());
  EXPECT_EQ((*options.table.corner_tags_mm)[2].x_mm, 580);
  EXPECT_EQ(options.table.seats.size(), 2u);
  ASSERT_EQ(options.table.zones.size(), 1u);
  EXPECT_EQ(options.table.zones[0].name, "centre");
  EXPECT_EQ(options.table.zones[0].polygon.size(), 4u);
}

TEST(ConfigTest, SelfTestKeys) {
  const DaemonOptions options = applied(parse("[camera]\nself_test_s = 25\ncalibration_card = false\n"));
  EXPECT_EQ(options.self_test_ms, 25000);
  EXPECT_EQ(options.calibration_card, false);
  EXPECT_FALSE(applied(parse("")).calibration_card) << "unset: the daemon decides by the source";
}

// [4/8]: every size on the screen times the table's scale, for a screen read from further away.
TEST(ConfigTest, DisplayScaleKey) {
  EXPECT_EQ(applied(parse("")).scale, 1.0);
  const DaemonOptions options = applied(parse("[display]\nscale = 1.5\n"));
  EXPECT_EQ(options.scale, 1.5);
  EXPECT_NE(describe(parse("[display]\nscale = 1.5\n"), options).find("sizes times 1.5"), std::string::npos);
}

// [3/8] and [4/8]: the idle countdown and the flat screen turned to the seat to act.
TEST(ConfigTest, IdleAdvanceAndTurnToSeatKeys) {
  const DaemonOptions defaults = applied(parse(""));
  EXPECT_EQ(defaults.advance_idle_ms, 4000);
  EXPECT_FALSE(defaults.turn_to_seat);
  const DaemonOptions options = applied(parse("[game]\nadvance_idle_s = 0\n[display]\nturn_to_seat = true\n"));
  EXPECT_EQ(options.advance_idle_ms, 0) << "0: prompts never move on by themselves";
  EXPECT_TRUE(options.turn_to_seat);
  EXPECT_NE(describe(parse("[display]\nturn_to_seat = true\n"), options).find("turned to the seat to act"),
            std::string::npos);
}

// [7/8]: a new game's seat clocks.
TEST(ConfigTest, SeatClockKeys) {
  EXPECT_EQ(applied(parse("")).clocks, seneschal::engine::SeatClockRules{}) << "no clocks shown, no limits";
  const DaemonOptions shown = applied(parse("[game]\nseat_clocks = true\n"));
  EXPECT_TRUE(shown.clocks.shown);
  const DaemonOptions limited = applied(parse("[game]\nseat_clock = \"25m\"\nturn_clock = \"1m30s\"\n"));
  EXPECT_EQ(limited.clocks.game_ms, 25 * 60 * 1000);
  EXPECT_EQ(limited.clocks.turn_ms, 90 * 1000);
  EXPECT_TRUE(limited.clocks.visible()) << "a limit shows the clocks";
  const Config config = parse("[game]\nseat_clock = \"25m\"\nturn_clock = \"2m\"\n");
  EXPECT_NE(describe(config, applied(config)).find("game r9e for Mark, Shawn (seat clocks 25:00 a game, 2:00 a turn);"),
            std::string::npos)
      << describe(config, applied(config));
  EXPECT_NE(describe(parse(""), shown).find("(seat clocks shown)"), std::string::npos);
}

TEST(ConfigTest, ButtonWordsAreTheButtonsOwnNames) {
  // config.cpp keeps its own list (the fuzzer builds it without the button mapper); the two
  // must not drift apart.
  ASSERT_EQ(config_button_names().size(), 8u);
  for (const auto& [word, button] : config_button_names()) EXPECT_EQ(parse_button(word), button) << word;
}

TEST(ConfigTest, DecoderWordsAreTheScannersWords) {
  for (const char* word : {"zbar", "zxing", "both"}) {
    EXPECT_TRUE(seneschal::vision::parse_decoder(word)) << word;
    EXPECT_EQ(parse(std::string("[camera]\ndecoder = \"") + word + "\"\n").decoder, word);
  }
}

// [7/8] The screen's language: the file's code, or the locale's when it gives none.
TEST(ConfigTest, TheLanguageIsTheFilesOrTheLocales) {
  EXPECT_EQ(DaemonOptions{}.language, "");
  const Config config = parse("[display]\nlanguage = \"fr\"\n");
  EXPECT_EQ(config.language, "fr");
  EXPECT_EQ(applied(config).language, "fr");
  EXPECT_NE(describe(config, applied(config)).find("; language fr"), std::string::npos) << describe(config, applied(config));
  EXPECT_NE(describe(parse(""), DaemonOptions{}).find("(the locale's)"), std::string::npos);
}

TEST(ConfigTest, DescribeSaysWhatItConfigures) {
  const Config config = parse("[game]\nseats = [\"Ada\", \"Bo\"]\n[display]\nmode = \"fullscreen\"\n");
  const std::string line = describe(config, applied(config));
  EXPECT_NE(line.find("game r9e for Ada, Bo"), std::string::npos) << line;
  EXPECT_NE(line.find("display 800x480 fullscreen"), std::string::npos) << line;
  EXPECT_NE(line.find("buttons auto on pinctrl-bcm2711 (7 lines)"), std::string::npos) << line;
}

}  // namespace

namespace {

// The watch page is off unless the file asks for it, and the file says where it listens.
TEST(ConfigTest, TheWatchPageIsOffUnlessTheFileGivesAnAddress) {
  EXPECT_EQ(DaemonOptions{}.watch_listen, "");
  const DaemonOptions options = applied(parse("[watch]\nlisten = \"0.0.0.0:8080\"\nmax_pages = 5\n"));
  EXPECT_EQ(options.watch_listen, "0.0.0.0:8080");
  EXPECT_EQ(options.watch_max_pages, 5);
  EXPECT_NE(describe(parse("[watch]\nlisten = \"0.0.0.0:8080\"\n"), options).find("watch page on 0.0.0.0:8080"),
            std::string::npos);
  EXPECT_NE(describe(parse(""), DaemonOptions{}).find("watch page off"), std::string::npos);
  // The shipped file leaves it off.
  auto shipped = load_config(kExample);
  ASSERT_TRUE(shipped);
  EXPECT_EQ(applied(*shipped).watch_listen, "");
}

}  // namespace
