// Each kind of bad config line and the exact message it gets: file, line, key, the value as
// written and what is allowed. The daemon stops on any of them (exit 78), so these messages are
// all a person at the device has to go on.

#include <gtest/gtest.h>

#include "seneschal/firmware/config/config.hpp"

namespace {

using namespace seneschal::firmware;

// Parsed and then applied, as the daemon does: some checks need the defaults or the game modules.
std::string error_of(const std::string& text) {
  auto config = parse_config(text, "/etc/seneschal/seneschal.toml");
  if (!config) return config.error().message;
  DaemonOptions options;
  auto applied = apply_config(*config, options);
  return applied ? "(no error)" : applied.error().message;
}

TEST(ConfigErrorsTest, WrongTypeSaysWhatIsExpected) {
  EXPECT_EQ(error_of("[gpio]\n\ndebounce_ms = \"20\"\n"),
            "/etc/seneschal/seneschal.toml:3: gpio.debounce_ms = \"20\": expected milliseconds, 0-1000");
  EXPECT_EQ(error_of("[gpio]\nactive_low = 1\n"),
            "/etc/seneschal/seneschal.toml:2: gpio.active_low = 1: expected true or false");
  EXPECT_EQ(error_of("display = \"800x480\"\n"),
            "/etc/seneschal/seneschal.toml:1: display = \"800x480\": expected a table, [display]");
}

TEST(ConfigErrorsTest, OutOfRangeSaysTheRange) {
  EXPECT_EQ(error_of("[gpio]\nlong_press_ms = 50\n"),
            "/etc/seneschal/seneschal.toml:2: gpio.long_press_ms = 50: expected milliseconds, 100-10000");
  EXPECT_EQ(
      error_of("[camera]\nframe_interval_ms = 0\n"),
      "/etc/seneschal/seneschal.toml:2: camera.frame_interval_ms = 0: expected milliseconds between frames, 1-10000");
  EXPECT_EQ(
      error_of("[timers]\nwarning_marks_s = [60, 0]\n"),
      "/etc/seneschal/seneschal.toml:2: timers.warning_marks_s = [60, 0]: expected seconds left, each 1-3600, e.g. "
      "[60, 30, 10]");
  EXPECT_EQ(error_of("[camera]\n\nself_test_s = 600\n"),
            "/etc/seneschal/seneschal.toml:3: camera.self_test_s = 600: expected seconds the start-up self-test may "
            "take, 1-120");
}

TEST(ConfigErrorsTest, BadChoiceListsTheChoices) {
  EXPECT_EQ(error_of("[display]\nmode = \"full\"\n"),
            "/etc/seneschal/seneschal.toml:2: display.mode = \"full\": expected window | fullscreen | headless");
  EXPECT_EQ(error_of("[gpio]\nbuttons = \"yes\"\n"),
            "/etc/seneschal/seneschal.toml:2: gpio.buttons = \"yes\": expected auto | gpio | none");
}

TEST(ConfigErrorsTest, ALanguageMustBeOneTheDeviceSpeaks) {
  EXPECT_EQ(error_of("[display]\nlanguage = \"pt\"\n"),
            "/etc/seneschal/seneschal.toml:2: display.language = \"pt\": expected a language the device speaks: en, de, "
            "fr, es, or \"\" for the locale's");
  EXPECT_EQ(error_of("[display]\nlanguage = 1\n"),
            "/etc/seneschal/seneschal.toml:2: display.language = 1: expected a language the device speaks: en, de, fr, "
            "es, or \"\" for the locale's");
  EXPECT_EQ(error_of("[display]\nlanguage = \"de\"\n"), "(no error)");
  EXPECT_EQ(error_of("[display]\nlanguage = \"\"\n"), "(no error)");
}

TEST(ConfigErrorsTest, ASeatClockSaysWhatALengthLooksLike) {
  EXPECT_EQ(error_of("[game]\nseat_clock = \"25\"\n"),
            "/etc/seneschal/seneschal.toml:2: game.seat_clock = \"25\": expected a length like \"25m\", \"90s\" or "
            "\"1h30m\", or \"0\" for none");
  EXPECT_NE(error_of("[game]\nturn_clock = 120\n").find("game.turn_clock = 120: expected a length"), std::string::npos);
  EXPECT_NE(error_of("[game]\nseat_clocks = \"yes\"\n").find("game.seat_clocks"), std::string::npos);
}

TEST(ConfigErrorsTest, TheIdleCountdownAndTheTurnedScreenNameTheirBounds) {
  EXPECT_EQ(error_of("[game]\nadvance_idle_s = 90\n"),
            "/etc/seneschal/seneschal.toml:2: game.advance_idle_s = 90: expected seconds before a prompt with nothing "
            "to decide moves on by itself, 0 (never) to 60");
  EXPECT_NE(error_of("[display]\nturn_to_seat = \"yes\"\n").find("display.turn_to_seat"), std::string::npos);
  EXPECT_EQ(error_of("[display]\nscale = 2.5\n"),
            "/etc/seneschal/seneschal.toml:2: display.scale = 2.5: expected every size on the screen times this, 1.0-2.0");
}

TEST(ConfigErrorsTest, UnknownKeyListsTheTablesKeysAndANearMiss) {
  EXPECT_EQ(error_of("[display]\nsise = \"800x480\"\n"),
            "/etc/seneschal/seneschal.toml:2: display.sise: unknown key (did you mean size?); known keys in "
            "[display]: size, mode, snapshot_dir, snapshot_keep_runs, snapshot_keep_mb, turn_to_seat, scale, language");
  EXPECT_EQ(error_of("[gpio]\ndebounce = 20\n"),
            "/etc/seneschal/seneschal.toml:2: gpio.debounce: unknown key (did you mean debounce_ms?); known keys in "
            "[gpio]: buttons, chip, lines, active_low, debounce_ms, long_press_ms, buzzer_line, led_line");
  EXPECT_EQ(error_of("[display]\ncolour = \"blue\"\n"),
            "/etc/seneschal/seneschal.toml:2: display.colour: unknown key; known keys in [display]: size, mode, "
            "snapshot_dir, snapshot_keep_runs, snapshot_keep_mb, turn_to_seat, scale, language");
}

TEST(ConfigErrorsTest, UnknownTableListsTheTables) {
  EXPECT_EQ(error_of("[camera]\ndecoder = \"zbar\"\n\n[dispaly]\nsize = \"800x480\"\n"),
            "/etc/seneschal/seneschal.toml:4: [dispaly]: unknown table (did you mean [display]?); known tables: "
            "camera, game, display, paths, gpio, timers, stabilizer, watch");
}

TEST(ConfigErrorsTest, BadSizeShowsTheForm) {
  EXPECT_EQ(error_of("[display]\nsize = \"huge\"\n"),
            "/etc/seneschal/seneschal.toml:2: display.size = \"huge\": expected WIDTHxHEIGHT, e.g. 800x480 (320x240 "
            "to 7680x4320)");
  EXPECT_EQ(error_of("[display]\nsize = \"200x100\"\n"),
            "/etc/seneschal/seneschal.toml:2: display.size = \"200x100\": expected WIDTHxHEIGHT, e.g. 800x480 "
            "(320x240 to 7680x4320)");
  EXPECT_EQ(error_of("[camera]\nsize = \"1280*720\"\n"),
            "/etc/seneschal/seneschal.toml:2: camera.size = \"1280*720\": expected WIDTHxHEIGHT, e.g. 1280x720 "
            "(160x120 to 4096x3072)");
}

TEST(ConfigErrorsTest, BadGpioLineMapNamesTheButtonOrLine) {
  EXPECT_EQ(error_of("[gpio.lines]\nok = 17\njump = 4\n"),
            "/etc/seneschal/seneschal.toml:3: gpio.lines.jump: unknown key; known keys in [gpio.lines]: ok, pass, "
            "undo, redo, up, down, menu, timer");
  EXPECT_EQ(error_of("[gpio.lines]\nok = 77\n"),
            "/etc/seneschal/seneschal.toml:2: gpio.lines.ok = 77: expected a BCM line number, 0-63");
  EXPECT_EQ(error_of("[gpio]\nlines = \"ok=17,pass=27\"\n"),
            "/etc/seneschal/seneschal.toml:2: gpio.lines = \"ok=17,pass=27\": expected a table of BUTTON = LINE, "
            "e.g. [gpio.lines] ok = 17");
  EXPECT_EQ(
      error_of("[gpio]\nbuzzer_line = \"off\"\n"),
      "/etc/seneschal/seneschal.toml:2: gpio.buzzer_line = \"off\": expected a BCM line number, 0-63, or \"none\"");
}

TEST(ConfigErrorsTest, DuplicateGpioLineNamesWhoHasIt) {
  EXPECT_EQ(error_of("[gpio.lines]\nok = 17\npass = 17\n"),
            "/etc/seneschal/seneschal.toml:3: gpio.lines.pass = 17: expected a line of its own, 0-63 (17 is taken by "
            "gpio.lines.ok)");
  EXPECT_EQ(error_of("[gpio]\nled_line = 17\n[gpio.lines]\nok = 17\n"),
            "/etc/seneschal/seneschal.toml:2: gpio.led_line = 17: expected a line of its own, 0-63 (17 is taken by "
            "gpio.lines.ok)");
  // A clash with a default the file leaves alone (the buzzer is on 18) is found once merged.
  EXPECT_EQ(error_of("[gpio]\ndebounce_ms = 20\n[gpio.lines]\nok = 18\n"),
            "/etc/seneschal/seneschal.toml:1: [gpio]: GPIO line 18 is given to both OK and the buzzer");
}

TEST(ConfigErrorsTest, BadTimerPresetSaysNameEqualsSeconds) {
  EXPECT_EQ(error_of("[timers.presets]\nNegotiation = \"3:00\"\n"),
            "/etc/seneschal/seneschal.toml:2: timers.presets.Negotiation = \"3:00\": expected seconds, 1-14400, e.g. "
            "Negotiation = 180");
  EXPECT_EQ(error_of("[timers.presets]\nNegotiation = 180\nFeast = 0\n"),
            "/etc/seneschal/seneschal.toml:3: timers.presets.Feast = 0: expected seconds, 1-14400, e.g. "
            "Negotiation = 180");
  EXPECT_EQ(error_of("[timers]\npresets = [\"Negotiation=180\"]\n"),
            "/etc/seneschal/seneschal.toml:2: timers.presets = [\"Negotiation=180\"]: expected a table of NAME = "
            "SECONDS, e.g. [timers.presets] Negotiation = 180");
}

TEST(ConfigErrorsTest, SyntaxErrorNamesLineAndColumn) {
  // An unterminated string: toml++ meets the line's end as a control character inside it.
  EXPECT_EQ(error_of("[display]\nsize = \"800x480\n"),
            "/etc/seneschal/seneschal.toml:2:16: Error while parsing string: unescaped control characters other than "
            "TAB (U+0009) are explicitly prohibited");
  EXPECT_EQ(error_of("[gpio]\ndebounce_ms = = 20\n"),
            "/etc/seneschal/seneschal.toml:2:15: Error while parsing value: could not determine value type");
}

TEST(ConfigErrorsTest, SeatsAndSeatAreasMustFit) {
  EXPECT_EQ(error_of("[game]\nseats = [\"Mark\", \"Mark\"]\n"),
            "/etc/seneschal/seneschal.toml:2: game.seats = [\"Mark\", \"Mark\"]: expected 1-8 different names, "
            "clockwise, e.g. [\"Mark\", \"Shawn\"]");
  EXPECT_EQ(error_of("[[game.seat_area]]\nseat = 1\npolygon = [[0, 0], [1, 0]]\n"),
            "/etc/seneschal/seneschal.toml:3: game.seat_area.polygon = [[0, 0], [1, 0]]: expected at least three "
            "[x, y] points in table millimetres, e.g. [[0, 0], [600, 0], [600, 300]]");
  EXPECT_EQ(error_of("[[game.seat_area]]\npolygon = [[0, 0], [1, 0], [1, 1]]\n"),
            "/etc/seneschal/seneschal.toml:1: [[game.seat_area]]: expected both seat = 1-8 and polygon = [[x, y], "
            "...]");
}

TEST(ConfigErrorsTest, TheTablesCornersAndZonesMustFitTheGame) {
  EXPECT_EQ(error_of("[game]\ncorner_tags_mm = [[0, 0], [600, 0], [600, 300]]\n"),
            "/etc/seneschal/seneschal.toml:2: game.corner_tags_mm = [[0, 0], [600, 0], [600, 300]]: expected four [x, y] "
            "points in table millimetres, e.g. [[0, 0], [600, 0], [600, 300], [0, 300]]");
  EXPECT_EQ(error_of("[[game.zone_area]]\nname = \"Centre!\"\npolygon = [[0, 0], [10, 0], [10, 10]]\n"),
            "/etc/seneschal/seneschal.toml:2: game.zone_area.name = \"Centre!\": expected a zone of the game, lowercase "
            "words, e.g. \"centre\"");
}

TEST(ConfigErrorsTest, UnknownGameNamesTheGamesThisBuildHas) {
  EXPECT_EQ(error_of("[game]\nname = \"r9x\"\n"),
            "/etc/seneschal/seneschal.toml:2: game.name = \"r9x\": expected a game this build has: cutthroat, nine, ostenard, r9e (did you mean "
            "r9e?)");
}

TEST(ConfigErrorsTest, StabilizerLimitsAreCheckedAgainstTheDefaults) {
  EXPECT_EQ(error_of("[stabilizer]\nappear_k = 5\n"),
            "/etc/seneschal/seneschal.toml:1: [stabilizer]: appear_k = 5 with appear_n = 3: expected appear_k <= "
            "appear_n");
}

TEST(ConfigErrorsTest, MissingFileIsSaid) {
  auto config = load_config("/nonexistent/seneschal.toml");
  ASSERT_FALSE(config);
  EXPECT_EQ(config.error().message, "/nonexistent/seneschal.toml: cannot open the config file for reading");
}

}  // namespace

namespace {

TEST(ConfigErrorsTest, TheWatchAddressAndPageLimitNameWhatIsExpected) {
  const std::string no_port = error_of("[watch]\nlisten = \"localhost\"\n");
  EXPECT_NE(no_port.find("seneschal.toml:2"), std::string::npos) << no_port;
  EXPECT_NE(no_port.find("HOST:PORT"), std::string::npos) << no_port;
  const std::string pages = error_of("[watch]\nmax_pages = 0\n");
  EXPECT_NE(pages.find("1-200"), std::string::npos) << pages;
  const std::string typo = error_of("[watch]\nlisen = \"0.0.0.0:8080\"\n");
  EXPECT_NE(typo.find("listen"), std::string::npos) << typo;
}

}  // namespace
