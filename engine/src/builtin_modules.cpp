#include "../rules/r9e/r9e_module.hpp"
#include "seneschal/engine/module_registry.hpp"

namespace seneschal::engine {

void register_builtin_modules(ModuleRegistry& registry) { registry.add("r9e", r9e::make_module); }

}  // namespace seneschal::engine
