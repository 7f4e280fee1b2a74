// The GPIO back ends of a build without libgpiod (SENESCHAL_WITH_GPIOD=OFF): open() says so,
// and the daemon carries on with the keyboard and control tags as on a machine without GPIO.

#include "seneschal/firmware/gpio/gpio_buttons.hpp"
#include "seneschal/firmware/output/signals.hpp"

namespace seneschal::firmware {
namespace {

constexpr const char* kAbsent = "this build has no GPIO support (configured with SENESCHAL_WITH_GPIOD=OFF)";

}  // namespace

struct GpioButtons::Impl {};
struct GpioSignals::Impl {};

Result<std::unique_ptr<GpioButtons>> GpioButtons::open(const GpioConfig&) { return fail(kAbsent); }
GpioButtons::GpioButtons(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
GpioButtons::~GpioButtons() = default;
std::vector<ButtonPress> GpioButtons::poll() { return {}; }
std::vector<ButtonPress> GpioButtons::poll_at(std::int64_t) { return {}; }
std::string GpioButtons::describe() const { return kAbsent; }

Result<std::unique_ptr<GpioSignals>> GpioSignals::open(const GpioConfig&) { return fail(kAbsent); }
GpioSignals::GpioSignals(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
GpioSignals::~GpioSignals() = default;
void GpioSignals::tick(std::int64_t) {}
std::string GpioSignals::describe() const { return kAbsent; }

}  // namespace seneschal::firmware
