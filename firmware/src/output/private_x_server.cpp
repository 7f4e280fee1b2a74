#include "seneschal/firmware/private_x_server.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace seneschal::firmware {

bool have_display() {
  const char* x = std::getenv("DISPLAY");
  return x && *x;
}

Result<PrivateXServer> PrivateXServer::start(unsigned width, unsigned height) {
  int fds[2];
  if (pipe(fds) != 0) return fail(std::string("cannot start Xvfb: pipe: ") + std::strerror(errno));
  const std::string screen = std::to_string(width) + "x" + std::to_string(height) + "x24";
  const std::string fd_arg = std::to_string(fds[1]);
  const pid_t pid = fork();
  if (pid < 0) return fail(std::string("cannot start Xvfb: fork: ") + std::strerror(errno));
  if (pid == 0) {
    close(fds[0]);
    execlp("Xvfb", "Xvfb", "-displayfd", fd_arg.c_str(), "-screen", "0", screen.c_str(), "-nolisten", "tcp", "-noreset",
           static_cast<char*>(nullptr));
    _exit(127);
  }
  close(fds[1]);
  // Xvfb writes the display number and a newline once it accepts connections.
  std::string number;
  pollfd wait_for{fds[0], POLLIN, 0};
  char c = 0;
  while (poll(&wait_for, 1, 10000) > 0 && read(fds[0], &c, 1) == 1 && c != '\n') number += c;
  close(fds[0]);
  if (number.empty()) {
    kill(pid, SIGTERM);
    int status = 0;
    waitpid(pid, &status, 0);
    const bool missing = WIFEXITED(status) && WEXITSTATUS(status) == 127;
    return fail(missing ? "no display and no Xvfb to render snapshots with: install the xvfb package, or run "
                          "with a display"
                        : "Xvfb did not start (no display number within 10 s)");
  }
  PrivateXServer server(pid, ":" + number);
  setenv("DISPLAY", server.display_.c_str(), 1);
  return server;
}

PrivateXServer::PrivateXServer(PrivateXServer&& other) noexcept
    : pid_(other.pid_), display_(std::move(other.display_)) {
  other.pid_ = -1;
}

PrivateXServer::~PrivateXServer() {
  if (pid_ <= 0) return;
  kill(pid_, SIGTERM);
  int status = 0;
  waitpid(pid_, &status, 0);
  unsetenv("DISPLAY");
}

}  // namespace seneschal::firmware
