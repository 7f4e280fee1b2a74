#include <cstdint>

#include "seneschal/base/utf8.hpp"
#include "seneschal/engine/card.hpp"

namespace seneschal::engine {
namespace {

// Latin-1 supplement letters (U+00C0..U+00FF) without their accents; 0 for the few that are
// not letters (× ÷), which then count as separators.
constexpr char kLatin1Base[64] = {
    'A', 'A', 'A', 'A', 'A', 'A', 'A', 'C', 'E', 'E', 'E', 'E', 'I', 'I', 'I', 'I',
    'D', 'N', 'O', 'O', 'O', 'O', 'O', 0,   'O', 'U', 'U', 'U', 'U', 'Y', 'T', 'S',
    'A', 'A', 'A', 'A', 'A', 'A', 'A', 'C', 'E', 'E', 'E', 'E', 'I', 'I', 'I', 'I',
    'D', 'N', 'O', 'O', 'O', 'O', 'O', 0,   'O', 'U', 'U', 'U', 'U', 'Y', 'T', 'Y'};

// Decodes one UTF-8 code point at i (advancing i); malformed bytes come back as U+FFFD.
std::uint32_t next_code_point(std::string_view s, std::size_t& i) {
  char32_t code = 0;
  const std::size_t length = utf8_sequence(s, i, code);
  i += length == 0 ? 1 : length;
  return length == 0 ? 0xFFFD : static_cast<std::uint32_t>(code);
}

bool is_quote(std::uint32_t cp) {
  return cp == '\'' || cp == '"' || cp == 0x2018 || cp == 0x2019 || cp == 0x201C || cp == 0x201D;
}

}  // namespace

std::string card_id_from_title(std::string_view title) {
  std::string id;
  bool pending_dash = false;
  for (std::size_t i = 0; i < title.size();) {
    const std::uint32_t cp = next_code_point(title, i);
    if (is_quote(cp)) continue;
    char c = 0;
    if (cp >= 'a' && cp <= 'z') {
      c = static_cast<char>(cp - 'a' + 'A');
    } else if ((cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9')) {
      c = static_cast<char>(cp);
    } else if (cp >= 0xC0 && cp <= 0xFF) {
      c = kLatin1Base[cp - 0xC0];
    }
    if (c == 0) {
      pending_dash = !id.empty();
      continue;
    }
    if (pending_dash) id += '-';
    pending_dash = false;
    id += c;
  }
  return id;
}

}  // namespace seneschal::engine
