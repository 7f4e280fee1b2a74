#pragma once
// Runs a shell command as a person would and keeps what it said (stdout and stderr together).

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace seneschal::test {

struct CommandResult {
  int exit_code = -1;  // -1: did not exit normally
  std::string output;
};

inline CommandResult run_command(const std::string& command) {
  CommandResult result;
  std::FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return result;
  std::array<char, 512> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe)) result.output += buffer.data();
  const int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

}  // namespace seneschal::test
