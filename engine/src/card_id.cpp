#include <cstdint>

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
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char lead = byte(i);
  int extra = lead < 0x80 ? 0 : (lead >> 5) == 0x6 ? 1 : (lead >> 4) == 0xE ? 2 : (lead >> 3) == 0x1E ? 3 : -1;
  if (extra < 0 || i + extra >= s.size() + (extra == 0 ? 1 : 0)) {
    ++i;
    return 0xFFFD;
  }
  std::uint32_t cp = extra == 0 ? lead : lead & (0x3F >> extra);
  for (int k = 1; k <= extra; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) {
      ++i;
      return 0xFFFD;
    }
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  i += extra + 1;
  return cp;
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
