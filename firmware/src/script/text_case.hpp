#pragma once
// Lower case for ASCII letters, the rest as it is: game ids in a script's header and card titles
// matched loosely when a script misspells one.

#include <cctype>
#include <string>
#include <string_view>

namespace seneschal::firmware {

inline std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace seneschal::firmware
