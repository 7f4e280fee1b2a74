#include "gpio/gpio_chip.hpp"

#include <fmt/core.h>

#include <system_error>
#include <vector>

#include "seneschal/firmware/config/gpio_config.hpp"

namespace seneschal::firmware::gpio {

std::string title(const gpiod::chip& chip) { return fmt::format("{} [{}]", chip.name(), chip.label()); }

Result<gpiod::chip> find_chip(const std::string& label) {
  std::vector<gpiod::chip> chips;
  try {
    for (const auto& chip : gpiod::make_chip_iter()) chips.push_back(chip);
  } catch (const std::system_error& e) {
    // libgpiod 1.6 opens every chip while listing them, so one unreadable chip fails the lot.
    const bool denied = e.code() == std::errc::permission_denied;
    return fail(fmt::format("cannot list the GPIO chips: {}{}", e.code().message(),
                            denied ? " (is the user in the gpio group?)" : ""));
  }
  std::vector<std::string> wanted{label};
  for (const auto& known : known_pi_chip_labels()) {
    if (known != label) wanted.push_back(known);
  }
  for (const auto& name : wanted) {
    for (const auto& chip : chips) {
      if (chip.label() == name) return chip;
    }
  }
  std::string found;
  for (const auto& chip : chips) found += (found.empty() ? "" : ", ") + title(chip);
  std::string others;
  for (std::size_t i = 1; i < wanted.size(); ++i) others += (i == 1 ? "" : ", ") + wanted[i];
  return fail(fmt::format("no GPIO chip labelled {}{} (found: {})", label, others.empty() ? "" : " nor " + others,
                          found.empty() ? "none" : found));
}

Result<gpiod::line> request_line(const gpiod::chip& chip, unsigned offset, const std::string& purpose,
                                 const gpiod::line_request& request) {
  const auto where = fmt::format("GPIO line {} ({})", offset, purpose);
  if (offset >= chip.num_lines()) {
    return fail(fmt::format("{} is not on {}, which has lines 0-{}", where, title(chip), chip.num_lines() - 1));
  }
  gpiod::line line;
  try {
    line = chip.get_line(offset);
    line.request(request);
    return line;
  } catch (const std::system_error& e) {
    if (e.code() != std::errc::device_or_resource_busy) {
      return fail(fmt::format("{} on {} cannot be requested: {}", where, title(chip), e.code().message()));
    }
    std::string user;
    try {
      line.update();
      user = line.consumer();
    } catch (const std::exception&) {
      // Who holds it is only a hint for the message.
    }
    return fail(fmt::format("{} is busy{}: {}", where, user.empty() ? "" : fmt::format(", used by \"{}\"", user),
                            e.code().message()));
  } catch (const std::exception& e) {
    return fail(fmt::format("{} on {} cannot be requested: {}", where, title(chip), e.what()));
  }
}

}  // namespace seneschal::firmware::gpio
