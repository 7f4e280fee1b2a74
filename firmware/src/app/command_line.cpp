#include "seneschal/firmware/command_line.hpp"

#include <fmt/core.h>

#include <filesystem>

#include "seneschal/firmware/exit_codes.hpp"
#include "seneschal/firmware/log.hpp"
#include "seneschal/firmware/printable.hpp"

namespace seneschal::firmware {
namespace {

std::string subcommand_names(const CLI::App& app) {
  std::string names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    names += (names.empty() ? "" : ", ") + sub->get_name();
  }
  return names;
}

}  // namespace

std::optional<std::string> unknown_subcommand(const CLI::App& app, const std::vector<std::string>& args) {
  if (app.get_subcommands([](const CLI::App*) { return true; }).empty()) return std::nullopt;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& word = args[i];
    if (word == "--") return std::nullopt;
    if (word.size() > 1 && word[0] == '-') {
      // An option of the top level that takes a value (--assets DIR) takes the next word too.
      if (word.find('=') != std::string::npos) continue;
      const CLI::Option* option = app.get_option_no_throw(word);
      if (option && option->get_items_expected_min() > 0) ++i;
      continue;
    }
    if (!app.get_subcommands([&](const CLI::App* sub) { return sub->check_name(word); }).empty()) return std::nullopt;
    return word;
  }
  return std::nullopt;
}

std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  const std::string program = argc > 0 ? std::filesystem::path(argv[0]).filename().string() : "seneschal";
  if (auto unknown = unknown_subcommand(app, args)) {
    log::error("{}: \"{}\" is no sub-command; the sub-commands are: {} (--help says what each does)", program,
               printable(*unknown), subcommand_names(app));
    return kExitUsage;
  }
  try {
    app.parse(argc, argv);
    return std::nullopt;
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help, --version: printed, exit 0
  } catch (const CLI::ParseError& e) {
    std::string what = e.what();
    if (dynamic_cast<const CLI::RequiredError*>(&e) && what.find("subcommand") != std::string::npos) {
      what = "a sub-command is needed: " + subcommand_names(app);
    }
    // Name the sub-command the error is in ("seneschal cards: --game is required").
    std::string where = program;
    for (const CLI::App* sub = &app; sub;) {
      const auto parsed = sub->get_subcommands();
      sub = parsed.empty() ? nullptr : parsed.front();
      if (sub) where += " " + sub->get_name();
    }
    log::error("{}: {}; {} --help lists the options", where, what, where);
    return kExitUsage;
  }
}

}  // namespace seneschal::firmware
