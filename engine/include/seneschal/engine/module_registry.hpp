#pragma once
// Game modules by id. Registration is explicit (register_builtin_modules) because static
// initialisers in a static library are dropped by the linker when nothing references them.

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "seneschal/engine/game_module.hpp"

namespace seneschal::engine {

class ModuleRegistry {
 public:
  using Factory = std::function<std::unique_ptr<GameModule>(std::shared_ptr<const CardDatabase>)>;

  void add(std::string id, Factory factory);
  // The card data must be for the same game; the error names both when it is not.
  Result<std::unique_ptr<GameModule>> create(const std::string& id, std::shared_ptr<const CardDatabase> cards) const;
  std::vector<std::string> ids() const;

 private:
  std::map<std::string, Factory, std::less<>> factories_;
};

// The shipped games (engine/rules/games.cmake); defined in the seneschal::rules library, which
// the core and the display do not link.
void register_builtin_modules(ModuleRegistry& registry);

}  // namespace seneschal::engine
