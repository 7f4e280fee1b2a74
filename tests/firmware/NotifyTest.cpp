#include <gtest/gtest.h>

#include "seneschal/firmware/base/notify.hpp"

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

namespace {

namespace notify = seneschal::firmware::notify;
using namespace std::chrono_literals;

// Plays systemd's side: a datagram socket named in NOTIFY_SOCKET, as the service manager binds it.
class NotifyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // A short path of our own: sun_path holds 108 bytes, test names are long.
    char dir_template[] = "/tmp/seneschal-notify-XXXXXX";
    ASSERT_NE(::mkdtemp(dir_template), nullptr) << std::strerror(errno);
    dir_ = dir_template;
    path_ = dir_ + "/notify";
    fd_ = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    ASSERT_GE(fd_, 0) << std::strerror(errno);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::strncpy(address.sun_path, path_.c_str(), sizeof(address.sun_path) - 1);
    ASSERT_EQ(::bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof(address)), 0) << std::strerror(errno);
    ::setenv("NOTIFY_SOCKET", path_.c_str(), 1);
    ::unsetenv("WATCHDOG_USEC");
    ::unsetenv("WATCHDOG_PID");
  }
  void TearDown() override {
    ::unsetenv("NOTIFY_SOCKET");
    ::unsetenv("WATCHDOG_USEC");
    ::unsetenv("WATCHDOG_PID");
    if (fd_ >= 0) ::close(fd_);
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }

  // The next datagram, or "" when none came within the wait.
  std::string receive(std::chrono::milliseconds wait = 2s) {
    timeval timeout{};
    timeout.tv_sec = static_cast<time_t>(wait.count() / 1000);
    timeout.tv_usec = static_cast<suseconds_t>(wait.count() % 1000 * 1000);
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof(timeout));
    char buffer[4096];
    const ssize_t n = ::recv(fd_, buffer, sizeof(buffer), 0);
    return n > 0 ? std::string(buffer, static_cast<std::size_t>(n)) : std::string();
  }

  std::string dir_;
  std::string path_;
  int fd_ = -1;
};

TEST_F(NotifyTest, ReadySaysReadyWithTheStatus) {
  notify::ready("playing r9e from the bundled recording");
  EXPECT_EQ(receive(), "READY=1\nSTATUS=playing r9e from the bundled recording");
}

TEST_F(NotifyTest, StatusNamesTheGameThePhaseAndTheCameraRate) {
  notify::status("r9e", "Dynasty", 9.84);
  EXPECT_EQ(receive(), "STATUS=r9e, phase Dynasty, camera 9.8 fps");
  notify::status("waiting for the camera");
  EXPECT_EQ(receive(), "STATUS=waiting for the camera");
}

TEST_F(NotifyTest, WatchdogAndStoppingSayTheirOneLine) {
  notify::watchdog();
  EXPECT_EQ(receive(), "WATCHDOG=1");
  notify::stopping();
  EXPECT_EQ(receive(), "STOPPING=1");
}

TEST_F(NotifyTest, WithoutSystemdNothingIsSentAndNothingFails) {
  ::unsetenv("NOTIFY_SOCKET");
  notify::ready("r9e");
  notify::status("r9e", "Dynasty", 10);
  notify::watchdog();
  notify::stopping();
  EXPECT_EQ(receive(100ms), "");
}

TEST_F(NotifyTest, WatchdogIntervalIsTheUnitsWhenItIsMeantForUs) {
  ::setenv("WATCHDOG_USEC", "30000000", 1);
  ::setenv("WATCHDOG_PID", std::to_string(::getpid()).c_str(), 1);
  EXPECT_EQ(notify::watchdog_interval(), std::chrono::microseconds(30'000'000));
}

// seneschal-kiosk.service runs seneschald under cage with WATCHDOG_PID removed.
TEST_F(NotifyTest, WatchdogIntervalWithoutAPidIsOurs) {
  ::setenv("WATCHDOG_USEC", "30000000", 1);
  EXPECT_EQ(notify::watchdog_interval(), std::chrono::microseconds(30'000'000));
}

TEST_F(NotifyTest, WatchdogIntervalOfAnotherProcessIsNotOurs) {
  ::setenv("WATCHDOG_USEC", "30000000", 1);
  ::setenv("WATCHDOG_PID", std::to_string(::getppid()).c_str(), 1);
  EXPECT_EQ(notify::watchdog_interval(), std::nullopt);
}

TEST_F(NotifyTest, NoWatchdogWithoutAUsableInterval) {
  EXPECT_EQ(notify::watchdog_interval(), std::nullopt);
  ::setenv("WATCHDOG_USEC", "soon", 1);
  EXPECT_EQ(notify::watchdog_interval(), std::nullopt);
  ::setenv("WATCHDOG_USEC", "0", 1);
  EXPECT_EQ(notify::watchdog_interval(), std::nullopt);
}

}  // namespace
