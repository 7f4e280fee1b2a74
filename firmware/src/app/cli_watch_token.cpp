// `seneschal watch-token`: the watch page's token and links, for the one who set the device up
// (the screen shows the same as a code on its details page). --rotate makes a new token: every
// page opened with the old one is closed within two seconds and refused from then on.

#include <fmt/core.h>

#include <memory>
#include <qrencode.h>

#include "seneschal/firmware/app/subcommand.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/config/config.hpp"
#include "seneschal/firmware/watch/watch_server.hpp"
#include "seneschal/firmware/watch/watch_token.hpp"

namespace seneschal::firmware {
namespace {

struct WatchTokenArgs {
  std::string state_dir;
  std::string config;
  bool rotate = false;
  bool qr = false;
};

// The link as a code in the terminal, two rows of modules a line (upper and lower half blocks),
// with the quiet zone, light modules as the terminal's background inverted: most terminals are dark.
void print_code(const std::string& url) {
  std::unique_ptr<QRcode, void (*)(QRcode*)> code(QRcode_encodeString(url.c_str(), 0, QR_ECLEVEL_M, QR_MODE_8, 1),
                                                  QRcode_free);
  if (!code) return;
  const int quiet = 2;
  const int side = code->width;
  const auto dark = [&](int x, int y) {
    x -= quiet;
    y -= quiet;
    return x >= 0 && y >= 0 && x < side && y < side && (code->data[y * side + x] & 1);
  };
  for (int y = 0; y < side + 2 * quiet; y += 2) {
    std::string line;
    for (int x = 0; x < side + 2 * quiet; ++x) {
      const bool top = !dark(x, y);  // light modules are drawn: white on a dark terminal
      const bool bottom = !dark(x, y + 1);
      line += top && bottom ? "\u2588" : top ? "\u2580" : bottom ? "\u2584" : " ";
    }
    fmt::print("{}\n", line);
  }
}

int run_watch_token(const WatchTokenArgs& args) {
  auto config = load_config_if_any(args.config);
  if (!config) {
    log::error("{}", config.error().message);
    return kExitConfig;
  }
  DaemonOptions options;
  options.state_dir = default_state_dir();
  if (*config) {
    if (auto applied = apply_config(**config, options); !applied) {
      log::error("{}", applied.error().message);
      return kExitConfig;
    }
  }
  if (!args.state_dir.empty()) options.state_dir = args.state_dir;
  auto token = args.rotate ? watch::rotate_token(options.state_dir) : watch::ensure_token(options.state_dir);
  if (!token) {
    log::error("{}", token.error().message);
    return kExitCantCreate;
  }
  fmt::print("token:   {}{}\n", *token, args.rotate ? " (new: pages opened with the old one are closed)" : "");
  if (options.watch_listen.empty()) {
    fmt::print("The watch page is off: set [watch] listen in {} (or seneschald --watch HOST:PORT) to serve it.\n",
               *config ? (*config)->path : std::string(kDefaultConfigPath));
    return 0;
  }
  const auto colon = options.watch_listen.rfind(':');
  const int port = std::atoi(options.watch_listen.c_str() + colon + 1);
  const std::string base = watch::page_address(options.watch_listen, port);
  fmt::print("page:    {}?token={}\noverlay: {}overlay?token={}\n", base, *token, base, *token);
  if (args.qr) print_code(base + "?token=" + *token);
  return 0;
}

}  // namespace

Subcommand add_watch_token_command(CLI::App& app, const CliContext&) {
  auto* command = app.add_subcommand(
      "watch-token", "print the watch page's token and links (made at first use), or make a new token");
  auto args = std::make_shared<WatchTokenArgs>();
  command->add_option("--state-dir", args->state_dir, "the daemon's state folder (default: the config's, or ./state)");
  command->add_option("--config", args->config, std::string("the config file (default: ") + kDefaultConfigPath + ")");
  command->add_flag("--rotate", args->rotate, "make a new token; pages opened with the old one are closed");
  command->add_flag("--qr", args->qr, "also print the page's link as a code a phone can scan from the terminal");
  return {command, [args] { return run_watch_token(*args); }};
}

}  // namespace seneschal::firmware
