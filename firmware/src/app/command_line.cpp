#include "seneschal/firmware/app/command_line.hpp"

#include <fmt/core.h>

#include <cctype>
#include <filesystem>

#include "seneschal/base/did_you_mean.hpp"
#include "seneschal/base/language.hpp"
#include "seneschal/firmware/config/config.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/base/printable.hpp"

namespace seneschal::firmware {
namespace {

std::string subcommand_names(const CLI::App& app) {
  std::string names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    names += (names.empty() ? "" : ", ") + sub->get_name();
  }
  return names;
}

// The long and short names an app's options go by ("--script", "-h").
std::vector<std::string> option_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::Option* option : app.get_options()) {
    for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
    for (const std::string& name : option->get_snames()) names.push_back("-" + name);
  }
  return names;
}

// An option word is known to the app it follows or to one it stands under ("--assets" after a
// sub-command); CLI11 itself decides what it then means.
const CLI::Option* known_option(const std::vector<const CLI::App*>& chain, const std::string& name) {
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    if (const CLI::Option* option = (*it)->get_option_no_throw(name)) return option;
  }
  return nullptr;
}

bool has_positionals(const CLI::App& app) {
  for (const CLI::Option* option : app.get_options()) {
    if (option->get_positional()) return true;
  }
  return false;
}

std::string command_path(const CLI::App& app, const std::string& program) {
  std::string path;
  for (const CLI::App* at = &app; at && at->get_parent(); at = at->get_parent()) path = " " + at->get_name() + path;
  return program + path;
}

}  // namespace

Misstep first_misstep(const CLI::App& app, const std::vector<std::string>& args) {
  std::vector<const CLI::App*> chain{&app};
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& word = args[i];
    if (word == "--") break;
    const CLI::App& at = *chain.back();
    if (word.size() > 1 && word[0] == '-' && !(word.size() > 1 && std::isdigit(static_cast<unsigned char>(word[1])))) {
      const std::string name = word.substr(0, word.find('='));
      const CLI::Option* option = known_option(chain, name);
      if (!option) return {Misstep::Kind::Option, name, &at};
      // An option that takes a value (--assets DIR) takes the next word too.
      if (word.find('=') == std::string::npos && option->get_items_expected_min() > 0) ++i;
      continue;
    }
    const auto subs = at.get_subcommands([&](const CLI::App* sub) { return sub->check_name(word); });
    if (!subs.empty()) {
      chain.push_back(subs.front());
      continue;
    }
    // A word where a sub-command goes: an app with sub-commands and nothing else to take it.
    if (!at.get_subcommands([](const CLI::App*) { return true; }).empty() && !has_positionals(at)) {
      return {Misstep::Kind::SubCommand, word, &at};
    }
  }
  return {};
}

std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  const std::string program = argc > 0 ? std::filesystem::path(argv[0]).filename().string() : "seneschal";
  // A typo is named before CLI11 reads the line: it would say only what is missing ("--script is
  // required") or list the wrong level's sub-commands.
  if (const Misstep step = first_misstep(app, args); step.kind != Misstep::Kind::None) {
    const std::string where = command_path(*step.where, program);
    if (step.kind == Misstep::Kind::SubCommand) {
      log::error("{}: \"{}\" is no sub-command; the sub-commands are: {} (--help says what each does)", where,
                 printable(step.word), subcommand_names(*step.where));
    } else {
      std::vector<std::string> names = option_names(*step.where);
      const std::vector<std::string_view> known(names.begin(), names.end());
      log::error("{}: {} is no option{}; {} --help lists the options", where, printable(step.word),
                 did_you_mean(step.word, known), where);
    }
    return kExitUsage;
  }
  try {
    app.parse(argc, argv);
    return std::nullopt;
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help, --version: printed, exit 0
  } catch (const CLI::ParseError& e) {
    // The sub-command the error is in ("seneschal cards: --game is required").
    const CLI::App* deepest = &app;
    for (const CLI::App* sub = &app; sub;) {
      const auto parsed = sub->get_subcommands();
      sub = parsed.empty() ? nullptr : parsed.front();
      if (sub) deepest = sub;
    }
    std::string what = e.what();
    if (dynamic_cast<const CLI::RequiredError*>(&e) && what.find("subcommand") != std::string::npos) {
      what = "a sub-command is needed: " + subcommand_names(*deepest);
    }
    const std::string where = command_path(*deepest, program);
    log::error("{}: {}; {} --help lists the options", where, what, where);
    return kExitUsage;
  }
}

CLI::Validator screen_size_check() {
  return CLI::Validator(
      [](const std::string& text) -> std::string {
        return parse_screen_size(text) ? std::string()
                                       : "expected WIDTHxHEIGHT between 320x240 and 7680x4320, e.g. 800x480, not \"" + text +
                                             "\"";
      },
      "WIDTHxHEIGHT");
}

Result<void> use_language(const std::string& code, std::string_view where) {
  if (auto set = set_language(code); !set) {
    return fail(fmt::format("{}{}: {}", where, code.empty() ? " (not given: the locale's)" : "", set.error().message));
  }
  return {};
}

CLI::Option* add_language_option(CLI::App& command, std::string& code) {
  std::string codes;
  for (const std::string& c : languages()) codes += (codes.empty() ? "" : ", ") + c;
  return command.add_option("--language", code,
                            "the language of the words on the screen: " + codes +
                                " (default: the locale's, from LANGUAGE, LC_ALL, LC_MESSAGES or LANG; else en)");
}

}  // namespace seneschal::firmware
