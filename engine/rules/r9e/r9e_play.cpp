// Bringing a card into play and paying for it ("Paying Gold Costs", "Paying Food Costs",
// "Bring a Hero, Property, or Quest into Play", "Attach a Cohort, Item, or Spell", guardians in
// the Arcane Fire appendix), and completing quests.
#include <algorithm>

#include "r9e_flows.hpp"

namespace seneschal::engine::r9e {
namespace {

bool one_of(std::string_view type, std::initializer_list<std::string_view> types) {
  return std::find(types.begin(), types.end(), type) != types.end();
}

bool is_attachment(std::string_view type) { return one_of(type, {"cohort", "item", "spell"}); }

const char* kCompletedSuffix = " (completed quest token)";

// The rules a card brought into play breaks are gathered into `broken`, in the book's order, and
// raised as one check (Table::check_all), so the table reads every reason before it overrides.

// A card whose faction keywords the data states, checked against the seat's faction. The data
// states keywords only where a book prints them, often not the faction: a card without a known
// faction keyword is the players' to judge.
void check_faction(Table& table, int seat, const Card& card, std::vector<std::string>& broken) {
  const std::string& faction = table.books(seat).faction;
  bool has_faction_keyword = false;
  bool matches = false;
  for (const std::string& word : card.keywords) {
    if (!table.is_faction_keyword(word)) continue;
    has_faction_keyword = true;
    matches = matches || word == faction;
  }
  const std::string what = card.type == "hero" ? " shares no faction keyword with " + table.name(seat) + "'s " +
                                                     faction + " stronghold (Unaligned is a faction of its own)"
                                               : " has a faction keyword that is not " + faction;
  if (has_faction_keyword && !matches) broken.push_back(card.title + what);
}

// "Each given player can only have one copy of a given card with the Unique keyword in play at
// a time" (rules of play, line 450). No card data prints Unique: it is asked only when a second
// copy comes into play for the same seat, the one moment it matters.
void check_unique(Table& table, int seat, const Card& card, std::vector<std::string>& broken) {
  const auto& in_play = table.state.players[seat].in_play;
  const bool second = std::any_of(in_play.begin(), in_play.end(), [&](const CardInPlay& c) { return c.card == card.id; });
  if (!second) return;
  if (table.keyword(card.id, "Unique")) broken.push_back(card.title + " is Unique and " + table.name(seat) + " has one in play");
}

// "A quest cannot be brought into play if you have a copy of that quest (completed or
// uncompleted) already in play or in your buried pile. Additionally, you cannot bring a quest
// into play if you already have an incomplete quest in play" (line 803), in that order.
void check_quest(Table& table, int seat, const Card& card, std::vector<std::string>& broken) {
  const auto& quests = table.books(seat).quests;
  if (std::any_of(quests.begin(), quests.end(), [&](const QuestState& q) { return q.card == card.id; })) {
    broken.push_back(table.name(seat) + " already has " + card.title + " in play");
  }
  const auto& buried = table.data.seats[seat].buried;
  if (std::find(buried.begin(), buried.end(), card.id) != buried.end()) {
    broken.push_back(card.title + " is in " + table.name(seat) + "'s buried pile");
  }
  for (const QuestState& quest : quests) {
    if (quest.completed) continue;
    broken.push_back(table.name(seat) + " already has an incomplete quest in play (" + table.title(quest.card) +
                     "): one thing at a time");
    break;
  }
}

bool needs_wizard(std::string_view type) { return type == "guardian" || type == "spell"; }

// The heroes the rules allow to take the card: unbowed, and a Wizard for a spell or a guardian
// (one whose keyword is not known yet counts: it is asked when chosen).
std::vector<int> lawful_targets(const Table& table, const Payment& payment) {
  const bool wizard = needs_wizard(table.type(payment.card));
  std::vector<int> out;
  for (int uid : table.heroes(payment.seat, true)) {
    if (wizard && table.keyword_if_known(table.find(uid).card->card, "Wizard") == false) continue;
    out.push_back(uid);
  }
  return out;
}

// The heroes offered: every hero of the payer's, bowed or known to be no Wizard too, since a
// card may allow it; choosing one of those is a check (target_step).
std::vector<int> attach_targets(const Table& table, const Payment& payment) {
  return table.heroes(payment.seat, false);
}

// Every hero of the payer's not yet paying: a bowed one is a check ("bowed Questors cannot pay
// for a quest", line 801), a card may allow it.
std::vector<int> glory_candidates(const Table& table, const Payment& payment) {
  std::vector<int> out;
  for (int uid : table.heroes(payment.seat, false)) {
    if (std::find(payment.glory_from.begin(), payment.glory_from.end(), uid) == payment.glory_from.end()) {
      out.push_back(uid);
    }
  }
  return out;
}

std::vector<int> gold_sources(const Table& table, const Payment& payment) {
  std::vector<int> out;
  for (const CardInPlay& card : table.state.players[payment.seat].in_play) {
    if (!card.bowed && table.type(card.card) == "property" &&
        table.known(card.card, "gold_production").value_or(1) > 0) {
      out.push_back(card.uid);
    }
  }
  return out;
}

std::vector<int> castles_with_food(const Table& table, int seat) {
  std::vector<int> out;
  for (int index : table.live_castles(seat)) {
    if (table.books(seat).castles[index].food > 0) out.push_back(index);
  }
  return out;
}

std::string what_for(const Table& table, const Payment& payment) {
  return payment.purpose == Payment::Purpose::Mulligan ? std::string("the mulligan") : table.title(payment.card);
}

void check_item_keywords(Table& table, const Payment& payment, int hero, std::vector<std::string>& broken) {
  const Card& item = table.card(payment.card);
  if (item.type != "item") return;
  for (const std::string& word : item.keywords) {
    if (table.is_faction_keyword(word)) continue;
    for (int other : table.attached(hero)) {
      const std::string& other_id = table.find(other).card->card;
      // Only keywords the data prints: the rule needs the new item's keywords to begin with.
      const Card* other_card = table.cards.find(other_id);
      if (other_card && other_card->type == "item" && other_card->has_keyword(word)) {
        broken.push_back(table.label(hero) + " already carries an item with the keyword " + word);
        break;
      }
    }
  }
}

std::string finish(Table& table) {
  Payment payment = *table.data.payment;
  table.data.payment.reset();
  PlayerState& player = table.state.players[payment.seat];
  std::string paid;
  if (payment.gold_paid > 0) paid += std::to_string(payment.gold_paid) + " gold";
  for (const auto& [castle, tokens] : payment.food_from) {
    paid += (paid.empty() ? "" : ", ") + std::to_string(tokens) + " food from " + table.castle_label(payment.seat, castle);
  }
  const std::string suffix = paid.empty() ? "" : " (" + paid + ")";
  if (payment.purpose == Payment::Purpose::Mulligan) {
    table.log(player.name + " discards " + std::to_string(payment.food_paid) + " food for the mulligan" + suffix);
    return "mulligan_paid";
  }
  const Card& card = table.card(payment.card);
  if (card.type == "quest") {
    table.books(payment.seat).quests.push_back({card.id, false});
    const int reward = table.value(card.id, "renown_reward");
    player.score += reward;
    table.log(player.name + " plays the quest " + card.title + ": Renown " + std::to_string(player.score - reward) +
              " -> " + std::to_string(player.score) + suffix);
  } else {
    table.add_card(payment.seat, card.id, payment.copy, card.type == "property", payment.attach_to);
    std::string where;
    if (payment.attach_to != 0) where = " on " + table.label(payment.attach_to);
    if (const int bonus = card.type == "item" ? table.value(card.id, "strength_bonus") : 0; bonus != 0) {
      where += " (Strength " + std::string(bonus > 0 ? "+" : "") + std::to_string(bonus) + ")";
    }
    table.log(player.name + " brings " + card.title + " into play" + where + suffix +
              (card.type == "property" ? ", bowed" : ""));
  }
  end_action(table, payment.seat);
  return "card_played";
}

// Moves the payment on past every stage that needs no choice; finishes when all is paid.
std::string advance(Table& table) {
  Payment& payment = *table.data.payment;
  if (payment.stage == Payment::Stage::Target) {
    if (payment.attach_to != 0 || payment.summoner != 0) payment.stage = Payment::Stage::Glory;
    else return "payment_started";
  }
  if (payment.stage == Payment::Stage::Glory) {
    if (payment.glory_paid >= payment.glory_due) payment.stage = Payment::Stage::Gold;
    else return "payment_started";
  }
  if (payment.stage == Payment::Stage::Gold) {
    if (payment.gold_paid >= payment.gold_due) payment.stage = Payment::Stage::Food;
    else return "payment_started";
  }
  if (payment.food_paid >= payment.food_due) return finish(table);
  // One castle with food leaves nothing to choose.
  const std::vector<int> castles = castles_with_food(table, payment.seat);
  if (castles.size() == 1) {
    CastleState& castle = table.books(payment.seat).castles[castles[0]];
    const int take = std::min(castle.food, payment.food_due - payment.food_paid);
    castle.food -= take;
    payment.food_paid += take;
    payment.food_from.emplace_back(castles[0], take);
    if (payment.food_paid >= payment.food_due) return finish(table);
  }
  if (castles_with_food(table, payment.seat).empty()) return finish(table);  // short, and confirmed
  return "payment_started";
}

void refund(Table& table, const Payment& payment) {
  PlayerState& player = table.state.players[payment.seat];
  for (int uid : payment.bowed) {
    if (CardInPlay* card = player.find_uid(uid)) card->bowed = false;
  }
  if (payment.stronghold_bowed) table.data.seats[payment.seat].stronghold_bowed = false;
  for (const auto& [castle, tokens] : payment.food_from) table.books(payment.seat).castles[castle].food += tokens;
}

}  // namespace

std::string play_card(Table& table, const PresentCard& present, const std::string& also_broken) {
  const Card& card = table.card(present.card_id);
  const int seat = table.state.to_act;
  const std::string& phase = table.state.phase;
  if (card.type == "castle" || card.type == "stronghold") {
    table.refuse(std::string(card.type == "castle" ? "castles" : "strongholds") + " are placed at setup, not played");
  }
  if (card.type == "quest-token") table.refuse(card.title + " comes into play by completing its quest (MENU)");
  for (const PlayerState& player : table.state.players) {
    for (const CardInPlay& other : player.in_play) {
      if (other.card == card.id && other.copy == present.copy) {
        table.refuse(card.title + " #" + std::to_string(present.copy) + " is already in play for " + player.name);
      }
    }
  }
  if (card.type == "tactic") {
    table.log(table.name(seat) + " plays " + card.title);
    end_action(table, seat);
    return "tactic_played";
  }
  if (card.type == "token") {
    table.add_card(seat, card.id, present.copy, false);
    table.log(table.name(seat) + " puts the token " + card.title + " into play");
    end_action(table, seat);
    return "token_created";
  }
  std::vector<std::string> broken;
  if (card.type == "guardian") {
    if (phase != kSummer && phase != kAutumn) broken.push_back(card.title + " is summoned in Summer or Autumn; it is " + phase);
  } else if (phase != kSummer) {
    broken.push_back(card.title + " comes into play in Summer; it is " + phase);
  }
  if (card.type != "guardian") check_faction(table, seat, card, broken);
  check_unique(table, seat, card, broken);

  Payment payment;
  payment.purpose = Payment::Purpose::Play;
  payment.seat = seat;
  payment.card = card.id;
  payment.copy = present.copy;
  if (card.type == "quest") {
    check_quest(table, seat, card, broken);
    payment.glory_due = table.value(card.id, "glory_cost");
    table.value(card.id, "renown_reward");
    payment.stage = Payment::Stage::Glory;
  } else {
    payment.gold_due = table.value(card.id, "gold_cost");
    payment.food_due = table.value(card.id, "food_cost");
    // An item's Strength bonus is asked now, with its costs, while the card is in hand: engaging,
    // immunity and absorbing read it in the middle of a battle, where a question would stall the
    // engagement. Will and Glory bonuses are asked when a duel or a quest first reads them.
    if (card.type == "item") table.value(card.id, "strength_bonus");
    const bool needs_target = is_attachment(card.type) || card.type == "guardian";
    payment.stage = needs_target ? Payment::Stage::Target : Payment::Stage::Gold;
    if (needs_target && lawful_targets(table, payment).empty()) {
      broken.push_back(card.title + (card.type == "guardian" ? " needs an unbowed Wizard to summon it"
                                                             : " needs an unbowed hero of " + table.name(seat) +
                                                                   (card.type == "spell" ? " with the Wizard keyword" : "")));
    }
  }
  const int food = table.food_total(seat);
  if (food < payment.food_due) {
    broken.push_back(card.title + " costs " + std::to_string(payment.food_due) + " food; " + table.name(seat) + " has " +
                     std::to_string(food) + " on castles");
  }
  if (!also_broken.empty()) broken.push_back(also_broken);
  table.check_all(broken);
  table.data.payment = payment;
  const std::string outcome = advance(table);
  if (outcome == "payment_started") {
    // Not yet in play: "brings ... into play" is logged when the payment completes (finish).
    std::string cost;
    if (payment.glory_due > 0) cost = "Glory " + std::to_string(payment.glory_due);
    if (payment.gold_due > 0) cost += (cost.empty() ? "" : ", ") + std::to_string(payment.gold_due) + " gold";
    if (payment.food_due > 0) cost += (cost.empty() ? "" : ", ") + std::to_string(payment.food_due) + " food";
    table.log(table.name(seat) + (cost.empty() ? " starts playing " + card.title : " starts paying for " + card.title + ": " + cost));
  }
  return outcome;
}

std::string play_in_battle(Table& table, const PresentCard& present, const std::string& where) {
  const Card& card = table.card(present.card_id);
  return play_card(table, present, card.title + " is not a tactic: in a " + where + " only tactics and abilities are played");
}

void begin_mulligan_payment(Table& table, int seat) {
  Payment payment;
  payment.purpose = Payment::Purpose::Mulligan;
  payment.stage = Payment::Stage::Food;
  payment.seat = seat;
  payment.food_due = 2;
  table.data.payment = payment;
  advance(table);
}

namespace {
// "Done" on the Glory or the gold row: paying less than is due is a check (a card may allow it);
// what was paid is then what is due.
std::string stop_paying(Table& table, int paid, int& due, const std::string& what) {
  const Payment& payment = *table.data.payment;
  table.check(paid >= due, "only " + std::to_string(paid) + " of " + std::to_string(due) + " " + what + " paid");
  table.log(table.name(payment.seat) + " pays no more " + what + " (" + std::to_string(paid) + ")");
  due = paid;
  return advance(table);
}
}  // namespace

std::string payment_step(Table& table, const Command& command) {
  Payment& payment = *table.data.payment;
  const auto* choose = std::get_if<Choose>(&command);
  PlayerState& player = table.state.players[payment.seat];
  if ((choose && choose->label == kCancel) || std::holds_alternative<Pass>(command)) {
    if (payment.purpose == Payment::Purpose::Mulligan) table.refuse("the mulligan's food must be discarded; UNDO takes the mulligan back");
    const Payment cancelled = payment;
    refund(table, cancelled);
    table.data.payment.reset();
    const bool quest = table.type(cancelled.card) == "quest";
    table.log(player.name + (quest ? " discards the quest " : " does not play ") + table.title(cancelled.card));
    if (quest) end_action(table, cancelled.seat);  // "If you can't or don't, discard the quest immediately"
    return "play_cancelled";
  }
  if (!choose && !std::holds_alternative<Ok>(command)) table.refuse("pay for " + what_for(table, payment) + " first, or Cancel");
  const std::string label = choose ? choose->label : std::string(kDone);
  switch (payment.stage) {
    case Payment::Stage::Target: {
      // Any unbowed hero of the payer: one known not to be a Wizard is not offered, but named
      // anyway (or just told so) it is the check below, which the card may override.
      const int hero = table.uid_by_label(attach_targets(table, payment), label);
      if (hero == 0) table.refuse("no hero \"" + label + "\" of " + player.name + " to take " + table.title(payment.card));
      const std::string type = table.type(payment.card);
      // Every rule the choice breaks, in the book's order (lines 454, 456, 460; guardians: the
      // appendix's "bow a wizard to summon it").
      std::vector<std::string> broken;
      if (table.find(hero).card->bowed) {
        broken.push_back(label + " is bowed: " +
                         (type == "guardian" ? std::string("a Wizard bows to summon") : std::string("cards attach to an unbowed hero")));
      }
      if (needs_wizard(type) && !table.keyword(table.find(hero).card->card, "Wizard")) {
        broken.push_back(label + " has no Wizard keyword: only a Wizard " + (type == "spell" ? "takes a spell" : "summons a guardian"));
      }
      if (type != "guardian") check_item_keywords(table, payment, hero, broken);
      table.check_all(broken);
      if (type == "guardian") {
        // A Wizard bowed already (overridden) stays bowed when the payment is cancelled.
        if (!table.find(hero).card->bowed) payment.bowed.push_back(hero);
        table.find(hero).card->bowed = true;
        payment.summoner = hero;
        table.log(table.label(hero) + " bows to summon " + table.title(payment.card));
      } else {
        payment.attach_to = hero;
        table.log(table.title(payment.card) + " is to go on " + table.label(hero));
      }
      return advance(table);
    }
    case Payment::Stage::Glory: {
      if (label == kDone) {
        return stop_paying(table, payment.glory_paid, payment.glory_due, "Glory");
      }
      const int hero = table.uid_by_label(glory_candidates(table, payment), label);
      if (hero == 0) table.refuse("no hero \"" + label + "\" of " + player.name + " left to pay Glory");
      const bool was_bowed = table.find(hero).card->bowed;
      table.check(!was_bowed, label + " is bowed: bowed heroes cannot pay for a quest");
      const int glory = table.glory(hero);
      payment.glory_from.push_back(hero);
      payment.glory_paid += glory;
      // Questor matters only to an unbowed hero: a bowed one (overridden) is not asked about it.
      const bool questor = !was_bowed && table.keyword(table.find(hero).card->card, "Questor");
      if (!questor && !was_bowed) {
        table.find(hero).card->bowed = true;
        payment.bowed.push_back(hero);
      }
      table.log(table.label(hero) + " gives " + std::to_string(glory) + " Glory" +
                (was_bowed ? " (bowed already)" : questor ? " (a Questor: stays unbowed)" : " and bows"));
      return advance(table);
    }
    case Payment::Stage::Gold: {
      if (label == kDone) {
        return stop_paying(table, payment.gold_paid, payment.gold_due, "gold");
      }
      SeatBooks& books = table.data.seats[payment.seat];
      int gold = 0;
      if (!books.stronghold_bowed && !books.stronghold.empty() && label == table.title(books.stronghold)) {
        gold = table.value(books.stronghold, "gold_production");
        books.stronghold_bowed = true;
        payment.stronghold_bowed = true;
      } else {
        const int source = table.uid_by_label(gold_sources(table, payment), label);
        if (source == 0) table.refuse("no unbowed gold source \"" + label + "\"");
        gold = table.value(table.find(source).card->card, "gold_production");
        table.find(source).card->bowed = true;
        payment.bowed.push_back(source);
      }
      payment.gold_paid += gold;
      table.log(player.name + " bows " + label + " for " + std::to_string(gold) + " gold");
      return advance(table);
    }
    case Payment::Stage::Food: {
      const int castle = table.castle_by_label(payment.seat, label);
      if (castle < 0 || table.books(payment.seat).castles[castle].food == 0) table.refuse("no food on \"" + label + "\"");
      table.books(payment.seat).castles[castle].food -= 1;
      payment.food_paid += 1;
      table.log(player.name + " gives a food from " + label + " (" + std::to_string(payment.food_paid) + " of " +
                std::to_string(payment.food_due) + ")");
      auto it = std::find_if(payment.food_from.begin(), payment.food_from.end(),
                             [&](const auto& entry) { return entry.first == castle; });
      if (it == payment.food_from.end()) payment.food_from.emplace_back(castle, 1);
      else it->second += 1;
      return advance(table) == "payment_started" ? "food_paid" : "card_played";
    }
  }
  table.refuse("nothing to pay");
}

Prompt payment_prompt(const Table& table) {
  const Payment& payment = *table.data.payment;
  const std::string& name = table.name(payment.seat);
  const std::string what = what_for(table, payment);
  Prompt prompt;
  switch (payment.stage) {
    case Payment::Stage::Target:
      prompt.text = table.type(payment.card) == "guardian" ? name + ": bow which Wizard to summon " + what + "?"
                                                           : name + ": attach " + what + " to which hero?";
      set_options(prompt, labels_of(table, attach_targets(table, payment)));
      break;
    case Payment::Stage::Glory:
      prompt.text = name + ": " + what + " needs Glory " + std::to_string(payment.glory_due) + " (" +
                    std::to_string(payment.glory_paid) + " so far) - bow heroes (Questors stay unbowed)";
      set_options(prompt, labels_of(table, glory_candidates(table, payment)));
      offer(prompt, kDone);
      break;
    case Payment::Stage::Gold: {
      prompt.text = name + ": pay " + std::to_string(payment.gold_due) + " gold for " + what + " (" +
                    std::to_string(payment.gold_paid) + " so far) - bow your stronghold or a property";
      const SeatBooks& books = table.data.seats[payment.seat];
      if (!books.stronghold_bowed && !books.stronghold.empty()) offer(prompt, table.title(books.stronghold));
      for (const std::string& label : labels_of(table, gold_sources(table, payment))) offer(prompt, label);
      offer(prompt, kDone);
      break;
    }
    case Payment::Stage::Food: {
      prompt.text = name + ": pay food " + std::to_string(payment.food_paid + 1) + " of " +
                    std::to_string(payment.food_due) + " for " + what + " - from which castle?";
      // The fullest castle first under the highlight (the first on a tie): paying from it keeps
      // food on every castle longest, a castle's defence (issue [3/8]).
      const std::vector<int> castles = castles_with_food(table, payment.seat);
      const auto food = [&](int castle) { return table.books(payment.seat).castles[castle].food; };
      for (std::size_t i = 0; i < castles.size(); ++i) {
        if (prompt.likely < 0 || food(castles[i]) > food(castles[static_cast<std::size_t>(prompt.likely)])) {
          prompt.likely = static_cast<int>(i);
        }
        offer(prompt, table.castle_label(payment.seat, castles[i]));
      }
      break;
    }
  }
  if (payment.purpose != Payment::Purpose::Mulligan) {
    offer(prompt, kCancel);
    prompt.pass = "cancel";
  }
  return prompt;
}

std::vector<std::string> incomplete_quests(const Table& table, int seat) {
  std::vector<std::string> out;
  for (const QuestState& quest : table.books(seat).quests) {
    if (!quest.completed) out.push_back(table.title(quest.card));
  }
  return out;
}

std::string complete_quest(Table& table, const std::string& label) {
  // label: "<quest title> (<seat name>)"
  for (int seat = 0; seat < table.seats(); ++seat) {
    PlayerState& player = table.state.players[seat];
    for (QuestState& quest : table.books(seat).quests) {
      if (quest.completed || table.title(quest.card) + " (" + player.name + ")" != label) continue;
      int reward = 0;
      if (const Card* token = table.cards.find_by_title(table.title(quest.card) + kCompletedSuffix)) {
        reward = table.value(token->id, "renown_reward");
      }
      quest.completed = true;
      player.score += reward;
      table.log(player.name + " completes " + table.title(quest.card) + ": Renown " +
                std::to_string(player.score - reward) + " -> " + std::to_string(player.score));
      return "quest_completed";
    }
  }
  table.refuse("no incomplete quest \"" + label + "\"");
}

}  // namespace seneschal::engine::r9e
