# Game modules: each is a folder of sources defining seneschal::engine::<id>::make_module, and a
# registry function made from a list of them. The engine registers the shipped games
# (engine/rules/games.cmake); a test binary may register its own beside them the same way.

# Adds every .cpp of <dir>/<id>/ to target for each id.
function(seneschal_add_games target dir)
  foreach(game IN LISTS ARGN)
    file(GLOB sources CONFIGURE_DEPENDS ${dir}/${game}/*.cpp)
    target_sources(${target} PRIVATE ${sources})
  endforeach()
endfunction()

# Writes and compiles into target `void <function>(seneschal::engine::ModuleRegistry&)`, which
# registers each game of the list.
function(seneschal_game_registry target function)
  set(declarations "")
  set(registrations "")
  foreach(game IN LISTS ARGN)
    string(APPEND declarations "namespace ${game} {\nstd::unique_ptr<GameModule> make_module(std::shared_ptr<const CardDatabase> cards);\n}\n")
    string(APPEND registrations "  registry.add(\"${game}\", ${game}::make_module);\n")
  endforeach()
  set(file ${CMAKE_CURRENT_BINARY_DIR}/${function}.cpp)
  file(CONFIGURE OUTPUT ${file} CONTENT
"// Made by cmake/SeneschalGames.cmake from a list of games; edit the list, not this file.
#include \"seneschal/engine/module_registry.hpp\"

namespace seneschal::engine {
@declarations@
void ${function}(ModuleRegistry& registry) {
@registrations@}

}  // namespace seneschal::engine
" @ONLY)
  target_sources(${target} PRIVATE ${file})
endfunction()
