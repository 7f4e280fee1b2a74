// What a frame costs to draw, per screen size, for the screens this display shows: the board
// with choices, a running timer, a ringing alarm, the game's end. Each is drawn to an
// sf::RenderTexture and timed two ways: until the GPU has finished (glFinish; what a window
// pays before it can swap) and until the pixels are back in an sf::Image (what a PNG or a test
// pays). The peer is the plain board (Chrome::BoardOnly: no timer column, no legend) drawn from
// the same view model in the same process, so the ratio is what the new parts add.
// Every frame is timed on its own; the median and p95 of those frames are reported as
// counters, and a table of them with the ratios is printed at the end. Figures are for
// people: nothing here asserts on time. Run it under xvfb-run when headless.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include <SFML/Graphics/Image.hpp>
#include <SFML/Graphics/RenderTexture.hpp>
#include <SFML/OpenGL.hpp>

#include "display/Screens.hpp"
#include "seneschal/display/board_renderer.hpp"

namespace {

using seneschal::display::BoardRenderer;
using seneschal::display::Chrome;
using seneschal::display::ScreenSize;
namespace screens = seneschal::display::screens;

const std::vector<ScreenSize> kSizes = {{800, 480}, {1024, 600}, {1920, 1080}};
enum class Finish { Gpu, Image };

struct Screen {
  const char* name;
  seneschal::engine::ViewModel view;
};

const std::vector<Screen>& all_screens() {
  static const std::vector<Screen> all = {{"choices", screens::board_with_choices()},
                                          {"timer", screens::timer_running()},
                                          {"alarm", screens::alarm_ringing()},
                                          {"game-end", screens::game_end()}};
  return all;
}

const BoardRenderer& renderer() {
  static const std::unique_ptr<BoardRenderer> instance = [] {
    auto created = BoardRenderer::create(SENESCHAL_SOURCE_DIR "/assets");
    if (!created) {
      std::fprintf(stderr, "%s\n", created.error().message.c_str());
      std::exit(1);
    }
    return std::make_unique<BoardRenderer>(std::move(created).value());
  }();
  return *instance;
}

// One texture per size, made once: creating one is not part of a frame.
sf::RenderTexture& texture(ScreenSize size) {
  static std::map<std::pair<unsigned, unsigned>, std::unique_ptr<sf::RenderTexture>> textures;
  auto& slot = textures[{size.width, size.height}];
  if (!slot) {
    slot = std::make_unique<sf::RenderTexture>();
    if (!slot->create(size.width, size.height)) {
      std::fprintf(stderr, "no OpenGL context: run under xvfb-run\n");
      std::exit(1);
    }
  }
  return *slot;
}

struct Figures {
  double median_ms = 0;
  double p95_ms = 0;
};
// Keyed by screen, size, finish and chrome.
using Key = std::tuple<std::string, unsigned, Finish, Chrome>;
std::map<Key, Figures>& results() {
  static std::map<Key, Figures> figures;
  return figures;
}

double percentile(std::vector<double> samples, double p) {
  if (samples.empty()) return 0;
  std::sort(samples.begin(), samples.end());
  const auto index = static_cast<std::size_t>(p * static_cast<double>(samples.size() - 1) + 0.5);
  return samples[std::min(index, samples.size() - 1)];
}

void frame(benchmark::State& state, const Screen& screen, ScreenSize size, Finish finish, Chrome chrome) {
  sf::RenderTexture& target = texture(size);
  std::vector<double> samples;
  samples.reserve(static_cast<std::size_t>(state.max_iterations));
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    renderer().draw(target, screen.view, size, {chrome, nullptr});
    target.display();
    if (finish == Finish::Gpu) {
      glFinish();
    } else {
      sf::Image image = target.getTexture().copyToImage();
      benchmark::DoNotOptimize(image);
    }
    samples.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  const Figures figures{percentile(samples, 0.5), percentile(samples, 0.95)};
  state.counters["median_ms"] = figures.median_ms;
  state.counters["p95_ms"] = figures.p95_ms;
  results()[{screen.name, size.width, finish, chrome}] = figures;
}

void register_all() {
  for (const ScreenSize size : kSizes) {
    // Fewer frames at the large size: each takes longer, and 60 still give a steady p95.
    const int frames = size.width >= 1920 ? 60 : 150;
    for (const Screen& screen : all_screens()) {
      for (const Finish finish : {Finish::Gpu, Finish::Image}) {
        for (const Chrome chrome : {Chrome::Full, Chrome::BoardOnly}) {
          const std::string name = std::string("frame/") + screen.name + "/" + std::to_string(size.width) + "x" +
                                   std::to_string(size.height) + (finish == Finish::Gpu ? "/glFinish" : "/toImage") +
                                   (chrome == Chrome::Full ? "/full" : "/board-only");
          benchmark::RegisterBenchmark(name.c_str(), [&screen, size, finish, chrome](benchmark::State& state) {
            frame(state, screen, size, finish, chrome);
          })->Iterations(frames)->Unit(benchmark::kMillisecond)->UseRealTime();
        }
      }
    }
  }
}

void print_summary() {
  std::printf("\n%-9s %-10s %-9s %19s %19s %13s\n", "screen", "size", "finish", "full med/p95 ms",
              "board-only med/p95", "ratio med/p95");
  for (const ScreenSize size : kSizes) {
    for (const Screen& screen : all_screens()) {
      for (const Finish finish : {Finish::Gpu, Finish::Image}) {
        const auto full = results().find({screen.name, size.width, finish, Chrome::Full});
        const auto peer = results().find({screen.name, size.width, finish, Chrome::BoardOnly});
        if (full == results().end() || peer == results().end()) continue;
        const std::string dims = std::to_string(size.width) + "x" + std::to_string(size.height);
        std::printf("%-9s %-10s %-9s %8.2f / %8.2f %8.2f / %8.2f %5.2f / %5.2f\n", screen.name, dims.c_str(),
                    finish == Finish::Gpu ? "glFinish" : "toImage", full->second.median_ms, full->second.p95_ms,
                    peer->second.median_ms, peer->second.p95_ms, full->second.median_ms / peer->second.median_ms,
                    full->second.p95_ms / peer->second.p95_ms);
      }
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  // The renderer and textures first: fonts and GL context are set up once, outside any timing.
  renderer();
  for (const ScreenSize size : kSizes) texture(size);
  register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  print_summary();
  return 0;
}
