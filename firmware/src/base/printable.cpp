#include "seneschal/firmware/base/printable.hpp"

#include <fmt/core.h>

namespace seneschal::firmware {
namespace {

// Code points that are not C0/C1 controls yet still move or reorder what a terminal shows:
// the line and paragraph separators and the bidirectional overrides ("Trojan source").
bool is_layout_control(char32_t code) {
  return code == 0x2028 || code == 0x2029 || (code >= 0x202A && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069);
}

// The escape for one character, or "" when it stands for itself.
std::string escape_of(char32_t code, bool escape_backslash) {
  switch (code) {
    case '\n': return "\\n";
    case '\r': return "\\r";
    case '\t': return "\\t";
    case '\0': return "\\0";
    case '\\': return escape_backslash ? "\\\\" : "";
    default: break;
  }
  if (code < 0x20 || code == 0x7F) return fmt::format("\\x{:02x}", static_cast<unsigned>(code));
  if (is_control(code) || is_layout_control(code)) return fmt::format("\\u{:04x}", static_cast<unsigned>(code));
  return "";
}

std::string escaped(std::string_view text, std::size_t max_chars, bool escape_backslash) {
  std::string out;
  std::size_t chars = 0;  // characters shown, an escape counting each of its own
  for (std::size_t at = 0; at < text.size();) {
    char32_t code = 0;
    const std::size_t length = utf8_sequence(text, at, code);
    std::string piece;
    std::size_t piece_chars = 1;
    if (length == 0) {
      piece = fmt::format("\\x{:02x}", static_cast<unsigned>(static_cast<unsigned char>(text[at])));
    } else if (piece = escape_of(code, escape_backslash); piece.empty()) {
      piece = std::string(text.substr(at, length));
    }
    if (piece.size() > 1 && piece[0] == '\\') piece_chars = piece.size();
    if (chars + piece_chars > max_chars) return out + fmt::format("... ({} bytes)", text.size());
    out += piece;
    chars += piece_chars;
    at += length == 0 ? 1 : length;
  }
  return out;
}

}  // namespace

std::string printable(std::string_view text, std::size_t max_chars) { return escaped(text, max_chars, true); }

std::string one_line(std::string_view text) { return escaped(text, std::string_view::npos, false); }

}  // namespace seneschal::firmware
