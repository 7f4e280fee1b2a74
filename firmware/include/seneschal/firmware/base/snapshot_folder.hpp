#pragma once
// The headless daemon's snapshot folder, kept bounded (firmware/CONFIG.md, display.snapshot_*).
//
// A run is one start of the daemon (a reload, SIGHUP, starts a new one too). The current run's
// PNGs lie at the top of the folder, as they always have ("0000-start.png" ... "9999-final.png");
// when a run starts, the PNGs the run before left there move into runs/run-<UTC time of its first
// snapshot>/. Then the oldest runs beyond the limits are removed whole and, should the current
// run alone outgrow the size limit, its oldest snapshots (never the newest). Only files named as
// the daemon names snapshots (four or more digits, a dash, ".png") and runs/run-* folders are
// ever moved or removed: a folder shared with other files keeps them.
//
// Nothing here stops the daemon: what cannot be moved or removed is logged as a warning.

#include <cstdint>
#include <string>
#include <string_view>

namespace seneschal::firmware {

struct SnapshotLimits {
  int keep_runs = 5;                                // the current run counts as one
  std::uintmax_t keep_bytes = 200ull * 1024 * 1024;
};

// A part of a snapshot's file name made from a label, a frame's name or a notice's title: the
// characters A-Z a-z 0-9 - _ kept, any other byte as '_'; longer than max_chars, cut and ended by
// '-' and 8 hex digits of a hash of the whole text, so that cut names stay distinct.
std::string snapshot_name_part(std::string_view text, std::size_t max_chars = 60);

// A new run: the run before's snapshots move into runs/. Then prune_snapshots.
// Returns the bytes the snapshots take afterwards.
std::uintmax_t start_snapshot_run(const std::string& dir, const SnapshotLimits& limits);

// Removes the oldest runs beyond the limits, then the current run's oldest snapshots while the
// folder is still over keep_bytes. Returns the bytes the snapshots take afterwards.
std::uintmax_t prune_snapshots(const std::string& dir, const SnapshotLimits& limits);

}  // namespace seneschal::firmware
