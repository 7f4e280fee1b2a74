#include "seneschal/firmware/output/private_x_server.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace seneschal::firmware {

bool have_display() {
  const char* x = std::getenv("DISPLAY");
  return x && *x;
}

Result<void> start_unless_display(std::optional<PrivateXServer>& server, unsigned width, unsigned height) {
  if (have_display()) return {};
  auto x = PrivateXServer::start(width, height);
  if (!x) return fail(x.error().message);
  server.emplace(std::move(x).value());
  return {};
}

namespace {

// An Xauthority file with one MIT-MAGIC-COOKIE-1 for any display on this host (FamilyWild, no
// number): the display number is only known once Xvfb has picked it.
Result<std::string> write_cookie(std::string& dir) {
  const char* base = std::getenv("XDG_RUNTIME_DIR");
  std::string pattern = std::string(base && *base ? base : "/tmp") + "/seneschal-x-XXXXXX";
  if (!mkdtemp(pattern.data())) return fail(std::string("cannot start Xvfb: a folder for its cookie: ") + std::strerror(errno));
  dir = pattern;
  unsigned char cookie[16];
  std::ifstream random("/dev/urandom", std::ios::binary);
  if (!random.read(reinterpret_cast<char*>(cookie), sizeof cookie)) return fail("cannot start Xvfb: no /dev/urandom for its cookie");
  const std::string path = dir + "/Xauthority";
  std::string entry;
  const auto u16 = [&](std::size_t n) {
    entry += static_cast<char>((n >> 8) & 0xff);
    entry += static_cast<char>(n & 0xff);
  };
  const std::string name = "MIT-MAGIC-COOKIE-1";
  u16(0xffff);  // FamilyWild
  u16(0);       // address
  u16(0);       // display number: any
  u16(name.size());
  entry += name;
  u16(sizeof cookie);
  entry.append(reinterpret_cast<const char*>(cookie), sizeof cookie);
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0 || ::write(fd, entry.data(), entry.size()) != static_cast<ssize_t>(entry.size())) {
    if (fd >= 0) ::close(fd);
    return fail("cannot start Xvfb: writing its cookie to " + path + ": " + std::strerror(errno));
  }
  ::close(fd);
  return path;
}

}  // namespace

Result<PrivateXServer> PrivateXServer::start(unsigned width, unsigned height) {
  std::string auth_dir;
  auto auth = write_cookie(auth_dir);
  const auto forget_cookie = [&] {
    std::error_code ec;
    if (!auth_dir.empty()) std::filesystem::remove_all(auth_dir, ec);
  };
  if (!auth) {
    forget_cookie();
    return fail(auth.error().message);
  }
  int fds[2];
  if (pipe(fds) != 0) return fail(std::string("cannot start Xvfb: pipe: ") + std::strerror(errno));
  const std::string screen = std::to_string(width) + "x" + std::to_string(height) + "x24";
  const std::string fd_arg = std::to_string(fds[1]);
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) return fail(std::string("cannot start Xvfb: fork: ") + std::strerror(errno));
  if (pid == 0) {
    close(fds[0]);
    // A daemon killed with SIGKILL cannot stop its server: the kernel does, with this signal. The
    // daemon forks from its main thread, whose end is what the signal follows.
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) _exit(0);  // the daemon died before the line above
    // Ctrl-C at a terminal signals the whole foreground process group. The server must outlive
    // the daemon's own orderly stop (its last snapshot is drawn on it; a server gone first ended
    // the daemon with "XIO: fatal IO error" and exit 1), so it gets a group of its own: the
    // daemon stops it when done, and the signal above when the daemon is killed.
    setpgid(0, 0);
    execlp("Xvfb", "Xvfb", "-displayfd", fd_arg.c_str(), "-screen", "0", screen.c_str(), "-nolisten", "tcp", "-noreset",
           "-auth", auth->c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  setpgid(pid, pid);  // as in the child: whichever runs first, the group is made before Xvfb starts
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
    forget_cookie();
    return fail(missing ? "no display and no Xvfb to render snapshots with: install the xvfb package, or run "
                          "with a display"
                        : "Xvfb did not start (no display number within 10 s)");
  }
  PrivateXServer server(pid, ":" + number, auth_dir);
  setenv("DISPLAY", server.display_.c_str(), 1);
  setenv("XAUTHORITY", auth->c_str(), 1);
  return server;
}

PrivateXServer::PrivateXServer(PrivateXServer&& other) noexcept
    : pid_(other.pid_), display_(std::move(other.display_)), auth_dir_(std::move(other.auth_dir_)) {
  other.pid_ = -1;
  other.auth_dir_.clear();
}

PrivateXServer::~PrivateXServer() {
  if (pid_ <= 0) return;
  kill(pid_, SIGTERM);
  int status = 0;
  waitpid(pid_, &status, 0);
  unsetenv("DISPLAY");
  unsetenv("XAUTHORITY");
  std::error_code ec;
  if (!auth_dir_.empty()) std::filesystem::remove_all(auth_dir_, ec);
}

}  // namespace seneschal::firmware
