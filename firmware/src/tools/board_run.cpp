#include "seneschal/firmware/tools/board_run.hpp"

#include <chrono>
#include <filesystem>

#include "seneschal/firmware/table/table_sighting.hpp"

namespace seneschal::firmware {

Result<vision::TableLayout> layout_of(const vision::synth::Scene& scene) {
  auto corners = vision::synth::calibration_points(scene);
  if (!corners) return fail(corners.error().message);
  vision::TableLayout layout;
  layout.corner_tags_mm = *corners;
  layout.seats = scene.seats;
  layout.zones = scene.zones;
  return layout;
}

Result<std::unique_ptr<BoardRun>> BoardRun::open(engine::CardLibrary cards, const std::string& game, int seats,
                                                 vision::TableLayout layout, const std::string& log_path,
                                                 vision::StabilizerConfig stabilizer,
                                                 vision::TrackerOptions tracker) {
  std::unique_ptr<BoardRun> run(new BoardRun());
  engine::register_builtin_modules(run->registry_);
  run->cards_ = std::move(cards);
  run->layout_ = std::move(layout);
  std::error_code ignored;
  std::filesystem::remove(log_path, ignored);
  auto store = engine::EventStore::open(log_path);
  if (!store) return fail(store.error().message);
  auto session = engine::Session::resume(std::move(store).value(), run->registry_, run->cards_);
  if (!session) return fail(session.error().message);
  run->session_ = std::make_unique<engine::Session>(std::move(session).value());
  std::vector<std::string> names;
  for (int i = 1; i <= seats; ++i) names.push_back("Seat " + std::to_string(i));
  if (auto started = run->session_->apply(engine::StartGame{game, names}, 0); !started) {
    return fail(started.error().message);
  }
  run->router_ = std::make_unique<TagRouter>(run->cards_);
  BoardRun* self = run.get();
  run->driver_ = std::make_unique<TableDriver>(
      *run->session_, *run->router_,
      TableDriver::Clock{[self] { return self->now_ms_; }, [self] { return self->now_ms_; }, [] { return 0ull; }});
  run->watcher_ = std::make_unique<vision::TableWatcher>(std::move(tracker), stabilizer, run->layout_);
  return run;
}

double BoardRun::frame(const vision::Frame& frame) {
  now_ms_ = frame.t_ms;
  const auto t0 = std::chrono::steady_clock::now();
  const vision::WatchedFrame watched = watcher_->watch(frame.image, frame.format, frame.t_ms);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  for (const vision::TagEvent& event : watched.events) {
    ++events_;
    driver_->seen(table_sighting(event, session_->state()));
  }
  return ms;
}

}  // namespace seneschal::firmware
