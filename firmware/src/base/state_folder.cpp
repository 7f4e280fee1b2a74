#include "seneschal/firmware/base/state_folder.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <utility>

namespace seneschal::firmware {

namespace fs = std::filesystem;

namespace {

std::string said(const std::string& state_dir, const std::string& what, int error) {
  if (error == EROFS || error == EACCES || error == EPERM) return what + " is read-only (" + std::strerror(error) + ")";
  if (error == ENOSPC || error == EDQUOT) return "no space left on " + state_dir + " (" + std::strerror(error) + ")";
  return what + ": " + std::strerror(error);
}

std::string megabytes(unsigned long long bytes) { return std::to_string(bytes / (1024 * 1024)) + " MB"; }

}  // namespace

Result<StateLock> StateLock::take(const std::string& state_dir) {
  const std::string path = (fs::path(state_dir) / "seneschald.lock").string();
  int fd = -1;
  int error = 0;
  // The holder removes the file when it ends; a file locked just as it was removed is not the
  // lock any more, so the lock taken must still be the file under the name.
  for (int attempt = 0; attempt < 10; ++attempt) {
    fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return fail(said(state_dir, "the state folder " + state_dir, errno));
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      error = errno;
      break;
    }
    struct stat held {}, named {};
    if (::fstat(fd, &held) == 0 && ::stat(path.c_str(), &named) == 0 && held.st_ino == named.st_ino &&
        held.st_dev == named.st_dev) {
      break;
    }
    ::close(fd);
    fd = -1;
  }
  if (fd < 0) return fail(path + ": cannot lock it: it was removed and made again while being locked");
  if (error != 0) {
    std::string holder;
    std::ifstream(path) >> holder;
    ::close(fd);
    if (error != EWOULDBLOCK) return fail(path + ": cannot lock it: " + std::strerror(error));
    return fail("another seneschald (PID " + (holder.empty() ? std::string("unknown") : holder) +
                ") is keeping the game in " + state_dir + "; stop it first, or give this one another --state-dir");
  }
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
    // The lock holds without the PID; a second daemon then says "PID unknown".
  }
  return StateLock(fd, path);
}

StateLock::StateLock(StateLock&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), path_(std::move(other.path_)) {}
StateLock& StateLock::operator=(StateLock&& other) noexcept {
  if (this != &other) {
    release();
    fd_ = std::exchange(other.fd_, -1);
    path_ = std::move(other.path_);
  }
  return *this;
}
StateLock::~StateLock() { release(); }

void StateLock::release() {
  if (fd_ < 0) return;
  ::unlink(path_.c_str());  // removed while still held, so no other daemon locks a file on its way out
  ::close(fd_);             // closing releases the flock
  fd_ = -1;
}

Result<void> check_state_folder(const std::string& state_dir, unsigned long long min_free_bytes) {
  std::error_code ec;
  fs::create_directories(state_dir, ec);
  if (ec) return fail(said(state_dir, "the state folder " + state_dir, ec.value()));
  // A file made and removed: the folder's mode, a read-only mount and a full disk all show here.
  const std::string probe = (fs::path(state_dir) / (".write-check-" + std::to_string(::getpid()))).string();
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return fail(said(state_dir, "the state folder " + state_dir, errno));
  const bool written = ::write(fd, "x", 1) == 1;
  const int write_error = errno;
  ::close(fd);
  ::unlink(probe.c_str());
  if (!written) return fail(said(state_dir, "the state folder " + state_dir, write_error));

  struct statvfs room {};
  if (::statvfs(state_dir.c_str(), &room) == 0) {
    const unsigned long long free_bytes = static_cast<unsigned long long>(room.f_bavail) * room.f_frsize;
    if (free_bytes < min_free_bytes) {
      return fail("no space left on " + state_dir + ": " + megabytes(free_bytes) + " free, a game needs " +
                  megabytes(min_free_bytes));
    }
    if (room.f_files > 0 && room.f_favail == 0) return fail("no space left on " + state_dir + ": no free inodes");
  }
  const fs::path log = fs::path(state_dir) / "seneschal.sqlite";
  if (fs::is_symlink(log, ec) && !fs::exists(log, ec)) {
    return fail(log.string() + " is a symbolic link to nothing: the event log stays inside the state folder; remove it");
  }
  if (fs::exists(log, ec)) {
    const int log_fd = ::open(log.c_str(), O_RDWR | O_CLOEXEC);
    if (log_fd < 0) return fail(said(state_dir, "the event log " + log.string(), errno));
    ::close(log_fd);
  }
  return {};
}

}  // namespace seneschal::firmware
