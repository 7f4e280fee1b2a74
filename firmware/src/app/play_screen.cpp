#include "app/play_screen.hpp"

#include "seneschal/firmware/base/snapshot_folder.hpp"

#include <fmt/core.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <thread>

#include "seneschal/display/render_image.hpp"
#include "seneschal/firmware/config/config.hpp"

namespace seneschal::firmware {
namespace {

namespace fs = std::filesystem;
using Kind = ScriptStep::Kind;

// Lines that only check what is there change nothing worth a picture.
bool draws(const ScriptStep& step) {
  return step.kind != Kind::Expect && step.kind != Kind::ExpectTimer && step.kind != Kind::ExpectRefused;
}

}  // namespace

PlayScreen::PlayScreen(std::optional<PrivateXServer> x_server, display::BoardRenderer renderer,
                       const PlayOptions& options, display::ScreenSize size)
    : x_server_(std::move(x_server)),
      renderer_(std::move(renderer)),
      snapshot_dir_(options.snapshots),
      size_(size),
      step_ms_(options.step_ms) {}

Result<PlayScreen> PlayScreen::open(const std::string& assets_dir, const PlayOptions& options) {
  const auto size = parse_screen_size(options.size);
  if (!size) return fail("--size " + options.size + ": expected WIDTHxHEIGHT between 320x240 and 7680x4320, e.g. 800x480");
  if (options.show && !have_display()) {
    return fail("--show needs a display (DISPLAY is not set): --snapshots DIR draws the same screens into pictures");
  }
  std::optional<PrivateXServer> x_server;
  if (auto x = start_unless_display(x_server, size->width, size->height); !x) return fail(x.error().message);
  auto renderer = display::BoardRenderer::create(assets_dir);
  if (!renderer) return fail(renderer.error().message);
  PlayScreen screen(std::move(x_server), std::move(renderer).value(), options, *size);
  if (!options.snapshots.empty()) {
    std::error_code ec;
    fs::create_directories(options.snapshots, ec);
    if (ec) return fail(options.snapshots + ": cannot create the folder: " + ec.message());
    // A second run into the same folder neither overwrites the first's pictures nor mixes with
    // them: the run before moves into runs/run-<time>/, as the daemon's do. Nothing is removed.
    start_snapshot_run(options.snapshots, SnapshotLimits{1000000, UINTMAX_MAX});
  }
  if (options.show) {
    auto window = display::Window::open(*size, "Seneschal", display::WindowMode::Windowed);
    if (!window) return fail(window.error().message);
    screen.window_.emplace(std::move(window).value());
  }
  return screen;
}

void PlayScreen::after(TableScript& table, const ScriptStep& step) {
  if (!draws(step)) return;
  const engine::ViewModel view = table.view();
  ++drawn_;
  if (!snapshot_dir_.empty() && error_.empty()) {
    const std::string path = (fs::path(snapshot_dir_) / fmt::format("{:04}-line-{}.png", drawn_, step.line)).string();
    if (auto r = display::render_png(renderer_, view, size_, path); !r) error_ = r.error().message;
  }
  if (!window_ || !window_->is_open()) return;
  if (auto r = window_->show(renderer_, view); !r) {
    if (error_.empty()) error_ = r.error().message;
    window_->close();
    return;
  }
  // The viewer reads each line's effect; closing the window (or Escape, Q) runs the rest unseen.
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(step_ms_);
  while (std::chrono::steady_clock::now() < until) {
    for (const display::Input input : window_->poll()) {
      if (input == display::Input::Quit) {
        window_->close();
        return;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

}  // namespace seneschal::firmware
