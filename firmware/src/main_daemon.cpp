// seneschald: the table companion's daemon.

#include <CLI/CLI.hpp>
#include <csignal>
#include <cstdlib>

#include "seneschal/firmware/assets.hpp"
#include "seneschal/firmware/daemon.hpp"
#include "seneschal/firmware/log.hpp"

namespace {

std::atomic<bool> g_stop{false};

extern "C" void on_signal(int) { g_stop = true; }

std::string default_state_dir() {
  // systemd's StateDirectory= hands the folder over in $STATE_DIRECTORY.
  if (const char* dir = std::getenv("STATE_DIRECTORY"); dir && *dir) return dir;
  return "state";
}

bool parse_size(const std::string& text, seneschal::display::ScreenSize& size) {
  unsigned w = 0, h = 0;
  char x = 0;
  if (std::sscanf(text.c_str(), "%u%c%u", &w, &x, &h) != 3 || x != 'x' || w < 320 || h < 240) return false;
  size = {w, h};
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace seneschal::firmware;
  CLI::App app{"seneschald - keeps the books of a card game from a camera, a screen and a few buttons"};
  DaemonOptions options;
  options.state_dir = default_state_dir();
  options.assets_dir = default_assets_dir();
  bool headless = false;
  std::string size_text = "800x480";
  app.add_option("--source", options.source,
                 "folder of recorded frames or a video file (default: the bundled recording)");
  app.add_flag("--headless", headless, "no window: write a PNG snapshot per scan into --snapshot-dir");
  app.add_option("--snapshot-dir", options.snapshot_dir,
                 "where headless snapshots go (default: <state-dir>/snapshots)");
  app.add_option("--state-dir", options.state_dir, "folder for the SQLite event log")->capture_default_str();
  app.add_option("--assets", options.assets_dir, "folder with cards/, fonts/ and recordings/")->capture_default_str();
  app.add_option("--game", options.game, "game module for a new game")->capture_default_str();
  app.add_option("--seat", options.seats, "seat names clockwise, for a new game (repeat: --seat Mark --seat Shawn)");
  app.add_flag("--new-game", options.new_game, "keep the current log as an archive and start a new game");
  app.add_option("--size", size_text, "screen size WIDTHxHEIGHT (800x480, 1024x600, 1920x1080)")->capture_default_str();
  app.add_option("--frame-interval-ms", options.frame_interval_ms, "time between recorded frames")
      ->capture_default_str();
  CLI11_PARSE(app, argc, argv);

  if (!parse_size(size_text, options.size)) {
    log::error("--size {}: expected WIDTHxHEIGHT, at least 320x240, e.g. 800x480", size_text);
    return 64;  // EX_USAGE
  }
  options.screen = headless ? Screen::Snapshots : Screen::Window;
  if (options.snapshot_dir.empty()) options.snapshot_dir = options.state_dir + "/snapshots";

  std::signal(SIGTERM, on_signal);
  std::signal(SIGINT, on_signal);

  auto summary = run_daemon(options, g_stop);
  if (!summary) {
    log::error("{}", summary.error().message);
    return 1;
  }
  log::notice("stopped: {} frames, {} moves accepted, {} refused, {} snapshots; the game is in {}", summary->frames,
              summary->accepted, summary->refused, summary->snapshots, summary->log_path);
  return 0;
}
