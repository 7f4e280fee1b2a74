#include "seneschal/firmware/tag_router.hpp"

#include "seneschal/vision/tag.hpp"

namespace seneschal::firmware {

Routed TagRouter::route(std::string_view payload, std::string_view running_game) const {
  Routed routed;
  routed.label = std::string(payload);
  auto tag = vision::parse_tag(payload);
  if (!tag) {
    routed.reason = tag.error().message;
    routed.foreign = true;
    return routed;
  }
  if (tag->kind == vision::Tag::Kind::Control) {
    routed.label = tag->control;
    if (tag->control == "PASS") {
      routed.command = engine::Pass{};
    } else if (tag->control == "UNDO") {
      routed.command = engine::Undo{};
    } else if (tag->control == "REDO") {
      routed.command = engine::Redo{};
    } else {
      routed.reason = "the control tag " + tag->control + " does nothing yet";
    }
    return routed;
  }
  auto game = cards_->find(tag->game);
  if (game == cards_->end()) {
    routed.reason = "a tag for the game \"" + tag->game + "\", which this device has no card data for";
    return routed;
  }
  if (const engine::Card* card = game->second->find(tag->card)) routed.label = card->title;
  if (tag->game != running_game) {
    routed.reason = "a " + game->second->title() + " card, but " +
                    (running_game.empty() ? std::string("no game is running")
                                          : "this table is playing " + std::string(running_game));
    return routed;
  }
  routed.command = engine::PresentCard{tag->card, tag->copy};
  return routed;
}

}  // namespace seneschal::firmware
