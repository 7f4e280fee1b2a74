#include "seneschal/vision/tag.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <vector>

namespace seneschal::vision {
namespace {

constexpr std::array<std::pair<Control, std::string_view>, 7> kControls{{
    {Control::Ok, "OK"},
    {Control::Pass, "PASS"},
    {Control::Undo, "UNDO"},
    {Control::Up, "UP"},
    {Control::Down, "DOWN"},
    {Control::Timer, "TIMER"},
    {Control::Menu, "MENU"},
}};

constexpr int kMaxTimerSeconds = 99 * 60;

bool is_alphanumeric_charset(unsigned char c) {
  return std::isupper(c) || std::isdigit(c) || std::string_view(" $%*+-./:").find(static_cast<char>(c)) !=
                                                    std::string_view::npos;
}

bool is_code(std::string_view part) {
  return !part.empty() && part.size() <= 8 &&
         std::all_of(part.begin(), part.end(), [](unsigned char c) { return std::isupper(c) || std::isdigit(c); });
}

// A-Z0-9 words joined by single dashes: what card_id_from_title makes.
bool is_card_id(std::string_view part) {
  if (part.empty() || part.size() > 60 || part.front() == '-' || part.back() == '-') return false;
  if (part.find("--") != std::string_view::npos) return false;
  return std::all_of(part.begin(), part.end(),
                     [](unsigned char c) { return std::isupper(c) || std::isdigit(c) || c == '-'; });
}

// A whole number in [low, high] without sign or leading zeros.
bool number_in(std::string_view text, int low, int high, int& out) {
  if (text.empty() || text.size() > 4 || (text.size() > 1 && text[0] == '0')) return false;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && ptr == text.data() + text.size() && out >= low && out <= high;
}

std::vector<std::string_view> split(std::string_view text) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    const std::size_t end = text.find(':', start);
    parts.push_back(text.substr(start, end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

std::string quoted(std::string_view payload) {
  std::string shown(payload.substr(0, 60));
  for (char& c : shown) {
    if (!std::isprint(static_cast<unsigned char>(c))) c = '?';
  }
  return "\"" + shown + (payload.size() > 60 ? "...\"" : "\"");
}

Result<Tag> parse_control(const std::vector<std::string_view>& parts, std::string_view payload) {
  Tag tag;
  tag.kind = Tag::Kind::Control;
  auto it = std::find_if(kControls.begin(), kControls.end(), [&](const auto& c) { return c.second == parts[2]; });
  if (it == kControls.end()) {
    return fail("unknown control " + quoted(parts[2]) + " in " + quoted(payload) +
                " (known: OK, PASS, UNDO, UP, DOWN, TIMER, MENU)");
  }
  tag.control = it->first;
  if (parts.size() == 4) {
    if (tag.control != Control::Timer) return fail("only TIMER takes a value, in " + quoted(payload));
    if (!number_in(parts[3], 1, kMaxTimerSeconds, tag.seconds)) {
      return fail("timer seconds must be 1-" + std::to_string(kMaxTimerSeconds) + " in " + quoted(payload));
    }
  } else if (parts.size() > 4) {
    return fail("a control tag has at most four parts, not " + quoted(payload));
  }
  return tag;
}

}  // namespace

bool looks_like_ours(std::string_view payload) { return payload.substr(0, 3) == "S1:"; }

Result<Tag> parse_tag(std::string_view payload) {
  if (!looks_like_ours(payload)) return fail("not a Seneschal tag: " + quoted(payload));
  if (!std::all_of(payload.begin(), payload.end(), [](unsigned char c) { return is_alphanumeric_charset(c); })) {
    return fail("a character outside the QR alphanumeric set (A-Z 0-9 space $%*+-./:) in " + quoted(payload));
  }
  const auto parts = split(payload);
  if (parts.size() < 3) return fail("too few parts in " + quoted(payload));
  if (parts[1] == "CTL") return parse_control(parts, payload);
  Tag tag;
  if (parts[1] == "SEAT" || parts[1] == "CAL") {
    const bool seat = parts[1] == "SEAT";
    tag.kind = seat ? Tag::Kind::Seat : Tag::Kind::Calibration;
    if (parts.size() != 3 || !number_in(parts[2], 1, seat ? 99 : 4, tag.number)) {
      return fail(std::string(seat ? "a seat tag is S1:SEAT:<1-99>" : "a calibration tag is S1:CAL:<1-4>") +
                  ", not " + quoted(payload));
    }
    return tag;
  }
  if (parts.size() != 4) return fail("a card tag has four parts S1:GAME:CARD:COPY, not " + quoted(payload));
  if (!is_code(parts[1])) return fail("malformed game code in " + quoted(payload));
  if (!is_card_id(parts[2])) return fail("malformed card id in " + quoted(payload));
  if (!number_in(parts[3], 1, 99, tag.copy)) return fail("card copy must be 1-99 in " + quoted(payload));
  tag.kind = Tag::Kind::Card;
  tag.game = std::string(parts[1]);
  tag.card = std::string(parts[2]);
  return tag;
}

std::string_view to_string(Control control) {
  for (const auto& [c, name] : kControls) {
    if (c == control) return name;
  }
  return "OK";
}

std::string format_tag(const Tag& tag) {
  switch (tag.kind) {
    case Tag::Kind::Control:
      return "S1:CTL:" + std::string(to_string(tag.control)) +
             (tag.control == Control::Timer && tag.seconds > 0 ? ":" + std::to_string(tag.seconds) : "");
    case Tag::Kind::Seat:
      return "S1:SEAT:" + std::to_string(tag.number);
    case Tag::Kind::Calibration:
      return "S1:CAL:" + std::to_string(tag.number);
    case Tag::Kind::Card:
      break;
  }
  return "S1:" + tag.game + ":" + tag.card + ":" + std::to_string(tag.copy);
}

}  // namespace seneschal::vision
