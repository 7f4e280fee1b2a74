#include "seneschal/firmware/log.hpp"

#include <cstdio>
#include <mutex>

namespace seneschal::firmware::log {

void write(Priority priority, std::string_view message) {
  static std::mutex mutex;  // the capture thread logs too; lines must not interleave
  const std::lock_guard lock(mutex);
  std::fprintf(stderr, "<%d>%.*s\n", static_cast<int>(priority), static_cast<int>(message.size()), message.data());
}

}  // namespace seneschal::firmware::log
