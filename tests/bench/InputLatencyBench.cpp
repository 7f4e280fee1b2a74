// From a button press to the frame that answers it, through the daemon's own parts in one
// process: the ButtonMapper, the Session (the move appended to SQLite with synchronous=FULL
// before the state changes), the view model and a real SFML window (display() returning).
// Its peer on the same board in the same process is a redraw with no press. Run under
// `xvfb-run -a`; the window is Mesa's software renderer there, a Pi's GPU differs.
// Prints median and p95 per screen size; asserts nothing.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <vector>

#include <unistd.h>

#include "engine/ShippedCards.hpp"
#include "seneschal/display/board_renderer.hpp"
#include "seneschal/display/window.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/engine/view_model.hpp"
#include "seneschal/firmware/table/button_mapper.hpp"

namespace {

namespace fs = std::filesystem;
using namespace seneschal;
using Clock = std::chrono::steady_clock;

struct Figures {
  double median = 0;
  double p95 = 0;
};

Figures figures(std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  return {ms[ms.size() / 2], ms[std::min(ms.size() - 1, ms.size() * 95 / 100)]};
}

double since_ms(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

int run(display::ScreenSize size, int presses) {
  const fs::path db = fs::temp_directory_path() / ("seneschal-latency-" + std::to_string(getpid()) + ".sqlite");
  fs::remove(db);
  engine::ModuleRegistry registry;
  engine::register_builtin_modules(registry);
  engine::CardLibrary cards;
  cards.emplace("r9e", seneschal::engine::test::shipped_r9e_cards());
  auto store = engine::EventStore::open(db.string());
  auto session = engine::Session::resume(std::move(store).value(), registry, cards);
  if (!session) return std::fprintf(stderr, "%s\n", session.error().message.c_str()), 1;
  std::int64_t now = 1'700'000'000'000;
  if (!session->apply(engine::StartGame{"r9e", {"Mark", "Shawn", "Ana", "Jo"}}, now)) return 1;
  auto renderer = display::BoardRenderer::create(SENESCHAL_SOURCE_DIR "/assets");
  auto window = display::Window::open(size, "latency", display::WindowMode::Windowed);
  if (!renderer || !window) {
    std::fprintf(stderr, "cannot open a window: run under xvfb-run -a\n");
    return 1;
  }
  firmware::ButtonMapper buttons;
  auto frame = [&] {
    engine::ViewModel view = engine::make_view_model(*session, std::nullopt, now);
    view.highlighted = 0;
    return window->show(*renderer, view).has_value();
  };
  std::vector<double> pressed_ms, redraw_ms, logged_ms;
  for (int i = 0; i < presses + 5; ++i) {
    now += 1000;
    // A press that writes the log: TIMER starts or pauses or resumes the round timer.
    const auto start = Clock::now();
    auto command = buttons.press(firmware::Button::Timer, session->prompt());
    if (!command || !*command || !session->apply(**command, now)) return 1;
    const double logged = since_ms(start);
    if (!frame()) return 1;
    const double answered = since_ms(start);
    // The peer: the same board redrawn, nothing pressed.
    const auto peer = Clock::now();
    if (!frame()) return 1;
    if (i >= 5) {  // warm-up: first frames compile shaders and fill glyph caches
      pressed_ms.push_back(answered);
      logged_ms.push_back(logged);
      redraw_ms.push_back(since_ms(peer));
    }
  }
  const Figures p = figures(pressed_ms), l = figures(logged_ms), r = figures(redraw_ms);
  std::printf("%ux%u  press to screen: median %.2f ms p95 %.2f | of which SQLite append+fold: median %.2f p95 %.2f | "
              "peer redraw only: median %.2f p95 %.2f | ratio %.2fx (%d presses)\n",
              size.width, size.height, p.median, p.p95, l.median, l.p95, r.median, r.p95, p.median / r.median, presses);
  fs::remove(db);
  fs::remove(db.string() + "-wal");
  fs::remove(db.string() + "-shm");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const int presses = argc > 1 ? std::atoi(argv[1]) : 200;
  for (display::ScreenSize size : {display::ScreenSize{800, 480}, {1024, 600}, {1920, 1080}}) {
    if (int code = run(size, presses); code != 0) return code;
  }
  return 0;
}
