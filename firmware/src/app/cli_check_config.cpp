// `seneschal check-config [FILE]`: the daemon's own reading of the config, without starting it,
// so a changed file can be checked before `systemctl restart seneschal`.

#include <cstdio>

#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/config/config.hpp"
#include "seneschal/firmware/base/log.hpp"

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

}  // namespace seneschal::firmware
