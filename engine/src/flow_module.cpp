// FlowModule: decide, apply and prompt for modules written as flows. An event keeps the command
// the table gave and what it led to (done, a value asked, a check raised, a question dropped),
// and apply() runs the command again on replay: the same command on the same state does the same
// thing. Event data keys are those R9E's logs have always had, so old logs replay.
#include "seneschal/engine/rules_kit.hpp"
#include "seneschal/engine/card_overlay.hpp"

#include <cctype>

namespace seneschal::engine {
namespace {

constexpr const char* kCommand = "command";
constexpr const char* kOutcome = "outcome";
constexpr const char* kDone = "done";
constexpr const char* kAsked = "asked";
constexpr const char* kWarned = "warned";
constexpr const char* kDropped = "dropped";
constexpr const char* kZeroTold = "zero_told";  // a 0 to confirm: the question stays
constexpr const char* kUsed = "used";
// Told values from the menu: the list (a pending of its own), a value picked to change or forget.
constexpr const char* kToldList = "told_list";
constexpr const char* kForgot = "forgot";
constexpr const char* kToldValuesId = "told-values";
constexpr const char* kToldValuesLabel = N_("Told values");
constexpr const char* kToldPrefix = "told:";  // + subject key + "|" + stat
constexpr const char* kToldChangedId = "told-changed";  // the command a correction runs: nothing more
constexpr const char* kForgetId = "forget";
constexpr const char* kForgetLabel = N_("Forget");

// A stat's id in words ("gold_cost" -> "gold cost"), in the language set when the catalog has
// them (a module marks its stats' words N_).
std::string stat_words(std::string stat) {
  for (char& c : stat) c = c == '_' ? ' ' : c;
  return tr_id(stat);
}

// What a question is about: "Hektor's gold cost".
std::string subject_stat(const std::string& title, const std::string& stat) {
  // TRANSLATORS: {0} a card's title, {1} one of its values ("gold cost", "renown").
  return trf("{0}'s {1}", title, stat_words(stat));
}

// A card the data does not name (a Cutthroat territory told by its slot, "TERRITORY-6") is
// spoken of in words made from its id: "Territory 6".
std::string words_of_id(const std::string& id) {
  std::string words = id;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const bool first = i == 0 || words[i - 1] == ' ';
    if (words[i] == '-') words[i] = ' ';
    else if (!first) words[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(words[i])));
  }
  return words;
}

// `named`: the title an event carries for a card the table named, when the data lacks the card.
std::string subject_title(const CardDatabase& cards, const Subject& subject, const std::string& named = {}) {
  const Card* card = cards.find(subject.card);
  std::string title = card ? card->title : !named.empty() ? named : words_of_id(subject.card);
  if (!subject.face.empty()) return trf("{0} (face {1})", title, subject.face);
  if (subject.copy > 0) return title + " #" + std::to_string(subject.copy);
  return title;
}

// The title of a card the table named, kept with a told value: its log line reads the same when
// the log is replayed without the table's card file.
void note_named_title(nlohmann::json& learned, const CardDatabase& cards, const Subject& subject) {
  const Card* card = cards.find(subject.card);
  if (!card) return;
  if (auto source = card->sourced.find("title"); source != card->sourced.end() && source->second == kNamedAtTable) {
    learned["title"] = card->title;
  }
}

nlohmann::json question_json(const Question& q, bool roll) {
  nlohmann::json out = {{"subject", q.subject.key()}, {"stat", q.stat}, {"min", q.min}, {"max", q.max}};
  if (!q.words.empty()) out["words"] = q.words;
  if (roll) out["roll"] = true;
  return out;
}

// Logs from before questions had words and copies name the card and the stat alone.
Question question_from(const nlohmann::json& e, bool& roll) {
  const nlohmann::json q = e.value("question", nlohmann::json::object());
  Question question;
  question.subject = Subject::from_key(q.value("subject", e.value("card", std::string())));
  question.stat = q.value("stat", e.value("stat", std::string()));
  question.words = q.value("words", std::vector<std::string>{});
  question.min = q.value("min", 0);
  question.max = q.value("max", 999);
  roll = q.value("roll", false);
  return question;
}

// What answering a question changes before its command runs again.
void prelude(TableState& state, const nlohmann::json& event) {
  if (!event.contains("learned")) return;
  const auto& learned = event["learned"];
  ToldValue value;
  if (learned.contains("value")) value.number = learned["value"].get<int>();
  else value.word = learned.value("word", std::string());
  state.told.set(Subject::from_key(learned.at("card").get<std::string>()), learned.at("stat").get<std::string>(),
                 std::move(value));
}

// What the table told of a card's stat: in this game, else in an earlier one (kept in the card
// data as answered at the table); nothing when it was forgotten or never told.
std::optional<ToldValue> told_value(const TableState& state, const CardDatabase& cards, const Subject& subject,
                                    const std::string& stat) {
  if (const ToldValue* told = state.told.find(subject, stat)) {
    if (told->forgotten()) return std::nullopt;
    return *told;
  }
  const Card* card = cards.find(subject.card);
  if (!card || subject.copy > 0 || !subject.face.empty()) return std::nullopt;
  if (!answered_at_table(*card, stat)) return std::nullopt;
  if (auto number = card->stat(stat)) return ToldValue{number, {}};
  if (auto word = card->attributes.find(stat); word != card->attributes.end()) return ToldValue{std::nullopt, word->second};
  return std::nullopt;
}

// "Hektor's gold cost: 6", one option per value told in this game or kept from an earlier one.
std::vector<Option> told_options(const TableState& state, const CardDatabase& cards) {
  std::vector<std::pair<std::string, std::string>> told;  // subject key, stat
  for (const auto& [key, stats] : state.told.entries()) {
    for (const auto& [stat, value] : stats) told.emplace_back(key, stat);
  }
  for (const Card& card : cards.cards()) {
    for (const auto& [field, source] : card.sourced) {
      if (source != kAnsweredAtTable || state.told.find(Subject{card.id, 0, {}}, field)) continue;
      told.emplace_back(card.id, field);
    }
  }
  std::vector<Option> out;
  for (const auto& [key, stat] : told) {
    const Subject subject = Subject::from_key(key);
    const auto value = told_value(state, cards, subject, stat);
    if (!value) continue;
    const std::string shown = value->number ? std::to_string(*value->number) : value->word;
    out.push_back(Option{std::string(kToldPrefix) + key + "|" + stat,
                         trf("{0}: {1}", subject_stat(subject_title(cards, subject), stat), shown)});
  }
  return out;
}

bool is_cancel(const Command& command) {
  return std::holds_alternative<Pass>(command) || chose_option(command, kCancelId, kCancelLabel);
}

// The command a correction runs (an id only, never shown).
bool is_told_changed(const Command& command) {
  const auto* choose = std::get_if<Choose>(&command);
  return choose && (choose->id == kToldChangedId || choose->label == kToldChangedId);
}

// An option with a label in the language set and its id given.
Option said_option(std::string id, const char* label) {
  const Words words = say(label);
  return Option{std::move(id), words.shown, words.shown == words.en ? std::string() : words.en};
}

}  // namespace

bool chose_option(const Choose& choose, std::string_view id, const char* label) {
  if (!choose.id.empty()) return choose.id == id;
  return choose.label == label || choose.label == tr(label);
}

bool chose_option(const Command& command, std::string_view id, const char* label) {
  const auto* choose = std::get_if<Choose>(&command);
  return choose && chose_option(*choose, id, label);
}

void FlowModule::start(TableState& state, const Event& started) const {
  state.game = std::string(id());
  state.rules_version = started.data.value("rules_version", 0);
  for (const auto& name : started.data.at("seats")) {
    PlayerState player;
    player.name = name.get<std::string>();
    state.players.push_back(std::move(player));
  }
  state.turn = 0;
  Rules rules(state, cards(), started.seq, Context{});
  begin(rules, started);
}

std::optional<Command> FlowModule::resolve(const TableState& state, const Command& command, bool from_menu,
                                           const nlohmann::json* given) const {
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose || (!choose->id.empty() && !choose->label.empty())) return command;
  Rules rules = reading(state, Context{0, from_menu});
  rules.given = given;
  std::vector<Option> options;
  try {
    options = from_menu ? flow_menu(rules) : flow_prompt(rules).options;
  } catch (...) {
    return std::nullopt;
  }
  // A label as shown, or in English (a script's `choose` in any language).
  Prompt offered;
  offered.options = std::move(options);
  const Option* option = choose->id.empty() ? offered.find_label(choose->label) : offered.find_id(choose->id);
  if (option) return Command{Choose{option->label, option->id}};
  // Not offered: a label goes on to the flow, which says why it is no answer; an id no prompt
  // offers cannot be replayed.
  if (choose->id.empty()) return command;
  return std::nullopt;
}

namespace {

using Drafts = Result<std::vector<EventDraft>>;

Drafts one_event(std::string type, nlohmann::json event) {
  return std::vector<EventDraft>{{std::move(type), std::move(event)}};
}

// The told values themselves, which run no rule: the menu's list of them, one picked from it
// (asked again, with Forget beside the number), and Forget. nullopt: the command is none of these.
std::optional<Drafts> told_values_step(const TableState& state, const CardDatabase& cards, const Command& command,
                                       const Context& context) {
  nlohmann::json event = nlohmann::json::object();
  if (!state.pending && chose_option(command, kToldValuesId, kToldValuesLabel) && context.from_menu) {
    if (told_options(state, cards).empty()) return Drafts(fail(tr("nothing has been told at the table in this game")));
    event[kOutcome] = kToldList;
    return one_event("told_values_listed", std::move(event));
  }
  if (state.pending && state.pending->kind == Pending::Kind::Told && !is_cancel(command)) {
    const auto* choose = std::get_if<Choose>(&command);
    const std::string id = choose ? choose->id : std::string();
    const std::size_t bar = id.rfind('|');
    if (id.rfind(kToldPrefix, 0) != 0 || bar == std::string::npos) {
      return Drafts(fail(tr("choose a told value to change or forget, or PASS to close the list")));
    }
    const std::size_t prefix = std::string_view(kToldPrefix).size();
    Question question;
    question.subject = Subject::from_key(id.substr(prefix, bar - prefix));
    question.stat = id.substr(bar + 1);
    const auto told = told_value(state, cards, question.subject, question.stat);
    if (!told) return Drafts(fail(tr("that value is no longer told")));
    event[kOutcome] = kAsked;
    event["card"] = question.subject.key();
    event["stat"] = question.stat;
    event["question"] = question_json(question, false);
    event["correcting"] = true;
    event["word"] = told->word;  // a word can only be forgotten: its list of words is the rules'
    event[kCommand] = command_to_json(Command{Choose{kToldChangedId, kToldChangedId}});
    return one_event("value_asked", std::move(event));
  }
  if (state.pending && state.pending->correcting && chose_option(command, kForgetId, kForgetLabel)) {
    const Question& q = state.pending->question;
    event[kOutcome] = kForgot;
    event[kForgot] = {{"card", q.subject.key()}, {"stat", q.stat}};
    note_named_title(event[kForgot], cards, q.subject);
    return one_event("told_forgotten", std::move(event));
  }
  return std::nullopt;
}

// A die's roll for a rule that asked one: entered, or drawn from the caller's entropy.
std::optional<Drafts> take_roll(const Pending& pending, const Command& command, const Context& context,
                                nlohmann::json& event, std::vector<int>& rolls) {
  const Question& q = pending.question;
  int value = 0;
  if (chose_option(command, kRollForMeId, kRollForMeLabel)) {
    value = 1 + static_cast<int>(context.entropy % static_cast<std::uint64_t>(q.max));
  } else if (const auto* number = std::get_if<SetNumber>(&command)) {
    if (number->value < 1 || number->value > q.max) {
      return Drafts(fail(trf("a D{0} shows 1 to {0}", q.max)));
    }
    value = number->value;
  } else {
    return Drafts(fail(trf("enter the roll for {0} (1-{1}), or Roll for me", tr(q.stat), q.max)));
  }
  event["rolled"] = {{"what", q.stat}, {"value", value}, {"drawn", !std::holds_alternative<SetNumber>(command)}};
  rolls = pending.rolls;
  rolls.push_back(value);
  return std::nullopt;
}

// One of the words a question lists (a card's region, a resource).
std::optional<Drafts> take_word(const Question& q, const CardDatabase& cards, const Command& command,
                                nlohmann::json& event) {
  const auto* choose = std::get_if<Choose>(&command);
  std::string word;
  for (const std::string& w : q.words) {
    if (choose && (choose->label == w || choose->id == option_id_of(w))) word = w;
  }
  if (word.empty()) {
    return Drafts(fail(trf("choose {0}, or PASS to cancel", subject_stat(subject_title(cards, q.subject), q.stat))));
  }
  event["learned"] = {{"card", q.subject.key()}, {"stat", q.stat}, {"word", word}};
  note_named_title(event["learned"], cards, q.subject);
  return std::nullopt;
}

// A card's number the data lacks; a 0 where 0 is unusual is confirmed first.
std::optional<Drafts> take_number(const TableState& state, const Pending& pending, const CardDatabase& cards,
                                  const Command& command, bool zero_unusual, nlohmann::json& event) {
  const Question& q = pending.question;
  const auto* number = std::get_if<SetNumber>(&command);
  // Asked again after a 0, OK keeps the 0.
  const SetNumber zero_kept{0};
  if (!number && pending.zero_told && std::holds_alternative<Ok>(command)) number = &zero_kept;
  if (const auto told = told_value(state, cards, q.subject, q.stat); pending.correcting && told && !told->word.empty()) {
    return Drafts(fail(trf("{0} is a word: Forget it, or PASS", subject_stat(subject_title(cards, q.subject), q.stat))));
  }
  if (!number) {
    return Drafts(fail(trf("enter {0} first (a number), or PASS to cancel",
                           subject_stat(subject_title(cards, q.subject), q.stat))));
  }
  if (number->value < q.min) {
    return Drafts(fail(q.min == 0 ? std::string(tr("a card value is never below zero")) : trf("at least {0}", q.min)));
  }
  if (number->value > q.max) return Drafts(fail(trf("at most {0}", q.max)));
  if (number->value == 0 && !pending.zero_told && zero_unusual) {
    event[kOutcome] = kZeroTold;
    return one_event("zero_to_confirm", std::move(event));
  }
  event["learned"] = {{"card", q.subject.key()}, {"stat", q.stat}, {"value", number->value}};
  note_named_title(event["learned"], cards, q.subject);
  return std::nullopt;
}

// The command a question or a check held back, to run now that it is answered, with what the
// answer adds to its run.
struct Resumed {
  Command command;
  Context context;
  std::vector<std::string> overridden;
  std::vector<int> rolls;
};

// The answer to what waits: Cancel drops it; a check takes OK or Do it anyway; a question its
// roll, word or number (zero_unusual: the module's word on a 0 for the question's stat). Either
// an early result (dropped, refused, a zero to confirm) or the held command to run.
std::variant<Drafts, Resumed> answer_pending(const TableState& state, const CardDatabase& cards,
                                             const Command& command, const Context& context, bool zero_unusual,
                                             nlohmann::json& event) {
  const Pending& pending = *state.pending;
  if (is_cancel(command)) {
    event[kOutcome] = kDropped;
    return one_event(pending.kind == Pending::Kind::Warning ? "warning_dismissed" : "question_dropped",
                     std::move(event));
  }
  std::vector<int> rolls = pending.rolls;
  std::optional<Drafts> early;
  if (pending.kind == Pending::Kind::Warning) {
    if (!std::holds_alternative<Ok>(command) && !chose_option(command, kDoItAnywayId, kDoItAnywayLabel)) {
      return Drafts(fail(trf("the check \"{0}\" waits: choose Do it anyway, or PASS to cancel", pending.reason)));
    }
    event["override"] = pending.reason;
  } else if (pending.roll) {
    early = take_roll(pending, command, context, event, rolls);
  } else if (!pending.question.words.empty()) {
    early = take_word(pending.question, cards, command, event);
  } else {
    early = take_number(state, pending, cards, command, zero_unusual, event);
  }
  if (early) return std::move(*early);
  auto stored = command_from_json(pending.command);
  if (!stored) return Drafts(fail("internal: " + stored.error().message));
  Resumed resumed{*stored, Context{pending.entropy, pending.from_menu}, pending.overridden, std::move(rolls)};
  if (event.contains("override")) resumed.overridden.push_back(pending.reason);
  return resumed;
}

}  // namespace

Result<std::vector<EventDraft>> FlowModule::decide(const TableState& state, const Command& command,
                                                   const Context& context) const {
  // A card turned while a question waits changes nothing in the books until it is answered; the
  // table keeps the turn (and the reconcile step sees it if the books never follow).
  if (state.pending && is_lying_card_change(command)) return std::vector<EventDraft>{};
  if (auto told = told_values_step(state, cards(), command, context)) return std::move(*told);
  nlohmann::json event = nlohmann::json::object();
  Resumed run{command, context, {}, {}};
  if (state.pending) {
    const bool zero_unusual = zero_is_unusual(state.pending->question.stat);
    auto answered = answer_pending(state, cards(), command, context, zero_unusual, event);
    if (auto* early = std::get_if<Drafts>(&answered)) return std::move(*early);
    run = std::get<Resumed>(std::move(answered));
  }
  if (is_told_changed(run.command)) {  // a correction: the told value is all it changes
    event[kOutcome] = kDone;
    event[kCommand] = command_to_json(run.command);
    return one_event("told_changed", std::move(event));
  }
  auto resolved = resolve(state, run.command, run.context.from_menu);
  if (!resolved) return fail(tr("that option is not offered now"));
  event[kCommand] = command_to_json(*resolved);
  event["entropy"] = run.context.entropy;
  if (run.context.from_menu) event["menu"] = true;
  if (!run.overridden.empty()) event["overridden"] = run.overridden;
  if (!run.rolls.empty()) event["rolls"] = run.rolls;

  TableState trial = state.copy_without_log();
  trial.pending.reset();
  prelude(trial, event);
  Rules rules(trial, cards(), 0, run.context, run.overridden, run.rolls);
  nlohmann::json used = nlohmann::json::object();
  rules.used = &used;
  std::string type;
  try {
    type = dispatch(rules, *resolved);
    if (type.empty()) return std::vector<EventDraft>{};
    event[kOutcome] = kDone;
    if (!used.empty()) event[kUsed] = std::move(used);
  } catch (const Refusal& refusal) {
    return fail(refusal.message);
  } catch (const Ask& ask) {
    type = "value_asked";
    event[kOutcome] = kAsked;
    event["card"] = ask.question.subject.key();
    event["stat"] = ask.question.stat;
    event["question"] = question_json(ask.question, ask.roll);
  } catch (const Warning& warning) {
    type = "warning_raised";
    event[kOutcome] = kWarned;
    event["reason"] = warning.reason;
  }
  return one_event(std::move(type), std::move(event));
}

namespace {

// The fields of an event FlowModule reads, found in one pass over its keys: replaying a long game
// looks at every event, and a lookup per field (a dozen string compares each) was most of it.
struct EventFields {
  const nlohmann::json* outcome = nullptr;
  const nlohmann::json* command = nullptr;
  const nlohmann::json* learned = nullptr;
  const nlohmann::json* rolled = nullptr;
  const nlohmann::json* override_reason = nullptr;
  const nlohmann::json* entropy = nullptr;
  const nlohmann::json* menu = nullptr;
  const nlohmann::json* overridden = nullptr;
  const nlohmann::json* rolls = nullptr;
  const nlohmann::json* used = nullptr;

  explicit EventFields(const nlohmann::json& e) {
    if (!e.is_object()) return;
    for (auto it = e.begin(); it != e.end(); ++it) {
      const std::string& key = it.key();
      const nlohmann::json* value = &it.value();
      if (key == kOutcome) outcome = value;
      else if (key == kCommand) command = value;
      else if (key == "learned") learned = value;
      else if (key == "rolled") rolled = value;
      else if (key == "override") override_reason = value;
      else if (key == "entropy") entropy = value;
      else if (key == "menu") menu = value;
      else if (key == "overridden") overridden = value;
      else if (key == "rolls") rolls = value;
      else if (key == kUsed) used = value;
    }
  }

  std::string outcome_word() const { return outcome && outcome->is_string() ? outcome->get<std::string>() : std::string(); }
  template <typename T>
  T get(const nlohmann::json* field, T fallback) const {
    return field ? field->get<T>() : fallback;
  }
};

}  // namespace

Result<void> FlowModule::apply(TableState& state, const Event& event, nlohmann::json* read) const {
  const nlohmann::json& e = event.data;
  if (!e.is_object()) return fail("its data is not an object");
  const EventFields f(e);
  const std::string outcome = f.outcome_word();
  if (outcome == kDropped) {
    const Pending* open = state.pending ? &*state.pending : nullptr;
    state.log.push_back({event.seq, open && open->kind == Pending::Kind::Warning ? trf("Cancelled: {0}", open->reason)
                                    : open && (open->kind == Pending::Kind::Told || open->correcting)
                                        ? std::string(tr("Told values closed"))
                                        : std::string(tr("Question cancelled"))});
    state.pending.reset();
    return {};
  }
  if (outcome == kToldList) {
    Pending list;
    list.kind = Pending::Kind::Told;
    list.from_menu = true;
    state.pending = std::move(list);
    return {};
  }
  if (outcome == kForgot) {
    const nlohmann::json& forgot = e.at(kForgot);
    const Subject subject = Subject::from_key(forgot.at("card").get<std::string>());
    const std::string stat = forgot.at("stat").get<std::string>();
    state.told.set(subject, stat, ToldValue{});
    state.pending.reset();
    state.log.push_back({event.seq, trf("{0} forgotten: asked again when the rules need it",
                                        subject_stat(subject_title(cards(), subject, forgot.value("title", std::string())), stat))});
    return {};
  }
  if (outcome == kZeroTold) {
    if (state.pending) state.pending->zero_told = true;
    return {};
  }
  // The check this event answers, in the words of the language the log is read in (the event keeps
  // the words it was given in).
  const std::string answered_check =
      state.pending && state.pending->kind == Pending::Kind::Warning ? state.pending->reason : std::string();
  state.pending.reset();
  if (f.learned) {
    const auto& learned = *f.learned;
    const std::string value = learned.contains("value") ? std::to_string(learned["value"].get<int>())
                                                        : learned.value("word", std::string());
    const Subject subject = Subject::from_key(learned.at("card").get<std::string>());
    // A card the table named carries its title (the table's card file may be gone on replay).
    state.log.push_back({event.seq, trf("{0} is {1} (told at the table)",
                                        subject_stat(subject_title(cards(), subject, learned.value("title", std::string())),
                                                     learned.at("stat").get<std::string>()),
                                        value)});
    prelude(state, e);
  }
  if (f.rolled) {
    const auto& rolled = *f.rolled;
    // What the die was for is kept in the log in English (Rules::roll), and told in the language set.
    const std::string what = tr(rolled.value("what", std::string()));
    const int value = rolled.value("value", 0);
    // TRANSLATORS: {0} what the die was rolled for ("Ann's archery"), {1} the number it shows.
    state.log.push_back({event.seq, rolled.value("drawn", false) ? trf("{0}: the device rolled {1}", what, value)
                                                                : trf("{0}: rolled {1}", what, value)});
  }
  if (f.override_reason) {
    state.log.push_back(
        {event.seq, trf("Override: {0}", answered_check.empty() ? f.override_reason->get<std::string>() : answered_check)});
  }
  const Context context{f.get(f.entropy, std::uint64_t{0}), f.get(f.menu, false)};
  auto overridden = f.overridden ? f.overridden->get<std::vector<std::string>>() : std::vector<std::string>{};
  auto rolls = f.rolls ? f.rolls->get<std::vector<int>>() : std::vector<int>{};
  if (outcome == kAsked || outcome == kWarned) {
    Pending pending;
    pending.kind = outcome == kAsked ? Pending::Kind::Value : Pending::Kind::Warning;
    pending.question = question_from(e, pending.roll);
    pending.reason = e.value("reason", "");
    pending.command = e.at(kCommand);
    if (outcome == kWarned && !words_in_english()) {
      // Asked again in this language: the rules meet the same check in the same place.
      if (auto command = command_from_json(pending.command)) {
        if (const std::optional<Command> resolved = resolve(state, *command, context.from_menu)) {
          TableState trial = state.copy_without_log();
          Rules again(trial, cards(), 0, context, overridden, rolls);
          again.folding = true;
          try {
            dispatch(again, *resolved);
          } catch (const Warning& warning) {
            pending.reason = warning.reason;
          } catch (...) {
          }
        }
      }
    }
    pending.from_menu = context.from_menu;
    pending.entropy = context.entropy;
    pending.overridden = std::move(overridden);
    pending.rolls = std::move(rolls);
    pending.correcting = e.value("correcting", false);
    state.pending = std::move(pending);
    return {};
  }
  if (!f.command) return fail("an event without its command");
  auto command = command_from_json(*f.command);
  if (!command) return fail(command.error().message);
  if (is_told_changed(*command)) return {};  // the learned value was all
  const nlohmann::json* given = f.used && f.used->is_object() ? f.used : nullptr;
  const std::optional<Command> resolved = resolve(state, *command, context.from_menu, given);
  if (!resolved) return fail("its option is no longer offered");
  Rules rules(state, cards(), event.seq, context, std::move(overridden), std::move(rolls));
  rules.folding = true;
  rules.at_ms = event.at_ms;
  rules.given = given;
  if (read && !f.used) rules.used = read;
  try {
    dispatch(rules, *resolved);
  } catch (const Refusal& refusal) {
    return fail("refused on replay: " + refusal.message);
  } catch (const Warning& warning) {
    return fail("a check stops it on replay: " + warning.reason);
  } catch (const Ask& ask) {
    // Most often a value answered at the table that neither the event nor the card data holds.
    return fail("it needs " + subject_title(cards(), ask.question.subject) + "'s " + stat_words(ask.question.stat) +
                ", which neither the event nor the card data holds");
  }
  return {};
}

std::string FlowModule::settle(Rules& rules, const Reconcile& reconcile) const {
  if (rules.state.disagreements.empty()) rules.refuse(tr("the table and the books agree: nothing to settle"));
  const Disagreement disagreement = rules.state.disagreements.front();
  rules.state.disagreements.erase(rules.state.disagreements.begin());
  switch (reconcile.resolution) {
    case Reconcile::Resolution::UpdateBooks:
      return update_books(rules, disagreement);
    case Reconcile::Resolution::Ignore:
      rules.log(trf("Ignored: {0}", disagreement.text));
      return "disagreement_ignored";
    case Reconcile::Resolution::Misread:
      rules.log(trf("A misread: {0}; the table is as it was", disagreement.text));
      return "disagreement_misread";
  }
  return "disagreement_ignored";
}

std::string FlowModule::raise(Rules& rules, const Disagree& disagree) const {
  const std::string title = subject_title(cards(), Subject{disagree.card_id, disagree.copy, {}});
  for (Disagreement& mismatch : table_mismatches(rules.state)) {
    if (mismatch.card != disagree.card_id || mismatch.copy != disagree.copy || mismatch.kind != disagree.kind) continue;
    for (const Disagreement& open : rules.state.disagreements) {
      if (open.card == mismatch.card && open.copy == mismatch.copy && open.kind == mismatch.kind) {
        rules.refuse(trf("{0}: already put to the players", title));
      }
    }
    rules.disagree(std::move(mismatch));
    return "table_disagreement";
  }
  rules.refuse(trf("the table and the books agree about {0} now ({1})", title, disagree.kind));
}

std::string FlowModule::dispatch(Rules& rules, const Command& command) const {
  if (const auto* reconcile = std::get_if<Reconcile>(&command)) return settle(rules, *reconcile);
  if (const auto* disagree = std::get_if<Disagree>(&command)) return raise(rules, *disagree);
  if (is_lying_card_change(command)) return on_table(rules, command);
  return run(rules, command);
}

Prompt FlowModule::pending_prompt(const TableState& state, const Pending& pending) const {
  Prompt prompt;
  const Question& q = pending.question;
  prompt.pass = tr("cancel");
  if (pending.kind == Pending::Kind::Warning) {
    // TRANSLATORS: {0} the rule the move breaks, as the module says it.
    prompt.text = trf("Check: {0}. The card may allow it.", pending.reason);
    prompt.add(say(kDoItAnywayLabel), kDoItAnywayId);
    prompt.add(say(kCancelLabel), kCancelId);
    prompt.ok = tr("do it anyway");
    return prompt;
  }
  if (pending.roll) {
    prompt.text = trf("Roll a D{0} for {1}: enter it, or let the device roll", q.max, tr(q.stat));
    prompt.wants_number = true;
    prompt.number_min = 1;
    prompt.number_max = q.max;
    prompt.add(say(kRollForMeLabel), kRollForMeId);
    prompt.add(say(kCancelLabel), kCancelId);
    return prompt;
  }
  if (pending.kind == Pending::Kind::Told) {
    prompt.text = tr("Told values: choose one to change or forget");
    prompt.options = told_options(state, cards());
    prompt.add(say(kCancelLabel), kCancelId);
    prompt.pass = tr("close the list");
    return prompt;
  }
  const std::string what = subject_stat(subject_title(cards(), q.subject), q.stat);
  if (pending.correcting) {
    const auto told = told_value(state, cards(), q.subject, q.stat);
    const std::string now = !told ? std::string("?") : told->number ? std::to_string(*told->number) : told->word;
    const bool number = told && told->number;
    prompt.text = number ? trf("{0} is {1}: enter the right number, or Forget (asked again when needed)", what, now)
                         : trf("{0} is {1}: Forget it (asked again when needed)", what, now);
    prompt.wants_number = number;
    prompt.number_min = q.min;
    prompt.number_max = q.max;
    prompt.add(say(kForgetLabel), kForgetId);
    prompt.add(say(kCancelLabel), kCancelId);
    return prompt;
  }
  if (!q.words.empty()) {
    // Short enough for the banner at 800x480; the log line says it was told at the table.
    prompt.text = trf("Look at the card: {0}?", what);
    for (const std::string& word : q.words) prompt.add(word);
  } else {
    prompt.text = pending.zero_told ? trf("Is {0} really 0? OK keeps 0, or enter the number", what)
                                    : trf("Look at the card: {0}?", what);
    if (pending.zero_told) prompt.ok = tr("keep 0");  // the buttons' OK sends Ok, which keeps the 0
    prompt.wants_number = true;
    prompt.number_min = q.min;
    prompt.number_max = q.max;
  }
  prompt.add(say(kCancelLabel), kCancelId);
  return prompt;
}

Rules FlowModule::reading(const TableState& state, Context context) const {
  return Rules(const_cast<TableState&>(state), cards(), 0, context);  // the flows read the table only
}

Prompt FlowModule::prompt(const TableState& state) const {
  if (!state.data) return {};
  if (state.winner) {
    Prompt over;
    over.text = winner_text(state);
    return over;
  }
  if (state.pending) return pending_prompt(state, *state.pending);
  const Rules rules = reading(state);
  try {
    return flow_prompt(rules);
  } catch (const Ask& ask) {
    Prompt unknown;
    unknown.text = trf("{0} is needed", subject_stat(subject_title(cards(), ask.question.subject), ask.question.stat));
    return unknown;
  }
}

std::vector<Option> FlowModule::menu(const TableState& state) const {
  if (!state.data || state.winner) return {};
  std::vector<Option> options = flow_menu(reading(state, Context{0, true}));
  // Every game: the values told at the table, to mend a wrong one (a stray OK entered 0).
  if (!state.pending && !told_options(state, cards()).empty()) options.push_back(said_option(kToldValuesId, kToldValuesLabel));
  return options;
}

std::vector<int>& series_values(Series& series, std::string_view name) {
  for (auto& [named, values] : series) {
    if (named == name) return values;
  }
  series.emplace_back(std::string(name), std::vector<int>{});
  return series.back().second;
}

void GameModule::tally(const TableState& state, Series& series) const {
  std::vector<int>& scores = series_values(series, "score");
  scores.clear();
  for (const PlayerState& player : state.players) scores.push_back(player.score);
}

}  // namespace seneschal::engine
