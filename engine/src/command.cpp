#include "seneschal/engine/command.hpp"

namespace seneschal::engine {
namespace {

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

constexpr std::pair<TimerCommand::Action, const char*> kTimerActions[] = {
    {TimerCommand::Action::Press, "press"},       {TimerCommand::Action::Start, "start"},
    {TimerCommand::Action::Pause, "pause"},       {TimerCommand::Action::Resume, "resume"},
    {TimerCommand::Action::AddMinute, "add-minute"}, {TimerCommand::Action::Cancel, "cancel"},
    {TimerCommand::Action::Acknowledge, "acknowledge"},
};

std::string describe_timer(const TimerCommand& c) {
  std::string text = std::string("timer ") + timer_action_word(c.action);
  if (!c.name.empty()) text += " \"" + c.name + "\"";
  if (c.seconds > 0) text += " " + std::to_string(c.seconds) + "s";
  return text;
}

// The parts of a placement that are known, beside a command's own keys; old logs have none.
void add_placement(nlohmann::json& out, const Placement& where) {
  if (where.seat >= 0) out["seat"] = where.seat;
  if (!where.zone.empty()) out["zone"] = where.zone;
  if (where.quarter) out["quarter"] = *where.quarter;
  if (where.x_mm) out["x_mm"] = *where.x_mm;
  if (where.y_mm) out["y_mm"] = *where.y_mm;
  if (where.area_said) out["area_said"] = true;
}

template <typename T>
std::optional<T> optional_at(const nlohmann::json& json, const char* key) {
  const auto found = json.find(key);
  if (found == json.end() || found->is_null()) return std::nullopt;
  return found->get<T>();
}

Placement placement_from(const nlohmann::json& json) {
  Placement where;
  where.seat = json.value("seat", -1);
  where.zone = json.value("zone", std::string());
  where.quarter = optional_at<int>(json, "quarter");
  where.x_mm = optional_at<double>(json, "x_mm");
  where.y_mm = optional_at<double>(json, "y_mm");
  where.area_said = json.value("area_said", false);
  return where;
}

// " at seat 2, zone centre, turned 90": what the command says of where the card lies.
std::string describe_placement(const Placement& where) {
  std::string text;
  if (where.seat >= 0) text += " seat " + std::to_string(where.seat + 1);
  if (!where.zone.empty()) text += " zone " + where.zone;
  if (where.quarter) text += " turned " + std::to_string(*where.quarter);
  return text;
}

std::string card_words(const std::string& card, int copy) { return card + " #" + std::to_string(copy); }

constexpr std::pair<Reconcile::Resolution, const char*> kResolutions[] = {
    {Reconcile::Resolution::UpdateBooks, "books"},
    {Reconcile::Resolution::Ignore, "ignore"},
    {Reconcile::Resolution::Misread, "misread"},
};

const char* resolution_word(Reconcile::Resolution resolution) {
  for (const auto& [r, word] : kResolutions) {
    if (r == resolution) return word;
  }
  return "ignore";
}

}  // namespace

bool is_lying_card_change(const Command& command) {
  return std::holds_alternative<TurnCard>(command) || std::holds_alternative<MoveCard>(command) ||
         std::holds_alternative<CardLeft>(command);
}

bool is_table_command(const Command& command) {
  return std::holds_alternative<PresentCard>(command) || is_lying_card_change(command);
}

std::pair<std::string, int> table_card_of(const Command& command) {
  if (const auto* c = std::get_if<PresentCard>(&command)) return {c->card_id, c->copy};
  if (const auto* c = std::get_if<TurnCard>(&command)) return {c->card_id, c->copy};
  if (const auto* c = std::get_if<MoveCard>(&command)) return {c->card_id, c->copy};
  if (const auto* c = std::get_if<CardLeft>(&command)) return {c->card_id, c->copy};
  return {};
}

std::optional<int> quarter_of(int degrees) {
  const int folded = ((degrees % 360) + 360) % 360;
  if (folded % 90 != 0) return std::nullopt;
  return folded;
}

const char* timer_action_word(TimerCommand::Action action) {
  for (const auto& [a, word] : kTimerActions) {
    if (a == action) return word;
  }
  return "press";
}

std::optional<TimerCommand::Action> parse_timer_action(const std::string& word) {
  for (const auto& [a, w] : kTimerActions) {
    if (word == w) return a;
  }
  return std::nullopt;
}

nlohmann::json command_to_json(const Command& command) {
  using nlohmann::json;
  return std::visit(
      Overloaded{
          [](const StartGame& c) -> json {
            json out = {{"command", "start"}, {"game", c.game}, {"seats", c.seats}};
            if (c.clocks != SeatClockRules{}) out["clocks"] = clock_rules_json(c.clocks);
            return out;
          },
          [](const PresentCard& c) -> json {
            json out = {{"command", "scan"}, {"card", c.card_id}, {"copy", c.copy}};
            add_placement(out, c.where);
            return out;
          },
          [](const TurnCard& c) -> json {
            return {{"command", "turn"}, {"card", c.card_id}, {"copy", c.copy}, {"quarter", c.quarter}};
          },
          [](const MoveCard& c) -> json {
            json out = {{"command", "move"}, {"card", c.card_id}, {"copy", c.copy}};
            add_placement(out, c.where);
            return out;
          },
          [](const CardLeft& c) -> json { return {{"command", "left"}, {"card", c.card_id}, {"copy", c.copy}}; },
          [](const Reconcile& c) -> json { return {{"command", "reconcile"}, {"resolution", resolution_word(c.resolution)}}; },
          [](const Disagree& c) -> json {
            return {{"command", "disagree"}, {"card", c.card_id}, {"copy", c.copy}, {"kind", c.kind}};
          },
          [](const Pass&) -> json { return {{"command", "pass"}}; },
          [](const Ok&) -> json { return {{"command", "ok"}}; },
          [](const Undo&) -> json { return {{"command", "undo"}}; },
          [](const Redo&) -> json { return {{"command", "redo"}}; },
          [](const Menu&) -> json { return {{"command", "menu"}}; },
          // The id alone: a log must not depend on how a label is worded.
          [](const Choose& c) -> json {
            return c.id.empty() ? json{{"command", "choose"}, {"label", c.label}} : json{{"command", "choose"}, {"option", c.id}};
          },
          [](const SetNumber& c) -> json { return {{"command", "set"}, {"value", c.value}}; },
          [](const TimerCommand& c) -> json {
            return {{"command", "timer"}, {"action", timer_action_word(c.action)}, {"name", c.name}, {"seconds", c.seconds}};
          },
      },
      command);
}

Result<Command> command_from_json(const nlohmann::json& json) {
  const auto found = json.is_object() ? json.find("command") : json.end();
  if (!json.is_object() || found == json.end() || !found->is_string()) {
    return fail("a command needs a \"command\" word");
  }
  try {
    // Read in place: every replayed event comes through here.
    const std::string& word = found->get_ref<const std::string&>();
    if (word == "start") {
      StartGame start{json.at("game").get<std::string>(), json.at("seats").get<std::vector<std::string>>(), {}};
      if (json.contains("clocks")) start.clocks = clock_rules_from_json(json.at("clocks"));
      return Command{std::move(start)};
    }
    if (word == "scan") return Command{PresentCard{json.at("card"), json.value("copy", 1), placement_from(json)}};
    if (word == "turn") return Command{TurnCard{json.at("card"), json.value("copy", 1), json.at("quarter").get<int>()}};
    if (word == "move") return Command{MoveCard{json.at("card"), json.value("copy", 1), placement_from(json)}};
    if (word == "left") return Command{CardLeft{json.at("card"), json.value("copy", 1)}};
    if (word == "reconcile") {
      const std::string resolution = json.at("resolution");
      for (const auto& [r, w] : kResolutions) {
        if (resolution == w) return Command{Reconcile{r}};
      }
      return fail("unknown resolution \"" + resolution + "\"");
    }
    if (word == "disagree") {
      return Command{Disagree{json.at("card"), json.value("copy", 1), json.at("kind").get<std::string>()}};
    }
    if (word == "pass") return Command{Pass{}};
    if (word == "ok") return Command{Ok{}};
    if (word == "undo") return Command{Undo{}};
    if (word == "redo") return Command{Redo{}};
    if (word == "menu") return Command{Menu{}};
    if (word == "choose") {
      // Logs written before options had ids keep the label.
      Choose choose{json.value("label", std::string()), json.value("option", std::string())};
      if (choose.label.empty() && choose.id.empty()) return fail("a choose command names no option");
      return Command{choose};
    }
    if (word == "set") return Command{SetNumber{json.at("value").get<int>()}};
    if (word == "timer") {
      const std::string action = json.at("action");
      auto parsed = parse_timer_action(action);
      if (!parsed) return fail("unknown timer action \"" + action + "\"");
      return Command{TimerCommand{*parsed, json.value("name", std::string()), json.value("seconds", 0)}};
    }
    return fail("unknown command \"" + word + "\"");
  } catch (const nlohmann::json::exception& e) {
    return fail(std::string("a malformed command: ") + e.what());
  }
}

std::string describe(const Command& command) {
  return std::visit(Overloaded{
                        [](const StartGame& c) { return "start " + c.game; },
                        [](const PresentCard& c) { return "scan " + card_words(c.card_id, c.copy) + describe_placement(c.where); },
                        [](const TurnCard& c) { return "turn " + card_words(c.card_id, c.copy) + " " + std::to_string(c.quarter); },
                        [](const MoveCard& c) { return "move " + card_words(c.card_id, c.copy) + describe_placement(c.where); },
                        [](const CardLeft& c) { return "card-left " + card_words(c.card_id, c.copy); },
                        [](const Reconcile& c) { return std::string("reconcile ") + resolution_word(c.resolution); },
                        [](const Disagree& c) { return "disagree " + card_words(c.card_id, c.copy) + " " + c.kind; },
                        [](const Pass&) { return std::string("PASS"); },
                        [](const Ok&) { return std::string("OK"); },
                        [](const Undo&) { return std::string("UNDO"); },
                        [](const Redo&) { return std::string("REDO"); },
                        [](const Menu&) { return std::string("MENU"); },
                        [](const Choose& c) { return "choose \"" + (c.label.empty() ? c.id : c.label) + "\""; },
                        [](const SetNumber& c) { return "set " + std::to_string(c.value); },
                        [](const TimerCommand& c) { return describe_timer(c); },
                    },
                    command);
}

}  // namespace seneschal::engine
