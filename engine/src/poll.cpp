// Poll: one answer from every seat, asked seat by seat.
#include <algorithm>
#include <charconv>

#include "seneschal/engine/rules_kit.hpp"

namespace seneschal::engine {

Poll Poll::ask_everyone(const TableState& state, int first_seat, std::string question, std::vector<Option> options) {
  Poll poll;
  poll.question = std::move(question);
  poll.options = std::move(options);
  const int n = static_cast<int>(state.players.size());
  for (int step = 0; step < n; ++step) {
    const int seat = (first_seat + step) % n;
    if (!state.players[seat].eliminated) poll.order.push_back(seat);
  }
  poll.answers.assign(state.players.size(), std::nullopt);
  return poll;
}

int Poll::waiting_for() const {
  for (int seat : order) {
    if (seat >= 0 && seat < static_cast<int>(answers.size()) && !answers[seat]) return seat;
  }
  return -1;
}

int Poll::count(const std::string& option_id) const {
  return static_cast<int>(std::count_if(answers.begin(), answers.end(),
                                        [&](const auto& answer) { return answer && *answer == option_id; }));
}

nlohmann::json Poll::to_json() const {
  nlohmann::json out = {{"question", question}, {"order", order}};
  nlohmann::json given = nlohmann::json::array();
  for (const auto& answer : answers) given.push_back(answer ? nlohmann::json(*answer) : nlohmann::json(nullptr));
  out["answers"] = std::move(given);
  return out;
}

Prompt poll_prompt(const Rules& rules, const Poll& poll) {
  Prompt prompt;
  const int seat = poll.waiting_for();
  if (seat < 0) return prompt;
  prompt.seat = seat;
  prompt.text = rules.name(seat) + ": " + poll.question;
  prompt.options = poll.options;
  prompt.wants_number = poll.options.empty();
  prompt.number_min = poll.min;
  prompt.number_max = poll.max;
  if (!prompt.options.empty()) prompt.ok = "answer";
  return prompt;
}

void poll_answer(Rules& rules, Poll& poll, const Command& command) {
  const int seat = poll.waiting_for();
  if (seat < 0) rules.refuse("every seat has answered");
  if (poll.options.empty()) {
    const auto* number = std::get_if<SetNumber>(&command);
    if (!number) rules.refuse(rules.name(seat) + " answers with a number");
    if (number->value < poll.min || number->value > poll.max) {
      rules.refuse("an answer from " + std::to_string(poll.min) + " to " + std::to_string(poll.max));
    }
    poll.answers[seat] = std::to_string(number->value);
    rules.log(rules.name(seat) + ": " + std::to_string(number->value));
    return;
  }
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose) rules.refuse(rules.name(seat) + " answers by choosing one of the options");
  const auto option = std::find_if(poll.options.begin(), poll.options.end(), [&](const Option& o) {
    return choose->id.empty() ? o.label == choose->label : o.id == choose->id;
  });
  if (option == poll.options.end()) rules.refuse("\"" + choose->label + "\" is not an answer to " + poll.question);
  poll.answers[seat] = option->id;
  rules.log(rules.name(seat) + ": " + option->label);
}

}  // namespace seneschal::engine
