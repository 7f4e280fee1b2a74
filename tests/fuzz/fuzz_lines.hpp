#pragma once
// What the fuzz targets of line-based formats (deck lists, table scripts) share: the lines as
// their parsers count them, and the check that an error names one of them.

#include <cstddef>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"

namespace seneschal::fuzz {

// Split at '\n', no empty last line after a final '\n'.
inline std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    lines.push_back(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
  }
  return lines;
}

// Checks that an error message is not empty and starts with "<origin>:<line>:", the line inside
// the text; returns the line.
inline int check_names_a_line(const std::string& message, std::string_view origin,
                              const std::vector<std::string_view>& lines) {
  SENESCHAL_FUZZ_CHECK(!message.empty(), "an error message is never empty");
  const std::string prefix = std::string(origin) + ":";
  SENESCHAL_FUZZ_CHECK(message.rfind(prefix, 0) == 0, "an error message starts with the origin");
  const int line = std::atoi(message.c_str() + prefix.size());
  SENESCHAL_FUZZ_CHECK(line >= 1 && static_cast<std::size_t>(line) <= lines.size(),
                       "an error message names a line inside the text");
  return line;
}

}  // namespace seneschal::fuzz
