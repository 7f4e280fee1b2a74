#pragma once
// How config.cpp reads one TOML table. Each reader checks a value's type and range together and,
// when either is wrong, says "<file>:<line>: <dotted.key> = <value as written>: expected <what is
// allowed>", so a wrong type and a wrong number read alike and both say what would do.

// toml++ 3.3, built without NDEBUG, asserts that a table header's key starts with a key
// character just before it checks exactly that and reports it ("[&x]": "expected bare key
// starting character"). Release builds skip the assert and report; so does the fuzz build,
// where the assert would stop the fuzzer on a plain syntax error. Sanitizers still watch toml++.
#if defined(FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION) && !defined(TOML_ASSERT)
#define TOML_ASSERT(expr) static_cast<void>(0)
#endif
#include <toml++/toml.h>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "seneschal/base/did_you_mean.hpp"
#include "seneschal/firmware/config/config.hpp"

namespace seneschal::firmware::config_read {

struct Table {
  const toml::table& toml;
  std::string name;  // dotted: "gpio.lines"; "" for the document
  Config& config;

  std::string key_path(std::string_view key) const;
  // The key's value, its line recorded in Config::lines; nullptr when the file leaves it out.
  const toml::node* find(std::string_view key) const;
  Unexpected<Error> bad(std::string_view key, const toml::node& value, std::string_view expected) const;
};

int line_of(const toml::node& node);
std::string as_written(const toml::node& node);
std::string join(const std::vector<std::string_view>& words, std::string_view separator);
using seneschal::did_you_mean;  // seneschal/base/did_you_mean.hpp: shared with deck lists and scripts

// toml++ keeps a table sorted by key; errors and presets go by the file's order instead.
std::vector<std::pair<const toml::key*, const toml::node*>> in_file_order(const toml::table& table);

// Any key but the known ones is an error listing them.
Result<void> only_known_keys(const Table& table, const std::vector<std::string_view>& known);

// The first error of reads made in order (a braced list is evaluated left to right).
Result<void> first_error(std::initializer_list<Result<void>> results);

template <class T>
Result<void> read_integer(const Table& table, std::string_view key, std::int64_t min, std::int64_t max,
                          std::string_view expected, std::optional<T>& out) {
  const toml::node* node = table.find(key);
  if (!node) return {};
  const auto* value = node->as_integer();
  if (!value || value->get() < min || value->get() > max) return table.bad(key, *node, expected);
  out = static_cast<T>(value->get());
  return {};
}

Result<void> read_number(const Table& table, std::string_view key, double min, double max, std::string_view expected,
                         std::optional<double>& out);
Result<void> read_bool(const Table& table, std::string_view key, std::optional<bool>& out);
// A string; with non_empty, "" is refused.
Result<void> read_string(const Table& table, std::string_view key, bool non_empty, std::string_view expected,
                         std::optional<std::string>& out);

template <class T>
Result<void> read_choice(const Table& table, std::string_view key,
                         const std::vector<std::pair<std::string_view, T>>& choices, std::optional<T>& out) {
  const toml::node* node = table.find(key);
  if (!node) return {};
  std::vector<std::string_view> words;
  for (const auto& [word, choice] : choices) {
    if (node->as_string() && node->as_string()->get() == word) {
      out = choice;
      return {};
    }
    words.push_back(word);
  }
  return table.bad(key, *node, join(words, " | "));
}

// "WIDTHxHEIGHT" within [min, max] in both directions; empty when it is not.
std::optional<FrameSize> parse_size_text(std::string_view text, FrameSize min, FrameSize max);

}  // namespace seneschal::firmware::config_read
