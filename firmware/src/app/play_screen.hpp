#pragma once
// `seneschal play --show` and `--snapshots DIR`: a table script played on the screen one line at
// a time. The newcomer's demo (a whole Cutthroat game: README "Cutthroat Kingdoms") and a way to
// see what a bug report's script showed, with the daemon's own renderer.

#include <optional>
#include <string>

#include "seneschal/base/result.hpp"
#include "seneschal/display/board_renderer.hpp"
#include "seneschal/display/window.hpp"
#include "seneschal/firmware/app/cli_play.hpp"
#include "seneschal/firmware/output/private_x_server.hpp"
#include "seneschal/firmware/script/table_script.hpp"

namespace seneschal::firmware {

class PlayScreen {
 public:
  // A window (--show: needs a display) or a folder of pictures (--snapshots: a private Xvfb when
  // there is no display).
  static Result<PlayScreen> open(const std::string& assets_dir, const PlayOptions& options);

  // Draws the table after a line that changed it, then waits the step's time in the window. A
  // window the viewer closed draws nothing more: the script runs on to its end at once.
  void after(TableScript& table, const ScriptStep& step);
  // The first picture that could not be written, if any.
  const std::string& error() const { return error_; }
  int drawn() const { return drawn_; }

 private:
  PlayScreen(std::optional<PrivateXServer> x_server, display::BoardRenderer renderer, const PlayOptions& options,
             display::ScreenSize size);

  std::optional<PrivateXServer> x_server_;
  display::BoardRenderer renderer_;
  std::optional<display::Window> window_;
  std::string snapshot_dir_;
  display::ScreenSize size_{800, 480};
  int step_ms_ = 0;
  int drawn_ = 0;
  std::string error_;
};

}  // namespace seneschal::firmware
