// The watch page's code as a phone meets it: seneschald in a window with the watch on, DOWN
// turns to the details page, and the code read off the window's own pixels (the project's
// scanner, as a phone's reader) is the page's address with the token the daemon keeps.

#include <gtest/gtest.h>

#include <cstdlib>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <regex>

#include "WindowedDaemon.hpp"
#include "common/TempDir.hpp"
#include "seneschal/vision/scanner.hpp"

namespace {

using namespace std::chrono_literals;
using seneschal::test::read_file;

// The window as it is on the X server, BGR.
cv::Mat window_pixels(Display* display, Window window) {
  XWindowAttributes attributes{};
  XGetWindowAttributes(display, window, &attributes);
  XImage* image = XGetImage(display, window, 0, 0, static_cast<unsigned>(attributes.width),
                            static_cast<unsigned>(attributes.height), AllPlanes, ZPixmap);
  if (!image) return {};
  cv::Mat bgr(attributes.height, attributes.width, CV_8UC3);
  for (int y = 0; y < attributes.height; ++y) {
    for (int x = 0; x < attributes.width; ++x) {
      const unsigned long pixel = XGetPixel(image, x, y);
      bgr.at<cv::Vec3b>(y, x) = {static_cast<std::uint8_t>(pixel & 0xFF), static_cast<std::uint8_t>((pixel >> 8) & 0xFF),
                                 static_cast<std::uint8_t>((pixel >> 16) & 0xFF)};
    }
  }
  XDestroyImage(image);
  return bgr;
}

TEST(DaemonWatchCodeTest, TheDetailsPageShowsTheWatchPagesLinkWithItsToken) {
  seneschal::test::TempDir dir;
  const std::string frames = seneschal::test::blank_frames(dir);
  Display* display = XOpenDisplay(nullptr);
  ASSERT_NE(display, nullptr) << "the test runs under xvfb-run";
  const std::string out = dir.file("daemon.log");
  seneschal::test::ChildDaemon daemon({SENESCHALD_PATH, "--source", frames, "--state-dir", dir.file("state"), "--buttons",
                                       "none", "--assets", SENESCHAL_SOURCE_DIR "/assets", "--watch", "127.0.0.1:0"},
                                      out);
  const Window window = seneschal::test::focus_daemon_window(display);
  ASSERT_NE(window, 0u) << read_file(out);
  std::smatch port;
  std::string log = read_file(out);
  ASSERT_TRUE(std::regex_search(log, port, std::regex("watch page on http://127\\.0\\.0\\.1:([0-9]+)/"))) << log;
  const std::string token = read_file(dir.file("state/watch-token")).substr(0, 32);
  const std::string expected = "http://127.0.0.1:" + port[1].str() + "/?token=" + token;

  seneschal::vision::Scanner scanner;
  const auto read_code = [&] {
    for (const auto& seen : scanner.scan(window_pixels(display, window))) {
      if (seen.payload.rfind("http://", 0) == 0) return seen.payload;
    }
    return std::string();
  };
  EXPECT_EQ(read_code(), "") << "the glance page shows no code";
  seneschal::test::press(display, XK_Down);  // no rows to move between at setup: the details page
  std::string read;
  for (int i = 0; i < 20 && read.empty(); ++i) {
    std::this_thread::sleep_for(150ms);
    read = read_code();
  }
  EXPECT_EQ(read, expected);
  // The README's picture of it (assets/screenshots/make-screenshots.sh sets the folder).
  if (const char* shots = std::getenv("SENESCHAL_SHOTS_DIR"); shots && *shots) {
    EXPECT_TRUE(cv::imwrite(std::string(shots) + "/watch-code-800x480.png", window_pixels(display, window)));
  }
  seneschal::test::press(display, XK_Escape);
  EXPECT_EQ(daemon.wait_exit(30s), 0) << read_file(out);
  XCloseDisplay(display);
}

}  // namespace
