// Poll: one answer from every seat, asked seat by seat.
#include <algorithm>
#include <charconv>

#include "seneschal/engine/rules_kit.hpp"

namespace seneschal::engine {
namespace {

constexpr std::string_view kEveryonePrefix = "everyone:";

// The seats still to answer, in the order asked.
std::vector<int> still_to_answer(const Poll& poll) {
  std::vector<int> seats;
  for (int seat : poll.order) {
    if (seat >= 0 && seat < static_cast<int>(poll.answers.size()) && !poll.answers[seat]) seats.push_back(seat);
  }
  return seats;
}

}  // namespace

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
  // TRANSLATORS: a seat's name, then what is asked of it (or what it said).
  prompt.text = trf("{0}: {1}", rules.name(seat), poll.question);
  prompt.options = poll.options;
  prompt.wants_number = poll.options.empty();
  prompt.number_min = poll.min;
  prompt.number_max = poll.max;
  if (!prompt.options.empty()) prompt.ok = tr("answer");
  // Two or more still to answer: each option once more for all of them. Listed after the seat's
  // own answers, so UP from the first row reaches the last option's "Everyone" at once.
  const std::vector<int> waiting = still_to_answer(poll);
  if (waiting.size() >= 2) {
    const bool everyone = waiting.size() == poll.order.size();
    for (const Option& option : poll.options) {
      const Words answer{option.label, option.en.empty() ? option.label : option.en};
      prompt.add(everyone ? say("Everyone: {0}", answer) : say("All the rest: {0}", answer),
                 std::string(kEveryonePrefix) + option.id);
    }
  }
  return prompt;
}

int poll_answer(Rules& rules, Poll& poll, const Command& command) {
  const int seat = poll.waiting_for();
  if (seat < 0) rules.refuse(tr("every seat has answered"));
  if (poll.options.empty()) {
    const auto* number = std::get_if<SetNumber>(&command);
    if (!number) rules.refuse(trf("{0} answers with a number", rules.name(seat)));
    if (number->value < poll.min || number->value > poll.max) {
      rules.refuse(trf("an answer from {0} to {1}", poll.min, poll.max));
    }
    poll.answers[seat] = std::to_string(number->value);
    rules.log(trf("{0}: {1}", rules.name(seat), number->value));
    return 1;
  }
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose) rules.refuse(trf("{0} answers by choosing one of the options", rules.name(seat)));
  // The answer as offered: by its id (the log's), or by its label (a script's, a test's).
  const Prompt offered = poll_prompt(rules, poll);
  const Option* picked = choose->id.empty() ? offered.find_label(choose->label) : offered.find_id(choose->id);
  if (picked && picked->id.rfind(kEveryonePrefix, 0) == 0) {
    const std::string id = picked->id.substr(kEveryonePrefix.size());
    const auto agreed = std::find_if(poll.options.begin(), poll.options.end(), [&](const Option& o) { return o.id == id; });
    const std::vector<int> waiting = still_to_answer(poll);
    if (agreed == poll.options.end() || waiting.size() < 2) {
      rules.refuse(trf("\"{0}\" is not an answer to {1}", choose->label, poll.question));
    }
    std::vector<std::string> names;
    for (int waiting_seat : waiting) {
      poll.answers[waiting_seat] = agreed->id;
      names.push_back(rules.name(waiting_seat));
    }
    const long alike = static_cast<long>(waiting.size());
    rules.log(trn("{0}: {1} ({2} answer alike)", "{0}: {1} ({2} answers alike)", alike, join_names(names), agreed->label,
                  alike));
    return static_cast<int>(waiting.size());
  }
  const auto option = std::find_if(poll.options.begin(), poll.options.end(), [&](const Option& o) {
    return choose->id.empty() ? o.label == choose->label || (!o.en.empty() && o.en == choose->label) : o.id == choose->id;
  });
  if (option == poll.options.end()) rules.refuse(trf("\"{0}\" is not an answer to {1}", choose->label, poll.question));
  poll.answers[seat] = option->id;
  rules.log(trf("{0}: {1}", rules.name(seat), option->label));
  return 1;
}

}  // namespace seneschal::engine
