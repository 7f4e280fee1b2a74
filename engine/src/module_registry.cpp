#include "seneschal/engine/module_registry.hpp"

namespace seneschal::engine {

void ModuleRegistry::add(std::string id, Factory factory) { factories_[std::move(id)] = std::move(factory); }

Result<std::unique_ptr<GameModule>> ModuleRegistry::create(const std::string& id,
                                                           std::shared_ptr<const CardDatabase> cards) const {
  auto it = factories_.find(id);
  if (it == factories_.end()) {
    std::string known;
    for (const auto& [name, factory] : factories_) known += (known.empty() ? "" : ", ") + name;
    return fail("no game module \"" + id + "\" (known: " + known + ")");
  }
  if (!cards) return fail("no card data for game \"" + id + "\"");
  if (cards->game() != id) {
    return fail("card data for \"" + cards->game() + "\" handed to the \"" + id + "\" module");
  }
  return it->second(std::move(cards));
}

std::vector<std::string> ModuleRegistry::ids() const {
  std::vector<std::string> out;
  for (const auto& [name, factory] : factories_) out.push_back(name);
  return out;
}

}  // namespace seneschal::engine
