#pragma once
// SFML 2.5 on Linux calls std::abort() when it cannot open the X display, so the library
// connects first and answers with an error instead. The connection is then held while SFML
// works: an X server resets when its last client leaves (Xvfb does, between renders), and a
// display SFML opens during that reset would fail; our open connection keeps it from
// resetting. Private to the library.

#include "seneschal/base/result.hpp"

struct _XDisplay;

namespace seneschal::display::detail {

class XConnection {
 public:
  // `what` says who needs the display, for the error message.
  static Result<XConnection> open(const char* what);

  XConnection(XConnection&& other) noexcept;
  XConnection& operator=(XConnection&& other) noexcept;
  XConnection(const XConnection&) = delete;
  XConnection& operator=(const XConnection&) = delete;
  ~XConnection();

 private:
  explicit XConnection(_XDisplay* display) : display_(display) {}

  _XDisplay* display_ = nullptr;
};

}  // namespace seneschal::display::detail
