#include "seneschal/vision/tag.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <vector>

namespace seneschal::vision {
namespace {

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(sep, start);
    parts.push_back(text.substr(start, end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

bool is_name(std::string_view part) {
  return !part.empty() && part.size() <= 40 && std::all_of(part.begin(), part.end(), [](unsigned char c) {
    return std::isupper(c) || std::isdigit(c) || c == '_';
  });
}

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

std::string upper(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::toupper(c); });
  return out;
}

std::string quoted(std::string_view payload) {
  std::string shown(payload.substr(0, 60));
  for (char& c : shown) {
    if (!std::isprint(static_cast<unsigned char>(c))) c = '?';
  }
  return "\"" + shown + (payload.size() > 60 ? "...\"" : "\"");
}

}  // namespace

Result<Tag> parse_tag(std::string_view payload) {
  const auto parts = split(payload, ':');
  if (parts.size() < 3 || parts[0] != "S1") return fail("not a Seneschal tag: " + quoted(payload));
  Tag tag;
  if (parts[1] == "CTL") {
    if (parts.size() > 4 || !is_name(parts[2])) return fail("malformed control tag " + quoted(payload));
    tag.kind = Tag::Kind::Control;
    tag.control = std::string(parts[2]);
    if (parts.size() == 4) {
      if (!is_name(parts[3])) return fail("malformed control tag argument in " + quoted(payload));
      tag.argument = std::string(parts[3]);
    }
    return tag;
  }
  if (parts.size() != 4) return fail("a card tag has four parts S1:GAME:CARD:COPY, not " + quoted(payload));
  if (!is_name(parts[1]) || !is_name(parts[2])) return fail("malformed card tag " + quoted(payload));
  int copy = 0;
  const auto* end = parts[3].data() + parts[3].size();
  const auto [ptr, ec] = std::from_chars(parts[3].data(), end, copy);
  if (ec != std::errc() || ptr != end || copy < 1 || copy > 99) {
    return fail("card tag copy must be 1-99 in " + quoted(payload));
  }
  tag.kind = Tag::Kind::Card;
  tag.game = lower(parts[1]);
  tag.card = std::string(parts[2]);
  tag.copy = copy;
  return tag;
}

std::string format_tag(const Tag& tag) {
  if (tag.kind == Tag::Kind::Control) {
    return "S1:CTL:" + tag.control + (tag.argument.empty() ? "" : ":" + tag.argument);
  }
  return "S1:" + upper(tag.game) + ":" + tag.card + ":" + std::to_string(tag.copy);
}

}  // namespace seneschal::vision
