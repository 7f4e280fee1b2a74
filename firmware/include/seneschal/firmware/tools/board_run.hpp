#pragma once
// The daemon's table side without its screen: frames through the table watcher (the same chain
// as seneschald's FramePipeline) and the one driver into an engine session on a log of its own, so
// that a recording's truth can score the table the engine keeps (board_eval.hpp) and a bench can
// time it. The same parts and the same defaults as seneschald (TableDriver::seen).

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/firmware/table/table_driver.hpp"
#include "seneschal/firmware/table/tag_router.hpp"
#include "seneschal/vision/frame_source.hpp"
#include "seneschal/vision/stabilizer.hpp"
#include "seneschal/vision/synth.hpp"
#include "seneschal/vision/table_map.hpp"
#include "seneschal/vision/table_watcher.hpp"

namespace seneschal::firmware {

// A generated scene's table as a config would draw it: its corner tags' places, seats and zones.
Result<vision::TableLayout> layout_of(const vision::synth::Scene& scene);

class BoardRun {
 public:
  // A new game of `game` with `seats` seats ("Seat 1" ...), logged in log_path (replaced).
  static Result<std::unique_ptr<BoardRun>> open(engine::CardLibrary cards, const std::string& game, int seats,
                                                vision::TableLayout layout, const std::string& log_path,
                                                vision::StabilizerConfig stabilizer = {},
                                                vision::TrackerOptions tracker = {});
  BoardRun(const BoardRun&) = delete;
  BoardRun& operator=(const BoardRun&) = delete;

  // One frame: watched (read, looked at, stabilized) and every tag event driven into the session.
  // Returns the watch's time in ms.
  double frame(const vision::Frame& frame);

  const engine::TableState& state() const { return session_->state(); }
  const engine::Session& session() const { return *session_; }
  bool calibrated() const { return watcher_->calibrated(); }
  int events() const { return events_; }  // tag events the stabilizer handed on

 private:
  BoardRun() = default;
  engine::ModuleRegistry registry_;
  engine::CardLibrary cards_;
  std::unique_ptr<TagRouter> router_;
  std::unique_ptr<engine::Session> session_;
  std::unique_ptr<TableDriver> driver_;
  std::unique_ptr<vision::TableWatcher> watcher_;
  vision::TableLayout layout_;
  int events_ = 0;
  std::int64_t now_ms_ = 0;
};

}  // namespace seneschal::firmware
