#include "seneschal/firmware/output/signals.hpp"

#include <algorithm>

namespace seneschal::firmware {
namespace {

constexpr SignalLevels kOn{true, true};
constexpr SignalLevels kOff{false, false};

}  // namespace

SignalPattern SignalPattern::blip() { return SignalPattern({{60, kOn}}, Repeat::Once); }

SignalPattern SignalPattern::warning(int level) {
  std::vector<Step> steps;
  for (int i = 0; i < std::clamp(level, 1, 5); ++i) {
    steps.push_back({120, kOn});
    steps.push_back({120, kOff});
  }
  return SignalPattern(std::move(steps), Repeat::Once);
}

// Two beeps and a longer pause: unlike the single beeps of a warning, so nobody mistakes one for
// the other across the table.
SignalPattern SignalPattern::alarm() {
  return SignalPattern({{200, kOn}, {150, kOff}, {200, kOn}, {650, kOff}}, Repeat::Forever);
}

SignalPattern::SignalPattern(std::vector<Step> steps, Repeat repeat) : steps_(std::move(steps)), repeat_(repeat) {
  for (const Step& step : steps_) period_ms_ += std::max(step.ms, 0);
}

std::optional<SignalLevels> SignalPattern::at(std::int64_t elapsed_ms) const {
  if (period_ms_ == 0) return std::nullopt;
  elapsed_ms = std::max<std::int64_t>(elapsed_ms, 0);
  if (repeat_ == Repeat::Forever) elapsed_ms %= period_ms_;
  for (const Step& step : steps_) {
    if (elapsed_ms < step.ms) return step.levels;
    elapsed_ms -= std::max(step.ms, 0);
  }
  return std::nullopt;
}

void SignalScheduler::blip() { once_ = Playing{SignalPattern::blip(), std::nullopt}; }

void SignalScheduler::warning(int level) { once_ = Playing{SignalPattern::warning(level), std::nullopt}; }

void SignalScheduler::alarm(bool on) {
  // Asking again while it sounds must not restart it, or a caller repeating alarm(true) every
  // loop would hold the buzzer on the first step.
  if (on && !alarm_) alarm_ = Playing{SignalPattern::alarm(), std::nullopt};
  if (!on) alarm_.reset();
}

std::optional<SignalLevels> SignalScheduler::play(Playing& playing, std::int64_t now_ms) {
  if (!playing.start_ms) playing.start_ms = now_ms;
  return playing.pattern.at(now_ms - *playing.start_ms);
}

SignalLevels SignalScheduler::at(std::int64_t now_ms) {
  if (once_) {
    if (auto levels = play(*once_, now_ms)) return *levels;
    once_.reset();
  }
  if (alarm_) {
    if (auto levels = play(*alarm_, now_ms)) return *levels;
  }
  return kOff;
}

Result<std::unique_ptr<Signals>> open_signals(const GpioConfig& config) {
  if (!config.buzzer_line && !config.led_line) return std::unique_ptr<Signals>(std::make_unique<NullSignals>());
  auto gpio = GpioSignals::open(config);
  if (!gpio) return fail(gpio.error().message);
  return std::unique_ptr<Signals>(std::move(*gpio));
}

}  // namespace seneschal::firmware
