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
  if (!has_faction_keyword || matches) return;
  broken.push_back(card.type == "hero" ? trf("{0} shares no faction keyword with {1}'s {2} stronghold (Unaligned is a "
                                             "faction of its own)",
                                             card.title, table.name(seat), faction)
                                       : trf("{0} has a faction keyword that is not {1}", card.title, faction));
}

// "Each given player can only have one copy of a given card with the Unique keyword in play at
// a time" (rules of play, line 450). No card data prints Unique: it is asked only when a second
// copy comes into play for the same seat, the one moment it matters.
void check_unique(Table& table, int seat, const Card& card, std::vector<std::string>& broken) {
  const auto& in_play = table.state.players[seat].in_play;
  const bool second = std::any_of(in_play.begin(), in_play.end(), [&](const CardInPlay& c) { return c.card == card.id; });
  if (!second) return;
  if (table.keyword(card.id, "Unique")) broken.push_back(trf("{0} is Unique and {1} has one in play", card.title, table.name(seat)));
}

// "A quest cannot be brought into play if you have a copy of that quest (completed or
// uncompleted) already in play or in your buried pile. Additionally, you cannot bring a quest
// into play if you already have an incomplete quest in play" (line 803), in that order.
void check_quest(Table& table, int seat, const Card& card, std::vector<std::string>& broken) {
  const auto& quests = table.books(seat).quests;
  if (std::any_of(quests.begin(), quests.end(), [&](const QuestState& q) { return q.card == card.id; })) {
    broken.push_back(trf("{0} already has {1} in play", table.name(seat), card.title));
  }
  const auto& buried = table.data.seats[seat].buried;
  if (std::find(buried.begin(), buried.end(), card.id) != buried.end()) {
    broken.push_back(trf("{0} is in {1}'s buried pile", card.title, table.name(seat)));
  }
  for (const QuestState& quest : quests) {
    if (quest.completed) continue;
    broken.push_back(trf("{0} already has an incomplete quest in play ({1}): one thing at a time", table.name(seat),
                         table.title(quest.card)));
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
  return payment.purpose == Payment::Purpose::Mulligan ? std::string(tr("the mulligan")) : table.title(payment.card);
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
        broken.push_back(trf("{0} already carries an item with the keyword {1}", table.label(hero), word));
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
  if (payment.gold_paid > 0) paid += trn("{0} gold", "{0} gold", payment.gold_paid, payment.gold_paid);
  for (const auto& [castle, tokens] : payment.food_from) {
    paid += (paid.empty() ? "" : ", ") +
            trn("{0} food from {1}", "{0} food from {1}", tokens, tokens, table.castle_label(payment.seat, castle));
  }
  const std::string suffix = paid.empty() ? "" : " (" + paid + ")";
  if (payment.purpose == Payment::Purpose::Mulligan) {
    table.log(trn("{0} discards {1} food for the mulligan", "{0} discards {1} food for the mulligan", payment.food_paid,
                  player.name, payment.food_paid) +
              suffix);
    return "mulligan_paid";
  }
  const Card& card = table.card(payment.card);
  if (card.type == "quest") {
    table.books(payment.seat).quests.push_back({card.id, false});
    const int reward = table.value(card.id, "renown_reward");
    player.score += reward;
    table.log(trf("{0} plays the quest {1}: Renown {2} -> {3}", player.name, card.title, player.score - reward,
                  player.score) +
              suffix);
  } else {
    table.add_card(payment.seat, card.id, payment.copy, card.type == "property", payment.attach_to);
    std::string line = payment.attach_to != 0 ? trf("{0} brings {1} into play on {2}", player.name, card.title,
                                                     table.label(payment.attach_to))
                                               : trf("{0} brings {1} into play", player.name, card.title);
    if (const int bonus = card.type == "item" ? table.value(card.id, "strength_bonus") : 0; bonus != 0) {
      // TRANSLATORS: an item's Strength bonus: "Hektor's Sword (Strength +2)"
      line = trf("{0} (Strength {1})", line, (bonus > 0 ? "+" : "") + std::to_string(bonus));
    }
    line += suffix;
    table.log(card.type == "property" ? trf("{0}, bowed", line) : line);
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
    table.refuse(card.type == "castle" ? tr("castles are placed at setup, not played")
                                       : tr("strongholds are placed at setup, not played"));
  }
  if (card.type == "quest-token") table.refuse(trf("{0} comes into play by completing its quest (MENU)", card.title));
  for (const PlayerState& player : table.state.players) {
    for (const CardInPlay& other : player.in_play) {
      if (other.card == card.id && other.copy == present.copy) {
        table.refuse(trf("{0} #{1} is already in play for {2}", card.title, present.copy, player.name));
      }
    }
  }
  if (card.type == "tactic") {
    table.log(trf("{0} plays {1}", table.name(seat), card.title));
    end_action(table, seat);
    return "tactic_played";
  }
  if (card.type == "token") {
    table.add_card(seat, card.id, present.copy, false);
    table.log(trf("{0} puts the token {1} into play", table.name(seat), card.title));
    end_action(table, seat);
    return "token_created";
  }
  std::vector<std::string> broken;
  if (card.type == "guardian") {
    if (phase != kSummer && phase != kAutumn) {
      broken.push_back(trf("{0} is summoned in Summer or Autumn; it is {1}", card.title, tr(phase)));
    }
  } else if (phase != kSummer) {
    broken.push_back(trf("{0} comes into play in Summer; it is {1}", card.title, tr(phase)));
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
      broken.push_back(card.type == "guardian" ? trf("{0} needs an unbowed Wizard to summon it", card.title)
                       : card.type == "spell"
                           ? trf("{0} needs an unbowed hero of {1} with the Wizard keyword", card.title, table.name(seat))
                           : trf("{0} needs an unbowed hero of {1}", card.title, table.name(seat)));
    }
  }
  const int food = table.food_total(seat);
  if (food < payment.food_due) {
    broken.push_back(trn("{0} costs {1} food; {2} has {3} on castles", "{0} costs {1} food; {2} has {3} on castles",
                         payment.food_due, card.title, payment.food_due, table.name(seat), food));
  }
  if (!also_broken.empty()) broken.push_back(also_broken);
  table.check_all(broken);
  table.data.payment = payment;
  const std::string outcome = advance(table);
  if (outcome == "payment_started") {
    // Not yet in play: "brings ... into play" is logged when the payment completes (finish).
    std::string cost;
    if (payment.glory_due > 0) cost = trf("Glory {0}", payment.glory_due);
    if (payment.gold_due > 0) cost += (cost.empty() ? "" : ", ") + trn("{0} gold", "{0} gold", payment.gold_due, payment.gold_due);
    if (payment.food_due > 0) cost += (cost.empty() ? "" : ", ") + trn("{0} food", "{0} food", payment.food_due, payment.food_due);
    table.log(cost.empty() ? trf("{0} starts playing {1}", table.name(seat), card.title)
                           : trf("{0} starts paying for {1}: {2}", table.name(seat), card.title, cost));
  }
  return outcome;
}

std::string play_in_battle(Table& table, const PresentCard& present, const std::string& where) {
  const Card& card = table.card(present.card_id);
  return play_card(table, present,
                   where == "raid" ? trf("{0} is not a tactic: in a raid only tactics and abilities are played", card.title)
                                   : trf("{0} is not a tactic: in a battle only tactics and abilities are played", card.title));
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
// `short_of`: "only {0} of {1} Glory paid"; `no_more`: "{0} pays no more Glory ({1})".
std::string stop_paying(Table& table, int paid, int& due, const char* short_of, const char* no_more) {
  const Payment& payment = *table.data.payment;
  table.check(paid >= due, trf(short_of, paid, due));
  table.log(trf(no_more, table.name(payment.seat), paid));
  due = paid;
  return advance(table);
}
}  // namespace

std::string payment_step(Table& table, const Command& command) {
  Payment& payment = *table.data.payment;
  const auto* choose = std::get_if<Choose>(&command);
  PlayerState& player = table.state.players[payment.seat];
  if ((choose && choose->label == kCancel) || std::holds_alternative<Pass>(command)) {
    if (payment.purpose == Payment::Purpose::Mulligan) {
      table.refuse(tr("the mulligan's food must be discarded; UNDO takes the mulligan back"));
    }
    const Payment cancelled = payment;
    refund(table, cancelled);
    table.data.payment.reset();
    const bool quest = table.type(cancelled.card) == "quest";
    table.log(quest ? trf("{0} discards the quest {1}", player.name, table.title(cancelled.card))
                    : trf("{0} does not play {1}", player.name, table.title(cancelled.card)));
    if (quest) end_action(table, cancelled.seat);  // "If you can't or don't, discard the quest immediately"
    return "play_cancelled";
  }
  if (!choose && !std::holds_alternative<Ok>(command)) table.refuse(trf("pay for {0} first, or Cancel", what_for(table, payment)));
  const std::string label = choose ? choose->label : std::string(kDone);
  switch (payment.stage) {
    case Payment::Stage::Target: {
      // Any unbowed hero of the payer: one known not to be a Wizard is not offered, but named
      // anyway (or just told so) it is the check below, which the card may override.
      const int hero = table.uid_by_label(attach_targets(table, payment), label);
      if (hero == 0) {
        table.refuse(trf("no hero \"{0}\" of {1} to take {2}", label, player.name, table.title(payment.card)));
      }
      const std::string type = table.type(payment.card);
      // Every rule the choice breaks, in the book's order (lines 454, 456, 460; guardians: the
      // appendix's "bow a wizard to summon it").
      std::vector<std::string> broken;
      if (table.find(hero).card->bowed) {
        broken.push_back(type == "guardian" ? trf("{0} is bowed: a Wizard bows to summon", label)
                                            : trf("{0} is bowed: cards attach to an unbowed hero", label));
      }
      if (needs_wizard(type) && !table.keyword(table.find(hero).card->card, "Wizard")) {
        broken.push_back(type == "spell" ? trf("{0} has no Wizard keyword: only a Wizard takes a spell", label)
                                         : trf("{0} has no Wizard keyword: only a Wizard summons a guardian", label));
      }
      if (type != "guardian") check_item_keywords(table, payment, hero, broken);
      table.check_all(broken);
      if (type == "guardian") {
        // A Wizard bowed already (overridden) stays bowed when the payment is cancelled.
        if (!table.find(hero).card->bowed) payment.bowed.push_back(hero);
        table.find(hero).card->bowed = true;
        payment.summoner = hero;
        table.log(trf("{0} bows to summon {1}", table.label(hero), table.title(payment.card)));
      } else {
        payment.attach_to = hero;
        table.log(trf("{0} is to go on {1}", table.title(payment.card), table.label(hero)));
      }
      return advance(table);
    }
    case Payment::Stage::Glory: {
      if (label == kDone) {
        return stop_paying(table, payment.glory_paid, payment.glory_due, N_("only {0} of {1} Glory paid"),
                           N_("{0} pays no more Glory ({1})"));
      }
      const int hero = table.uid_by_label(glory_candidates(table, payment), label);
      if (hero == 0) table.refuse(trf("no hero \"{0}\" of {1} left to pay Glory", label, player.name));
      const bool was_bowed = table.find(hero).card->bowed;
      table.check(!was_bowed, trf("{0} is bowed: bowed heroes cannot pay for a quest", label));
      const int glory = table.glory(hero);
      payment.glory_from.push_back(hero);
      payment.glory_paid += glory;
      // Questor matters only to an unbowed hero: a bowed one (overridden) is not asked about it.
      const bool questor = !was_bowed && table.keyword(table.find(hero).card->card, "Questor");
      if (!questor && !was_bowed) {
        table.find(hero).card->bowed = true;
        payment.bowed.push_back(hero);
      }
      table.log(was_bowed ? trf("{0} gives {1} Glory (bowed already)", table.label(hero), glory)
                : questor ? trf("{0} gives {1} Glory (a Questor: stays unbowed)", table.label(hero), glory)
                          : trf("{0} gives {1} Glory and bows", table.label(hero), glory));
      return advance(table);
    }
    case Payment::Stage::Gold: {
      if (label == kDone) {
        return stop_paying(table, payment.gold_paid, payment.gold_due, N_("only {0} of {1} gold paid"),
                           N_("{0} pays no more gold ({1})"));
      }
      SeatBooks& books = table.data.seats[payment.seat];
      int gold = 0;
      if (!books.stronghold_bowed && !books.stronghold.empty() && label == table.title(books.stronghold)) {
        gold = table.value(books.stronghold, "gold_production");
        books.stronghold_bowed = true;
        payment.stronghold_bowed = true;
      } else {
        const int source = table.uid_by_label(gold_sources(table, payment), label);
        if (source == 0) table.refuse(trf("no unbowed gold source \"{0}\"", label));
        gold = table.value(table.find(source).card->card, "gold_production");
        table.find(source).card->bowed = true;
        payment.bowed.push_back(source);
      }
      payment.gold_paid += gold;
      table.log(trn("{0} bows {1} for {2} gold", "{0} bows {1} for {2} gold", gold, player.name, label, gold));
      return advance(table);
    }
    case Payment::Stage::Food: {
      const int castle = table.castle_by_label(payment.seat, label);
      if (castle < 0 || table.books(payment.seat).castles[castle].food == 0) table.refuse(trf("no food on \"{0}\"", label));
      table.books(payment.seat).castles[castle].food -= 1;
      payment.food_paid += 1;
      table.log(trf("{0} gives a food from {1} ({2} of {3})", player.name, label, payment.food_paid, payment.food_due));
      auto it = std::find_if(payment.food_from.begin(), payment.food_from.end(),
                             [&](const auto& entry) { return entry.first == castle; });
      if (it == payment.food_from.end()) payment.food_from.emplace_back(castle, 1);
      else it->second += 1;
      return advance(table) == "payment_started" ? "food_paid" : "card_played";
    }
  }
  table.refuse(tr("nothing to pay"));
}

Prompt payment_prompt(const Table& table) {
  const Payment& payment = *table.data.payment;
  const std::string& name = table.name(payment.seat);
  const std::string what = what_for(table, payment);
  Prompt prompt;
  switch (payment.stage) {
    case Payment::Stage::Target:
      prompt.text = table.type(payment.card) == "guardian" ? trf("{0}: bow which Wizard to summon {1}?", name, what)
                                                           : trf("{0}: attach {1} to which hero?", name, what);
      set_options(prompt, labels_of(table, attach_targets(table, payment)));
      break;
    case Payment::Stage::Glory:
      prompt.text = trf("{0}: {1} needs Glory {2} ({3} so far) - bow heroes (Questors stay unbowed)", name, what,
                        payment.glory_due, payment.glory_paid);
      set_options(prompt, labels_of(table, glory_candidates(table, payment)));
      offer(prompt, kDone);
      break;
    case Payment::Stage::Gold: {
      prompt.text = trn("{0}: pay {1} gold for {2} ({3} so far) - bow your stronghold or a property",
                        "{0}: pay {1} gold for {2} ({3} so far) - bow your stronghold or a property", payment.gold_due,
                        name, payment.gold_due, what, payment.gold_paid);
      const SeatBooks& books = table.data.seats[payment.seat];
      if (!books.stronghold_bowed && !books.stronghold.empty()) offer(prompt, table.title(books.stronghold));
      for (const std::string& label : labels_of(table, gold_sources(table, payment))) offer(prompt, label);
      offer(prompt, kDone);
      break;
    }
    case Payment::Stage::Food: {
      prompt.text = trf("{0}: pay food {1} of {2} for {3} - from which castle?", name, payment.food_paid + 1,
                        payment.food_due, what);
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
    prompt.pass = tr("cancel");
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
      table.log(trf("{0} completes {1}: Renown {2} -> {3}", player.name, table.title(quest.card), player.score - reward,
                    player.score));
      return "quest_completed";
    }
  }
  table.refuse(trf("no incomplete quest \"{0}\"", label));
}

}  // namespace seneschal::engine::r9e
