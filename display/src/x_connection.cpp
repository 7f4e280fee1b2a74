#include "x_connection.hpp"

#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>
#include <utility>

#include <X11/Xlib.h>

namespace seneschal::display::detail {

Result<XConnection> XConnection::open(const char* what) {
  const char* name = std::getenv("DISPLAY");
  if (name == nullptr || *name == '\0') {
    return fail(std::string(what) + " needs an X display and DISPLAY is not set (run under xvfb-run when headless)");
  }
  // A server in the middle of a reset refuses connections for a moment; a server that is not
  // there refuses them for good. Half a second tells the two apart.
  for (int attempt = 0; attempt < 10; ++attempt) {
    if (Display* display = XOpenDisplay(nullptr)) return XConnection(display);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return fail(std::string(what) + " cannot connect to the X display DISPLAY=" + name);
}

XConnection::XConnection(XConnection&& other) noexcept : display_(std::exchange(other.display_, nullptr)) {}

XConnection& XConnection::operator=(XConnection&& other) noexcept {
  if (this != &other) {
    if (display_) XCloseDisplay(display_);
    display_ = std::exchange(other.display_, nullptr);
  }
  return *this;
}

XConnection::~XConnection() {
  if (display_) XCloseDisplay(display_);
}

}  // namespace seneschal::display::detail
