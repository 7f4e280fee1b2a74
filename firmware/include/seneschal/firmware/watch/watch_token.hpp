#pragma once
// The watch page's token: 32 characters of base32 (160 bits from the kernel's random source),
// made at the first start with the watch on and kept in <state>/watch-token (mode 0600), shown on
// the device's screen as a code a phone opens and by `seneschal watch-token`. Rotating it writes
// a new file; the running daemon sees the new one within a second and ends the pages that
// opened with the old one.

#include <cstdint>
#include <string>

#include "seneschal/base/result.hpp"

namespace seneschal::firmware::watch {

std::string token_path(const std::string& state_dir);
// The kept token, made (and written, 0600, atomically) when there is none. A file that is there
// but holds no well-formed token is an error naming it: a token silently replaced would lock out
// every page the table had opened.
Result<std::string> ensure_token(const std::string& state_dir);
// A new token, written over the old one.
Result<std::string> rotate_token(const std::string& state_dir);
// A fresh token from getrandom(2).
Result<std::string> new_token();

// The token file read again only when it changed (its modification time and size), at most once
// a second: cheap enough to ask on every request.
class TokenFile {
 public:
  explicit TokenFile(std::string path, std::string token);
  // The token now; `now_ms` is any monotonic clock.
  std::string current(std::int64_t now_ms);

 private:
  std::string path_;
  std::string token_;
  std::int64_t checked_ms_ = 0;
  std::int64_t stamp_ = 0;
};

}  // namespace seneschal::firmware::watch
