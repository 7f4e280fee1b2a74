#include "config/config_read.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>

namespace seneschal::firmware::config_read {
namespace {

// A config line is read by a person; a whole inline table or a long string is cut short.
constexpr std::size_t kShownChars = 60;

}  // namespace

std::string Table::key_path(std::string_view key) const {
  return name.empty() ? std::string(key) : name + "." + std::string(key);
}

const toml::node* Table::find(std::string_view key) const {
  const toml::node* node = toml.get(key);
  if (node) config.lines[key_path(key)] = line_of(*node);
  return node;
}

Unexpected<Error> Table::bad(std::string_view key, const toml::node& value, std::string_view expected) const {
  return fail(config.path + ":" + std::to_string(line_of(value)) + ": " + key_path(key) + " = " + as_written(value) +
              ": expected " + std::string(expected));
}

int line_of(const toml::node& node) { return static_cast<int>(node.source().begin.line); }

// TOML again, but as a person writes it: "huge" rather than toml++'s 'huge', [1, 2] rather than [ 1, 2 ].
std::string as_written(const toml::node& node) {
  std::string text;
  if (const auto* string = node.as_string()) {
    text = "\"";
    for (const char c : string->get()) {
      if (c == '"' || c == '\\') text += '\\';
      text += static_cast<unsigned char>(c) < 0x20 ? '?' : c;
    }
    text += "\"";
  } else if (const auto* array = node.as_array()) {
    text = "[";
    for (const auto& item : *array) text += (text.size() > 1 ? ", " : "") + as_written(item);
    text += "]";
  } else if (const auto* table = node.as_table()) {
    text = "{";
    for (const auto& [key, item] : *table) {
      text += (text.size() > 1 ? ", " : "") + std::string(key.str()) + " = " + as_written(item);
    }
    text += "}";
  } else {
    std::ostringstream out;
    node.visit([&](const auto& value) { out << value; });
    text = out.str();
  }
  if (text.size() > kShownChars) text = text.substr(0, kShownChars - 3) + "...";
  return text;
}

std::string join(const std::vector<std::string_view>& words, std::string_view separator) {
  std::string text;
  for (const auto& word : words) {
    if (!text.empty()) text += separator;
    text += word;
  }
  return text;
}


std::vector<std::pair<const toml::key*, const toml::node*>> in_file_order(const toml::table& table) {
  std::vector<std::pair<const toml::key*, const toml::node*>> entries;
  for (const auto& [key, node] : table) entries.emplace_back(&key, &node);
  std::stable_sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
    const auto& x = a.first->source().begin;
    const auto& y = b.first->source().begin;
    return x.line != y.line ? x.line < y.line : x.column < y.column;
  });
  return entries;
}

Result<void> only_known_keys(const Table& table, const std::vector<std::string_view>& known) {
  for (const auto& [key, node] : in_file_order(table.toml)) {
    if (std::find(known.begin(), known.end(), key->str()) != known.end()) continue;
    const auto line = static_cast<int>(key->source().begin.line);
    return fail(table.config.path + ":" + std::to_string(line) + ": " + table.key_path(key->str()) + ": unknown key" +
                did_you_mean(key->str(), known) + "; known keys in [" + table.name + "]: " + join(known, ", "));
  }
  return {};
}

Result<void> first_error(std::initializer_list<Result<void>> results) {
  for (const auto& result : results) {
    if (!result) return result;
  }
  return {};
}

Result<void> read_number(const Table& table, std::string_view key, double min, double max, std::string_view expected,
                         std::optional<double>& out) {
  const toml::node* node = table.find(key);
  if (!node) return {};
  const auto number = node->value<double>();  // integers too: 60 means 60.0 here
  if (!number || !(*number >= min && *number <= max)) return table.bad(key, *node, expected);
  out = *number;
  return {};
}

Result<void> read_bool(const Table& table, std::string_view key, std::optional<bool>& out) {
  const toml::node* node = table.find(key);
  if (!node) return {};
  if (!node->is_boolean()) return table.bad(key, *node, "true or false");
  out = node->as_boolean()->get();
  return {};
}

Result<void> read_string(const Table& table, std::string_view key, bool non_empty, std::string_view expected,
                         std::optional<std::string>& out) {
  const toml::node* node = table.find(key);
  if (!node) return {};
  const auto* text = node->as_string();
  if (!text || (non_empty && text->get().empty())) return table.bad(key, *node, expected);
  out = text->get();
  return {};
}

std::optional<FrameSize> parse_size_text(std::string_view text, FrameSize min, FrameSize max) {
  const auto x = text.find('x');
  if (x == std::string_view::npos) return std::nullopt;
  FrameSize size;
  const auto number = [](std::string_view digits, unsigned& value) {
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    return !digits.empty() && error == std::errc() && end == digits.data() + digits.size();
  };
  if (!number(text.substr(0, x), size.width) || !number(text.substr(x + 1), size.height)) return std::nullopt;
  if (size.width < min.width || size.height < min.height || size.width > max.width || size.height > max.height) {
    return std::nullopt;
  }
  return size;
}

}  // namespace seneschal::firmware::config_read
