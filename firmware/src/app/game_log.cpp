#include "seneschal/firmware/app/game_log.hpp"

#include <filesystem>

#include "seneschal/firmware/app/cli_play.hpp"
#include "seneschal/firmware/base/assets.hpp"

namespace seneschal::firmware {

std::string GameLog::title() const {
  if (!session || !session->module()) return {};
  const std::string& printed = session->module()->cards().title();
  return printed.empty() ? session->state().game : printed;
}

Result<std::unique_ptr<GameLog>> open_game_log(const std::string& assets_dir, const std::string& path,
                                               const std::string& answers_path) {
  // EventStore::open makes a missing or empty file a new log: reading a game must not leave one.
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return fail(path + ": no such event log");
  if (std::filesystem::file_size(path, ec) == 0) return fail(path + ": an empty file, not an event log");
  auto cards = answers_path.empty() ? load_card_library(assets_dir) : load_card_library(assets_dir, answers_path);
  if (!cards) return fail(cards.error().message);
  auto store = engine::EventStore::open(path);
  if (!store) return fail(store.error().message);
  auto log = std::make_unique<GameLog>();
  engine::register_builtin_modules(log->registry);
  auto session = engine::Session::resume(std::move(store).value(), log->registry, std::move(cards).value());
  if (!session) return fail(session.error().message);
  log->session.emplace(std::move(session).value());
  return log;
}

}  // namespace seneschal::firmware
