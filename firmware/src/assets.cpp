#include "seneschal/firmware/assets.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "seneschal/firmware/log.hpp"

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

Result<engine::CardLibrary> load_card_library(const std::string& assets_dir, const engine::CardOverlay* answers) {
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
    if (answers) {
      std::vector<std::string> ignored;
      db = answers->apply(*db, ignored);
      for (const std::string& why : ignored) log::warning("a table answer left out: {}", why);
    }
    library.emplace(game, std::make_shared<const engine::CardDatabase>(std::move(db).value()));
  }
  if (ec) return fail(dir.string() + ": " + ec.message());
  if (library.empty()) return fail(dir.string() + ": no card files (*.json)");
  return library;
}

std::string card_answers_path(const std::string& state_dir) {
  return (fs::path(state_dir) / "card-answers.json").string();
}

Result<engine::CardOverlay> load_card_answers(const std::string& state_dir) {
  const std::string path = card_answers_path(state_dir);
  std::error_code ec;
  if (!fs::exists(path, ec)) return engine::CardOverlay{};
  auto text = read_text_file(path);
  if (!text) return fail(text.error().message);
  return engine::CardOverlay::parse_json(*text, path);
}

Result<void> save_card_answers(const std::string& state_dir, const engine::CardOverlay& answers) {
  const std::string path = card_answers_path(state_dir);
  const std::string temporary = path + ".new";
  const std::string text = answers.to_json();
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return fail(temporary + ": cannot write: " + std::strerror(errno));
  const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()) && ::fsync(fd) == 0;
  ::close(fd);
  if (!written || std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::remove(temporary.c_str());
    return fail(path + ": cannot save the table's answers: " + std::strerror(errno));
  }
  // The rename is durable only once the folder itself is on disk.
  if (const int dir = ::open(state_dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  return {};
}

}  // namespace seneschal::firmware
