#pragma once
// Drives the user-space stand-in for libgpiod 1.6 (fake_gpiod.cpp) that gpio_tests links in
// place of the real library, so the real libgpiodcxx code runs against chips the test makes up:
// this machine, like a CI runner, has no GPIO chip.

#include <cstdint>
#include <string>

namespace fake_gpiod {

// Forgets every chip, injected failure and counter. Call only with no chip handle open.
void reset();
// A chip /dev/<name>, listed in the order added, with lines named GPIO0, GPIO1, ...
void add_chip(const std::string& name, const std::string& label, unsigned lines);
// Another process holds the line, as `consumer`.
void set_busy(const std::string& chip, unsigned offset, const std::string& consumer);
// Listing the chips fails with this errno, as it does when one /dev/gpiochip* is unreadable.
void fail_listing(int error);

enum class Edge { Rising, Falling };
// An edge with its kernel timestamp; queued only if the line is requested for that edge.
void push_edge(const std::string& chip, unsigned offset, Edge edge, std::int64_t at_ns);

struct LineState {
  bool requested = false;
  std::string consumer;
  int request_type = 0;  // GPIOD_LINE_REQUEST_*
  int flags = 0;         // GPIOD_LINE_REQUEST_FLAG_*
  int value = 0;         // the level driven, for outputs
  int writes = 0;        // gpiod_line_set_value* calls that reached this line
  std::size_t queued_events = 0;
};
LineState line(const std::string& chip, unsigned offset);

// How many libgpiod C functions have been entered since reset(): nonzero proves the calls of
// libgpiodcxx reached this fake and not a real libgpiod.
long calls();
// Chip handles open now; 0 after everything is closed, so leaks show.
int open_handles();

}  // namespace fake_gpiod
