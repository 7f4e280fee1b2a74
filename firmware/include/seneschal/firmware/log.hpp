#pragma once
// The one logging facade: lines on stderr with systemd's <N> priority prefixes, so journald
// keeps the severities when the daemon runs as a service and a terminal still reads them.
// Each message is one line: control characters in it are written escaped (printable.hpp).

#include <fmt/core.h>

#include <string_view>

namespace seneschal::firmware::log {

enum class Priority { Error = 3, Warning = 4, Notice = 5, Info = 6, Debug = 7 };

void write(Priority priority, std::string_view message);

template <class... Args>
void error(fmt::format_string<Args...> format, Args&&... args) {
  write(Priority::Error, fmt::format(format, std::forward<Args>(args)...));
}
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
