#pragma once
// Turns raw GPIO edges into button presses. Contacts bounce for a few ms and the kernel reports
// every bounce, so a level only counts once it has held for `debounce_ms`. Pure and clock-free:
// edges carry their own timestamps and tick() is told the time, so tests replay exact sequences.
//
// A short press is recognised when the release has settled (we cannot know it is short before
// the button comes up); a long press as soon as the button has been held `long_press_ms`, while
// it is still down, so the player feels it take. A long press never also yields a short one.
//
//   released --press settled--> held --release settled--> released      => short press
//                                 \--held long_press_ms--> long press, then nothing at release

#include <cstdint>
#include <map>
#include <vector>

namespace seneschal::firmware {

enum class Edge { Rising, Falling };
// Buttons wired to ground with a pull-up read low while pressed.
enum class Polarity { ActiveLow, ActiveHigh };

struct DebounceTiming {
  int debounce_ms = 20;
  int long_press_ms = 800;
};

struct DebouncedPress {
  unsigned line = 0;
  bool long_press = false;
  std::int64_t at_ms = 0;  // when the press became certain, on the edges' clock
};

class Debouncer {
 public:
  explicit Debouncer(DebounceTiming timing = {}, Polarity polarity = Polarity::ActiveLow);

  // Edges of one line must come in time order; lines may interleave. A line never seen rests
  // released, so a button held at start-up only counts from its next press.
  void edge(unsigned line, Edge edge, std::int64_t at_ms);
  // The presses recognised up to `now_ms`, oldest first.
  std::vector<DebouncedPress> tick(std::int64_t now_ms);

 private:
  struct Line {
    bool raw_down = false;        // the level of the latest edge
    std::int64_t raw_since = 0;   // when the latest edge came
    bool stable_down = false;     // the level once it held for debounce_ms
    std::int64_t down_since = 0;  // when the settled press began
    bool long_sent = false;
  };
  // Settles what the edges up to `t` decide; edges between ticks are judged by their own times,
  // so a slow tick never loses a press.
  void advance(unsigned id, Line& line, std::int64_t t);

  DebounceTiming timing_;
  Polarity polarity_;
  std::map<unsigned, Line> lines_;
  std::vector<DebouncedPress> pending_;
};

// The time to debounce a GPIO edge at: the kernel's timestamp (CLOCK_MONOTONIC, the steady
// clock's, since Linux 5.7), unless it is plainly on another clock, as older kernels' realtime
// stamps are; then the time the edge was read.
std::int64_t edge_time_ms(std::int64_t event_ns, std::int64_t now_ms);

}  // namespace seneschal::firmware
