#pragma once
// The view model as the watch page reads it (assets/watch/README.md gives the schema): the same
// ViewModel the device's screen draws, as one line of JSON. The page draws from it what the
// screen draws; the camera's evidence crops stay on the device (a picture of the table, hands
// and all, is not the board).

#include <cstdint>
#include <string>

#include "seneschal/engine/view.hpp"

namespace seneschal::firmware::watch {

// Everything but the version and the send time: two views with the same body look the same on
// the page (a running timer is sent with its remaining time at the send, so it is the same body
// only while nothing else changed and the timers stand still).
std::string view_body(const engine::ViewModel& view);
// What goes in front of a view's body on the wire.
struct Stamp {
  std::string_view run;       // which run of the daemon ([a-z2-7]): versions count from 1 in each
  std::uint64_t version = 0;
  std::int64_t sent_ms = 0;   // wall clock when the screen had drawn it
  std::int64_t drawing_ms = 0;  // how long the screen took to draw it: the screen's own delay
};
// The body with the stamp's fields put in front: one line, as an event stream's data line needs.
std::string view_message(const std::string& body, const Stamp& stamp);

}  // namespace seneschal::firmware::watch
