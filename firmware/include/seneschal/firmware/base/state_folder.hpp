#pragma once
// The state folder one daemon owns: a lock so that a second daemon on the same folder exits
// naming the first (two writers on one log refused every move of the second, its screen showing
// another game), and a check at start of what would otherwise fail on the first move.

#include <string>

#include "seneschal/base/result.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"  // kExitCantCreate, kExitTempFail

namespace seneschal::firmware {

// Held for the daemon's life: flock on <state>/seneschald.lock, which holds the holder's PID.
class StateLock {
 public:
  // The error names the folder and the PID of the daemon that holds it.
  static Result<StateLock> take(const std::string& state_dir);
  StateLock(StateLock&& other) noexcept;
  StateLock& operator=(StateLock&& other) noexcept;
  StateLock(const StateLock&) = delete;
  StateLock& operator=(const StateLock&) = delete;
  ~StateLock();

 private:
  void release();
  StateLock(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  int fd_ = -1;
  std::string path_;  // removed when the lock goes: a daemon that ends leaves no file behind
};

// Whether a game can be written here: the folder exists or can be made, takes a new file, has
// room (min_free_bytes) and inodes, and the log (when there is one) opens for writing. The
// message says it in the table's words: "the state folder ... is read-only", "no space left on
// ...".
Result<void> check_state_folder(const std::string& state_dir, unsigned long long min_free_bytes);

}  // namespace seneschal::firmware
