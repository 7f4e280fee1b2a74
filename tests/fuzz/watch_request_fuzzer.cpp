// libFuzzer target for the watch server's own parsing of a request (watch_request.hpp): a query
// string and an Authorization header are a stranger's bytes, and a page template's markers are
// expanded with them nowhere near (the fuzzer also feeds templates, to hold expand_page to its word).
//
// Input: the first byte picks what the rest is (0: a query, 1: a header, 2: a template, 3: text
// for the log).
//
// Invariants:
//   - a token found is exactly 32 characters of [a-z2-7], and is found again in "token=<it>";
//   - a token never equals anything but itself, and the empty token matches nothing;
//   - a bearer token is the header's tail;
//   - an expanded page has no "{{" left that was not in a file's text, and a failed one says why;
//   - text for the log has no control character and stays short.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "seneschal/firmware/watch/watch_request.hpp"

namespace {

namespace watch = seneschal::firmware::watch;

bool token_shaped(const std::string& token) {
  if (token.size() != watch::kTokenChars) return false;
  for (char c : token) {
    if (!((c >= 'a' && c <= 'z') || (c >= '2' && c <= '7'))) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  switch (data[0] % 4) {
    case 0: {
      const std::string token = watch::token_in_query(text);
      if (token.empty()) break;
      SENESCHAL_FUZZ_CHECK(token_shaped(token), "a token from a query has the token's shape");
      SENESCHAL_FUZZ_CHECK(watch::token_in_query("token=" + token) == token, "a token is found again");
      SENESCHAL_FUZZ_CHECK(watch::same_token(token, token), "a token is itself");
      SENESCHAL_FUZZ_CHECK(!watch::same_token(token, ""), "the empty token matches nothing");
      (void)watch::route_of(text);
      break;
    }
    case 1: {
      const std::string token = watch::bearer_token(text);
      if (token.empty()) break;
      SENESCHAL_FUZZ_CHECK(token_shaped(token), "a bearer token has the token's shape");
      SENESCHAL_FUZZ_CHECK(text.substr(text.size() - token.size()) == token, "the bearer token is the header's tail");
      break;
    }
    case 2: {
      const std::string file_text = "/*file*/";
      const auto page = watch::expand_page(text, "NONCE", [&](std::string_view name) -> std::optional<std::string> {
        if (name == "missing.js") return std::nullopt;
        return file_text;
      });
      if (!page) {
        SENESCHAL_FUZZ_CHECK(!page.error().message.empty(), "a failed expansion says why");
        break;
      }
      // The file text and the nonce have no braces, so a "{{" left would be a marker let through.
      SENESCHAL_FUZZ_CHECK(page->find("{{") == std::string::npos, "an expanded page has no marker left");
      break;
    }
    default: {
      const std::string said = watch::for_log(text, 80);
      for (char c : said) {
        SENESCHAL_FUZZ_CHECK(static_cast<unsigned char>(c) >= 0x20 && c != 0x7F, "no control character in the log");
      }
      SENESCHAL_FUZZ_CHECK(said.size() <= 80 * 6 + 40, "log text stays short");
      break;
    }
  }
  return 0;
}
