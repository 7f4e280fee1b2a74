#pragma once
// A finished (or running) game's log opened to read it: `seneschal export`, `stats` and
// `review`. The card library is the assets' own, as the daemon's; the file must exist (SQLite
// would make an empty one), and every error names it.

#include <string>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/module_registry.hpp"
#include "seneschal/engine/session.hpp"

namespace seneschal::firmware {

struct GameLog {
  engine::ModuleRegistry registry;  // the session points into it: GameLog is kept whole
  std::optional<engine::Session> session;
  // The game's name as printed ("Cutthroat Kingdoms"), else its module id.
  std::string title() const;
};

// Opens `path` and folds it, with the table's answers file laid over the card data when one is
// named (as the daemon does: the cards the table named show by their names); a missing or empty
// file, a file that is no Seneschal log, or a log that does not replay is an error naming it.
Result<std::unique_ptr<GameLog>> open_game_log(const std::string& assets_dir, const std::string& path,
                                               const std::string& answers_path = {});

}  // namespace seneschal::firmware
