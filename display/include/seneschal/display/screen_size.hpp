#pragma once
// The pixel size the board is laid out for. The official 7" Pi display (800x480) is the
// reference; every other size is laid out afresh from it, never stretched as a bitmap.

namespace seneschal::display {

struct ScreenSize {
  unsigned width = 800;
  unsigned height = 480;

  friend bool operator==(const ScreenSize&, const ScreenSize&) = default;
};

}  // namespace seneschal::display
