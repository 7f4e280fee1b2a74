#include "seneschal/firmware/assets.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace seneschal::firmware {
namespace fs = std::filesystem;

std::string default_assets_dir() {
  if (const char* env = std::getenv("SENESCHAL_ASSETS"); env && *env) return env;
  std::error_code ec;
  if (fs::is_directory(SENESCHAL_INSTALLED_ASSETS "/cards", ec)) return SENESCHAL_INSTALLED_ASSETS;
  return SENESCHAL_SOURCE_ASSETS;
}

std::string default_recording_dir() {
  std::error_code ec;
  if (fs::is_directory(SENESCHAL_BUILT_RECORDING, ec)) return SENESCHAL_BUILT_RECORDING;
  return SENESCHAL_INSTALLED_ASSETS "/recordings/first-game";
}

Result<std::string> read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(path + ": cannot open for reading");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return fail(path + ": read error");
  return text.str();
}

Result<engine::CardLibrary> load_card_library(const std::string& assets_dir) {
  const fs::path dir = fs::path(assets_dir) / "cards";
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return fail(dir.string() + ": no card data folder");
  engine::CardLibrary library;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.path().extension() != ".json") continue;
    auto text = read_text_file(entry.path().string());
    if (!text) return fail(text.error().message);
    auto db = engine::CardDatabase::parse_json(*text, entry.path().string());
    if (!db) return fail(db.error().message);
    const std::string game = db->game();
    if (library.count(game)) return fail(entry.path().string() + ": a second card file for \"" + game + "\"");
    library.emplace(game, std::make_shared<const engine::CardDatabase>(std::move(db).value()));
  }
  if (ec) return fail(dir.string() + ": " + ec.message());
  if (library.empty()) return fail(dir.string() + ": no card files (*.json)");
  return library;
}

}  // namespace seneschal::firmware
