#pragma once
// Text from outside (a tag's payload, a name from a script or the command line) is shown as
// text, never obeyed as control: a newline would forge a separate journal line with its own
// priority, an escape sequence would reach the terminal, a NUL would cut the rest off, and bytes
// that are not UTF-8 make nlohmann::json throw (an abort) when a name reaches the event log.
//
// The UTF-8 checks are inline (over seneschal/base/utf8.hpp) so the parsers' fuzz builds
// (tests/fuzz) need no other source.

#include <cstddef>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "seneschal/base/utf8.hpp"

namespace seneschal::firmware {

// How many characters of a payload a log line or a message shows.
inline constexpr std::size_t kPrintableChars = 120;

// C0 controls, DEL and the C1 controls (U+0080-U+009F).
inline bool is_control(char32_t code) { return code < 0x20 || (code >= 0x7F && code <= 0x9F); }

// Where text stops being UTF-8: "not UTF-8 at byte 3 (0xFF)", bytes counted from 1; empty
// when it is UTF-8 throughout.
inline std::optional<std::string> first_not_utf8(std::string_view text) {
  for (std::size_t at = 0; at < text.size();) {
    char32_t code = 0;
    const std::size_t length = utf8_sequence(text, at, code);
    if (length == 0) {
      char what[96];
      std::snprintf(what, sizeof what, "not UTF-8 at byte %zu (0x%02X)", at + 1,
                    static_cast<unsigned>(static_cast<unsigned char>(text[at])));
      return std::string(what);
    }
    at += length;
  }
  return std::nullopt;
}

// Why a name (a seat's) is not plain text: first_not_utf8's answer, or "a control character at
// byte 3 (0x0A)"; empty when it is text.
inline std::optional<std::string> name_problem(std::string_view name) {
  if (auto bad = first_not_utf8(name)) return bad;
  for (std::size_t at = 0; at < name.size();) {
    char32_t code = 0;
    const std::size_t length = utf8_sequence(name, at, code);
    if (is_control(code)) {
      char what[96];
      const auto shown = static_cast<unsigned>(code);
      if (code < 0x80) {
        std::snprintf(what, sizeof what, "a control character at byte %zu (0x%02X)", at + 1, shown);
      } else {
        std::snprintf(what, sizeof what, "a control character at byte %zu (U+%04X)", at + 1, shown);
      }
      return std::string(what);
    }
    at += length;
  }
  return std::nullopt;
}

// The text on one line, safe for the journal and a terminal: control characters as \n, \r, \t,
// \0 or \xNN (C1 and the Unicode line and bidi controls as \uNNNN), bytes that are not UTF-8 as
// \xNN, a backslash as \\ (so an escape in the text cannot pass for one made here). Longer than
// max_chars, it is cut there and ends "... (N bytes)".
std::string printable(std::string_view text, std::size_t max_chars = kPrintableChars);

// The same escapes without the cut and leaving backslashes alone: what the log facade makes of
// every message, so one call is always one journal line whatever a call site forgot.
std::string one_line(std::string_view text);

}  // namespace seneschal::firmware
