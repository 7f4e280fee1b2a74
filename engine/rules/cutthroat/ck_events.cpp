// Votes and the events with flows of their own (GAMES.md A2 "Special flows"): the vote
// (CK:832-840), Welcome to Aurum (CK:570-572), the Royal Wedding (CK:543-568), Alms of Lazarus
// (CK:574-576); the Royal Feast is ck_feast.cpp's. Deals stay social: the device logs who dealt
// and pays what the rules pay for a deal, and never judges what was agreed.
#include <algorithm>
#include <numeric>

#include "ck_clock.hpp"
#include "ck_flows.hpp"

namespace seneschal::engine::cutthroat {
namespace {

constexpr const char* kAddProposal = "Add a proposal";
constexpr const char* kDrawStarter = "Draw the starting player at random";
constexpr const char* kVoteNow = "vote";

std::string purpose_words(Vote::Purpose purpose) {
  switch (purpose) {
    case Vote::Purpose::Starter:
      return "who is the starting player?";
    case Vote::Purpose::Alms:
      return "how to share the 12 of Alms?";
    case Vote::Purpose::Free:
      break;
  }
  return "which proposal?";
}

std::string distribution_text(const Table& table, const std::vector<int>& coins) {
  std::string text;
  for (std::size_t s = 0; s < coins.size(); ++s) {
    text += (text.empty() ? "" : ", ") + table.name(static_cast<int>(s)) + " " + std::to_string(coins[s]);
  }
  return text;
}

void open_poll(Table& table) {
  Vote& vote = *table.data.vote;
  std::vector<Option> options;
  for (std::size_t i = 0; i < vote.proposals.size(); ++i) options.push_back({"proposal:" + std::to_string(i), vote.proposals[i]});
  vote.poll = Poll::ask_everyone(table.state, table.acting(), purpose_words(vote.purpose), std::move(options));
  std::string least = vote.least.empty() ? "nobody" : "";
  for (int s : vote.least) least += (least.empty() ? "" : ", ") + table.name(s);
  table.log("The vote opens (" + std::to_string(vote.proposals.size()) + " proposals); one more vote for " + least);
}

void vote_decided(Table& table, std::optional<int> winner) {
  Vote vote = *table.data.vote;
  table.data.vote.reset();
  switch (vote.purpose) {
    case Vote::Purpose::Starter:
      if (!winner) {
        // A tie "decides nothing" (CK:838), but a starter is needed: vote again (A7.2).
        begin_vote(table, Vote::Purpose::Starter);
        table.data.vote->ties = vote.ties + 1;
        table.log("The vote is tied: no decision; vote again");
        return;
      }
      starter_chosen(table, table.seat_by_name(vote.proposals[static_cast<std::size_t>(*winner)]));
      return;
    case Vote::Purpose::Alms:
      if (winner) {
        const std::vector<int>& shares = vote.distributions[static_cast<std::size_t>(*winner)];
        for (int s = 0; s < table.seats() && s < static_cast<int>(shares.size()); ++s) table.purse(s, shares[static_cast<std::size_t>(s)]);
        table.log("Alms of Lazarus shares the 12 coins from the bank: " +
                  distribution_text(table, vote.distributions[static_cast<std::size_t>(*winner)]));
      } else {
        table.log("Alms of Lazarus: the vote is tied, nothing is shared");
      }
      next_turn(table);
      return;
    case Vote::Purpose::Free:
      table.log(winner ? "Carried: " + vote.proposals[static_cast<std::size_t>(*winner)] : std::string("Tied: no decision"));
      return;
  }
}

// Where an Alms proposal's next number starts: an even share of what the seats before left of the
// 12 (12 / N for the first), and for the last seat all that is left, so that a fair split is one
// OK a seat and a proposal that shares exactly 12 (CK:576) ends on what makes it so.
int fair_share(const Table& table, const std::vector<int>& draft) {
  const int given = std::accumulate(draft.begin() + 1, draft.end(), 0);
  const int left = std::max(0, kAlmsOfLazarus - given);
  const int seats_left = table.seats() - (static_cast<int>(draft.size()) - 1);
  return seats_left <= 1 ? left : left / seats_left;
}

void tally(Table& table) {
  Vote& vote = *table.data.vote;
  std::vector<int> votes(static_cast<std::size_t>(table.seats()), -1);
  for (int s = 0; s < table.seats(); ++s) {
    const auto& answer = vote.poll->answers[static_cast<std::size_t>(s)];
    if (answer && answer->rfind("proposal:", 0) == 0) votes[static_cast<std::size_t>(s)] = std::stoi(answer->substr(9));
  }
  const std::vector<int> weights = vote_weights(table.seats(), vote.least);
  const int proposals = static_cast<int>(vote.proposals.size());
  std::string counts;
  for (int p = 0; p < proposals; ++p) {
    int sum = 0;
    for (int s = 0; s < table.seats(); ++s) sum += votes[static_cast<std::size_t>(s)] == p ? weights[static_cast<std::size_t>(s)] : 0;
    counts += (counts.empty() ? "" : "; ") + vote.proposals[static_cast<std::size_t>(p)] + ": " + std::to_string(sum);
  }
  table.log("Votes: " + counts);
  vote_decided(table, vote_winner(votes, weights, proposals));
}

std::string proposing_step(Table& table, const Command& command) {
  Vote& vote = *table.data.vote;
  const auto* choose = std::get_if<Choose>(&command);
  if (vote.purpose == Vote::Purpose::Alms && !vote.draft.empty()) {
    // Entering a distribution, one seat at a time; draft[0] is a marker, the coins follow.
    const auto* number = std::get_if<SetNumber>(&command);
    if (!number) table.refuse("set the coins for " + table.name(static_cast<int>(vote.draft.size()) - 1));
    if (number->value < 0 || number->value > kAlmsOfLazarus) table.refuse("0 to 12 coins");
    vote.draft.push_back(number->value);
    if (static_cast<int>(vote.draft.size()) - 1 == table.seats()) {
      std::vector<int> coins(vote.draft.begin() + 1, vote.draft.end());
      vote.draft.clear();
      // A proposal shares the 12 (CK:576).
      table.check(std::accumulate(coins.begin(), coins.end(), 0) == kAlmsOfLazarus,
                  "a proposal shares exactly " + coins_text(kAlmsOfLazarus) + ": " + distribution_text(table, coins));
      vote.proposals.push_back(distribution_text(table, coins));
      vote.distributions.push_back(coins);
      table.log("Proposal " + std::to_string(vote.proposals.size()) + ": " + vote.proposals.back());
    }
    return "proposal";
  }
  if (choose && choose->label == kNegotiation) {
    table.data.negotiation_asked = true;
    return "negotiation_asked";
  }
  if (choose && choose->label == kDrawStarter && vote.purpose == Vote::Purpose::Starter && vote.ties >= 2) {
    // After two tied votes the table may leave it to chance (A7.2): the caller's entropy, logged.
    const int seat = static_cast<int>(table.context.entropy % static_cast<std::uint64_t>(table.seats()));
    table.log("The starting player is drawn at random");
    table.data.vote.reset();
    starter_chosen(table, seat);
    return "starter_drawn";
  }
  if (choose && choose->label == kAddProposal && vote.purpose != Vote::Purpose::Starter) {
    if (vote.purpose == Vote::Purpose::Alms) {
      vote.draft = {0};
    } else {
      vote.proposals.push_back("Proposal " + std::to_string(vote.proposals.size() + 1));
      table.log(vote.proposals.back() + " is made");
    }
    return "proposal";
  }
  if (choose && vote.purpose == Vote::Purpose::Starter && choose->label.rfind("Propose ", 0) == 0) {
    const std::string who = choose->label.substr(8);
    if (table.seat_by_name(who) < 0) table.refuse("no seat " + who);
    if (std::find(vote.proposals.begin(), vote.proposals.end(), who) != vote.proposals.end()) table.refuse(who + " is proposed already");
    vote.proposals.push_back(who);
    table.log("Proposal: " + who + " starts");
    return "proposal";
  }
  if (std::holds_alternative<Ok>(command)) {
    if (vote.proposals.empty()) table.refuse("make a proposal first");
    vote.proposing = false;
    // At setup nobody holds anything yet: every seat has the least, so the extra votes cancel out.
    if (vote.purpose == Vote::Purpose::Starter) {
      vote.least_named = true;
      open_poll(table);
    }
    return "proposals_made";
  }
  table.refuse("make proposals, then OK to vote");
}

std::string least_step(Table& table, const Command& command) {
  Vote& vote = *table.data.vote;
  if (const auto* choose = std::get_if<Choose>(&command)) {
    const int s = table.seat_by_name(choose->label);
    if (s < 0) table.refuse("no seat " + choose->label);
    // "the player(s) with the least" (CK:836): the table counts (A7.3); choosing again takes it back.
    const auto it = std::find(vote.least.begin(), vote.least.end(), s);
    if (it == vote.least.end()) vote.least.push_back(s);
    else vote.least.erase(it);
    std::sort(vote.least.begin(), vote.least.end());
    return "least_named";
  }
  if (std::holds_alternative<Ok>(command)) {
    vote.least_named = true;
    open_poll(table);
    return "poll_opened";
  }
  table.refuse("choose the seats with the least (one more vote each), then OK");
}

bool can_marry(const Table& table, int a, int b) {
  return a != b && !table.seat(a).heir.married_to && !table.seat(b).heir.married_to && table.seat(a).heir.alive &&
         table.seat(b).heir.alive;
}

std::string pair_label(const Table& table, int a, int b) { return table.name(a) + " and " + table.name(b); }

}  // namespace

void begin_vote(Table& table, Vote::Purpose purpose) {
  table.data.vote = Vote{};
  table.data.vote->purpose = purpose;
  if (purpose == Vote::Purpose::Starter) {
    table.data.step = Step::StartVote;
    table.state.phase = "Setup";
    table.state.to_act = 0;  // the poll goes round from the first seat
  }
  table.log("Vote: " + purpose_words(purpose) + " (a Negotiation timer is offered)");
}

std::string vote_step(Table& table, const Command& command) {
  Vote& vote = *table.data.vote;
  if (vote.proposing) return proposing_step(table, command);
  if (!vote.least_named) return least_step(table, command);
  // "Once cast, votes cannot be changed" (CK:838): a seat answers once; the poll asks the next.
  table.data.votes_cast += poll_answer(table, *vote.poll, command);
  if (vote.poll->complete()) tally(table);
  return "voted";
}

Prompt vote_prompt(const Table& table) {
  const Vote& vote = *table.data.vote;
  Prompt prompt;
  if (vote.proposing) {
    if (vote.purpose == Vote::Purpose::Alms && !vote.draft.empty()) {
      const int s = static_cast<int>(vote.draft.size()) - 1;
      prompt.text = "Proposal " + std::to_string(vote.proposals.size() + 1) + ": coins of the 12 for " + table.name(s) + "?";
      prompt.wants_number = true;
      prompt.number_max = kAlmsOfLazarus;
      prompt.number_start = fair_share(table, vote.draft);
      return prompt;
    }
    prompt.text = "Vote, " + purpose_words(vote.purpose) + " Proposals: " + std::to_string(vote.proposals.size());
    if (vote.purpose == Vote::Purpose::Starter) {
      for (int s = 0; s < table.seats(); ++s) {
        if (std::find(vote.proposals.begin(), vote.proposals.end(), table.name(s)) == vote.proposals.end()) {
          prompt.add("Propose " + table.name(s), "propose:" + std::to_string(s));
        }
      }
      if (vote.ties >= 2) prompt.add(kDrawStarter, "draw-starter");
    } else {
      prompt.add(kAddProposal, "add-proposal");
    }
    offer_negotiation(prompt);
    // A vote needs a proposal: before the first, OK takes the highlighted one.
    if (!vote.proposals.empty()) prompt.ok = kVoteNow;
    return prompt;
  }
  if (!vote.least_named) {
    std::string least;
    for (int s : vote.least) least += (least.empty() ? "" : ", ") + table.name(s);
    prompt.text = "Who has the least (one more vote)?" + (least.empty() ? std::string() : " " + least);
    for (int s = 0; s < table.seats(); ++s) prompt.add(table.name(s), "seat:" + std::to_string(s));
    prompt.ok = "open the vote";
    return prompt;
  }
  return poll_prompt(table, *vote.poll);
}

std::string event_drawn(Table& table, const std::string& card, const std::string& title) {
  EventClock& clock = table.books().clock;
  const int s = table.acting();
  ++clock.drawn;
  // CK-25/26: one event per turn, the Royal Feast last (CK:192, 200, 426).
  if (clock.deck_size > 0) {
    Reasons reasons;
    reasons.unless(clock.drawn <= clock.deck_size,
                   "the event deck holds " + std::to_string(clock.deck_size) + " cards: the game ended with the Royal Feast");
    reasons.unless(card == "ROYAL-FEAST" || clock.drawn != clock.deck_size,
                   "event card " + std::to_string(clock.drawn) + " is the deck's last: the Royal Feast");
    reasons.unless(card != "ROYAL-FEAST" || clock.drawn == clock.deck_size,
                   "the Royal Feast lies at the bottom: card " + std::to_string(clock.deck_size) + ", not " +
                       std::to_string(clock.drawn));
    reasons.raise(table);
  }
  const std::string of = clock.deck_size > 0 ? " of " + std::to_string(clock.deck_size) : "";
  table.log(table.name(s) + " draws " + title + " (event " + std::to_string(clock.drawn) + of + ")");
  if (card == "WELCOME-TO-AURUM") {
    table.data.step = Step::Welcome;
    table.data.welcome = Welcome{std::vector<bool>(static_cast<std::size_t>(table.seats()), false), std::nullopt};
    return "welcome_to_aurum";
  }
  if (card == "ROYAL-WEDDING") {
    // "All players have 3 minutes to openly woo the other players" (CK:549): the timer starts itself.
    table.data.step = Step::Wedding;
    table.start_timer(kWeddingTimer, kRoyalWeddingSeconds);
    return "royal_wedding";
  }
  if (card == "ALMS-OF-LAZARUS") {
    table.log("Alms of Lazarus: 12 coins from the bank, shared as the table votes");
    begin_vote(table, Vote::Purpose::Alms);
    return "alms_of_lazarus";
  }
  if (card == "ROYAL-FEAST") {
    clock.feast_drawn_by = s;
    begin_feast(table);
    return "royal_feast";
  }
  table.data.step = Step::EventResolve;
  table.data.event_title = title;
  return "event_drawn";
}

std::string welcome_step(Table& table, const Command& command) {
  Welcome& welcome = *table.data.welcome;
  if (std::holds_alternative<Ok>(command) || (std::holds_alternative<Pass>(command) && !welcome.first)) {
    table.data.welcome.reset();
    table.log("Welcome to Aurum is over");
    next_turn(table);
    return "event_resolved";
  }
  if (std::holds_alternative<Pass>(command) && welcome.first) {
    welcome.first.reset();
    return "deal_called_off";
  }
  const auto* choose = std::get_if<Choose>(&command);
  if (choose && choose->label == kNegotiation) {
    table.data.negotiation_asked = true;
    return "negotiation_asked";
  }
  const int s = choose ? table.seat_by_name(choose->label) : -1;
  if (s < 0) table.refuse("choose the seats of a formal deal, or OK when the dealing is over");
  if (!welcome.first) {
    // "Players may only make 1 deal" (CK:572; CK-27).
    table.check(!welcome.dealt[static_cast<std::size_t>(s)], table.name(s) + " has made a deal already");
    welcome.first = s;
    return "deal_party";
  }
  const int a = *welcome.first;
  if (s == a) table.refuse("a deal takes two seats");
  welcome.first.reset();
  const bool b_dealt = welcome.dealt[static_cast<std::size_t>(s)];
  // "If a player is left out, they may make a deal with any 1 player who has already made a deal,
  // however only they collect the 5 for this deal" (CK:572): a seat without a deal is left out
  // whenever it deals with one that has (the first party dealing twice is CK-27's check above).
  welcome.dealt[static_cast<std::size_t>(a)] = true;
  welcome.dealt[static_cast<std::size_t>(s)] = true;
  const std::string deal = pair_label(table, a, s);
  table.data.deals.push_back("Welcome to Aurum: " + deal);
  table.purse(a, kWelcomeToAurumPerDealMaker);
  if (!b_dealt) table.purse(s, kWelcomeToAurumPerDealMaker);
  if (b_dealt) {
    table.log(deal + " make a formal deal (handshake): " + table.name(a) + " collects " + coins_text(kWelcomeToAurumPerDealMaker) +
              " (left out)");
  } else {
    table.log(deal + " make a formal deal (handshake): each collects " + coins_text(kWelcomeToAurumPerDealMaker));
  }
  return "formal_deal";
}

Prompt welcome_prompt(const Table& table) {
  const Welcome& welcome = *table.data.welcome;
  Prompt prompt;
  // The seats that have not dealt first, then the others: dealing again is CK-27's check, not a
  // wall (a card may allow it), and a left-out seat deals with one that has (CK:572).
  const auto add_seats = [&](int except) {
    for (const bool dealt : {false, true}) {
      for (int s = 0; s < table.seats(); ++s) {
        if (s != except && welcome.dealt[static_cast<std::size_t>(s)] == dealt) {
          prompt.add(table.name(s), "seat:" + std::to_string(s));
        }
      }
    }
  };
  if (welcome.first) {
    prompt.text = "Welcome to Aurum: " + table.name(*welcome.first) + " deals with whom?";
    add_seats(*welcome.first);
    prompt.pass = "call it off";
    return prompt;
  }
  const bool all_dealt = std::find(welcome.dealt.begin(), welcome.dealt.end(), false) == welcome.dealt.end();
  prompt.text = all_dealt ? "Welcome to Aurum: every seat has dealt" : "Welcome to Aurum: a deal's first seat?";
  add_seats(-1);
  offer_negotiation(prompt);
  if (all_dealt) {
    // Nobody is left to deal: the event is over unless a button stops it.
    prompt.ok = "end Welcome to Aurum";
    prompt.idle = true;
  } else {
    // OK takes the highlighted seat (the first without a deal); the table ends the dealing early
    // with PASS.
    prompt.pass = "end Welcome to Aurum";
  }
  return prompt;
}

std::string wedding_step(Table& table, const Command& command) {
  if (std::holds_alternative<Ok>(command)) {
    table.log("The Royal Wedding is over");
    next_turn(table);
    return "event_resolved";
  }
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose || choose->label.rfind("Marry ", 0) != 0) table.refuse("choose a couple to marry, or OK when the wooing is over");
  const std::string pair = choose->label.substr(6);
  const std::size_t and_at = pair.find(" and ");
  if (and_at == std::string::npos) table.refuse("no couple \"" + pair + "\"");
  const int a = table.seat_by_name(pair.substr(0, and_at));
  const int b = table.seat_by_name(pair.substr(and_at + 5));
  if (a < 0 || b < 0 || a == b) table.refuse("no couple \"" + pair + "\"");
  Reasons reasons;
  // CK-28: "all players have 3 minutes to openly woo" (CK:549). The rules read no clock, but the
  // alarm acknowledged (or the timer cancelled) takes the Royal Wedding's timer away: the wooing
  // is over. A paused timer still woos.
  const auto& timers = table.state.timers;
  reasons.unless(std::any_of(timers.begin(), timers.end(), [](const TimerState& t) { return t.name == kWeddingTimer; }),
                 "The wooing's 3 minutes are over");
  // CK-29: two unmarried players whose heirs are alive (CK:553-555).
  reasons.unless(can_marry(table, a, b), pair + " cannot marry: both must be unmarried with a living heir");
  reasons.raise(table);
  table.seat(a).heir.married_to = b;
  table.seat(b).heir.married_to = a;
  table.data.deals.push_back("Royal Wedding: " + pair);
  table.log(pair + " marry: their heirs swap seats (each heir card goes to the other's area)");
  return "married";
}

Prompt wedding_prompt(const Table& table) {
  Prompt prompt;
  prompt.text = "Royal Wedding: 3 minutes to woo; marry a couple";
  // The couples that may marry first, then every other (CK-29's check, for a card may allow it);
  // a couple already married to each other is no new marriage.
  for (const bool may : {true, false}) {
    for (int a = 0; a < table.seats(); ++a) {
      for (int b = a + 1; b < table.seats(); ++b) {
        if (can_marry(table, a, b) != may || table.married(a, b)) continue;
        prompt.add("Marry " + pair_label(table, a, b), "marry:" + std::to_string(a) + ":" + std::to_string(b));
      }
    }
  }
  prompt.ok = "end the Royal Wedding";
  // The wooing's timer gone (its alarm acknowledged, or cancelled), a marriage is CK-28's check:
  // nothing is left to decide, and the event ends by itself.
  const auto& timers = table.state.timers;
  prompt.idle = std::none_of(timers.begin(), timers.end(), [](const TimerState& t) { return t.name == kWeddingTimer; });
  return prompt;
}

void offer_negotiation(Prompt& prompt) { prompt.add(kNegotiation, "negotiation"); }

// "set a timer for 2-5 minutes" (CK:531; CK-48: outside that range is a check).
std::string negotiation_step(Table& table, const Command& command) {
  if (std::holds_alternative<Pass>(command)) {
    table.data.negotiation_asked = false;
    return "negotiation_called_off";
  }
  const auto* number = std::get_if<SetNumber>(&command);
  if (!number) table.refuse("set the negotiation's minutes (2 to 5), or PASS");
  if (number->value < 1) table.refuse("a negotiation lasts a minute at least");
  table.check(number->value >= kMinNegotiationMinutes && number->value <= kMaxNegotiationMinutes,
              "a negotiation lasts 2 to 5 minutes, not " + std::to_string(number->value));
  table.data.negotiation_asked = false;
  table.data.negotiation_minutes = number->value;
  table.start_timer("Negotiation", number->value * 60);  // the timer logs itself
  return "negotiation_started";
}

Prompt negotiation_prompt(const Table& table) {
  Prompt prompt;
  prompt.text = "Negotiation timer: how many minutes (2 to 5)?";
  prompt.wants_number = true;
  // The minutes set last this game, or 3 before any: the table's own pace.
  prompt.number_start = table.data.negotiation_minutes;
  prompt.number_min = 1;
  prompt.number_max = 10;
  prompt.pass = "call it off";
  return prompt;
}

}  // namespace seneschal::engine::cutthroat
