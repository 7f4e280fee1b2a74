#pragma once
// Finding and reading the shipped data: fonts, card files, the bundled recording. The engine
// parses card data but never opens files; this is where they are read.

#include <functional>
#include <string>
#include <string_view>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/card_overlay.hpp"
#include "seneschal/engine/session.hpp"

namespace seneschal::firmware {

// The assets folder: $SENESCHAL_ASSETS, else the installed share/seneschal, else the source tree's.
std::string default_assets_dir();
// The bundled recorded session the daemon plays when no camera is configured. Its frames are
// made from a small scene file and a seed (assets/recordings/README.md), so a package ships the
// scene, not 21 MB of JPEGs: the frames are taken from `<assets_dir>/recordings/first-game` when
// rendered there, else from `built_dir` (the build tree's, rendered at build time), else rendered
// once from the shipped scene into `<cache_dir>/recordings/first-game` and kept.
// Rendering takes about half a second a frame here, minutes on a Pi: `progress` hears of each
// frame (done, total).
Result<std::string> bundled_recording(const std::string& assets_dir, const std::string& cache_dir,
                                      const std::string& built_dir,
                                      const std::function<void(int done, int total)>& progress = {});
// The build tree's rendered recording (it may not exist: an installed daemon).
std::string built_recording_dir();
// Where rendered data is kept: $CACHE_DIRECTORY (systemd's CacheDirectory=), else <state>/cache.
std::string default_cache_dir(const std::string& state_dir);

// Every assets/cards/*.json, parsed; an error names the file and the card. With answers, the
// values players gave at the table are laid over the shipped data (which stays as shipped);
// answers the data now contradicts are logged and left out.
Result<engine::CardLibrary> load_card_library(const std::string& assets_dir,
                                              const engine::CardOverlay* answers = nullptr);
// The same with a table's answers file (a state folder's card-answers.json, `play --answers`)
// read and laid over it; "" none. An error names the file.
Result<engine::CardLibrary> load_card_library(const std::string& assets_dir, const std::string& answers_path);

// One game's card data by its id; an error for --game that names the games there are and the
// nearest ("--game r9: no card data for it (did you mean r9e?); the games: ...").
Result<std::shared_ptr<const engine::CardDatabase>> game_cards(const engine::CardLibrary& library,
                                                               const std::string& game);

// The table's answers under a state folder (card-answers.json); none yet is an empty overlay.
std::string card_answers_path(const std::string& state_dir);
Result<engine::CardOverlay> load_card_answers(const std::string& state_dir);
// The cards as the daemon loads them from a state folder: the shipped data with the table's named
// cards and answers laid over it, and the answers themselves (the commands that list or change
// them need both). An error names the file.
struct TableCards {
  engine::CardOverlay answers;
  engine::CardLibrary library;
};
Result<TableCards> load_table_cards(const std::string& assets_dir, const std::string& state_dir);
// Written to a temporary file, flushed to disk and renamed over the old one, so a power cut
// leaves either the old answers or the new, never half a file.
Result<void> save_card_answers(const std::string& state_dir, const engine::CardOverlay& answers);

Result<std::string> read_text_file(const std::string& path);
// Writes the text to a new file beside `path` (fsync'd, with the old file's permissions) and
// renames it over `path`, then syncs the folder: a reader, a kill or a power cut mid-write sees
// the old file or the new one, never half of either. The folder is made when missing. The error
// names the path ("<path>: write error (No space left on device)"); nothing is left beside it.
Result<void> replace_file(const std::string& path, std::string_view text);

}  // namespace seneschal::firmware
