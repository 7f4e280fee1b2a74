// libFuzzer target for the config file: /etc/seneschal/seneschal.toml is edited by hand on the
// device, so seneschal::firmware::parse_config must refuse any text with a message, never crash.
//
// Invariants, for any input:
//   - an error has a message that starts "<file>:<line>" (a syntax error adds ":<column>"), so
//     it always names where to look.
// For a parsed config, every value is within what its key allows:
//   - sizes within their ranges; seats 1-8 different non-empty names; seat areas numbered 1-8,
//     once each, with at least three points;
//   - button lines 0-63, no two alike, and none shared with the buzzer or LED;
//   - timer marks 1-3600 s; presets 1-14400 s with a name; stabilizer values in range;
//   - every key it read has the line it was on (>= 1).

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "seneschal/firmware/config/config.hpp"

namespace {

using seneschal::firmware::Config;

const std::string kPath = "fuzz.toml";

bool names_a_line(const std::string& message) {
  return message.rfind(kPath + ":", 0) == 0 && message.size() > kPath.size() + 1 && message[kPath.size() + 1] >= '1' &&
         message[kPath.size() + 1] <= '9';
}

void check_gpio(const Config& config) {
  std::set<unsigned> used;
  if (config.gpio_lines) {
    for (const auto& [button, line] : *config.gpio_lines) {
      SENESCHAL_FUZZ_CHECK(line <= 63, "a button line is 0-63");
      SENESCHAL_FUZZ_CHECK(used.insert(line).second, "no two buttons share a line");
    }
  }
  for (const auto* other : {&config.buzzer_line, &config.led_line}) {
    if (*other && **other) {
      SENESCHAL_FUZZ_CHECK(***other <= 63, "the buzzer's and LED's lines are 0-63");
      SENESCHAL_FUZZ_CHECK(used.insert(***other).second, "the buzzer and LED have lines of their own");
    }
  }
  SENESCHAL_FUZZ_CHECK(!config.debounce_ms || (*config.debounce_ms >= 0 && *config.debounce_ms <= 1000),
                       "debounce_ms is 0-1000");
  SENESCHAL_FUZZ_CHECK(!config.gpio_chip || !config.gpio_chip->empty(), "a chip label is not empty");
}

void check_table(const Config& config) {
  if (config.seats) {
    SENESCHAL_FUZZ_CHECK(!config.seats->empty() && config.seats->size() <= 8, "1-8 seats");
    std::set<std::string> names(config.seats->begin(), config.seats->end());
    SENESCHAL_FUZZ_CHECK(names.size() == config.seats->size(), "seat names differ");
    SENESCHAL_FUZZ_CHECK(!names.count(""), "a seat has a name");
  }
  std::set<int> seats;
  for (const auto& area : config.seat_areas) {
    SENESCHAL_FUZZ_CHECK(area.seat >= 1 && area.seat <= 8, "a seat area's seat is 1-8");
    SENESCHAL_FUZZ_CHECK(seats.insert(area.seat).second, "a seat has one area");
    SENESCHAL_FUZZ_CHECK(area.polygon.size() >= 3, "a seat area has three points or more");
  }
  if (config.size) {
    SENESCHAL_FUZZ_CHECK(config.size->width >= 320 && config.size->width <= 7680, "display width in range");
    SENESCHAL_FUZZ_CHECK(config.size->height >= 240 && config.size->height <= 4320, "display height in range");
  }
  if (config.camera_size) {
    SENESCHAL_FUZZ_CHECK(config.camera_size->width >= 160 && config.camera_size->width <= 4096,
                         "camera width in range");
    SENESCHAL_FUZZ_CHECK(config.camera_size->height >= 120 && config.camera_size->height <= 3072,
                         "camera height in range");
  }
}

void check_timers(const Config& config) {
  if (config.timer_marks_s) {
    for (int mark : *config.timer_marks_s) SENESCHAL_FUZZ_CHECK(mark >= 1 && mark <= 3600, "a timer mark is 1-3600 s");
  }
  if (config.timer_presets) {
    for (const auto& preset : *config.timer_presets) {
      SENESCHAL_FUZZ_CHECK(!preset.name.empty(), "a preset has a name");
      SENESCHAL_FUZZ_CHECK(preset.seconds >= 1 && preset.seconds <= 14400, "a preset is 1-14400 s");
    }
  }
  SENESCHAL_FUZZ_CHECK(!config.appear_k || (*config.appear_k >= 1 && *config.appear_k <= 30), "appear_k is 1-30");
  SENESCHAL_FUZZ_CHECK(!config.bow_on_deg || (*config.bow_on_deg >= 0 && *config.bow_on_deg <= 90),
                       "bow_on_deg is 0-90");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // toml++ 3.3 (Debian bookworm) reaches __builtin_unreachable() on a non-ASCII character where
  // whitespace may stand ("Ж" on a line of its own: is_non_ascii_horizontal_whitespace), so
  // non-ASCII input would only ever find that; the GCC-built libtomlplusplus happens to refuse
  // such a file with a message. Our code sees non-ASCII only inside strings, which it copies.
  for (const char c : text) {
    if (static_cast<unsigned char>(c) >= 0x80) return -1;  // -1: not added to the corpus
  }
  const auto config = seneschal::firmware::parse_config(text, kPath);
  if (!config) {
    SENESCHAL_FUZZ_CHECK(names_a_line(config.error().message), "an error starts with <file>:<line>");
    return 0;
  }
  SENESCHAL_FUZZ_CHECK(config->path == kPath, "a config keeps its path");
  for (const auto& [key, line] : config->lines) {
    SENESCHAL_FUZZ_CHECK(!key.empty() && line >= 1, "every key read has its line");
  }
  check_gpio(*config);
  check_table(*config);
  check_timers(*config);
  return 0;
}
