// seneschald in a window, driven from the keyboard the way a laptop at the table drives it: real
// X key events (XTest) into the daemon's SFML window, and the moves they make in its SQLite log.

#include <gtest/gtest.h>

#include "WindowedDaemon.hpp"
#include "common/TempDir.hpp"
#include "seneschal/engine/event_store.hpp"

namespace {

using namespace std::chrono_literals;
using seneschal::test::blank_frames;
using seneschal::test::read_file;
using Daemon = seneschal::test::ChildDaemon;

bool focus_daemon_window(Display* display) { return seneschal::test::focus_daemon_window(display) != 0; }
void press(Display* display, KeySym key) { seneschal::test::press(display, key); }

TEST(DaemonKeyboardTest, KeysAreTheButtonsAndTheirMovesAreLogged) {
  seneschal::test::TempDir dir;
  const std::string frames = blank_frames(dir);
  Display* display = XOpenDisplay(nullptr);
  ASSERT_NE(display, nullptr) << "the test runs under xvfb-run";
  const std::string out = dir.file("daemon.log");
  Daemon daemon({SENESCHALD_PATH, "--source", frames, "--state-dir", dir.file("state"), "--buttons",
                 "none", "--assets", SENESCHAL_SOURCE_DIR "/assets"},
                out);
  ASSERT_TRUE(focus_daemon_window(display)) << read_file(out);

  press(display, XK_t);       // TIMER: starts R9E's first preset, the tournament round
  press(display, XK_t);       // TIMER again: pauses it
  press(display, XK_m);       // MENU opens ...
  press(display, XK_Escape);  // ... Escape closes it (DaemonWindowTest) ...
  press(display, XK_Escape);  // ... and from the board Escape quits
  const int code = daemon.wait_exit(30s);
  XCloseDisplay(display);
  const std::string log = read_file(out);
  ASSERT_EQ(code, 0) << log;
  EXPECT_NE(log.find("Tournament round started, 50:00"), std::string::npos) << log;
  EXPECT_NE(log.find("Tournament round paused at"), std::string::npos) << log;
  EXPECT_NE(log.find("key MENU: Menu"), std::string::npos) << log;
  EXPECT_NE(log.find("button to screen: median"), std::string::npos) << log;

  auto store = seneschal::engine::EventStore::open(dir.file("state") + "/seneschal.sqlite");
  ASSERT_TRUE(store.has_value());
  auto events = store->load_all();
  ASSERT_TRUE(events.has_value());
  std::vector<std::string> timer_actions;
  for (const auto& event : *events) {
    if (event.type == "timer") timer_actions.push_back(event.data.at("action"));
  }
  EXPECT_EQ(timer_actions, (std::vector<std::string>{"start", "pause"}));
}

// A Cutthroat table's negotiation runs out: the alarm is drawn at once and the daemon says how
// long after the timer's end it was on screen (a figure, never a pass mark).
TEST(DaemonKeyboardTest, ATimersAlarmIsOnScreenAndItsDelayLogged) {
  seneschal::test::TempDir dir;
  const std::string frames = blank_frames(dir);
  Display* display = XOpenDisplay(nullptr);
  ASSERT_NE(display, nullptr) << "the test runs under xvfb-run";
  const std::string out = dir.file("daemon.log");
  Daemon daemon({SENESCHALD_PATH, "--source", frames, "--state-dir", dir.file("state"), "--buttons", "none", "--game",
                 "cutthroat", "--seat", "Ann", "--seat", "Ben", "--seat", "Cat", "--timer-preset", "Negotiation=1",
                 "--assets", SENESCHAL_SOURCE_DIR "/assets"},
                out);
  ASSERT_TRUE(focus_daemon_window(display)) << read_file(out);
  press(display, XK_t);  // TIMER: the one-second negotiation
  std::this_thread::sleep_for(2500ms);
  press(display, XK_t);  // TIMER stops the alarm
  press(display, XK_Escape);
  const int code = daemon.wait_exit(30s);
  XCloseDisplay(display);
  const std::string log = read_file(out);
  ASSERT_EQ(code, 0) << log;
  EXPECT_NE(log.find("Negotiation started, 0:01"), std::string::npos) << log;
  const std::size_t figure = log.find("alarm to screen: median");
  ASSERT_NE(figure, std::string::npos) << log;
  // The figure for the reader of the test's output (the closing note quotes it).
  std::printf("%s\n", log.substr(figure, log.find('\n', figure) - figure).c_str());
}

}  // namespace
