#include <fmt/core.h>

#include <charconv>
#include <memory>

#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/app/cli_commands.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/camera/tag_printing.hpp"
#include "seneschal/firmware/app/subcommand.hpp"
#include "seneschal/firmware/config/config.hpp"

namespace seneschal::firmware {
namespace {

Result<double> parse_size(std::string text) {
  if (text.size() > 2 && text.substr(text.size() - 2) == "mm") text.resize(text.size() - 2);
  double mm = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), mm);
  if (ec != std::errc() || ptr != text.data() + text.size()) {
    return fail("--size " + text + ": expected millimetres, e.g. 18mm");
  }
  return mm;
}

// A card by title: from the game's data, else named at the table and kept in the state folder
// (card-answers.json), where the daemon finds it and resolves its tag like a shipped card's.
Result<std::vector<vision::Sticker>> stickers_for_title(const std::string& assets_dir, const TagsOptions& options) {
  auto answers = load_card_answers(options.state_dir);
  if (!answers) return fail(answers.error().message);
  // The cards as the daemon loads them (shipped data with the table's cards and answers).
  const auto table_cards = [&]() -> Result<std::shared_ptr<const engine::CardDatabase>> {
    auto library = load_card_library(assets_dir, &*answers);
    if (!library) return fail(library.error().message);
    return game_cards(*library, options.game);
  };
  auto cards = table_cards();
  if (!cards) return fail(cards.error().message);
  if (!(*cards)->find_by_title(options.title)) {
    if (options.type.empty()) {
      return fail("--title \"" + options.title + "\": no " + (*cards)->title() +
                  " card has this title; say its --type to name it at the table");
    }
    auto id = answers->name_card(**cards, options.title, options.type);
    if (!id) return fail("--title: " + id.error().message);
    if (auto saved = save_card_answers(options.state_dir, *answers); !saved) return fail(saved.error().message);
    log::notice("{} named at the table as {} ({}), kept in {}", options.title, *id, options.type,
                card_answers_path(options.state_dir));
    cards = table_cards();
    if (!cards) return fail(cards.error().message);
  }
  return stickers_for_card(*(*cards)->find_by_title(options.title), **cards, options.copies);
}

Result<std::vector<vision::Sticker>> choose_stickers(const std::string& assets_dir, const TagsOptions& options) {
  if (!options.title.empty()) return stickers_for_title(assets_dir, options);
  if (options.calibration) return table_stickers(options.seats);
  auto library = load_card_library(assets_dir);
  if (!library) return fail(library.error().message);
  auto found = game_cards(*library, options.game);
  if (!found) return fail(found.error().message);
  const engine::CardDatabase& cards = **found;
  if (!options.cards.empty()) return stickers_for_cards(options.cards, cards);
  auto text = read_text_file(options.deck);
  if (!text) return fail(text.error().message);
  auto deck = engine::parse_deck_list(*text, options.deck, cards);
  if (!deck) return fail(deck.error().message);
  return stickers_for_deck(*deck, cards);
}

}  // namespace

int run_tags(const std::string& assets_dir, const TagsOptions& options) {
  const int chosen = !options.deck.empty() + !options.cards.empty() + !options.title.empty() + options.calibration;
  if (chosen != 1) {
    log::error("tags: say what to print: one of --deck FILE, --cards LIST, --title TITLE or --calibration");
    return kExitUsage;
  }
  if (!options.calibration) {
    auto library = load_card_library(assets_dir);
    if (!library) {
      log::error("{}", library.error().message);
      return kExitDataErr;
    }
    if (auto game = game_cards(*library, options.game); !game) {
      log::error("tags: {}", game.error().message);
      return kExitUsage;
    }
  }
  vision::SheetOptions sheet;
  if (options.paper == "a4") {
    sheet.paper = vision::Paper::A4;
  } else if (options.paper == "letter") {
    sheet.paper = vision::Paper::Letter;
  } else {
    log::error("--paper {}: expected a4 or letter", options.paper);
    return kExitUsage;
  }
  auto size = parse_size(options.size);
  if (!size) {
    log::error("{}", size.error().message);
    return kExitUsage;
  }
  sheet.code_mm = *size;
  auto geometry = vision::sheet_geometry(sheet);
  if (!geometry) {
    log::error("{}", geometry.error().message);
    return kExitUsage;
  }
  auto stickers = choose_stickers(assets_dir, options);
  if (!stickers) {
    log::error_lines(stickers.error().message);  // a deck list's every bad line, or a --cards or --game mistake
    return kExitDataErr;
  }
  sheet.title = options.calibration ? "Seneschal calibration and table tags"
                                    : "Seneschal tags: " + (!options.deck.empty() ? options.deck
                                                            : !options.title.empty() ? options.title : options.cards);
  auto written = options.calibration ? vision::write_calibration_pdf(*stickers, sheet, options.out)
                                     : vision::write_tag_sheet_pdf(*stickers, sheet, options.out);
  if (!written) {
    log::error("{}", written.error().message);
    return 1;
  }
  const int per_page = geometry->per_page();
  fmt::print("{}: {} stickers, {} per page at {} mm\n", options.out, stickers->size(), per_page, sheet.code_mm);
  return 0;
}

Subcommand add_tags_command(CLI::App& app, const CliContext& context) {
  auto* command = app.add_subcommand("tags", "print QR tag stickers as a PDF");
  auto tags = std::make_shared<TagsOptions>();
  command->add_option("--game", tags->game, "a game id (seneschal games lists them)");
  command->add_option("--deck", tags->deck, "one sticker per card copy in this deck list");
  command->add_option("--cards", tags->cards, "or these cards: \"Hektor:2,Zahir\" (title:copies)");
  command->add_option("--title", tags->title, "or this card; one no card data names is named at the table (with --type)");
  command->add_option("--type", tags->type, "the type of a card named at the table (one of the game's types)");
  command->add_option("--copies", tags->copies, "stickers for --title, copies 1 to N")->check(CLI::Range(1, 99))
      ->capture_default_str();
  tags->state_dir = default_state_dir();
  command->add_option("--state-dir", tags->state_dir, "where the daemon keeps the table's cards and answers")
      ->capture_default_str();
  command->add_flag("--calibration", tags->calibration, "or a ruler page with control, seat and corner tags");
  command->add_option("--seats", tags->seats, "seat tags on the calibration page")->capture_default_str();
  command->add_option("--paper", tags->paper, "a4 or letter")->capture_default_str();
  command->add_option("--size", tags->size, "code size with its quiet zone: 18mm fits a card's margin, 24mm a sleeve insert")
      ->capture_default_str();
  command->add_option("--out", tags->out, "the PDF to write")->required();
  return {command, [&context, tags] { return run_tags(context.assets_dir, *tags); }};
}

}  // namespace seneschal::firmware
