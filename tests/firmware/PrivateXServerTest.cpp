// The private Xvfb a headless daemon draws its snapshots with: it dies with the daemon even when
// the daemon is killed (before, 23 of 24 killed daemons left their Xvfb running), and it lets in
// only clients holding its cookie (before, any local client could connect).

#include "seneschal/firmware/output/private_x_server.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>

// Last: Xlib's macros (None, Bool, ...) would break the headers above.
#include <X11/Xlib.h>

namespace seneschal::firmware {
namespace {

using namespace std::chrono_literals;

bool alive(pid_t pid) {
  // A zombie is dead too: Xvfb's parent (the killed daemon) is gone, init reaps it.
  std::string state;
  FILE* stat = std::fopen(("/proc/" + std::to_string(pid) + "/stat").c_str(), "r");
  if (!stat) return false;
  char buffer[512] = {};
  const std::size_t read = std::fread(buffer, 1, sizeof buffer - 1, stat);
  std::fclose(stat);
  const std::string text(buffer, read);
  const std::size_t close = text.rfind(')');
  return close != std::string::npos && close + 2 < text.size() && text[close + 2] != 'Z';
}

TEST(PrivateXServerTest, OnlyAClientWithItsCookieMayConnect) {
  const char* saved = std::getenv("DISPLAY");
  const std::string before = saved ? saved : "";
  ::unsetenv("DISPLAY");
  {
    auto server = PrivateXServer::start(320, 240);
    ASSERT_TRUE(server.has_value()) << server.error().message;
    ASSERT_NE(std::getenv("XAUTHORITY"), nullptr);
    const std::string cookie = std::getenv("XAUTHORITY");

    Display* with_cookie = XOpenDisplay(server->display().c_str());
    EXPECT_NE(with_cookie, nullptr) << "the daemon's own client was refused";
    if (with_cookie) XCloseDisplay(with_cookie);

    ::setenv("XAUTHORITY", "/dev/null", 1);
    Display* stranger = XOpenDisplay(server->display().c_str());
    EXPECT_EQ(stranger, nullptr) << "a client without the cookie got in";
    if (stranger) XCloseDisplay(stranger);
    ::setenv("XAUTHORITY", cookie.c_str(), 1);
  }
  if (!before.empty()) ::setenv("DISPLAY", before.c_str(), 1);
}

TEST(PrivateXServerTest, DiesWithAKilledDaemon) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  const pid_t daemon = ::fork();
  ASSERT_GE(daemon, 0);
  if (daemon == 0) {
    ::close(fds[0]);
    auto server = PrivateXServer::start(320, 240);
    const pid_t xvfb = server ? server->pid() : -1;
    (void)!::write(fds[1], &xvfb, sizeof xvfb);
    ::pause();  // until SIGKILL: no destructor runs
    ::_exit(0);
  }
  ::close(fds[1]);
  pid_t xvfb = -1;
  ASSERT_EQ(::read(fds[0], &xvfb, sizeof xvfb), static_cast<ssize_t>(sizeof xvfb));
  ::close(fds[0]);
  ASSERT_GT(xvfb, 0) << "the server did not start";
  ASSERT_TRUE(alive(xvfb));

  ::kill(daemon, SIGKILL);
  ::waitpid(daemon, nullptr, 0);
  for (int i = 0; i < 100 && alive(xvfb); ++i) std::this_thread::sleep_for(50ms);
  EXPECT_FALSE(alive(xvfb)) << "Xvfb " << xvfb << " outlived the killed daemon";
  if (alive(xvfb)) ::kill(xvfb, SIGKILL);
}

}  // namespace
}  // namespace seneschal::firmware
