#include "seneschal/firmware/base/log.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>

#include "seneschal/firmware/base/printable.hpp"

namespace seneschal::firmware::log {

bool stderr_is_journal() {
  // systemd sets JOURNAL_STREAM to "<device>:<inode>" of the stream it connected; a child that
  // inherited the variable but writes elsewhere (a pipe, a terminal) must not take it for the journal.
  const char* stream = std::getenv("JOURNAL_STREAM");
  if (!stream) return false;
  unsigned long long device = 0;
  unsigned long long inode = 0;
  if (std::sscanf(stream, "%llu:%llu", &device, &inode) != 2) return false;
  struct stat st {};
  if (::fstat(STDERR_FILENO, &st) != 0) return false;
  return static_cast<unsigned long long>(st.st_dev) == device && static_cast<unsigned long long>(st.st_ino) == inode;
}

std::string line_for(Priority priority, std::string_view message, bool journal) {
  // One call, one line: a newline or escape that reached a message from outside (a tag's
  // payload, a name) is shown escaped, never obeyed (printable.hpp).
  std::string prefix;
  if (journal) {
    prefix = "<" + std::to_string(static_cast<int>(priority)) + ">";  // journald keeps the severity
  } else if (priority == Priority::Error) {
    prefix = "error: ";
  } else if (priority == Priority::Warning) {
    prefix = "warning: ";
  }
  return prefix + one_line(message) + "\n";
}

void write(Priority priority, std::string_view message) {
  static const bool journal = stderr_is_journal();
  const std::string line = line_for(priority, message, journal);
  static std::mutex mutex;  // the capture thread logs too; lines must not interleave
  const std::lock_guard lock(mutex);
  std::fwrite(line.data(), 1, line.size(), stderr);
}

void error_lines(std::string_view message) {
  while (true) {
    const std::size_t end = message.find('\n');
    write(Priority::Error, message.substr(0, end));
    if (end == std::string_view::npos) return;
    message.remove_prefix(end + 1);
  }
}

}  // namespace seneschal::firmware::log
