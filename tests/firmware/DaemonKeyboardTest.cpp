// seneschald in a window, driven from the keyboard the way a laptop at the table drives it: real
// X key events (XTest) into the daemon's SFML window, and the moves they make in its SQLite log.

#include <gtest/gtest.h>

#include <cstdio>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <SFML/Graphics/Image.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "common/TempDir.hpp"
#include "seneschal/engine/event_store.hpp"

// Xlib last: its macros (None, Bool, Status) would break the C++ headers above.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>
#include <X11/keysym.h>

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// The daemon as a child process, its output in a file; killed if a test gives up on it.
class Daemon {
 public:
  Daemon(const std::vector<std::string>& args, const std::string& output) {
    pid_ = fork();
    if (pid_ == 0) {
      std::freopen(output.c_str(), "w", stdout);
      dup2(fileno(stdout), 2);
      std::vector<char*> argv;
      for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
  }
  ~Daemon() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  // The exit code, or -1 when it did not exit within the time.
  int wait_exit(std::chrono::milliseconds limit) {
    for (auto end = std::chrono::steady_clock::now() + limit; std::chrono::steady_clock::now() < end;) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      std::this_thread::sleep_for(20ms);
    }
    return -1;
  }

 private:
  pid_t pid_ = -1;
};

Window find_window(Display* display, Window root, const char* name) {
  Window parent = 0, *children = nullptr;
  unsigned count = 0;
  if (!XQueryTree(display, root, &root, &parent, &children, &count)) return 0;
  Window found = 0;
  for (unsigned i = 0; i < count && !found; ++i) {
    char* title = nullptr;
    if (XFetchName(display, children[i], &title) && title) {
      if (std::string(title) == name) found = children[i];
      XFree(title);
    }
    if (!found) found = find_window(display, children[i], name);
  }
  if (children) XFree(children);
  return found;
}

void press(Display* display, KeySym key) {
  const KeyCode code = XKeysymToKeycode(display, key);
  XTestFakeKeyEvent(display, code, True, CurrentTime);
  XTestFakeKeyEvent(display, code, False, CurrentTime);
  XFlush(display);
  std::this_thread::sleep_for(150ms);  // the daemon polls its window every few ms; leave it room
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Waits for the daemon's window, mapped, and gives it the keyboard; false when none came.
bool focus_daemon_window(Display* display) {
  Window window = 0;
  for (int i = 0; i < 600 && !window; ++i) {  // up to 30 s on a loaded machine
    std::this_thread::sleep_for(50ms);
    window = find_window(display, DefaultRootWindow(display), "Seneschal");
  }
  if (!window) return false;
  // Named before it is mapped: focus on an unmapped window is an X error (BadMatch).
  XWindowAttributes attributes{};
  for (int i = 0; i < 200 && !(XGetWindowAttributes(display, window, &attributes) && attributes.map_state == IsViewable);
       ++i) {
    std::this_thread::sleep_for(50ms);
  }
  if (attributes.map_state != IsViewable) return false;
  XSetInputFocus(display, window, RevertToParent, CurrentTime);
  XFlush(display);
  std::this_thread::sleep_for(300ms);
  return true;
}

// One blank frame: the camera sees nothing, so every move comes from the keyboard.
std::string blank_frames(const seneschal::test::TempDir& dir) {
  fs::create_directories(dir.file("frames"));
  sf::Image blank;
  blank.create(64, 48, sf::Color(90, 90, 90));
  EXPECT_TRUE(blank.saveToFile(dir.file("frames") + "/0001.png"));
  return dir.file("frames");
}

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
  press(display, XK_Escape);  // ... and Escape quits
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
