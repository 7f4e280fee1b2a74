#include "seneschal/firmware/config/config.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "config/config_read.hpp"
#include "seneschal/base/language.hpp"
#include "seneschal/engine/seat_clocks.hpp"
#include "seneschal/firmware/base/printable.hpp"

namespace seneschal::firmware {
namespace {

using namespace config_read;

// BCM numbers above this are no Pi's (gpio_config.cpp refuses them too).
constexpr std::int64_t kMaxLine = 63;

Result<void> read_camera(const Table& t) {
  Config& c = t.config;
  if (auto ok = only_known_keys(t, {"source", "size", "decoder", "frame_interval_ms", "self_test_s", "calibration_card",
                                    "max_image_pixels", "max_image_bytes"});
      !ok) {
    return ok;
  }
  std::optional<std::string> size;
  auto read = first_error({
      read_string(t, "source", false,
                  "a string: \"\" (the bundled recording), a folder of frames or a video, or a camera: /dev/video0, "
                  "an index like 0, or a GStreamer pipeline",
                  c.source),
      read_string(t, "size", true, "WIDTHxHEIGHT, e.g. 1280x720 (160x120 to 4096x3072)", size),
      read_choice<std::string>(t, "decoder", {{"zbar", "zbar"}, {"zxing", "zxing"}, {"both", "both"}}, c.decoder),
      read_integer(t, "frame_interval_ms", 1, 10000, "milliseconds between frames, 1-10000", c.frame_interval_ms),
      read_integer(t, "self_test_s", 1, 120, "seconds the start-up self-test may take, 1-120", c.self_test_s),
      read_bool(t, "calibration_card", c.calibration_card),
      // Up to OpenCV's own ceiling of 2^30 pixels; a 48 MP still must fit under the default.
      read_integer(t, "max_image_pixels", 76'800, 1'073'741'824,
                   "pixels a frame file may have, 76800 (320x240) to 1073741824", c.max_image_pixels),
      read_integer(t, "max_image_bytes", 65'536, 1'073'741'824, "bytes a frame file may have, 65536 to 1073741824",
                   c.max_image_bytes),
  });
  if (!read) return read;
  if (size) {
    c.camera_size = parse_camera_size(*size);
    if (!c.camera_size) return t.bad("size", *t.find("size"), "WIDTHxHEIGHT, e.g. 1280x720 (160x120 to 4096x3072)");
  }
  return {};
}

// A list of [x, y] points in table millimetres, at least `min` of them (a polygon, the corners).
Result<void> read_points(const Table& t, std::string_view key, const toml::node& node, std::size_t min,
                         std::vector<vision::TablePoint>& out) {
  const std::string expected = (min == 4 ? std::string("four") : std::string("at least three")) +
                               " [x, y] points in table millimetres, e.g. [[0, 0], [600, 0], [600, 300]" +
                               (min == 4 ? ", [0, 300]]" : "]");
  const auto* points = node.as_array();
  if (!points || points->size() < min || (min == 4 && points->size() != 4)) return t.bad(key, node, expected);
  for (const auto& point : *points) {
    const auto* pair = point.as_array();
    const auto x = pair && pair->size() == 2 ? (*pair)[0].value<double>() : std::nullopt;
    const auto y = pair && pair->size() == 2 ? (*pair)[1].value<double>() : std::nullopt;
    if (!x || !y || !(std::abs(*x) <= 1e5 && std::abs(*y) <= 1e5)) return t.bad(key, node, expected);
    out.push_back({*x, *y});
  }
  return {};
}

Result<void> read_seat_area(const Table& t) {
  if (auto ok = only_known_keys(t, {"seat", "polygon", "facing_deg"}); !ok) return ok;
  std::optional<int> seat;
  std::optional<double> facing;
  auto read = first_error({
      read_integer(t, "seat", 1, 8, "the seat's number, 1-8, as its seat tag", seat),
      read_number(t, "facing_deg", 0, 360, "degrees clockwise from the table's far edge, 0-360", facing),
  });
  if (!read) return read;
  const toml::node* polygon = t.find("polygon");
  if (!seat || !polygon) {
    return fail(t.config.path + ":" + std::to_string(line_of(t.toml)) + ": [[" + t.name +
                "]]: expected both seat = 1-8 and polygon = [[x, y], ...]");
  }
  for (const auto& area : t.config.seat_areas) {
    if (area.seat == *seat) return t.bad("seat", *t.find("seat"), "a seat without an area yet; each seat has one");
  }
  vision::SeatArea area{*seat, {}, facing.value_or(0)};
  if (auto ok = read_points(t, "polygon", *polygon, 3, area.polygon); !ok) return ok;
  t.config.seat_areas.push_back(std::move(area));
  return {};
}

Result<void> read_zone_area(const Table& t) {
  if (auto ok = only_known_keys(t, {"name", "polygon"}); !ok) return ok;
  const toml::node* name = t.find("name");
  const toml::node* polygon = t.find("polygon");
  if (!name || !polygon) {
    return fail(t.config.path + ":" + std::to_string(line_of(t.toml)) + ": [[" + t.name +
                "]]: expected both name = \"centre\" and polygon = [[x, y], ...]");
  }
  const auto* text = name->as_string();
  // The module's zone names are lowercase words ("centre", "fate deck"); the game checks which.
  if (!text || text->get().empty() || text->get().size() > 40 ||
      text->get().find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789 -") != std::string::npos) {
    return t.bad("name", *name, "a zone of the game, lowercase words, e.g. \"centre\"");
  }
  for (const auto& zone : t.config.zone_areas) {
    if (zone.name == text->get()) return t.bad("name", *name, "a zone without an area yet; each zone has one");
  }
  vision::ZoneArea zone{text->get(), {}};
  if (auto ok = read_points(t, "polygon", *polygon, 3, zone.polygon); !ok) return ok;
  t.config.zone_areas.push_back(std::move(zone));
  return {};
}

// [[<table>.<key>]]: each of the array's tables read by `read`.
Result<void> read_each(const Table& t, std::string_view key, Result<void> (*read)(const Table&)) {
  const toml::node* tables = t.find(key);
  if (!tables) return {};
  const auto* list = tables->as_array();
  if (!list || !list->is_array_of_tables()) return t.bad(key, *tables, "[[" + t.key_path(key) + "]] tables");
  for (const auto& table : *list) {
    if (auto ok = read({*table.as_table(), t.key_path(key), t.config}); !ok) return ok;
  }
  return {};
}

// The corner tags' places and the seats' and zones' areas drawn in one table: [game], drawn by
// hand, or [game.calibration], measured by `seneschal calibrate`. Both read alike.
Result<void> read_drawing(const Table& t) {
  if (auto ok = read_each(t, "seat_area", read_seat_area); !ok) return ok;
  if (auto ok = read_each(t, "zone_area", read_zone_area); !ok) return ok;
  if (const toml::node* corners = t.find("corner_tags_mm")) {
    std::vector<vision::TablePoint> points;
    if (auto ok = read_points(t, "corner_tags_mm", *corners, 4, points); !ok) return ok;
    t.config.corner_tags_mm.emplace();
    std::copy(points.begin(), points.end(), t.config.corner_tags_mm->begin());
  }
  return {};
}

// [game.calibration]. What it draws, [game] may not draw by hand as well: two sets of seat areas
// would overlap, and which one counts would be a guess.
Result<void> read_calibration(const Table& t) {
  if (auto ok = only_known_keys(t, {"corner_tags_mm", "seat_area", "zone_area"}); !ok) return ok;
  const std::pair<std::string_view, std::string_view> drawings[] = {
      {"corner_tags_mm", "corner tags"}, {"seat_area", "seat areas"}, {"zone_area", "zone areas"}};
  for (const auto& [key, what] : drawings) {
    const toml::node* measured = t.toml.get(key);
    const auto by_hand = t.config.lines.find("game." + std::string(key));
    if (!measured || by_hand == t.config.lines.end()) continue;
    const auto* list = measured->as_array();
    const toml::node& first = list && !list->empty() ? *list->get(0) : *measured;
    return fail(t.config.path + ":" + std::to_string(line_of(first)) + ": " + t.key_path(key) + ": " +
                std::string(what) + " drawn twice, by hand in [game] (line " + std::to_string(by_hand->second) +
                ") and by seneschal calibrate in [game.calibration]: remove the hand-drawn ones or the calibration");
  }
  return read_drawing(t);
}

Result<void> read_game(const Table& t) {
  Config& c = t.config;
  if (auto ok = only_known_keys(t, {"name", "seats", "seat_area", "zone_area", "corner_tags_mm", "calibration",
                                     "advance_idle_s", "seat_clocks", "seat_clock", "turn_clock"});
      !ok) {
    return ok;
  }
  if (auto ok = read_bool(t, "seat_clocks", c.seat_clocks); !ok) return ok;
  for (const auto& [key, out] : {std::pair{"seat_clock", &c.seat_clock_ms}, std::pair{"turn_clock", &c.turn_clock_ms}}) {
    const toml::node* node = t.find(key);
    if (!node) continue;
    const auto* text = node->as_string();
    auto ms = text ? engine::parse_clock_limit(text->get()) : Result<std::int64_t>(fail(std::string()));
    if (!ms) return t.bad(key, *node, "a length like \"25m\", \"90s\" or \"1h30m\", or \"0\" for none");
    *out = *ms;
  }
  if (auto ok = read_integer(t, "advance_idle_s", 0, 60,
                             "seconds before a prompt with nothing to decide moves on by itself, 0 (never) to 60",
                             c.advance_idle_s);
      !ok) {
    return ok;
  }
  if (const toml::node* name = t.find("name")) {
    const auto* text = name->as_string();
    const bool word = text && !text->get().empty() &&
                      text->get().find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789") == std::string::npos;
    if (!word) return t.bad("name", *name, "a game module's id, lowercase letters and digits, e.g. r9e");
    c.game = text->get();
  }
  if (const toml::node* seats = t.find("seats")) {
    // A name goes into the event log's JSON and onto the screen: no control characters.
    constexpr std::string_view expected = "1-8 different names, clockwise, e.g. [\"Mark\", \"Shawn\"]";
    const auto* names = seats->as_array();
    if (!names || names->empty() || names->size() > 8) return t.bad("seats", *seats, expected);
    c.seats.emplace();
    for (const auto& name : *names) {
      const auto* text = name.as_string();
      if (!text || text->get().empty() || std::count(c.seats->begin(), c.seats->end(), text->get()) ||
          name_problem(text->get())) {
        return t.bad("seats", *seats, expected);
      }
      c.seats->push_back(text->get());
    }
  }
  if (auto ok = read_drawing(t); !ok) return ok;
  if (const toml::node* calibration = t.find("calibration")) {
    if (!calibration->is_table()) {
      return t.bad("calibration", *calibration, "the table [game.calibration], as seneschal calibrate writes it");
    }
    if (auto ok = read_calibration({*calibration->as_table(), t.key_path("calibration"), c}); !ok) return ok;
  }
  return {};
}

Result<void> read_display(const Table& t) {
  Config& c = t.config;
  if (auto ok = only_known_keys(t, {"size", "mode", "snapshot_dir", "snapshot_keep_runs", "snapshot_keep_mb",
                                     "turn_to_seat", "scale", "language"});
      !ok) {
    return ok;
  }
  constexpr std::string_view size_expected = "WIDTHxHEIGHT, e.g. 800x480 (320x240 to 7680x4320)";
  std::optional<std::string> size;
  auto read = first_error({
      read_string(t, "size", true, size_expected, size),
      read_choice<DisplayMode>(t, "mode",
                               {{"window", DisplayMode::Window},
                                {"fullscreen", DisplayMode::Fullscreen},
                                {"headless", DisplayMode::Headless}},
                               c.mode),
      read_string(t, "snapshot_dir", true, "a folder for the headless PNGs", c.snapshot_dir),
      read_integer(t, "snapshot_keep_runs", 1, 1000, "runs of snapshots kept, 1-1000", c.snapshot_keep_runs),
      read_integer(t, "snapshot_keep_mb", 1, 1000000, "megabytes of snapshots kept, 1-1000000", c.snapshot_keep_mb),
      read_bool(t, "turn_to_seat", c.turn_to_seat),
      read_number(t, "scale", 1, 2, "every size on the screen times this, 1.0-2.0", c.scale),
  });
  if (!read) return read;
  if (const toml::node* node = t.find("language")) {
    std::string codes;
    for (const std::string& code : languages()) codes += (codes.empty() ? "" : ", ") + code;
    const std::string expected = "a language the device speaks: " + codes + ", or \"\" for the locale's";
    const auto* text = node->as_string();
    if (!text) return t.bad("language", *node, expected);
    const auto& known = languages();
    if (!text->get().empty() && std::find(known.begin(), known.end(), text->get()) == known.end()) {
      return t.bad("language", *node, expected);
    }
    c.language = text->get();
  }
  if (size) {
    c.size = parse_screen_size(*size);
    if (!c.size) return t.bad("size", *t.find("size"), size_expected);
  }
  return {};
}

Result<void> read_paths(const Table& t) {
  if (auto ok = only_known_keys(t, {"state_dir", "assets_dir"}); !ok) return ok;
  return first_error({
      read_string(t, "state_dir", true, "a folder for the event log", t.config.state_dir),
      read_string(t, "assets_dir", true, "a folder with cards/, fonts/ and recordings/", t.config.assets_dir),
  });
}

// A button's line, or the buzzer's or LED's, which may also be "none"; each line serves one
// purpose, and a clash names the key that has the line already.
Result<void> read_gpio_line(const Table& t, std::string_view key, bool none_allowed,
                            std::optional<std::optional<unsigned>>& out, std::map<unsigned, std::string>& claimed) {
  const toml::node* node = t.find(key);
  if (!node) return {};
  if (none_allowed && node->as_string() && node->as_string()->get() == "none") {
    out.emplace(std::nullopt);
    return {};
  }
  const std::string expected = none_allowed ? "a BCM line number, 0-63, or \"none\"" : "a BCM line number, 0-63";
  const auto* number = node->as_integer();
  if (!number || number->get() < 0 || number->get() > kMaxLine) return t.bad(key, *node, expected);
  const auto line = static_cast<unsigned>(number->get());
  const auto [it, fresh] = claimed.emplace(line, t.key_path(key));
  if (!fresh) {
    return t.bad(key, *node, "a line of its own, 0-63 (" + std::to_string(line) + " is taken by " + it->second + ")");
  }
  out.emplace(line);
  return {};
}

Result<void> read_gpio_lines(const Table& gpio, std::map<unsigned, std::string>& claimed) {
  const toml::node* node = gpio.find("lines");
  if (!node) return {};
  if (!node->is_table()) return gpio.bad("lines", *node, "a table of BUTTON = LINE, e.g. [gpio.lines] ok = 17");
  const Table t{*node->as_table(), gpio.key_path("lines"), gpio.config};
  std::vector<std::string_view> names;
  for (const auto& [name, button] : config_button_names()) names.push_back(name);
  if (auto ok = only_known_keys(t, names); !ok) return ok;
  auto& lines = gpio.config.gpio_lines.emplace();
  for (const auto& [key, value] : in_file_order(t.toml)) {
    std::optional<std::optional<unsigned>> line;  // never "none": a button left out has no line
    if (auto ok = read_gpio_line(t, key->str(), false, line, claimed); !ok) return ok;
    for (const auto& [word, button] : config_button_names()) {
      if (word == key->str()) lines[button] = **line;
    }
  }
  return {};
}

Result<void> read_gpio(const Table& t) {
  Config& c = t.config;
  if (auto ok = only_known_keys(
          t, {"buttons", "chip", "lines", "active_low", "debounce_ms", "long_press_ms", "buzzer_line", "led_line"});
      !ok) {
    return ok;
  }
  std::map<unsigned, std::string> claimed;  // line -> the key that has it
  return first_error({
      read_choice<ButtonSource>(
          t, "buttons", {{"auto", ButtonSource::Auto}, {"gpio", ButtonSource::Gpio}, {"none", ButtonSource::None}},
          c.buttons),
      read_string(t, "chip", true, "a GPIO chip label, e.g. pinctrl-bcm2711 (gpiodetect lists them)", c.gpio_chip),
      read_gpio_lines(t, claimed),
      read_bool(t, "active_low", c.active_low),
      read_integer(t, "debounce_ms", 0, 1000, "milliseconds, 0-1000", c.debounce_ms),
      read_integer(t, "long_press_ms", 100, 10000, "milliseconds, 100-10000", c.long_press_ms),
      read_gpio_line(t, "buzzer_line", true, c.buzzer_line, claimed),
      read_gpio_line(t, "led_line", true, c.led_line, claimed),
  });
}

Result<void> read_presets(const Table& timers) {
  const toml::node* node = timers.find("presets");
  if (!node) return {};
  if (!node->is_table())
    return timers.bad("presets", *node, "a table of NAME = SECONDS, e.g. [timers.presets] Negotiation = 180");
  const Table t{*node->as_table(), timers.key_path("presets"), timers.config};
  auto& presets = t.config.timer_presets.emplace();
  for (const auto& [key, value] : in_file_order(t.toml)) {
    std::optional<int> seconds;
    if (key->str().empty()) return t.bad(key->str(), *value, "a timer name, e.g. Negotiation = 180");
    if (auto ok = read_integer(t, key->str(), 1, 4 * 3600, "seconds, 1-14400, e.g. Negotiation = 180", seconds); !ok) {
      return ok;
    }
    presets.push_back({std::string(key->str()), *seconds});
  }
  return {};
}

Result<void> read_timers(const Table& t) {
  if (auto ok = only_known_keys(t, {"warning_marks_s", "presets"}); !ok) return ok;
  if (const toml::node* node = t.find("warning_marks_s")) {
    constexpr std::string_view expected = "seconds left, each 1-3600, e.g. [60, 30, 10]";
    const auto* marks = node->as_array();
    if (!marks) return t.bad("warning_marks_s", *node, expected);
    auto& out = t.config.timer_marks_s.emplace();
    for (const auto& mark : *marks) {
      const auto* seconds = mark.as_integer();
      if (!seconds || seconds->get() < 1 || seconds->get() > 3600) return t.bad("warning_marks_s", *node, expected);
      out.push_back(static_cast<int>(seconds->get()));
    }
  }
  return read_presets(t);
}

Result<void> read_stabilizer(const Table& t) {
  Config& c = t.config;
  if (auto ok = only_known_keys(t, {"appear_k", "appear_n", "absent_ms", "bow_on_deg", "bow_off_deg"}); !ok) return ok;
  return first_error({
      read_integer(t, "appear_k", 1, 30, "sightings, 1-30 (and at most appear_n)", c.appear_k),
      read_integer(t, "appear_n", 1, 30, "frames, 1-30", c.appear_n),
      read_integer(t, "absent_ms", 0, 60000, "milliseconds, 0-60000", c.absent_ms),
      read_number(t, "bow_on_deg", 0, 90, "degrees, 0-90 (above bow_off_deg)", c.bow_on_deg),
      read_number(t, "bow_off_deg", 0, 90, "degrees, 0-90 (below bow_on_deg)", c.bow_off_deg),
  });
}

// The watch page, off unless asked for: where it listens and how many pages it serves at once.
Result<void> read_watch(const Table& t) {
  Config& c = t.config;
  if (auto ok = only_known_keys(t, {"listen", "max_pages"}); !ok) return ok;
  constexpr std::string_view listen_expected =
      "HOST:PORT, e.g. \"0.0.0.0:8080\" (every network) or \"127.0.0.1:8080\" (this machine only)";
  auto read = first_error({
      read_string(t, "listen", true, listen_expected, c.watch_listen),
      read_integer(t, "max_pages", 1, 200, "pages open at once, 1-200", c.watch_max_pages),
  });
  if (!read) return read;
  if (c.watch_listen && (c.watch_listen->find(':') == std::string::npos || c.watch_listen->size() > 64)) {
    return t.bad("listen", *t.find("listen"), listen_expected);
  }
  return {};
}

using TableReader = Result<void> (*)(const Table&);
const std::vector<std::pair<std::string_view, TableReader>>& tables() {
  static const std::vector<std::pair<std::string_view, TableReader>> list{
      {"camera", read_camera}, {"game", read_game},     {"display", read_display},      {"paths", read_paths},
      {"gpio", read_gpio},     {"timers", read_timers}, {"stabilizer", read_stabilizer}, {"watch", read_watch}};
  return list;
}

}  // namespace

std::string Config::where(std::string_view key) const {
  const auto line = lines.find(key);
  return line == lines.end() ? path + ": " : path + ":" + std::to_string(line->second) + ": ";
}

const std::vector<std::pair<std::string_view, Button>>& config_button_names() {
  static const std::vector<std::pair<std::string_view, Button>> names{
      {"ok", Button::Ok}, {"pass", Button::Pass}, {"undo", Button::Undo}, {"redo", Button::Redo},
      {"up", Button::Up}, {"down", Button::Down}, {"menu", Button::Menu}, {"timer", Button::Timer}};
  return names;
}

Result<Config> parse_config(std::string_view text, const std::string& path) {
  Config config;
  config.path = path;
  toml::table document;
  try {
    document = toml::parse(text, path);
  } catch (const toml::parse_error& error) {
    const auto& at = error.source().begin;
    return fail(path + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": " +
                std::string(error.description()));
  }
  std::vector<std::string_view> names;
  for (const auto& [name, reader] : tables()) names.push_back(name);
  for (const auto& entry : in_file_order(document)) {
    const toml::key* key = entry.first;  // clang 14 lambdas cannot capture structured bindings
    const toml::node* node = entry.second;
    const auto known =
        std::find_if(tables().begin(), tables().end(), [&](const auto& t) { return t.first == key->str(); });
    const std::string at = path + ":" + std::to_string(key->source().begin.line) + ": ";
    if (known == tables().end()) {
      return fail(at + "[" + std::string(key->str()) + "]: unknown table" + did_you_mean(key->str(), names, "[", "]") +
                  "; known tables: " + join(names, ", "));
    }
    if (!node->is_table()) {
      return fail(at + std::string(key->str()) + " = " + as_written(*node) + ": expected a table, [" +
                  std::string(key->str()) + "]");
    }
    config.lines[std::string(key->str())] = static_cast<int>(key->source().begin.line);
    if (auto ok = known->second({*node->as_table(), std::string(key->str()), config}); !ok) {
      return fail(ok.error().message);
    }
  }
  return config;
}

Result<Config> load_config(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(path + ": cannot open the config file for reading");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return fail(path + ": read error");
  return parse_config(text.str(), path);
}

std::optional<FrameSize> parse_camera_size(std::string_view text) {
  return config_read::parse_size_text(text, {160, 120}, {4096, 3072});
}

std::optional<display::ScreenSize> parse_screen_size(std::string_view text) {
  const auto parsed = config_read::parse_size_text(text, {320, 240}, {7680, 4320});
  if (!parsed) return std::nullopt;
  return display::ScreenSize{parsed->width, parsed->height};
}

}  // namespace seneschal::firmware
