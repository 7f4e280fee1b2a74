// `seneschal check-config [FILE]`: the daemon's own reading of the config, without starting it,
// so a changed file can be checked before `systemctl restart seneschal`.

#include <memory>
#include <cstdio>

#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/config/config.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/app/subcommand.hpp"

namespace seneschal::firmware {

int run_check_config(const std::string& path) {
  auto config = load_config_if_any(path);
  if (!config) {
    log::error("{}", config.error().message);
    return kExitConfig;
  }
  DaemonOptions options;
  options.state_dir = default_state_dir();
  options.assets_dir = default_assets_dir();
  if (!*config) {
    std::printf("%s: not there; seneschald runs on its built-in defaults\n%s\n", kDefaultConfigPath,
                describe(Config{}, options).c_str());
    return 0;
  }
  if (auto applied = apply_config(**config, options); !applied) {
    log::error("{}", applied.error().message);
    return kExitConfig;
  }
  std::printf("%s: ok\n%s\n", (*config)->path.c_str(), describe(**config, options).c_str());
  return 0;
}

Subcommand add_check_config_command(CLI::App& app, const CliContext&) {
  auto* command =
      app.add_subcommand("check-config", "read the daemon's config file as seneschald would, without starting it");
  auto path = std::make_shared<std::string>();
  command->add_option("file", *path, std::string("the config file (default: ") + kDefaultConfigPath + ")");
  return {command, [path] { return run_check_config(*path); }};
}

}  // namespace seneschal::firmware
