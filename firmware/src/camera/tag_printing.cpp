#include "seneschal/firmware/camera/tag_printing.hpp"

#include <charconv>
#include <map>

#include "seneschal/vision/tag.hpp"

namespace seneschal::firmware {
namespace {

constexpr int kMaxCopies = 99;  // what a tag's copy field holds

vision::Sticker card_sticker(const engine::Card& card, const engine::CardDatabase& cards, int copy) {
  vision::Tag tag;
  tag.kind = vision::Tag::Kind::Card;
  tag.game = cards.tag_code();
  tag.card = card.id;
  tag.copy = copy;
  return {vision::format_tag(tag), card.title, "copy " + std::to_string(copy) + " \u00b7 " + cards.tag_code()};
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

}  // namespace

Result<std::vector<vision::Sticker>> stickers_for_deck(const engine::DeckList& deck, const engine::CardDatabase& cards) {
  std::vector<vision::Sticker> stickers;
  std::map<std::string, int> printed;
  for (const engine::DeckEntry& entry : deck.entries) {
    int& copies = printed[entry.card->id];
    if (copies + entry.count > kMaxCopies) {
      return fail(deck.origin + ":" + std::to_string(entry.line) + ": more than 99 copies of " + entry.card->title);
    }
    for (int i = 0; i < entry.count; ++i) stickers.push_back(card_sticker(*entry.card, cards, ++copies));
  }
  if (stickers.empty()) return fail(deck.origin + ": no cards to print");
  return stickers;
}

Result<std::vector<vision::Sticker>> stickers_for_cards(std::string_view spec, const engine::CardDatabase& cards) {
  std::vector<vision::Sticker> stickers;
  while (!spec.empty()) {
    const std::size_t comma = spec.find(',');
    std::string_view item = trimmed(spec.substr(0, comma));
    spec = comma == std::string_view::npos ? std::string_view() : spec.substr(comma + 1);
    if (item.empty()) continue;
    int count = 1;
    if (const std::size_t colon = item.rfind(':'); colon != std::string_view::npos) {
      const std::string_view number = trimmed(item.substr(colon + 1));
      const auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), count);
      if (ec != std::errc() || ptr != number.data() + number.size() || count < 1 || count > kMaxCopies) {
        return fail("--cards \"" + std::string(item) + "\": the number after ':' is how many copies, 1-99");
      }
      item = trimmed(item.substr(0, colon));
    }
    const engine::Card* card = cards.find_by_title(item);
    if (!card) card = cards.find(engine::card_id_from_title(item));
    if (!card) return fail("--cards: no card titled \"" + std::string(item) + "\" in the " + cards.title() + " data");
    for (vision::Sticker& sticker : stickers_for_card(*card, cards, count)) stickers.push_back(std::move(sticker));
  }
  if (stickers.empty()) return fail("--cards names no card");
  return stickers;
}

std::vector<vision::Sticker> stickers_for_card(const engine::Card& card, const engine::CardDatabase& cards, int copies) {
  std::vector<vision::Sticker> stickers;
  for (int copy = 1; copy <= copies; ++copy) stickers.push_back(card_sticker(card, cards, copy));
  return stickers;
}

std::vector<vision::Sticker> table_stickers(int seats) {
  std::vector<vision::Sticker> stickers;
  for (vision::Control control : {vision::Control::Ok, vision::Control::Pass, vision::Control::Undo,
                                  vision::Control::Up, vision::Control::Down, vision::Control::Timer,
                                  vision::Control::Menu}) {
    vision::Tag tag;
    tag.kind = vision::Tag::Kind::Control;
    tag.control = control;
    stickers.push_back({vision::format_tag(tag), std::string(vision::to_string(control)), "control"});
  }
  vision::Tag three_minutes;
  three_minutes.kind = vision::Tag::Kind::Control;
  three_minutes.control = vision::Control::Timer;
  three_minutes.seconds = 180;
  stickers.push_back({vision::format_tag(three_minutes), "Timer 3:00", "control"});
  for (int seat = 1; seat <= seats; ++seat) {
    vision::Tag tag;
    tag.kind = vision::Tag::Kind::Seat;
    tag.number = seat;
    stickers.push_back({vision::format_tag(tag), "Seat " + std::to_string(seat), "seat marker"});
  }
  for (int corner = 1; corner <= 4; ++corner) {
    vision::Tag tag;
    tag.kind = vision::Tag::Kind::Calibration;
    tag.number = corner;
    stickers.push_back({vision::format_tag(tag), "Corner " + std::to_string(corner), "table calibration"});
  }
  return stickers;
}

}  // namespace seneschal::firmware
