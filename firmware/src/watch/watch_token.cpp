#include "seneschal/firmware/watch/watch_token.hpp"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/watch/watch_request.hpp"

namespace seneschal::firmware::watch {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kAlphabet = "abcdefghijklmnopqrstuvwxyz234567";

std::int64_t stamp_of(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return -1;
  return static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec + st.st_size;
}

bool well_formed(const std::string& token) {
  // The query parser's rule: a token it would accept from a request.
  return token_in_query("token=" + token) == token;
}

Result<void> write_token(const std::string& path, const std::string& token) {
  // Written beside and renamed over: a reader never sees half a token, and a power cut leaves
  // the old one or the new one.
  // A temporary name of its own (mkstemp, 0600): two rotations at once, or the command racing
  // the daemon's first start, never write into one file.
  std::string temp = path + ".XXXXXX";
  const int fd = ::mkostemp(temp.data(), O_CLOEXEC);
  if (fd < 0) return fail(path + ": cannot write the watch token: " + std::strerror(errno));
  const std::string line = token + "\n";
  const bool written = ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size()) && ::fsync(fd) == 0;
  const int saved = errno;
  ::close(fd);
  if (!written) {
    ::unlink(temp.c_str());
    return fail(temp + ": cannot write the watch token: " + std::strerror(saved));
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    const int renamed = errno;
    ::unlink(temp.c_str());
    return fail(path + ": cannot put the watch token in place: " + std::strerror(renamed));
  }
  return {};
}

Result<std::string> read_token(const std::string& path) {
  std::ifstream in(path);
  if (!in) return fail(path + ": cannot read the watch token");
  std::string token;
  std::getline(in, token);
  if (!well_formed(token)) {
    return fail(path + ": not a watch token (32 characters a-z and 2-7); remove it or run `seneschal watch-token --rotate`");
  }
  return token;
}

}  // namespace

std::string token_path(const std::string& state_dir) { return (fs::path(state_dir) / "watch-token").string(); }

Result<std::string> new_token() {
  std::array<unsigned char, kTokenChars> bytes{};
  std::size_t got = 0;
  while (got < bytes.size()) {
    const ssize_t n = ::getrandom(bytes.data() + got, bytes.size() - got, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return fail(std::string("no random bytes for the watch token: ") + std::strerror(errno));
    got += static_cast<std::size_t>(n);
  }
  std::string token;
  // 5 of each byte's bits: 32 characters carry 160 random bits.
  for (unsigned char b : bytes) token.push_back(kAlphabet[b & 31u]);
  return token;
}

Result<std::string> ensure_token(const std::string& state_dir) {
  const std::string path = token_path(state_dir);
  std::error_code ec;
  if (fs::exists(path, ec)) return read_token(path);
  return rotate_token(state_dir);
}

Result<std::string> rotate_token(const std::string& state_dir) {
  std::error_code ec;
  fs::create_directories(state_dir, ec);
  if (ec) return fail(state_dir + ": cannot create the state folder: " + ec.message());
  auto token = new_token();
  if (!token) return token;
  if (auto written = write_token(token_path(state_dir), *token); !written) return fail(written.error().message);
  return token;
}

// The first current() reads the file itself (stamp -2 matches no file): a rotation between
// reading the token and making this sees the file's token, not the one given.
TokenFile::TokenFile(std::string path, std::string token) : path_(std::move(path)), token_(std::move(token)), stamp_(-2) {}

std::string TokenFile::current(std::int64_t now_ms) {
  if (now_ms - checked_ms_ < 1000 && checked_ms_ != 0) return token_;
  checked_ms_ = now_ms;
  const std::int64_t stamp = stamp_of(path_);
  if (stamp == stamp_) return token_;
  stamp_ = stamp;
  // A token file removed or spoiled while running locks every page out rather than letting
  // anyone in: the old token stays valid only while the file says it.
  auto read = read_token(path_);
  if (!read && !token_.empty()) log::warning("watch page: every page refused until the token file reads again: {}", read.error().message);
  token_ = read ? *read : std::string();
  return token_;
}

}  // namespace seneschal::firmware::watch
