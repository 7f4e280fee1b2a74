#pragma once
// seneschald's main loop: one thread owns the engine and the screen; frames arrive from the
// pipeline, buttons (here: the window's keyboard) from the window, and every move is on disk
// before the screen shows it.

#include <atomic>
#include <string>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/firmware/config/daemon_options.hpp"

namespace seneschal::firmware {

struct DaemonSummary {
  int frames = 0;
  int unreadable_frames = 0;
  int accepted = 0;
  int refused = 0;
  int snapshots = 0;
  int snapshots_failed = 0;  // not written (a read-only or full disk): warned, play went on
  std::string log_path;
  // From a button press (keyboard or GPIO) to the frame that shows its answer, per press.
  std::vector<double> input_to_screen_ms;
  // From a sand timer running out to the window's frame that shows its alarm, per alarm.
  std::vector<double> alarm_to_screen_ms;
  bool reload = false;  // returned for a reload, not a stop
};

// Runs until the source ends (Snapshots) or the window is closed, or `stop` is set (signals);
// or, when `reload` is set (SIGHUP), returns with DaemonSummary::reload so the caller can read
// the configuration again and run anew: the game goes on from its event log.
Result<DaemonSummary> run_daemon(const DaemonOptions& options, const std::atomic<bool>& stop,
                                 const std::atomic<bool>* reload = nullptr);

// The event log's path in a state folder; with archive_existing, an existing log is renamed to
// seneschal-<n>.sqlite first (never deleted).
Result<std::string> prepare_log(const std::string& state_dir, bool archive_existing);

}  // namespace seneschal::firmware
