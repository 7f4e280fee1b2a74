#pragma once
// Reading the command line the same way in both programs: usage errors exit 64 (EX_USAGE), not
// CLI11's own codes (106, 109, 114 mean nothing to a shell script), and a word that is no
// sub-command says so and lists the ones there are.

#include <CLI/CLI.hpp>

#include "seneschal/base/result.hpp"

#include <optional>
#include <string_view>
#include <string>
#include <vector>

namespace seneschal::firmware {

// nullopt to go on; else the code to exit with at once: 0 after --help or --version (printed),
// kExitUsage after a usage error (said on stderr with what to do).
std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv);

// The first word of argv no level of the command line knows: an option none of the apps it
// follows has ("--scirpt"), or a word where a sub-command goes that names none ("answers lst").
struct Misstep {
  enum class Kind { None, Option, SubCommand };
  Kind kind = Kind::None;
  std::string word;                // as given, without "=value"
  const CLI::App* where = nullptr; // the app the word followed
};
Misstep first_misstep(const CLI::App& app, const std::vector<std::string>& args);

// A screen size option's check (--size WIDTHxHEIGHT, 320x240 to 7680x4320), so a bad size is a
// usage error while the command line is read, whether or not the run would draw: one message in
// `seneschal play`, `render` and `seneschald`.
CLI::Validator screen_size_check();

// Sets the language of the words on the screen (seneschal/base/language.hpp): "" takes the
// locale's. An unknown code or a catalog that is not there is an error that starts with `where`,
// the flag or config key that named it ("--language", "/etc/seneschal/seneschal.toml: [display]
// language"); the language is then left as it was.
Result<void> use_language(const std::string& code, std::string_view where);

// A `--language CODE` option for a sub-command: en, de, fr, es; "" (the default) the locale's.
CLI::Option* add_language_option(CLI::App& command, std::string& code);

}  // namespace seneschal::firmware
