#include "r9e_module.hpp"

#include "deck_check.hpp"
#include "r9e_flows.hpp"

namespace seneschal::engine::r9e {
namespace {

constexpr const char* kDoIt = "Do it anyway";

// Event data keys. An R9E event keeps the command the table gave and what it led to, and the
// rules fold it again on replay: the same command on the same state does the same thing.
constexpr const char* kCommand = "command";
constexpr const char* kOutcome = "outcome";
constexpr const char* kDone = "done";
constexpr const char* kAsked = "asked";
constexpr const char* kWarned = "warned";
constexpr const char* kDropped = "dropped";

std::string stat_words(std::string stat) {
  for (char& c : stat) c = c == '_' ? ' ' : c;
  return stat;
}

const Data& data_of(const TableState& state) { return static_cast<const Data&>(*state.data.get()); }
Data& data_of(TableState& state) { return static_cast<Data&>(*state.data.get()); }

// The one place commands reach the flows; the order is which flow has the table's attention.
std::string run(Table& table, const Command& command) {
  Data& data = table.data;
  if (table.context.from_menu) {
    const auto* choose = std::get_if<Choose>(&command);
    if (!choose) table.refuse("a menu choice needs a label");
    return menu_step(table, choose->label);
  }
  if (data.payment) return payment_step(table, command);
  if (data.adjust) return adjust_step(table, command);
  if (data.duel) return duel_step(table, command);
  if (data.battle) return battle_step(table, command);
  if (data.raid) return raid_step(table, command);
  if (data.setup) return setup_step(table, command);
  if (data.winter) return winter_step(table, command);
  return phase_step(table, command);
}

Prompt deferred_prompt(const Table& table, const Deferred& deferred) {
  Prompt prompt;
  if (deferred.kind == Deferred::Kind::Value) {
    prompt.text = table.title(deferred.card) + "'s " + stat_words(deferred.stat) +
                  " is not in the card data: enter it from the card";
    prompt.wants_number = true;
    prompt.options = {kCancel};
    prompt.pass = "cancel";
  } else {
    prompt.text = "Check: " + deferred.reason + ". The card may allow it.";
    prompt.options = {kDoIt, kCancel};
    prompt.ok = "do it anyway";
    prompt.pass = "cancel";
  }
  return prompt;
}

class Module final : public GameModule {
 public:
  explicit Module(std::shared_ptr<const CardDatabase> cards) : GameModule(std::move(cards)) {}

  std::string_view id() const override { return "r9e"; }

  void start(TableState& state, const Event& started) const override {
    state.game = "r9e";
    auto data = std::make_unique<Data>();
    for (const auto& name : started.data.at("seats")) {
      PlayerState player;
      player.name = name.get<std::string>();
      state.players.push_back(std::move(player));
      data->seats.emplace_back();
    }
    state.data = GameDataPtr(std::move(data));
    state.turn = 0;
    Table table(state, cards(), started.seq, Context{});
    begin_setup(table);
  }

  Result<std::vector<EventDraft>> decide(const TableState& state, const Command& command,
                                         const Context& context) const override {
    const Data& data = data_of(state);
    nlohmann::json event = nlohmann::json::object();
    Command to_run = command;
    Context run_context = context;
    std::vector<std::string> overridden;
    if (data.deferred) {
      const Deferred& deferred = *data.deferred;
      const auto* choose = std::get_if<Choose>(&command);
      const bool cancel = std::holds_alternative<Pass>(command) || (choose && choose->label == kCancel);
      if (cancel) {
        event[kOutcome] = kDropped;
        return std::vector<EventDraft>{{deferred.kind == Deferred::Kind::Value ? "question_dropped" : "warning_dismissed",
                                        std::move(event)}};
      }
      if (deferred.kind == Deferred::Kind::Value) {
        const auto* number = std::get_if<SetNumber>(&command);
        if (!number) return fail("enter " + title_of(deferred.card) + "'s " + stat_words(deferred.stat) +
                                 " first (a number), or PASS to cancel");
        if (number->value < 0) return fail("a card value is never below zero");
        event["learned"] = {{"card", deferred.card}, {"stat", deferred.stat}, {"value", number->value}};
      } else {
        if (!std::holds_alternative<Ok>(command) && !(choose && choose->label == kDoIt)) {
          return fail("the check \"" + deferred.reason + "\" waits: OK to do it anyway, PASS to cancel");
        }
        event["override"] = deferred.reason;
      }
      auto stored = command_from_json(deferred.command);
      if (!stored) return fail("internal: " + stored.error().message);
      to_run = *stored;
      run_context = Context{deferred.entropy, deferred.from_menu};
      overridden = deferred.overridden;
      if (event.contains("override")) overridden.push_back(deferred.reason);
    }
    event[kCommand] = command_to_json(to_run);
    event["entropy"] = run_context.entropy;
    if (run_context.from_menu) event["menu"] = true;
    if (!overridden.empty()) event["overridden"] = overridden;

    TableState trial = state.copy_without_log();
    prelude(trial, event);
    Table table(trial, cards(), 0, run_context, overridden);
    std::string type;
    try {
      type = run(table, to_run);
      event[kOutcome] = kDone;
    } catch (const Refusal& refusal) {
      return fail(refusal.message);
    } catch (const Ask& ask) {
      type = "value_asked";
      event[kOutcome] = kAsked;
      event["card"] = ask.card;
      event["stat"] = ask.stat;
    } catch (const Warning& warning) {
      type = "warning_raised";
      event[kOutcome] = kWarned;
      event["reason"] = warning.reason;
    }
    return std::vector<EventDraft>{{std::move(type), std::move(event)}};
  }

  void apply(TableState& state, const Event& event) const override {
    const nlohmann::json& e = event.data;
    Data& data = data_of(state);
    const std::string outcome = e.value(kOutcome, "");
    if (outcome == kDropped) {
      state.log.push_back({event.seq, data.deferred && data.deferred->kind == Deferred::Kind::Warning
                                          ? "Cancelled: " + data.deferred->reason
                                          : std::string("Question cancelled")});
      data.deferred.reset();
      return;
    }
    data.deferred.reset();
    if (e.contains("learned")) {
      const auto& learned = e["learned"];
      state.log.push_back({event.seq, title_of(learned.at("card")) + "'s " + stat_words(learned.at("stat")) + " is " +
                                          std::to_string(learned.at("value").get<int>()) + " (told at the table)"});
    }
    prelude(state, e);
    if (e.contains("override")) state.log.push_back({event.seq, "Override: " + e["override"].get<std::string>()});
    const Context context{e.value("entropy", std::uint64_t{0}), e.value("menu", false)};
    if (outcome == kAsked || outcome == kWarned) {
      Deferred deferred;
      deferred.kind = outcome == kAsked ? Deferred::Kind::Value : Deferred::Kind::Warning;
      deferred.card = e.value("card", "");
      deferred.stat = e.value("stat", "");
      deferred.reason = e.value("reason", "");
      deferred.command = e.at(kCommand);
      deferred.from_menu = context.from_menu;
      deferred.entropy = context.entropy;
      deferred.overridden = e.value("overridden", std::vector<std::string>{});
      data.deferred = std::move(deferred);
      return;
    }
    auto command = command_from_json(e.at(kCommand));
    Table table(state, cards(), event.seq, context, e.value("overridden", std::vector<std::string>{}));
    try {
      if (command) run(table, *command);
    } catch (...) {
      // decide() ran this very command on this very state; only a rules bug gets here.
      state.log.push_back({event.seq, "internal: event " + std::to_string(event.seq) + " did not replay"});
    }
  }

  Prompt prompt(const TableState& state) const override {
    if (!state.data) return {};
    // The flows read the table only; Table takes a mutable state because steps share it.
    TableState& shared = const_cast<TableState&>(state);
    const Table table(shared, cards(), 0, Context{});
    const Data& data = table.data;
    if (state.winner) {
      Prompt over;
      over.text = state.players.at(state.winner->player).name + " wins a " + state.winner->victory + " victory";
      return over;
    }
    try {
      if (data.deferred) return deferred_prompt(table, *data.deferred);
      if (data.payment) return payment_prompt(table);
      if (data.adjust) return adjust_prompt(table);
      if (data.duel) return duel_prompt(table);
      if (data.battle) return battle_prompt(table);
      if (data.raid) return raid_prompt(table);
      if (data.setup) return setup_prompt(table);
      if (data.winter) return winter_prompt(table);
      return phase_prompt(table);
    } catch (const Ask& ask) {
      Prompt unknown;
      unknown.text = table.title(ask.card) + "'s " + stat_words(ask.stat) + " is needed";
      return unknown;
    }
  }

  std::vector<std::string> menu(const TableState& state) const override {
    if (!state.data || state.winner) return {};
    TableState& shared = const_cast<TableState&>(state);
    const Table table(shared, cards(), 0, Context{});
    return menu_items(table);
  }

  Result<DeckReport> check_deck(const DeckList& deck) const override { return r9e::check_deck(deck); }

 private:
  std::string title_of(const std::string& id) const {
    const Card* card = cards().find(id);
    return card ? card->title : id;
  }

  // What answering a question changes before its command runs again.
  static void prelude(TableState& state, const nlohmann::json& event) {
    if (!event.contains("learned")) return;
    const auto& learned = event["learned"];
    state.told[learned.at("card").get<std::string>()][learned.at("stat").get<std::string>()] =
        learned.at("value").get<int>();
  }
};

}  // namespace

nlohmann::json Data::to_json() const {
  using nlohmann::json;
  json seats_json = json::array();
  for (const SeatBooks& seat : seats) {
    seats_json.push_back({{"stronghold", seat.stronghold},
                          {"stronghold_bowed", seat.stronghold_bowed},
                          {"attacked", seat.attacked},
                          {"raided", seat.raided},
                          {"buried", seat.buried}});
  }
  json mods_json = json::object();
  for (const auto& [uid, m] : mods) {
    mods_json[std::to_string(uid)] = {{"strength_turn", m.strength_turn}, {"will_turn", m.will_turn},
                                      {"glory_turn", m.glory_turn},       {"strength_marker", m.strength_marker},
                                      {"will_marker", m.will_marker},     {"wounds", m.wounds}};
  }
  json flow = nullptr;
  if (deferred) flow = deferred->kind == Deferred::Kind::Value ? "question" : "warning";
  else if (payment) flow = "payment";
  else if (adjust) flow = "adjust";
  else if (duel) flow = "duel";
  else if (battle) flow = "battle";
  else if (raid) flow = "raid";
  else if (setup) flow = "setup";
  else if (winter) flow = "winter";
  json out = {{"seats", seats_json}, {"mods", mods_json}, {"flow", flow}};
  if (deferred && deferred->kind == Deferred::Kind::Value) out["question"] = {{"card", deferred->card}, {"stat", deferred->stat}};
  if (deferred && deferred->kind == Deferred::Kind::Warning) out["warning"] = deferred->reason;
  return out;
}

std::unique_ptr<GameModule> make_module(std::shared_ptr<const CardDatabase> cards) {
  return std::make_unique<Module>(std::move(cards));
}

}  // namespace seneschal::engine::r9e
