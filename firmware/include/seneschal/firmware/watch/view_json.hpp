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
// The body with "run" (which run of the daemon), "version" (counting from 1 in a run) and
// "sent_ms" (wall-clock milliseconds when the screen drew it) put in front: one line, as an event
// stream's data line needs.
std::string view_message(const std::string& body, std::string_view run, std::uint64_t version, std::int64_t sent_ms);

}  // namespace seneschal::firmware::watch
