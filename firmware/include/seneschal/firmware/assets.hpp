#pragma once
// Finding and reading the shipped data: fonts, card files, the bundled recording. The engine
// parses card data but never opens files; this is where they are read.

#include <string>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/session.hpp"

namespace seneschal::firmware {

// The assets folder: $SENESCHAL_ASSETS, else the installed share/seneschal, else the source tree's.
std::string default_assets_dir();
// The bundled recorded session the daemon plays when no camera is configured.
std::string default_recording_dir();

// Every assets/cards/*.json, parsed; an error names the file and the card.
Result<engine::CardLibrary> load_card_library(const std::string& assets_dir);

Result<std::string> read_text_file(const std::string& path);

}  // namespace seneschal::firmware
