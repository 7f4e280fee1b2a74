#include "seneschal/firmware/table/tag_router.hpp"

#include <algorithm>

#include "seneschal/firmware/base/printable.hpp"
#include "seneschal/base/words.hpp"
#include "seneschal/vision/tag.hpp"

namespace seneschal::firmware {

Routed TagRouter::route(std::string_view payload, std::string_view running_game) const {
  Routed routed;
  // Until the payload is known for a tag, the label is the payload itself, shown on the toast,
  // in the journal and in a snapshot's name: escaped and cut, since anyone can print a code.
  routed.label = printable(payload);
  auto tag = vision::parse_tag(payload);
  if (!tag) {
    routed.reason = tag.error().message;
    routed.foreign = !vision::looks_like_ours(payload);
    return routed;
  }
  switch (tag->kind) {
    case vision::Tag::Kind::Control:
      // Control tags do what buttons do: the mapper decides at the current prompt.
      routed.label = std::string(vision::to_string(tag->control));
      routed.button = button_of(tag->control);
      routed.seconds = tag->seconds;
      if (tag->seconds > 0) routed.label += " " + std::to_string(tag->seconds) + "s";
      return routed;
    case vision::Tag::Kind::Seat:
    case vision::Tag::Kind::Calibration:
      routed.reason = tr("seat and calibration tags are for setting up the table, not for play");
      routed.setup = true;
      return routed;
    case vision::Tag::Kind::Card:
      break;
  }
  auto game = std::find_if(cards_->begin(), cards_->end(),
                           [&](const auto& entry) { return entry.second->tag_code() == tag->game; });
  if (game == cards_->end()) {
    // TRANSLATORS: a refusal on the toast: a card tag of a game this device does not know; {0} its code.
    routed.reason = trf("a tag for the game code {0}, which this device has no card data for", tag->game);
    return routed;
  }
  if (const engine::Card* card = game->second->find(tag->card)) routed.label = card->title;
  if (game->first != running_game) {
    // TRANSLATORS: a refusal on the toast: a card of another game; {0} that game's title, {1} the game played.
    routed.reason = running_game.empty() ? trf("a {0} card, but no game is running", game->second->title())
                                         : trf("a {0} card, but this table is playing {1}", game->second->title(), running_game);
    return routed;
  }
  routed.command = engine::PresentCard{tag->card, tag->copy};
  return routed;
}

}  // namespace seneschal::firmware
