#include <filesystem>

#include "app/daemon_parts.hpp"
#include "seneschal/display/render_image.hpp"
#include "seneschal/firmware/base/log.hpp"

namespace seneschal::firmware::daemon {

namespace fs = std::filesystem;

Result<ScreenOutput> ScreenOutput::open(const DaemonOptions& options) {
    ScreenOutput screen;
    screen.options_ = &options;
    if (options.screen == firmware::Screen::Snapshots) {
      // Pictures are a record beside the game, not the game: a folder that cannot be made is a
      // warning, and each snapshot then says it was not written; the moves still reach the log.
      std::error_code ec;
      fs::create_directories(options.snapshot_dir, ec);
      if (ec) log::warning("{}: cannot create the snapshot folder: {}", options.snapshot_dir, ec.message());
      if (auto x = start_unless_display(screen.x_server_, options.size.width, options.size.height); !x) {
        return fail(x.error().message);
      }
      if (screen.x_server_) log::info("no display: rendering snapshots through a private Xvfb on {}", screen.x_server_->display());
    }
    auto renderer = display::BoardRenderer::create(options.assets_dir);
    if (!renderer) return fail(renderer.error().message);
    screen.renderer_.emplace(std::move(renderer).value());
    if (options.screen == firmware::Screen::Window) {
      if (!have_display()) return fail("no display to open a window on (DISPLAY is not set): use --headless");
      auto window = display::Window::open(options.size, "Seneschal",
                                          options.fullscreen ? display::WindowMode::Fullscreen
                                                             : display::WindowMode::Windowed);
      if (!window) return fail(window.error().message);
      screen.window_.emplace(std::move(window).value());
    }
    return screen;
  }

namespace {

// The seats sit round a flat screen alternately: the first on its near side, the second across.
bool turned_to_seat(const engine::ViewModel& view) {
  for (std::size_t i = 0; i < view.seats.size(); ++i) {
    if (view.seats[i].acting) return i % 2 == 1;
  }
  return false;  // nobody to act (setup's table questions, a game over): the near side reads it
}

}  // namespace

Result<std::optional<ScreenOutput::Written>> ScreenOutput::show(const engine::ViewModel& view, const std::string& snapshot_name) {
    display::DrawOptions draw;
    draw.turned = options_->turn_to_seat && turned_to_seat(view);
    draw.scale = static_cast<float>(options_->scale);
    draw.page = page_;
    if (window_) {
      if (auto r = window_->show(*renderer_, view, draw); !r) return fail(r.error().message);
      return std::optional<Written>{};
    }
    const std::string path = (fs::path(options_->snapshot_dir) / (snapshot_name + ".png")).string();
    if (auto r = display::render_png(*renderer_, view, options_->size, path, draw); !r) return fail(r.error().message);
    // A full disk can leave an empty file behind without an error from the writer: a snapshot
    // counts as written when it is there with bytes in it.
    std::error_code ec;
    const auto bytes = fs::file_size(path, ec);
    if (ec) return fail(path + ": the snapshot is not there after writing it: " + ec.message());
    if (bytes == 0) {
      fs::remove(path, ec);
      return fail(path + ": the snapshot was written empty (is the disk full?)");
    }
    return std::optional<Written>{Written{path, bytes}};
  }

}  // namespace seneschal::firmware::daemon
