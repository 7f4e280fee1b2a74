#include "seneschal/firmware/base/notify.hpp"

#include <fmt/format.h>
#include <systemd/sd-daemon.h>

#include <cstdint>

namespace seneschal::firmware::notify {
namespace {

void send(const std::string& state) { sd_notify(0, state.c_str()); }

}  // namespace

void ready(std::string_view status) { send("READY=1\nSTATUS=" + std::string(status)); }
void status(std::string_view status) { send("STATUS=" + std::string(status)); }
void stopping() { send("STOPPING=1"); }

std::string status_line(std::string_view game, std::string_view phase, double camera_fps, std::string_view device) {
  return fmt::format("{}, phase {}, camera {:.1f} fps{}{}", game, phase, camera_fps, device.empty() ? "" : "; ",
                     device);
}

void status(std::string_view game, std::string_view phase, double camera_fps, std::string_view device) {
  status(status_line(game, phase, camera_fps, device));
}

void extend_start_timeout(std::chrono::seconds by) {
  send(fmt::format("EXTEND_TIMEOUT_USEC={}", std::chrono::duration_cast<std::chrono::microseconds>(by).count()));
}

void reloading() { send("RELOADING=1\nSTATUS=reloading the configuration"); }

std::optional<std::chrono::microseconds> watchdog_interval() {
  std::uint64_t usec = 0;
  if (sd_watchdog_enabled(0, &usec) <= 0 || usec == 0) return std::nullopt;
  return std::chrono::microseconds(usec);
}

void watchdog() { send("WATCHDOG=1"); }

}  // namespace seneschal::firmware::notify
