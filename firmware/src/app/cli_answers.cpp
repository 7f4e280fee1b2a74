// `seneschal answers list|set|forget`: the values a table told the device because no card data
// states them (card-answers.json in the state folder), listed, corrected and forgotten without
// editing JSON by hand. A wrong answer was kept for every later game; now it can be mended.

#include <memory>
#include <fmt/core.h>

#include <algorithm>
#include <charconv>

#include "seneschal/base/did_you_mean.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/app/cli_commands.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/base/printable.hpp"
#include "seneschal/firmware/base/state_folder.hpp"
#include "seneschal/firmware/config/config.hpp"
#include "seneschal/firmware/app/subcommand.hpp"

namespace seneschal::firmware {
namespace {

std::string title_of(const engine::CardLibrary& library, const std::string& game, const std::string& id) {
  auto found = library.find(game);
  const engine::Card* card = found == library.end() ? nullptr : found->second->find(id);
  return card ? card->title : id;
}

int list(const engine::CardLibrary& library, const engine::CardOverlay& answers, const AnswersOptions& options) {
  int shown = 0;
  for (const engine::CardOverlay::Kept& kept : answers.kept()) {
    if (!options.game.empty() && kept.game != options.game) continue;
    const std::string value = kept.word.empty() ? std::to_string(kept.number) : kept.word;
    fmt::print("{:<10} {:<32} {:<20} {}\n", kept.game, printable(title_of(library, kept.game, kept.card)), kept.stat,
               printable(value));
    ++shown;
  }
  for (const auto& [game, db] : library) {
    if (!options.game.empty() && game != options.game) continue;
    for (const auto& named : answers.named(game)) {
      fmt::print("{:<10} {:<32} {:<20} named at the table ({})\n", game, printable(named.title), "title",
                 printable(named.type));
      ++shown;
    }
  }
  fmt::print("{} value{} told at the table, kept in {}\n", shown, shown == 1 ? "" : "s",
             card_answers_path(options.state_dir));
  return kExitOk;
}

// The card a person names: its title as printed (any case), or its tag id.
Result<const engine::Card*> card_named(const engine::CardDatabase& cards, const std::string& name) {
  if (const engine::Card* card = cards.find_by_title(name)) return card;
  if (const engine::Card* card = cards.find(engine::card_id_from_title(name))) return card;
  return fail("no card \"" + name + "\" in the " + cards.title() + " data");
}

}  // namespace

int run_answers(const std::string& assets_dir, const AnswersOptions& options) {
  // The data as the daemon loads it: the shipped cards, the cards the table named and its answers.
  // A printed value is refused by CardOverlay::record; an earlier answer may be replaced.
  auto table = load_table_cards(assets_dir, options.state_dir);
  if (!table) {
    log::error("{}", table.error().message);
    return kExitDataErr;
  }
  engine::CardOverlay& answers = table->answers;
  const engine::CardLibrary& library = table->library;
  if (options.action == "list") return list(library, answers, options);
  if (auto game = game_cards(library, options.game); !game) {
    log::error("answers {}: {}", options.action, game.error().message);
    return kExitUsage;
  }
  const engine::CardDatabase& cards = *library.at(options.game);
  auto card = card_named(cards, options.card);
  if (!card) {
    log::error("answers {}: {}", options.action, card.error().message);
    return kExitUsage;
  }
  // The daemon keeps this file while it runs: a second writer would lose one side's answers.
  auto lock = StateLock::take(options.state_dir);
  if (!lock) {
    log::error("{}: stop it first (systemctl stop seneschal), or correct the value on the device (MENU)",
               lock.error().message);
    return kExitTempFail;
  }
  const std::string& id = (*card)->id;
  if (options.action == "forget") {
    const int forgotten = answers.forget(options.game, id, options.stat);
    if (forgotten == 0) {
      log::error("answers forget: nothing told of {}{}", (*card)->title,
                 options.stat.empty() ? std::string() : "'s " + options.stat);
      return kExitUsage;
    }
    if (auto saved = save_card_answers(options.state_dir, answers); !saved) {
      log::error("{}", saved.error().message);
      return kExitFailed;
    }
    fmt::print("forgot {} value{} of {}: the device asks again in the next game\n", forgotten,
               forgotten == 1 ? "" : "s", (*card)->title);
    return kExitOk;
  }
  // set: a whole number is a stat, anything else a word (a region, a colour).
  int number = 0;
  const auto [end, ec] = std::from_chars(options.value.data(), options.value.data() + options.value.size(), number);
  const bool is_number = ec == std::errc() && end == options.value.data() + options.value.size();
  const auto& stats = cards.stat_names();
  if (is_number && std::find(stats.begin(), stats.end(), options.stat) == stats.end()) {
    const std::vector<std::string_view> names(stats.begin(), stats.end());
    log::error("answers set: {} has no stat \"{}\"{}", cards.title(), printable(options.stat),
               did_you_mean(options.stat, names));
    return kExitUsage;
  }
  if (!is_number && std::find(stats.begin(), stats.end(), options.stat) != stats.end()) {
    log::error("answers set: {} is a number, not \"{}\"", options.stat, printable(options.value));
    return kExitUsage;
  }
  auto recorded = is_number ? answers.record(cards, id, options.stat, number)
                            : answers.record_word(cards, id, options.stat, options.value);
  if (!recorded) {
    log::error("answers set: {}", recorded.error().message);
    return kExitUsage;
  }
  if (auto saved = save_card_answers(options.state_dir, answers); !saved) {
    log::error("{}", saved.error().message);
    return kExitFailed;
  }
  fmt::print("{}'s {} is {}, kept in {} (a game under way keeps what it was told)\n", (*card)->title, options.stat,
             options.value, card_answers_path(options.state_dir));
  return kExitOk;
}

Subcommand add_answers_command(CLI::App& app, const CliContext& context) {
  auto* command = app.add_subcommand(
      "answers", "the values the table told because no card data prints them: list, set (correct) or forget");
  command->require_subcommand(1);
  command->fallthrough();  // --state-dir after the action too: answers list --state-dir DIR
  auto answers = std::make_shared<AnswersOptions>();
  answers->state_dir = default_state_dir();
  command->add_option("--state-dir", answers->state_dir, "the state folder with card-answers.json")
      ->capture_default_str();
  auto* list = command->add_subcommand("list", "every told value and named card, a line each");
  list->add_option("--game", answers->game, "only this game's");
  auto* set = command->add_subcommand("set", "keep a value: answers set --game r9e Hektor strength 4");
  set->add_option("--game", answers->game, "a game id (seneschal games lists them)")->required();
  set->add_option("card", answers->card, "the card's title or tag id")->required();
  set->add_option("stat", answers->stat, "what is told: a stat (strength) or a word's name (region)")->required();
  set->add_option("value", answers->value, "a whole number, or a word")->required();
  auto* forget = command->add_subcommand("forget", "forget a card's value (or all of them): the device asks again");
  forget->add_option("--game", answers->game, "a game id (seneschal games lists them)")->required();
  forget->add_option("card", answers->card, "the card's title or tag id")->required();
  forget->add_option("stat", answers->stat, "only this value (default: every value told of the card)");
  return {command, [&context, answers, list, set] {
            answers->action = list->parsed() ? "list" : set->parsed() ? "set" : "forget";
            return run_answers(context.assets_dir, *answers);
          }};
}

}  // namespace seneschal::firmware
