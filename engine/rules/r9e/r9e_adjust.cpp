// The First Rule: card abilities are not modelled, so any number or bowed state can be changed
// by hand from the MENU; every change is logged with its old and new value.
#include "r9e_flows.hpp"

namespace seneschal::engine::r9e {
namespace {


struct Field {
  const char* label;
  const char* key;
  const char* words;  // in the log's "Hektor's strength turn 3 -> 4"
};
constexpr Field kCardFields[] = {
    {N_("Strength this turn"), "strength_turn", N_("strength turn")},
    {N_("Strength marker"), "strength_marker", N_("strength marker")},
    {N_("Will this turn"), "will_turn", N_("will turn")},
    {N_("Will marker"), "will_marker", N_("will marker")},
    {N_("Glory this turn"), "glory_turn", N_("glory turn")},
    {N_("Food carried"), "food", N_("food")},
};

// The label a player sees for a seat's renown and for a castle's food (English: their ids' prefixes).
Words renown_target(const std::string& name) { return say("Renown: {0}", name); }
Words food_target(const std::string& castle, const std::string& name) { return say("Food: {0} ({1})", castle, name); }

std::vector<Words> targets(const Table& table) {
  std::vector<Words> out;
  for (int seat = 0; seat < table.seats(); ++seat) {
    const PlayerState& player = table.state.players[seat];
    out.push_back(renown_target(player.name));
    for (int castle : table.live_castles(seat)) out.push_back(food_target(table.castle_label(seat, castle), player.name));
    for (const CardInPlay& card : player.in_play) out.push_back(as_is(table.label(card.uid) + " (" + player.name + ")"));
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
  if (value < 0) table.refuse(tr("no value goes below zero"));
  const int before = current(table, adjust);
  std::string what;
  if (adjust.field == "renown") {
    PlayerState& player = table.state.players.at(std::stoi(adjust.target.substr(7)));
    player.score = value;
    what = trf("{0}'s Renown", player.name);
  } else if (adjust.target.rfind("castle:", 0) == 0) {
    const auto colon = adjust.target.find(':', 7);
    const int seat = std::stoi(adjust.target.substr(7, colon - 7));
    const int index = std::stoi(adjust.target.substr(colon + 1));
    CastleState& castle = table.books(seat).castles.at(index);
    table.check(value <= castle.storage, trn("{0} stores at most {1} food", "{0} stores at most {1} food",
                                             castle.storage, table.castle_label(seat, index), castle.storage));
    castle.food = value;
    what = trf("food on {0}", table.castle_label(seat, index));
  } else {
    const int uid = std::stoi(adjust.target.substr(5));
    const char* field_words = "";
    for (const Field& field : kCardFields) {
      if (adjust.field == field.key) field_words = field.words;
    }
    // TRANSLATORS: {1} is one of: strength turn, strength marker, will turn, will marker, glory turn, food
    what = trf("{0}'s {1}", table.label(uid), tr(field_words));
    if (adjust.field == "food") {
      table.find(uid).card->tokens[kFoodToken] = value;
    } else {
      // Asked as the value players see; kept as the change that makes it so.
      int* field = mod_field(table.data.mods[uid], adjust.field);
      *field += value - before;
    }
  }
  table.data.adjust.reset();
  table.log(trf("Adjusted by hand: {0} {1} -> {2}", what, before, value));
  if (adjust.target.rfind("card:", 0) == 0) table.bury_if_no_will(std::stoi(adjust.target.substr(5)));
  return "adjusted";
}

std::string pick_target(Table& table, const std::string& label) {
  Adjust& adjust = *table.data.adjust;
  // A label that matches nothing is refused, unlogged.
  for (int seat = 0; seat < table.seats(); ++seat) {
    const PlayerState& player = table.state.players[seat];
    if (const Words target = renown_target(player.name); label == target.en) {
      table.log(trf("Adjust by hand: {0}", target));
      adjust.target = "renown:" + std::to_string(seat);
      adjust.field = "renown";
      adjust.stage = Adjust::Stage::Value;
      return "adjust_target";
    }
    for (int castle : table.live_castles(seat)) {
      if (const Words target = food_target(table.castle_label(seat, castle), player.name); label == target.en) {
        table.log(trf("Adjust by hand: {0}", target));
        adjust.target = "castle:" + std::to_string(seat) + ":" + std::to_string(castle);
        adjust.field = "food";
        adjust.stage = Adjust::Stage::Value;
        return "adjust_target";
      }
    }
    for (const CardInPlay& card : player.in_play) {
      if (label == table.label(card.uid) + " (" + player.name + ")") {
        table.log(trf("Adjust by hand: {0}", label));
        adjust.target = "card:" + std::to_string(card.uid);
        adjust.stage = Adjust::Stage::Field;
        return "adjust_target";
      }
    }
  }
  table.refuse(trf("nothing called \"{0}\" to adjust", label));
}

std::string pick_field(Table& table, const std::string& label) {
  Adjust& adjust = *table.data.adjust;
  const int uid = std::stoi(adjust.target.substr(5));
  CardInPlay& card = *table.find(uid).card;
  if (label == kBow || label == kStraighten) {
    card.bowed = label == kBow;
    table.data.adjust.reset();
    table.log(card.bowed ? trf("Adjusted by hand: bowed {0}", table.label(uid))
                         : trf("Adjusted by hand: straightened {0}", table.label(uid)));
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
    table.log(trf("Adjust by hand: {0}'s {1}, now {2}", table.label(uid), tr(field.label), current(table, adjust)));
    return "adjust_field";
  }
  table.refuse(trf("no field \"{0}\" to adjust", label));
}

}  // namespace

void begin_adjust(Table& table) {
  table.data.adjust = Adjust{};
  table.log(tr("Adjust by hand: the table picks what to change"));
}

std::string adjust_step(Table& table, const Command& command) {
  const auto* choose = std::get_if<Choose>(&command);
  if ((choose && choose->label == kCancel) || std::holds_alternative<Pass>(command)) {
    table.data.adjust.reset();
    table.log(tr("Adjust by hand: cancelled, nothing changed"));
    return "adjust_cancelled";
  }
  Adjust& adjust = *table.data.adjust;
  if (adjust.stage == Adjust::Stage::Value) {
    const auto* number = std::get_if<SetNumber>(&command);
    if (!number) table.refuse(tr("enter the new value (a number), or PASS to cancel"));
    return set_value(table, number->value);
  }
  if (!choose) table.refuse(tr("choose what to adjust, or PASS to cancel"));
  return adjust.stage == Adjust::Stage::Target ? pick_target(table, choose->label) : pick_field(table, choose->label);
}

Prompt adjust_prompt(const Table& table) {
  const Adjust& adjust = *table.data.adjust;
  Prompt prompt;
  prompt.pass = tr("cancel");
  if (adjust.stage == Adjust::Stage::Target) {
    prompt.text = tr("Adjust by hand: what?");
    set_options(prompt, targets(table));
  } else if (adjust.stage == Adjust::Stage::Field) {
    const int uid = std::stoi(adjust.target.substr(5));
    const CardInPlay& card = *table.find(uid).card;
    prompt.text = trf("Adjust {0}: what?", table.label(uid));
    offer(prompt, card.bowed ? kStraighten : kBow);
    if (table.is_hero(uid) || table.type(card.card) == "cohort") {
      for (const Field& field : kCardFields) offer(prompt, field.label);
    }
    offer(prompt, kBury);
    offer(prompt, kDiscardCard);
  } else {
    prompt.text = trf("Adjust by hand: enter the new value (now {0})", current(table, adjust));
    prompt.wants_number = true;
  }
  offer(prompt, kCancel);
  return prompt;
}

}  // namespace seneschal::engine::r9e
