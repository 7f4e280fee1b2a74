#include "r9e_module.hpp"

#include "deck_check.hpp"

#include <algorithm>

namespace seneschal::engine::r9e {
namespace {

constexpr const char* kSpring = "Spring";
constexpr const char* kSummer = "Summer";
constexpr const char* kAutumn = "Autumn";
constexpr const char* kWinter = "Winter";

// The card types of assets/cards/r9e.json that this module acts on.
constexpr std::string_view kCastle = "castle";
constexpr std::string_view kStronghold = "stronghold";
constexpr std::string_view kProperty = "property";
constexpr std::string_view kQuest = "quest";
constexpr std::string_view kTactic = "tactic";

bool enters_in_summer(std::string_view type) {
  for (std::string_view t : {"hero", "property", "quest", "cohort", "item", "spell", "guardian"}) {
    if (t == type) return true;
  }
  return false;
}

int next_seat(const TableState& state, int seat) {
  const int n = static_cast<int>(state.players.size());
  for (int step = 1; step <= n; ++step) {
    const int candidate = (seat + step) % n;
    if (!state.players[candidate].eliminated) return candidate;
  }
  return seat;
}

int active_seats(const TableState& state) {
  return static_cast<int>(std::count_if(state.players.begin(), state.players.end(),
                                        [](const PlayerState& p) { return !p.eliminated; }));
}

const PlayerState* holder_of(const TableState& state, const std::string& card, int copy) {
  for (const PlayerState& player : state.players) {
    for (const CardInPlay& c : player.in_play) {
      if (c.card == card && c.copy == copy) return &player;
    }
  }
  return nullptr;
}

class Module final : public GameModule {
 public:
  explicit Module(std::shared_ptr<const CardDatabase> cards) : GameModule(std::move(cards)) {}

  std::string_view id() const override { return "r9e"; }

  void start(TableState& state, const Event& started) const override {
    state.game = "r9e";
    for (const auto& name : started.data.at("seats")) {
      PlayerState player;
      player.name = name.get<std::string>();
      state.players.push_back(std::move(player));
    }
    state.turn = 1;
    state.ordained = 0;
    state.to_act = 0;
    // Turn 1's Spring has nothing bowed to straighten, so the game opens in Summer.
    state.phase = kSummer;
    state.log.push_back({started.seq, "Turn 1 - Summer: " + state.players[0].name + " is the Ordained and acts first"});
  }

  Result<std::vector<EventDraft>> decide(const TableState& state, const Command& command) const override {
    if (const auto* present = std::get_if<PresentCard>(&command)) return decide_card(state, *present);
    if (std::holds_alternative<Pass>(command)) {
      return std::vector<EventDraft>{{"passed", {{"seat", state.to_act}}}};
    }
    return fail("R9E does not take that command here");
  }

  void apply(TableState& state, const Event& event) const override {
    const int seat = event.data.value("seat", state.to_act);
    PlayerState& player = state.players.at(seat);
    if (event.type == "card_played") {
      const std::string id = event.data.at("card");
      const int copy = event.data.value("copy", 1);
      const Card* card = cards().find(id);
      const std::string type = card ? card->type : std::string();
      const std::string title = card ? card->title : id;
      if (type == kQuest) {
        player.quests.push_back({id, false});
        player.renown += card->stat("renown_reward").value_or(0);
        state.log.push_back({event.seq, player.name + " plays the quest " + title});
      } else if (type == kTactic) {
        state.log.push_back({event.seq, player.name + " plays " + title});
      } else {
        // Properties enter play bowed; everything else enters unbowed (rules, "Properties").
        player.in_play.push_back({id, copy, type == kProperty});
        state.log.push_back({event.seq, player.name + " brings " + title + " into play"});
      }
      state.passes_in_a_row = 0;
      state.to_act = next_seat(state, seat);
    } else if (event.type == "passed") {
      state.log.push_back({event.seq, player.name + " passes"});
      ++state.passes_in_a_row;
      state.to_act = next_seat(state, seat);
      if (state.passes_in_a_row >= active_seats(state)) end_phase(state, event.seq);
    }
  }

  Result<DeckReport> check_deck(const DeckList& deck) const override { return r9e::check_deck(deck); }

  std::string prompt(const TableState& state) const override {
    if (state.players.empty()) return "";
    const std::string& name = state.players[state.to_act].name;
    if (state.phase == kSummer) return name + ": bring a card into play, or pass";
    if (state.phase == kAutumn) return name + ": raid, or pass";
    if (state.phase == kWinter) return name + ": Winter - pass when your Winter steps are done";
    return name + " to act";
  }

 private:
  Result<std::vector<EventDraft>> decide_card(const TableState& state, const PresentCard& present) const {
    const Card* card = cards().find(present.card_id);
    if (!card) return fail("no card " + present.card_id + " in the " + cards().title() + " card data");
    if (card->type == kCastle || card->type == kStronghold) {
      return fail(std::string(card->type == kCastle ? "castles" : "strongholds") + " are placed at setup, not played");
    }
    if (card->type == kTactic) {
      if (state.phase == kWinter) return fail("tactics are played in Summer and Autumn, not in Winter");
    } else if (!enters_in_summer(card->type)) {
      return fail(card->title + " (" + card->type + ") is not played on its own");
    } else if (state.phase != kSummer) {
      return fail(card->title + " comes into play in Summer; it is " + state.phase);
    }
    if (card->type != kTactic) {
      if (const PlayerState* holder = holder_of(state, card->id, present.copy)) {
        return fail(card->title + " #" + std::to_string(present.copy) + " is already in play for " + holder->name);
      }
    }
    return std::vector<EventDraft>{
        {"card_played", {{"seat", state.to_act}, {"card", card->id}, {"copy", present.copy}}}};
  }

  static void end_phase(TableState& state, std::int64_t seq) {
    state.passes_in_a_row = 0;
    if (state.phase == kSummer) {
      state.phase = kAutumn;
    } else if (state.phase == kAutumn) {
      state.phase = kWinter;
    } else {
      state.ordained = next_seat(state, state.ordained);
      ++state.turn;
      state.phase = kSpring;
      std::string straightened;
      for (PlayerState& player : state.players) {
        for (CardInPlay& card : player.in_play) {
          if (!card.bowed) continue;
          card.bowed = false;
          straightened += (straightened.empty() ? "" : ", ") + card.card;
        }
      }
      state.log.push_back({seq, "Turn " + std::to_string(state.turn) + " - Spring: " +
                                    (straightened.empty() ? "nothing to straighten" : "straightened " + straightened)});
      state.phase = kSummer;
    }
    state.to_act = state.ordained;
    state.log.push_back({seq, state.phase + ": " + state.players[state.to_act].name + " acts first"});
  }
};

}  // namespace

std::unique_ptr<GameModule> make_module(std::shared_ptr<const CardDatabase> cards) {
  return std::make_unique<Module>(std::move(cards));
}

}  // namespace seneschal::engine::r9e
