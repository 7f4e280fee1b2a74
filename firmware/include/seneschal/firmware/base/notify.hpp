#pragma once
// sd_notify for systemd's Type=notify: READY once the game is loaded, STATUS lines for
// `systemctl status`, and the watchdog's keep-alive. Without NOTIFY_SOCKET (not under systemd)
// these do nothing, so the daemon calls them unconditionally.

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace seneschal::firmware::notify {

void ready(std::string_view status);
void status(std::string_view status);
void stopping();

// The one status line the unit shows, e.g. "r9e, phase Dynasty, camera 9.8 fps".
// With `device`, the self-test's or the camera's state follows: "...; self-test passed: ...".
std::string status_line(std::string_view game, std::string_view phase, double camera_fps,
                        std::string_view device = {});
void status(std::string_view game, std::string_view phase, double camera_fps, std::string_view device = {});
// SIGHUP: the configuration is read again; READY=1 follows when the daemon runs anew.
void reloading();
// A long step before READY (rendering the demo recording on a Pi): systemd waits this much
// longer before it counts the start as failed.
void extend_start_timeout(std::chrono::seconds by);

// The unit's WatchdogSec= when the watchdog is meant for this process (WATCHDOG_USEC set, and
// WATCHDOG_PID unset or ours); nothing otherwise. Ping at half of it: systemd kills and restarts
// a daemon that stays silent for the whole interval.
std::optional<std::chrono::microseconds> watchdog_interval();
void watchdog();

}  // namespace seneschal::firmware::notify
