// Tally: a test-only game (never shipped) that proves a module needs nothing but its folder.
// Each seat has two counters, Gold and Fame. On its turn a seat takes a Gold, takes a Fame, rolls
// a die for Gold, names its banner colour once (a word asked of the table), or calls a vote to
// end the game: a minute on the Vote timer, every seat answers Yes or No, and a majority of Yes
// ends it; the seats with the most Gold + Fame win together. A vote once cast is final: taking
// it back is a check (GameModule::undo_check).
#include <algorithm>

#include "seneschal/engine/rules_kit.hpp"
#include "seneschal/engine/view_model.hpp"

namespace seneschal::engine::tally {
namespace {

struct Data final : GameData {
  std::vector<int> gold;
  std::vector<int> fame;
  std::optional<Poll> vote;

  std::unique_ptr<GameData> clone() const override { return std::make_unique<Data>(*this); }
  nlohmann::json to_json() const override {
    nlohmann::json out = {{"gold", gold}, {"fame", fame}};
    if (vote) out["vote"] = vote->to_json();
    return out;
  }
};

Data& data_of(const Rules& rules) { return static_cast<Data&>(*rules.state.data.get()); }
const Data& data_of(const TableState& state) { return static_cast<const Data&>(*state.data.get()); }

class Module final : public FlowModule {
 public:
  explicit Module(std::shared_ptr<const CardDatabase> cards) : FlowModule(std::move(cards)) {}

  const ModuleInfo& info() const override {
    static const ModuleInfo kInfo{"tally", 1, 1, 6};
    return kInfo;
  }

  BoardView describe(const TableState& state) const override {
    BoardView board;
    const Data& data = data_of(state);
    for (std::size_t seat = 0; seat < state.players.size(); ++seat) {
      SeatView view;
      view.name = state.players[seat].name;
      view.score = state.players[seat].score;
      view.subtitle = state.told.word(Subject{"BANNER", static_cast<int>(seat) + 1, {}}, "colour").value_or("");
      view.counters = {{"Gold", std::to_string(data.gold[seat])}, {"Fame", std::to_string(data.fame[seat])}};
      if (data.vote && data.vote->answers[seat]) {
        view.badges.push_back({"Voted " + *data.vote->answers[seat], "", BadgeView::Tone::Highlight});
      }
      board.seats.push_back(std::move(view));
    }
    ChartView score{"Gold and Fame", {}};
    for (const TurnRecord& r : state.history) {
      if (const auto* v = r.find("score")) score.points.push_back({r.turn, *v});
    }
    if (!score.points.empty()) board.charts.push_back(std::move(score));
    return board;
  }

  std::vector<TimerPreset> timer_presets() const override { return {{"Haggle", 120}}; }

  std::optional<std::string> undo_check(const TableState& with_move, const TableState& without_move) const override {
    const auto cast = [](const TableState& state) {
      const Data& data = data_of(state);
      return data.vote ? data.vote->count("yes") + data.vote->count("no") : 0;
    };
    if (cast(with_move) > cast(without_move)) return "a vote once cast cannot be changed";
    return std::nullopt;
  }

 protected:
  void begin(Rules& rules, const Event&) const override {
    auto data = std::make_unique<Data>();
    data->gold.assign(rules.state.players.size(), 0);
    data->fame.assign(rules.state.players.size(), 0);
    rules.state.data = GameDataPtr(std::move(data));
    rules.state.turn = 1;
    rules.state.phase = "Play";
    rules.log("Tally begins: " + rules.name(0) + " plays first");
  }

  std::string run(Rules& rules, const Command& command) const override {
    Data& data = data_of(rules);
    const int seat = rules.state.to_act;
    if (data.vote) {
      poll_answer(rules, *data.vote, command);
      if (!data.vote->complete()) return "voted";
      const int yes = data.vote->count("yes");
      data.vote.reset();
      if (yes * 2 > rules.active_seats()) {
        finish(rules);
      } else {
        rules.log("The game goes on");
        next(rules, seat);
      }
      return "voted";
    }
    const auto* choose = std::get_if<Choose>(&command);
    if (!choose) rules.refuse(rules.name(seat) + ": choose what to take");
    const Subject banner{"BANNER", seat + 1, {}};
    if (choose->id == "gold") {
      add(rules, data.gold, seat, 1, "Gold");
    } else if (choose->id == "fame") {
      rules.check(data.fame[seat] < 3, rules.name(seat) + " already has 3 Fame, the most the rules allow");
      add(rules, data.fame, seat, 1, "Fame");
    } else if (choose->id == "roll") {
      add(rules, data.gold, seat, rules.roll(6, rules.name(seat) + "'s Gold"), "Gold");
    } else if (choose->id == "banner") {
      rules.log(rules.name(seat) + " flies " + rules.word(banner, "colour", {"Red", "Blue", "Green"}));
      return "banner_named";
    } else if (choose->id == "vote") {
      data.vote = Poll::ask_everyone(rules.state, seat, "end the game now?", {{"yes", "Yes"}, {"no", "No"}});
      rules.log(rules.name(seat) + " calls a vote");
      rules.start_timer("Vote", 60);  // a rule's timer: a minute to make up one's mind
      return "vote_called";
    } else {
      rules.refuse("no option \"" + choose->label + "\"");
    }
    next(rules, seat);
    return "taken";
  }

  Prompt flow_prompt(const Rules& rules) const override {
    const Data& data = data_of(rules.state);
    if (data.vote) return poll_prompt(rules, *data.vote);
    Prompt prompt;
    prompt.text = rules.name(rules.state.to_act) + ": take Gold or Fame, roll for Gold, or call a vote";
    prompt.add("Take a Gold", "gold");
    prompt.add("Take a Fame", "fame");
    prompt.add("Roll for Gold", "roll");
    prompt.add("Name your banner", "banner");
    prompt.add("Call a vote to end", "vote");
    prompt.ok = "take";
    return prompt;
  }

 private:
  static void add(Rules& rules, std::vector<int>& counter, int seat, int amount, const char* what) {
    counter[seat] += amount;
    Data& data = data_of(rules);
    rules.state.players[seat].score = data.gold[seat] + data.fame[seat];
    rules.log(rules.name(seat) + " takes " + std::to_string(amount) + " " + what);
  }

  static void next(Rules& rules, int seat) {
    rules.state.to_act = rules.next_seat(seat);
    if (rules.state.to_act == 0) ++rules.state.turn;
  }

  static void finish(Rules& rules) {
    int best = 0;
    for (const PlayerState& player : rules.state.players) best = std::max(best, player.score);
    std::vector<int> winners;
    for (int seat = 0; seat < rules.seats(); ++seat) {
      if (rules.state.players[seat].score == best) winners.push_back(seat);
    }
    rules.win(winners, "most Gold and Fame");
  }
};

}  // namespace

std::unique_ptr<GameModule> make_module(std::shared_ptr<const CardDatabase> cards) {
  return std::make_unique<Module>(std::move(cards));
}

}  // namespace seneschal::engine::tally
