#include "seneschal/firmware/log.hpp"

#include <cstdio>
#include <mutex>
#include <string>

#include "seneschal/firmware/printable.hpp"

namespace seneschal::firmware::log {

void write(Priority priority, std::string_view message) {
  // One call, one journal line: a newline or escape that reached a message from outside (a
  // tag's payload, a name) is shown escaped, never obeyed (printable.hpp).
  const std::string line = "<" + std::to_string(static_cast<int>(priority)) + ">" + one_line(message) + "\n";
  static std::mutex mutex;  // the capture thread logs too; lines must not interleave
  const std::lock_guard lock(mutex);
  std::fwrite(line.data(), 1, line.size(), stderr);
}

}  // namespace seneschal::firmware::log
