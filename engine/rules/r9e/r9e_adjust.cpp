// The First Rule: card abilities are not modelled, so any number or bowed state can be changed
// by hand from the MENU; every change is logged with its old and new value.
#include "r9e_flows.hpp"

namespace seneschal::engine::r9e {
namespace {


struct Field {
  const char* label;
  const char* key;
};
constexpr Field kCardFields[] = {
    {"Strength this turn", "strength_turn"}, {"Strength marker", "strength_marker"}, {"Will this turn", "will_turn"},
    {"Will marker", "will_marker"},          {"Glory this turn", "glory_turn"},     {"Food carried", "food"},
};

std::vector<std::string> targets(const Table& table) {
  std::vector<std::string> out;
  for (int seat = 0; seat < table.seats(); ++seat) {
    const PlayerState& player = table.state.players[seat];
    out.push_back(kRenownPrefix + player.name);
    for (int castle : table.live_castles(seat)) {
      out.push_back(kFoodFieldPrefix + table.castle_label(seat, castle) + " (" + player.name + ")");
    }
    for (const CardInPlay& card : player.in_play) out.push_back(table.label(card.uid) + " (" + player.name + ")");
  }
  return out;
}

int* mod_field(Mods& mods, const std::string& key) {
  if (key == "strength_turn") return &mods.strength_turn;
  if (key == "strength_marker") return &mods.strength_marker;
  if (key == "will_turn") return &mods.will_turn;
  if (key == "will_marker") return &mods.will_marker;
  if (key == "glory_turn") return &mods.glory_turn;
  return nullptr;
}

// The value a player sees now for the adjusted field.
int current(const Table& table, const Adjust& adjust) {
  if (adjust.field == "renown") return table.state.players.at(std::stoi(adjust.target.substr(7))).score;
  if (adjust.target.rfind("castle:", 0) == 0) {
    const auto colon = adjust.target.find(':', 7);
    return table.books(std::stoi(adjust.target.substr(7, colon - 7))).castles.at(std::stoi(adjust.target.substr(colon + 1))).food;
  }
  const int uid = std::stoi(adjust.target.substr(5));
  if (adjust.field == "food") return table.find(uid).card->token(kFoodToken);
  if (adjust.field.rfind("strength", 0) == 0) return table.strength(uid);
  if (adjust.field.rfind("will", 0) == 0) return table.will(uid);
  return table.glory(uid);
}

std::string set_value(Table& table, int value) {
  Adjust adjust = *table.data.adjust;
  if (value < 0) table.refuse("no value goes below zero");
  const int before = current(table, adjust);
  std::string what;
  if (adjust.field == "renown") {
    PlayerState& player = table.state.players.at(std::stoi(adjust.target.substr(7)));
    player.score = value;
    what = player.name + "'s Renown";
  } else if (adjust.target.rfind("castle:", 0) == 0) {
    const auto colon = adjust.target.find(':', 7);
    const int seat = std::stoi(adjust.target.substr(7, colon - 7));
    const int index = std::stoi(adjust.target.substr(colon + 1));
    CastleState& castle = table.books(seat).castles.at(index);
    table.check(value <= castle.storage, table.castle_label(seat, index) + " stores at most " +
                                             std::to_string(castle.storage) + " food");
    castle.food = value;
    what = "food on " + table.castle_label(seat, index);
  } else {
    const int uid = std::stoi(adjust.target.substr(5));
    what = table.label(uid) + "'s " + adjust.field;
    if (adjust.field == "food") {
      table.find(uid).card->tokens[kFoodToken] = value;
    } else {
      // Asked as the value players see; kept as the change that makes it so.
      int* field = mod_field(table.data.mods[uid], adjust.field);
      *field += value - before;
    }
    for (char& c : what) c = c == '_' ? ' ' : c;
  }
  table.data.adjust.reset();
  table.log("Adjusted by hand: " + what + " " + std::to_string(before) + " -> " + std::to_string(value));
  if (adjust.target.rfind("card:", 0) == 0) table.bury_if_no_will(std::stoi(adjust.target.substr(5)));
  return "adjusted";
}

std::string pick_target(Table& table, const std::string& label) {
  Adjust& adjust = *table.data.adjust;
  table.log("Adjust by hand: " + label);  // a label that matches nothing is refused, unlogged
  for (int seat = 0; seat < table.seats(); ++seat) {
    const PlayerState& player = table.state.players[seat];
    if (label == kRenownPrefix + player.name) {
      adjust.target = "renown:" + std::to_string(seat);
      adjust.field = "renown";
      adjust.stage = Adjust::Stage::Value;
      return "adjust_target";
    }
    for (int castle : table.live_castles(seat)) {
      if (label == kFoodFieldPrefix + table.castle_label(seat, castle) + " (" + player.name + ")") {
        adjust.target = "castle:" + std::to_string(seat) + ":" + std::to_string(castle);
        adjust.field = "food";
        adjust.stage = Adjust::Stage::Value;
        return "adjust_target";
      }
    }
    for (const CardInPlay& card : player.in_play) {
      if (label == table.label(card.uid) + " (" + player.name + ")") {
        adjust.target = "card:" + std::to_string(card.uid);
        adjust.stage = Adjust::Stage::Field;
        return "adjust_target";
      }
    }
  }
  table.refuse("nothing called \"" + label + "\" to adjust");
}

std::string pick_field(Table& table, const std::string& label) {
  Adjust& adjust = *table.data.adjust;
  const int uid = std::stoi(adjust.target.substr(5));
  CardInPlay& card = *table.find(uid).card;
  if (label == kBow || label == kStraighten) {
    card.bowed = label == kBow;
    table.data.adjust.reset();
    table.log(std::string("Adjusted by hand: ") + (card.bowed ? "bowed " : "straightened ") + table.label(uid));
    return "adjusted";
  }
  if (label == kBury || label == kDiscardCard) {
    table.data.adjust.reset();
    table.remove(uid, label == kBury);
    return "adjusted";
  }
  for (const Field& field : kCardFields) {
    if (label != field.label) continue;
    adjust.field = field.key;
    adjust.stage = Adjust::Stage::Value;
    // Asks for the printed value now, before a number is typed.
    table.log("Adjust by hand: " + table.label(uid) + "'s " + field.label + ", now " +
              std::to_string(current(table, adjust)));
    return "adjust_field";
  }
  table.refuse("no field \"" + label + "\" to adjust");
}

}  // namespace

void begin_adjust(Table& table) {
  table.data.adjust = Adjust{};
  table.log("Adjust by hand: the table picks what to change");
}

std::string adjust_step(Table& table, const Command& command) {
  const auto* choose = std::get_if<Choose>(&command);
  if ((choose && choose->label == kCancel) || std::holds_alternative<Pass>(command)) {
    table.data.adjust.reset();
    table.log("Adjust by hand: cancelled, nothing changed");
    return "adjust_cancelled";
  }
  Adjust& adjust = *table.data.adjust;
  if (adjust.stage == Adjust::Stage::Value) {
    const auto* number = std::get_if<SetNumber>(&command);
    if (!number) table.refuse("enter the new value (a number), or PASS to cancel");
    return set_value(table, number->value);
  }
  if (!choose) table.refuse("choose what to adjust, or PASS to cancel");
  return adjust.stage == Adjust::Stage::Target ? pick_target(table, choose->label) : pick_field(table, choose->label);
}

Prompt adjust_prompt(const Table& table) {
  const Adjust& adjust = *table.data.adjust;
  Prompt prompt;
  prompt.pass = "cancel";
  if (adjust.stage == Adjust::Stage::Target) {
    prompt.text = "Adjust by hand: what?";
    set_options(prompt, targets(table));
  } else if (adjust.stage == Adjust::Stage::Field) {
    const int uid = std::stoi(adjust.target.substr(5));
    const CardInPlay& card = *table.find(uid).card;
    prompt.text = "Adjust " + table.label(uid) + ": what?";
    offer(prompt, card.bowed ? kStraighten : kBow);
    if (table.is_hero(uid) || table.type(card.card) == "cohort") {
      for (const Field& field : kCardFields) offer(prompt, field.label);
    }
    offer(prompt, kBury);
    offer(prompt, kDiscardCard);
  } else {
    prompt.text = "Adjust by hand: enter the new value (now " + std::to_string(current(table, adjust)) + ")";
    prompt.wants_number = true;
  }
  offer(prompt, kCancel);
  return prompt;
}

}  // namespace seneschal::engine::r9e
