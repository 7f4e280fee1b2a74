#pragma once
// What the device says without the screen: a buzzer and an LED. A short blip when a scan is
// accepted, a few beeps when a timer crosses a mark, a repeating alarm until acknowledged.
// Patterns are pure functions of time (SignalPattern, SignalScheduler); only GpioSignals touches
// hardware, and it writes a line only when its level changes.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/firmware/config/gpio_config.hpp"

namespace seneschal::firmware {

struct SignalLevels {
  bool buzzer = false;
  bool led = false;
  bool operator==(const SignalLevels&) const = default;
};

// A sequence of steps from a start time, played once or repeated.
class SignalPattern {
 public:
  struct Step {
    int ms = 0;
    SignalLevels levels;
  };
  enum class Repeat { Once, Forever };

  static SignalPattern blip();              // 60 ms beep and flash
  static SignalPattern warning(int level);  // `level` beeps (clamped to 1..5), 120 ms each
  static SignalPattern alarm();             // beep-beep, pause; forever

  SignalPattern(std::vector<Step> steps, Repeat repeat);
  // What the outputs show `elapsed_ms` after the start; empty once a Once pattern has ended.
  std::optional<SignalLevels> at(std::int64_t elapsed_ms) const;

 private:
  std::vector<Step> steps_;
  Repeat repeat_;
  std::int64_t period_ms_ = 0;
};

// Which pattern plays: a blip or warning over the alarm while it lasts, else the alarm, else
// silence. Requests start at the next time the scheduler is asked, as blip() has no clock.
class SignalScheduler {
 public:
  void blip();
  void warning(int level);
  void alarm(bool on);
  SignalLevels at(std::int64_t now_ms);

 private:
  struct Playing {
    SignalPattern pattern;
    std::optional<std::int64_t> start_ms;  // empty until the next at()
  };
  static std::optional<SignalLevels> play(Playing& playing, std::int64_t now_ms);

  std::optional<Playing> once_;
  std::optional<Playing> alarm_;
};

class Signals {
 public:
  virtual ~Signals() = default;
  virtual void blip() = 0;                     // a scan accepted
  virtual void warning(int level) = 0;         // a timer mark crossed; higher = more urgent
  virtual void alarm(bool on) = 0;             // repeats until alarm(false)
  virtual void tick(std::int64_t now_ms) = 0;  // call every loop (~10-20 ms) on the steady clock
  virtual std::string describe() const = 0;
};

class NullSignals final : public Signals {
 public:
  void blip() override {}
  void warning(int) override {}
  void alarm(bool) override {}
  void tick(std::int64_t) override {}
  std::string describe() const override { return "no buzzer or LED"; }
};

class GpioSignals final : public Signals {
 public:
  // Requests the configured buzzer and LED lines as outputs, driven low (off).
  static Result<std::unique_ptr<GpioSignals>> open(const GpioConfig& config);
  ~GpioSignals() override;  // leaves both outputs off
  GpioSignals(const GpioSignals&) = delete;
  GpioSignals& operator=(const GpioSignals&) = delete;

  void blip() override { scheduler_.blip(); }
  void warning(int level) override { scheduler_.warning(level); }
  void alarm(bool on) override { scheduler_.alarm(on); }
  void tick(std::int64_t now_ms) override;
  std::string describe() const override;

  struct Impl;

 private:
  explicit GpioSignals(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
  SignalScheduler scheduler_;
  SignalLevels shown_;
};

// GpioSignals for the configured lines, or NullSignals when neither a buzzer nor an LED is set.
Result<std::unique_ptr<Signals>> open_signals(const GpioConfig& config);

}  // namespace seneschal::firmware
