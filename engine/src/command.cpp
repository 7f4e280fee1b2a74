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

}  // namespace

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
          [](const StartGame& c) -> json { return {{"command", "start"}, {"game", c.game}, {"seats", c.seats}}; },
          [](const PresentCard& c) -> json { return {{"command", "scan"}, {"card", c.card_id}, {"copy", c.copy}}; },
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
    if (word == "start") return Command{StartGame{json.at("game"), json.at("seats")}};
    if (word == "scan") return Command{PresentCard{json.at("card"), json.value("copy", 1)}};
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
                        [](const PresentCard& c) { return "scan " + c.card_id + " #" + std::to_string(c.copy); },
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
