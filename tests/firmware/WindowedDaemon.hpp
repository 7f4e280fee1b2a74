#pragma once
// seneschald as a child process with its window on an X server, and real X key events (XTest)
// into that window: what the tests of the daemon's keyboard and window share.

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <SFML/Graphics/Image.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "common/TempDir.hpp"

// Xlib last: its macros (None, Bool, Status) would break the C++ headers above.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>
#include <X11/keysym.h>

namespace seneschal::test {

// The daemon as a child process, its output in a file; killed if a test gives up on it.
class ChildDaemon {
 public:
  ChildDaemon(const std::vector<std::string>& args, const std::string& output) {
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
  ChildDaemon(const ChildDaemon&) = delete;
  ChildDaemon& operator=(const ChildDaemon&) = delete;
  ~ChildDaemon() {
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
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return -1;
  }

 private:
  pid_t pid_ = -1;
};

inline Window find_window(Display* display, Window root, const char* name) {
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

inline void press(Display* display, KeySym key) {
  const KeyCode code = XKeysymToKeycode(display, key);
  XTestFakeKeyEvent(display, code, True, CurrentTime);
  XTestFakeKeyEvent(display, code, False, CurrentTime);
  XFlush(display);
  std::this_thread::sleep_for(std::chrono::milliseconds(150));  // the daemon polls its window every few ms
}

inline std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Waits for the daemon's window (or another of the programs', by its title), mapped, and gives
// it the keyboard; 0 when none came.
inline Window focus_daemon_window(Display* display, const char* title = "Seneschal") {
  using namespace std::chrono_literals;
  Window window = 0;
  for (int i = 0; i < 600 && !window; ++i) {  // up to 30 s on a loaded machine
    std::this_thread::sleep_for(50ms);
    window = find_window(display, DefaultRootWindow(display), title);
  }
  if (!window) return 0;
  // Named before it is mapped: focus on an unmapped window is an X error (BadMatch).
  XWindowAttributes attributes{};
  for (int i = 0; i < 200 && !(XGetWindowAttributes(display, window, &attributes) && attributes.map_state == IsViewable);
       ++i) {
    std::this_thread::sleep_for(50ms);
  }
  if (attributes.map_state != IsViewable) return 0;
  XSetInputFocus(display, window, RevertToParent, CurrentTime);
  XFlush(display);
  std::this_thread::sleep_for(300ms);
  return window;
}

// One blank frame: the camera sees nothing, so every move comes from the keyboard.
inline std::string blank_frames(const TempDir& dir) {
  std::filesystem::create_directories(dir.file("frames"));
  sf::Image blank;
  blank.create(64, 48, sf::Color(90, 90, 90));
  EXPECT_TRUE(blank.saveToFile(dir.file("frames") + "/0001.png"));
  return dir.file("frames");
}

}  // namespace seneschal::test
