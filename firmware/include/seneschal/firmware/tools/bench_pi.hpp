#pragma once
// `seneschal bench pi`: what a frame costs a Raspberry Pi, counted in instructions. No Pi is at
// hand and a shared machine's load moves every time, so the daemon's frame path runs under
// valgrind's callgrind, which counts the instructions each stage executes (the same count on any
// load), and each count is turned into Pi milliseconds at a stated rate (a Pi 4 core runs about
// 1.5-2 G instructions a second, a Pi 5 core 4-5 G; the x86 count is a stand-in for the arm64
// one, see the README).
//
// The bench runs its child, seneschal-frame-cost (firmware/src/main/main_frame_cost.cpp), under
// `valgrind --tool=callgrind`; the child renders crowded
// tables (vision::synth::make_crowded_table: one card bowed or straightened every few frames) and
// a hard table game at each size, and passes every frame through the daemon's chain (TableWatcher, and for the
// game BoardRun's driver into an engine). Each stage of each frame ends with a callgrind dump
// named for it (TrackerOptions::stage_done); the parent adds the dumps up per case, per kind of
// frame (steady, one change, the first) and per stage.

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "seneschal/base/result.hpp"

namespace seneschal::firmware {

struct BenchPiOptions {
  std::uint32_t seed = 1;
  int frames = 13;        // frames of each crowded table: the first, then a change every 4th
  int cards = 40;         // cards on each crowded table
  int game_frames = 30;   // frames of the hard table game (0: none)
  // The crowded tables' sizes; a game is played at each of them the generator plays (1280x720,
  // 1920x1080), or at 1280x720 when none is.
  std::vector<std::pair<int, int>> sizes = {{1280, 720}, {1920, 1080}};
  // The frames as they reach the reader: "I420", as a Camera Module delivers them through
  // libcamera (the Y plane read as it lies), or "BGR", as a recording decodes or OpenCV's V4L2
  // back end converts them.
  std::string format = "I420";
  // Also count drawing the board at 800x480 (the official display) as the last game stands:
  // needs an X display, started privately (Xvfb) when there is none.
  bool screen = true;
  bool one_thread = false;  // OpenCV on one thread (the comparison between builds: see QemuCount)
  bool marks = false;       // the child marks its stages for the qemu plugin (qemu_insn_count.c)
  std::string assets_dir;  // the card library, for the game's engine
  std::string work_dir;    // where the child's dumps go (made, and removed after)
};

// Instructions of one kind of frame of one case, per stage, added over its frames.
struct PiFrames {
  int frames = 0;
  std::map<std::string, std::int64_t> stages;  // stage name -> instructions over the frames
  // All but "raster": a screen's rasterizing is Mesa's on this machine's CPU, the GPU's on a Pi.
  std::int64_t total() const;
};

struct PiCase {
  std::string name;                     // "1280x720, 40 cards"
  std::map<std::string, PiFrames> kinds;  // "steady", "change", "first", "full scan", "jpeg", "game", "screen"
  // The tracked path's reads against the truth, over every frame of the case.
  int truth = 0, read = 0, misread = 0;
};

// The stages in the order a frame passes them, for printing.
const std::vector<std::string>& pi_stages();

// "1280x720" -> {1280, 720}; 64 to 8192 pixels a side.
Result<std::pair<int, int>> parse_frame_size(const std::string& text);

// The parent: runs the child program (`child_exe`) under callgrind and adds its dumps up. Fails
// with a clear message when valgrind is not installed.
Result<std::vector<PiCase>> run_bench_pi(const BenchPiOptions& options, const std::string& child_exe);
// The same child built for another CPU (the Pi's arm64), run under qemu-user with the project's
// counting plugin (firmware/src/tools/qemu_insn_count.c): every instruction the emulated program
// executes is counted between the same stage marks that end callgrind's dumps.
struct QemuCount {
  std::string child;    // seneschal-frame-cost built for arm64 (cmake/ARM64.md)
  std::string qemu = "qemu-aarch64";
  std::string sysroot;  // the arm64 libraries' root (-L), /opt/sysroot-arm64 by default
  std::string plugin;   // libseneschal-qemu-insn.so, built beside seneschal
};
Result<std::vector<PiCase>> run_bench_pi_qemu(const BenchPiOptions& options, const QemuCount& qemu);
// The child (under callgrind): renders the cases, runs them with a dump at every stage, and writes
// the reads against the truth to `<work_dir>/reads.txt`.
Result<void> run_bench_pi_child(const BenchPiOptions& options);

// Reads one callgrind dump's trigger name and its instruction total (the "summary:" or
// "totals:" line); fails on a file that holds neither.
Result<std::pair<std::string, std::int64_t>> read_callgrind_dump(const std::string& path);

// `counted_by` says by what and of which build, for the table's heading.
void print_bench_pi(const std::vector<PiCase>& cases, std::FILE* out,
                    const std::string& counted_by = "valgrind --tool=callgrind, this x86-64 build");
// Two counts of the same cases side by side (this build under callgrind, the arm64 one under
// qemu): instructions a frame of each kind of frame and stage, and the second over the first.
void print_bench_pi_builds(const std::vector<PiCase>& first, const std::string& first_name,
                           const std::vector<PiCase>& second, const std::string& second_name, std::FILE* out);

}  // namespace seneschal::firmware
