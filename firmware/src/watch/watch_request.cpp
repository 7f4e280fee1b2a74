#include "seneschal/firmware/watch/watch_request.hpp"

#include "seneschal/firmware/base/printable.hpp"

namespace seneschal::firmware::watch {
namespace {

bool is_token_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '2' && c <= '7'); }

bool well_formed_token(std::string_view text) {
  if (text.size() != kTokenChars) return false;
  for (char c : text) {
    if (!is_token_char(c)) return false;
  }
  return true;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool is_file_name(std::string_view name) {
  const auto dot = name.rfind('.');
  if (dot == std::string_view::npos || dot == 0) return false;
  const std::string_view kind = name.substr(dot + 1);
  if (kind != "js" && kind != "css") return false;
  for (char c : name.substr(0, dot)) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-')) return false;
  }
  return true;
}

}  // namespace

Route route_of(std::string_view path) {
  if (path == "/" || path == "/index.html") return Route::Board;
  if (path == "/overlay") return Route::Overlay;
  if (path == "/state.json") return Route::State;
  if (path == "/events") return Route::Events;
  return Route::NotFound;
}

std::optional<std::string> percent_decoded(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '+') {
      c = ' ';
    } else if (c == '%') {
      if (i + 2 >= text.size()) return std::nullopt;
      const int high = hex_value(text[i + 1]);
      const int low = hex_value(text[i + 2]);
      if (high < 0 || low < 0) return std::nullopt;
      c = static_cast<char>(high * 16 + low);
      i += 2;
    }
    if (c == '\0') return std::nullopt;
    out.push_back(c);
  }
  return out;
}

std::string token_in_query(std::string_view query) {
  if (query.size() > kMaxQuery) return {};
  std::string found;
  while (!query.empty()) {
    const auto amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    const auto eq = pair.find('=');
    if (eq == std::string_view::npos || pair.substr(0, eq) != "token") continue;
    auto value = percent_decoded(pair.substr(eq + 1));
    // Two tokens in one query is no token: which one counted would be a guess.
    if (!value || !well_formed_token(*value) || !found.empty()) return {};
    found = std::move(*value);
  }
  return found;
}

std::string bearer_token(std::string_view authorization) {
  constexpr std::string_view kScheme = "Bearer ";
  if (authorization.size() != kScheme.size() + kTokenChars) return {};
  // HTTP's scheme names are case-insensitive: "bearer" is the same scheme.
  for (std::size_t i = 0; i < kScheme.size(); ++i) {
    const char c = authorization[i];
    if ((c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c) !=
        (kScheme[i] >= 'A' && kScheme[i] <= 'Z' ? static_cast<char>(kScheme[i] - 'A' + 'a') : kScheme[i])) {
      return {};
    }
  }
  const std::string_view token = authorization.substr(kScheme.size());
  return well_formed_token(token) ? std::string(token) : std::string();
}

bool same_token(std::string_view given, std::string_view expected) {
  if (given.size() != expected.size() || expected.empty()) return false;
  unsigned char differ = 0;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    differ |= static_cast<unsigned char>(given[i] ^ expected[i]);
  }
  return differ == 0;
}

Result<std::string> expand_page(std::string_view page, std::string_view nonce, const ReadFile& read) {
  std::string out;
  out.reserve(page.size() * 2);
  while (true) {
    const auto open = page.find("{{");
    if (open == std::string_view::npos) break;
    out.append(page.substr(0, open));
    const auto close = page.find("}}", open + 2);
    if (close == std::string_view::npos) return fail("an unclosed {{ in the page");
    const std::string_view marker = page.substr(open + 2, close - open - 2);
    if (marker == "nonce") {
      out.append(nonce);
    } else if (marker.substr(0, 5) == "file:" && is_file_name(marker.substr(5))) {
      auto text = read(marker.substr(5));
      if (!text) return fail("{{" + std::string(marker) + "}}: no such file in the watch folder");
      out.append(*text);
    } else {
      return fail("{{" + printable(marker, 40) + "}}: expected {{nonce}} or {{file:NAME.js|css}}");
    }
    page = page.substr(close + 2);
  }
  out.append(page);
  return out;
}

std::string for_log(std::string_view text, std::size_t max_chars) { return printable(text, max_chars); }

}  // namespace seneschal::firmware::watch
