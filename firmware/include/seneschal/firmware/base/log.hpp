#pragma once
// The one logging facade: lines on stderr. When stderr is the journal (systemd's JOURNAL_STREAM
// names it) each line starts with its <N> priority, so journald keeps the severities; elsewhere
// (a terminal, a pipe) errors and warnings say "error: " and "warning: " and the rest is plain.
// Each message is one line: control characters in it are written escaped (printable.hpp).

#include <fmt/core.h>

#include <string>
#include <string_view>

namespace seneschal::firmware::log {

enum class Priority { Error = 3, Warning = 4, Notice = 5, Info = 6, Debug = 7 };

void write(Priority priority, std::string_view message);

// Whether stderr is the stream systemd connected to the journal (JOURNAL_STREAM's device and inode).
bool stderr_is_journal();
// The line write() prints for a message: with the <N> prefix for the journal, else plain.
std::string line_for(Priority priority, std::string_view message, bool journal);

template <class... Args>
void error(fmt::format_string<Args...> format, Args&&... args) {
  write(Priority::Error, fmt::format(format, std::forward<Args>(args)...));
}
// An error made of several problems, one a line (every bad line of a deck list): one log line
// each, so none hides behind an escaped newline.
void error_lines(std::string_view message);

template <class... Args>
void warning(fmt::format_string<Args...> format, Args&&... args) {
  write(Priority::Warning, fmt::format(format, std::forward<Args>(args)...));
}
template <class... Args>
void notice(fmt::format_string<Args...> format, Args&&... args) {
  write(Priority::Notice, fmt::format(format, std::forward<Args>(args)...));
}
template <class... Args>
void info(fmt::format_string<Args...> format, Args&&... args) {
  write(Priority::Info, fmt::format(format, std::forward<Args>(args)...));
}

}  // namespace seneschal::firmware::log
