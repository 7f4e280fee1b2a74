#pragma once
// SFML draws through OpenGL, and on Linux that needs an X server even to render offscreen. A
// headless daemon (no DISPLAY) starts its own Xvfb for its snapshots instead of crashing, and
// stops it when done.

#include <sys/types.h>
#include <string>

#include "seneschal/base/result.hpp"

namespace seneschal::firmware {

class PrivateXServer {
 public:
  // Starts `Xvfb -displayfd` (it picks a free display itself, so parallel runs never collide)
  // and points DISPLAY at it. The error says when Xvfb is not installed.
  static Result<PrivateXServer> start(unsigned width, unsigned height);

  PrivateXServer(PrivateXServer&& other) noexcept;
  PrivateXServer& operator=(PrivateXServer&&) = delete;
  ~PrivateXServer();

  const std::string& display() const { return display_; }

 private:
  PrivateXServer(pid_t pid, std::string display) : pid_(pid), display_(std::move(display)) {}
  pid_t pid_ = -1;
  std::string display_;
};

// True when an X or Wayland display is there to draw on.
bool have_display();

}  // namespace seneschal::firmware
