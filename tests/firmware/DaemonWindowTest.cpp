// seneschald's window on a bare 800x480 X server (no window manager: the 7" screen as Xvfb or
// a kiosk without cage gives it), driven by real X key events (XTest). The window lies wholly on
// the screen with the legend visible along the bottom edge (SFML alone put it at y=160, the
// legend off screen), and Escape closes an open menu before it quits.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "WindowedDaemon.hpp"
#include "common/TempDir.hpp"
#include "seneschal/firmware/output/private_x_server.hpp"

namespace {

using namespace std::chrono_literals;
using seneschal::test::press;
using seneschal::test::read_file;

// DISPLAY and XAUTHORITY as they were: PrivateXServer::start points them at its server, and the
// suite's other tests draw on xvfb-run's.
class KeepEnvironment {
 public:
  KeepEnvironment() {
    for (const char* name : {"DISPLAY", "XAUTHORITY"}) {
      const char* value = std::getenv(name);
      saved_.emplace_back(name, value ? std::optional<std::string>(value) : std::nullopt);
    }
  }
  ~KeepEnvironment() {
    for (const auto& [name, value] : saved_) {
      if (value) {
        ::setenv(name.c_str(), value->c_str(), 1);
      } else {
        ::unsetenv(name.c_str());
      }
    }
  }

 private:
  std::vector<std::pair<std::string, std::optional<std::string>>> saved_;
};

// seneschald in an 800x480 window on the private server (which DISPLAY names now).
seneschal::test::ChildDaemon windowed_daemon(const seneschal::test::TempDir& dir, const std::string& output) {
  return seneschal::test::ChildDaemon({SENESCHALD_PATH, "--source", seneschal::test::blank_frames(dir), "--state-dir",
                                       dir.file("state"), "--buttons", "none", "--size", "800x480", "--assets",
                                       SENESCHAL_SOURCE_DIR "/assets"},
                                      output);
}

// The legend's key caps (light pills, palette::keycap) in a strip of the screen: the most runs of
// 24 or more near-white pixels on one row. Text has no such runs; a row through the caps has one
// per key.
int keycaps_in(Display* display, int top, int height) {
  XImage* image = XGetImage(display, DefaultRootWindow(display), 0, top, 800, static_cast<unsigned>(height), AllPlanes, ZPixmap);
  if (!image) return 0;
  int most = 0;
  for (int y = 0; y < height; ++y) {
    int runs = 0, run = 0;
    for (int x = 0; x < 800; ++x) {
      const unsigned long pixel = XGetPixel(image, x, y);
      const bool light = ((pixel >> 16) & 0xFF) > 230 && ((pixel >> 8) & 0xFF) > 230 && (pixel & 0xFF) > 230;
      run = light ? run + 1 : 0;
      runs += run == 24 ? 1 : 0;
    }
    most = std::max(most, runs);
  }
  XDestroyImage(image);
  return most;
}

class DaemonWindowTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto server = seneschal::firmware::PrivateXServer::start(800, 480);
    ASSERT_TRUE(server.has_value()) << server.error().message;
    server_.emplace(std::move(server).value());
    display_ = XOpenDisplay(server_->display().c_str());
    ASSERT_NE(display_, nullptr);
  }
  void TearDown() override {
    if (display_) XCloseDisplay(display_);
  }

  KeepEnvironment environment_;  // first in, last out: restored after the server is gone
  std::optional<seneschal::firmware::PrivateXServer> server_;
  Display* display_ = nullptr;
  seneschal::test::TempDir dir_;
};

TEST_F(DaemonWindowTest, OnABare800x480ScreenTheWindowAndItsLegendAreWhollyOnScreen) {
  const std::string out = dir_.file("daemon.log");
  seneschal::test::ChildDaemon daemon = windowed_daemon(dir_, out);
  const Window window = seneschal::test::focus_daemon_window(display_);
  ASSERT_NE(window, 0u) << read_file(out);
  int x = -1, y = -1;
  Window child = 0;
  XTranslateCoordinates(display_, window, DefaultRootWindow(display_), 0, 0, &x, &y, &child);
  XWindowAttributes attributes{};
  ASSERT_TRUE(XGetWindowAttributes(display_, window, &attributes));
  EXPECT_EQ(x, 0);
  EXPECT_EQ(y, 0) << "SFML alone opened it at y=160, the legend off the bottom of the screen";
  EXPECT_EQ(attributes.width, 800);
  EXPECT_EQ(attributes.height, 480);
  // The legend's key caps (MENU at least, at setup) are on the bottom 40 px of the screen; had the
  // window hung 160 px low, the middle of the seat panels would be there, dark. Waited for: the
  // first picture takes its time on a slow machine (a second and more under qemu).
  int keycaps = 0;
  for (int i = 0; i < 100 && keycaps < 1; ++i) {
    std::this_thread::sleep_for(100ms);
    keycaps = keycaps_in(display_, 440, 40);
  }
  EXPECT_GE(keycaps, 1);
  press(display_, XK_Escape);
  EXPECT_EQ(daemon.wait_exit(30s), 0) << read_file(out);
}

TEST_F(DaemonWindowTest, EscapeClosesAnOpenMenuBeforeItQuits) {
  const std::string out = dir_.file("daemon.log");
  seneschal::test::ChildDaemon daemon = windowed_daemon(dir_, out);
  ASSERT_NE(seneschal::test::focus_daemon_window(display_), 0u) << read_file(out);
  std::this_thread::sleep_for(300ms);  // the first picture drawn
  press(display_, XK_m);       // MENU opens ...
  press(display_, XK_Escape);  // ... Escape closes it, and the daemon runs on
  EXPECT_EQ(daemon.wait_exit(1s), -1) << read_file(out);
  press(display_, XK_Escape);  // from the board, Escape quits
  ASSERT_EQ(daemon.wait_exit(30s), 0) << read_file(out);
  const std::string log = read_file(out);
  EXPECT_NE(log.find("key MENU: Menu closed"), std::string::npos) << log;
}

}  // namespace
