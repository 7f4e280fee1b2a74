#pragma once
// Finding and reading the shipped data: fonts, card files, the bundled recording. The engine
// parses card data but never opens files; this is where they are read.

#include <string>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/card_overlay.hpp"
#include "seneschal/engine/session.hpp"

namespace seneschal::firmware {

// The assets folder: $SENESCHAL_ASSETS, else the installed share/seneschal, else the source tree's.
std::string default_assets_dir();
// The bundled recorded session the daemon plays when no camera is configured.
std::string default_recording_dir();

// Every assets/cards/*.json, parsed; an error names the file and the card. With answers, the
// values players gave at the table are laid over the shipped data (which stays as shipped);
// answers the data now contradicts are logged and left out.
Result<engine::CardLibrary> load_card_library(const std::string& assets_dir,
                                              const engine::CardOverlay* answers = nullptr);

// The table's answers under a state folder (card-answers.json); none yet is an empty overlay.
std::string card_answers_path(const std::string& state_dir);
Result<engine::CardOverlay> load_card_answers(const std::string& state_dir);
// Written to a temporary file, flushed to disk and renamed over the old one, so a power cut
// leaves either the old answers or the new, never half a file.
Result<void> save_card_answers(const std::string& state_dir, const engine::CardOverlay& answers);

Result<std::string> read_text_file(const std::string& path);

}  // namespace seneschal::firmware
