#pragma once
// SFML draws through OpenGL, and on Linux that needs an X server even to render offscreen. A
// headless daemon (no DISPLAY) starts its own Xvfb for its snapshots instead of crashing, and
// stops it when done. The server dies with the daemon even when the daemon is killed (a
// parent-death signal), and only a client with its cookie may connect (an Xauthority file in a
// private folder, removed with the server).

#include <sys/types.h>
#include <optional>
#include <string>

#include "seneschal/base/result.hpp"

namespace seneschal::firmware {

class PrivateXServer {
 public:
  // Starts `Xvfb -displayfd` (it picks a free display itself, so parallel runs never collide)
  // and points DISPLAY and XAUTHORITY at it. The error says when Xvfb is not installed.
  static Result<PrivateXServer> start(unsigned width, unsigned height);

  PrivateXServer(PrivateXServer&& other) noexcept;
  PrivateXServer& operator=(PrivateXServer&&) = delete;
  ~PrivateXServer();

  const std::string& display() const { return display_; }
  pid_t pid() const { return pid_; }

 private:
  PrivateXServer(pid_t pid, std::string display, std::string auth_dir)
      : pid_(pid), display_(std::move(display)), auth_dir_(std::move(auth_dir)) {}
  pid_t pid_ = -1;
  std::string display_;
  std::string auth_dir_;  // holds the Xauthority file
};

// True when an X or Wayland display is there to draw on.
bool have_display();

// Starts a private Xvfb into `server` when there is no display to draw on (a headless render,
// snapshots, a calibration picture); nothing when there is one.
Result<void> start_unless_display(std::optional<PrivateXServer>& server, unsigned width, unsigned height);

}  // namespace seneschal::firmware
