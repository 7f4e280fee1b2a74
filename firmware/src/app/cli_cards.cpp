#include <fmt/core.h>

#include <memory>

#include "seneschal/engine/module_registry.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/app/cli_commands.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/app/subcommand.hpp"
#include "seneschal/firmware/config/config.hpp"

namespace seneschal::firmware {
namespace {

std::string known_values(const engine::Card& card) {
  std::string out;
  for (const auto& [name, value] : card.stats) out += fmt::format(" {}={}", name, value);
  for (const auto& keyword : card.keywords) out += " [" + keyword + "]";
  return out;
}

}  // namespace

// The cards as the daemon loads them: the shipped data with the table's named cards and answers
// (a deck of Osten Ard cards the data does not name is checked by what the table told of them).
int run_cards(const std::string& assets_dir, const CardsOptions& options) {
  auto table = load_table_cards(assets_dir, options.state_dir);
  if (!table) {
    log::error("{}", table.error().message);
    return kExitDataErr;
  }
  auto found = game_cards(table->library, options.game);
  if (!found) {
    log::error("{}", found.error().message);
    return kExitUsage;
  }
  const engine::CardDatabase& cards = **found;
  if (options.check_deck.empty()) {
    for (const engine::Card& card : cards.cards()) {
      fmt::print("{:<34} {:<12} {}{}\n", card.id, card.type, card.title, known_values(card));
    }
    fmt::print("{} cards of {}\n", cards.size(), cards.title());
    return 0;
  }
  auto text = read_text_file(options.check_deck);
  if (!text) {
    log::error("{}", text.error().message);
    return kExitDataErr;
  }
  auto deck = engine::parse_deck_list(*text, options.check_deck, cards);
  if (!deck) {
    log::error_lines(deck.error().message);
    return kExitDataErr;
  }
  engine::ModuleRegistry registry;
  engine::register_builtin_modules(registry);
  auto module = registry.create(options.game, *found);
  if (!module) {
    log::error("{}", module.error().message);
    return 1;
  }
  auto report = (*module)->check_deck(*deck);
  if (!report) {
    log::error("{}", report.error().message);
    return 1;
  }
  for (const engine::DeckProblem& problem : report->problems) {
    const std::string where = problem.line > 0 ? fmt::format("{}:{}", options.check_deck, problem.line)
                                               : options.check_deck;
    fmt::print("{}: {}{}\n", where, problem.title.empty() ? "" : problem.title + ": ", problem.rule);
  }
  for (const std::string& note : report->unchecked) fmt::print("not checked: {}\n", note);
  for (const std::string& note : report->notes) fmt::print("{}: {}\n", options.check_deck, note);
  const std::size_t problems = report->problems.size();
  fmt::print("{}: {} cards counted, {}\n", options.check_deck, report->counted_cards,
             problems == 0 ? "legal" : fmt::format("{} problem{}", problems, problems == 1 ? "" : "s"));
  return report->problems.empty() ? 0 : 1;
}

Subcommand add_cards_command(CLI::App& app, const CliContext& context) {
  auto* command = app.add_subcommand("cards", "list a game's cards, or check a deck list");
  auto cards = std::make_shared<CardsOptions>();
  command->add_option("--game", cards->game, "a game id (seneschal games lists them)")->required();
  command->add_option("--check-deck", cards->check_deck, "a deck list (<count> <title> per line) to check");
  cards->state_dir = default_state_dir();
  command->add_option("--state-dir", cards->state_dir, "the table's named cards and answers, as the daemon keeps them")
      ->capture_default_str();
  return {command, [&context, cards] { return run_cards(context.assets_dir, *cards); }};
}

}  // namespace seneschal::firmware
