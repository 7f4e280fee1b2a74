#include "seneschal/firmware/base/assets.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "seneschal/base/did_you_mean.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/vision/synth.hpp"

namespace seneschal::firmware {
namespace fs = std::filesystem;

std::string default_assets_dir() {
  if (const char* env = std::getenv("SENESCHAL_ASSETS"); env && *env) return env;
  std::error_code ec;
  if (fs::is_directory(SENESCHAL_INSTALLED_ASSETS "/cards", ec)) return SENESCHAL_INSTALLED_ASSETS;
  return SENESCHAL_SOURCE_ASSETS;
}

std::string built_recording_dir() { return SENESCHAL_BUILT_RECORDING; }

std::string default_cache_dir(const std::string& state_dir) {
  if (const char* dir = std::getenv("CACHE_DIRECTORY"); dir && *dir) return dir;
  return (fs::path(state_dir) / "cache").string();
}

Result<std::string> bundled_recording(const std::string& assets_dir, const std::string& cache_dir,
                                      const std::string& built_dir,
                                      const std::function<void(int done, int total)>& progress) {
  constexpr const char* kName = "first-game";
  std::error_code ec;
  // truth.json is written last: a folder that has it holds every frame.
  const auto rendered = [&](const fs::path& dir) { return fs::exists(dir / "truth.json", ec); };
  const fs::path shipped = fs::path(assets_dir) / "recordings" / kName;
  if (rendered(shipped)) return shipped.string();
  if (!built_dir.empty() && rendered(built_dir)) return built_dir;
  const fs::path cached = fs::path(cache_dir) / "recordings" / kName;
  if (rendered(cached)) return cached.string();

  const std::string scene_path = (shipped / "scene.json").string();
  auto text = read_text_file(scene_path);
  if (!text) return fail("the bundled recording: " + text.error().message);
  auto scene = vision::synth::parse_scene(*text, scene_path);
  if (!scene) return fail(scene.error().message);
  log::notice("rendering the bundled recording once ({} frames from {}) into {}", scene->frames, scene_path,
              cached.string());
  // Rendered beside its place and renamed into it, so a power cut never leaves half a recording
  // that looks whole.
  const fs::path partial = cached.string() + ".partial";
  fs::remove_all(partial, ec);
  if (auto written = vision::synth::write_recording(*scene, partial.string(), progress); !written) {
    return fail("the bundled recording: " + written.error().message);
  }
  fs::remove_all(cached, ec);
  fs::rename(partial, cached, ec);
  if (ec) return fail(cached.string() + ": cannot put the rendered recording there: " + ec.message());
  return cached.string();
}

Result<std::string> read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(path + ": cannot open for reading");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return fail(path + ": read error");
  return text.str();
}

Result<std::shared_ptr<const engine::CardDatabase>> game_cards(const engine::CardLibrary& library,
                                                               const std::string& game) {
  if (auto found = library.find(game); found != library.end()) return found->second;
  std::vector<std::string_view> ids;
  std::string listed;
  for (const auto& [id, db] : library) {
    ids.push_back(id);
    listed += (listed.empty() ? "" : ", ") + id;
  }
  if (game.empty()) return fail("--game is needed: one of " + listed + " (seneschal games lists them)");
  return fail("--game " + game + ": no card data for it" + did_you_mean(game, ids) + "; the games: " + listed);
}

Result<engine::CardLibrary> load_card_library(const std::string& assets_dir, const std::string& answers_path) {
  if (answers_path.empty()) return load_card_library(assets_dir, static_cast<const engine::CardOverlay*>(nullptr));
  auto text = read_text_file(answers_path);
  if (!text) return fail(text.error().message);
  auto answers = engine::CardOverlay::parse_json(*text, answers_path);
  if (!answers) return fail(answers.error().message);
  return load_card_library(assets_dir, &*answers);
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

Result<TableCards> load_table_cards(const std::string& assets_dir, const std::string& state_dir) {
  auto answers = load_card_answers(state_dir);
  if (!answers) return fail(answers.error().message);
  auto library = load_card_library(assets_dir, &*answers);
  if (!library) return fail(library.error().message);
  return TableCards{std::move(answers).value(), std::move(library).value()};
}

Result<void> replace_file(const std::string& path, std::string_view text) {
  const fs::path target(path);
  std::error_code ec;
  if (!target.parent_path().empty()) {
    fs::create_directories(target.parent_path(), ec);
    if (ec) return fail(target.parent_path().string() + ": cannot create the folder: " + ec.message());
  }
  const std::string temporary = path + ".tmp-" + std::to_string(::getpid());
  const auto old = fs::status(target, ec);
  const mode_t mode = fs::exists(old) ? static_cast<mode_t>(old.permissions() & fs::perms::mask) : 0644;
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return fail(path + ": cannot write beside it (" + std::strerror(errno) + ")");
  bool written = ::fchmod(fd, mode) == 0;
  for (std::size_t done = 0; written && done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n <= 0) written = false;
    else done += static_cast<std::size_t>(n);
  }
  written = written && ::fsync(fd) == 0;
  const int write_errno = errno;
  ::close(fd);
  if (!written) {
    std::remove(temporary.c_str());
    return fail(path + ": write error (" + std::strerror(write_errno) + ")");
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const int rename_errno = errno;
    std::remove(temporary.c_str());
    return fail(path + ": cannot put the new file in place (" + std::strerror(rename_errno) + ")");
  }
  // The rename is durable only once the folder itself is on disk.
  const std::string folder = target.parent_path().empty() ? std::string(".") : target.parent_path().string();
  if (const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  return {};
}

Result<void> save_card_answers(const std::string& state_dir, const engine::CardOverlay& answers) {
  // `seneschal tags --title` may name a card before the daemon has ever made the state folder.
  if (auto saved = replace_file(card_answers_path(state_dir), answers.to_json()); !saved) {
    return fail("cannot save the table's answers: " + saved.error().message);
  }
  return {};
}

}  // namespace seneschal::firmware
