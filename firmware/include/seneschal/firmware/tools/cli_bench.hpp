#pragma once
// The `seneschal bench` sub-commands: the camera's benches and the table's friction. They live in
// the tools library, which `seneschal` links and `seneschald` does not.

#include <string>
#include <vector>

namespace seneschal::firmware {

// `seneschal bench vision [INPUT]` (see bench_vision.hpp).
struct BenchVisionCliOptions {
  std::string input;               // empty: generated hard frames and the photo corpus
  int frames = 40;
  unsigned seed = 1;
  int repeat = 3;
  std::string corpus_dir;          // --corpus; empty: default_corpus_dir without INPUT, none with
  std::string default_corpus_dir;  // the source tree's tests/data/zxing-qrcode
  bool no_zxing_wasm = false;      // --no-zxing-wasm: without the zxing-wasm peer (zxing_wasm_peer.hpp)
  int crowded_frames = 5;          // --crowded-frames: per crowded table with generated frames; 0 none
};

// `seneschal bench table` (see bench_table.hpp).
struct BenchTableCliOptions {
  unsigned seed = 1;
  int frames = 100;
  std::string size;      // --size WxH: only games of this frame size
  int seats = 0;         // --seats: only games with this many seats (0: any)
  int cards = 0;         // --cards: only games with this many cards (0: any)
  bool classic = false;  // --classic: the older, easier games (a 600 x 338 mm table at 720p, version-1 codes)
  bool json = false;     // --json: one JSON line per game
  std::string format = "BGR";  // --format BGR | I420
};

struct BenchPiCliOptions {
  unsigned seed = 1;
  int frames = 13;
  int cards = 40;
  int game_frames = 30;
  std::vector<std::string> sizes;  // --size WxH (repeatable); none: 1280x720 and 1920x1080
  std::string format = "I420";     // --format I420 | BGR
  std::string arm64_child;         // --arm64-child: also the arm64 build under qemu-user
  std::string sysroot = "/opt/sysroot-arm64";
};

int run_bench_vision_cli(const BenchVisionCliOptions& options);
// `seneschal bench pi`: the frame path's instructions per stage under callgrind (bench_pi.hpp).
int run_bench_pi_cli(const std::string& assets_dir, const BenchPiCliOptions& options);
// `seneschal bench table`: generated table games through the daemon's table side (bench_table.hpp).
int run_bench_table_cli(const std::string& assets_dir, const BenchTableCliOptions& options);
// `seneschal bench friction [SCRIPT...]`: what each whole-game script costs the table in button
// acts per logged move (bench_friction.hpp); the project's own scripts when none is given.
// `lines`: also every line the buttons pay for.
int run_bench_friction_cli(const std::string& assets_dir, const std::vector<std::string>& scripts,
                           const std::string& answers, const std::string& default_scripts_dir, bool lines);

}  // namespace seneschal::firmware
