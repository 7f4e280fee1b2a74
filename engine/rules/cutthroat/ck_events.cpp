// Votes and the events with flows of their own (GAMES.md A2 "Special flows"): the vote
// (CK:832-840), Welcome to Aurum (CK:570-572), the Royal Wedding (CK:543-568), Alms of Lazarus
// (CK:574-576); the Royal Feast is ck_feast.cpp's. Deals stay social: the device logs who dealt
// and pays what the rules pay for a deal, and never judges what was agreed.
#include <algorithm>
#include <numeric>

#include "ck_clock.hpp"
#include "ck_flows.hpp"
#include "seneschal/engine/timers.hpp"

namespace seneschal::engine::cutthroat {
namespace {

constexpr const char* kAddProposal = N_("Add a proposal");
constexpr const char* kAddProposalId = "add-proposal";
// TRANSLATORS: a ready-made Alms of Lazarus proposal: {0} each seat and its coins, "Ann 3, Ben 3".
constexpr const char* kEvenShare = N_("Even share: {0}");
constexpr const char* kEvenShareId = "even-share";
constexpr const char* kDrawStarter = N_("Draw the starting player at random");
constexpr const char* kDrawStarterId = "draw-starter";
// TRANSLATORS: what OK does: the proposals are made, the vote begins.
constexpr const char* kVoteNow = N_("vote");

// TRANSLATORS: what a vote decides, the question of its poll.
std::string purpose_words(Vote::Purpose purpose) {
  switch (purpose) {
    case Vote::Purpose::Starter:
      return tr("who is the starting player?");
    case Vote::Purpose::Alms:
      return tr("how to share the 12 of Alms?");
    case Vote::Purpose::Free:
      break;
  }
  return tr("which proposal?");
}

std::string distribution_text(const Table& table, const std::vector<int>& coins) {
  std::string text;
  for (std::size_t s = 0; s < coins.size(); ++s) {
    text += (text.empty() ? "" : ", ") + table.name(static_cast<int>(s)) + " " + std::to_string(coins[s]);
  }
  return text;
}

// A proposal as the voters see it: a seat's name (Starter), a distribution (Alms), or a free vote's
// "Proposal 2", which the state keeps in English.
std::string proposal_words(const Vote& vote, std::size_t i) {
  if (vote.purpose == Vote::Purpose::Free) return trf("Proposal {0}", i + 1);
  return vote.proposals[i];
}

void open_poll(Table& table) {
  Vote& vote = *table.data.vote;
  std::vector<Option> options;
  for (std::size_t i = 0; i < vote.proposals.size(); ++i) {
    const Words label = vote.purpose == Vote::Purpose::Free ? say("Proposal {0}", i + 1) : as_is(vote.proposals[i]);
    options.push_back(option_of("proposal:" + std::to_string(i), label));
  }
  vote.poll = Poll::ask_everyone(table.state, table.acting(), purpose_words(vote.purpose), std::move(options));
  std::string least = vote.least.empty() ? std::string(tr("nobody")) : "";
  for (int s : vote.least) least += (least.empty() ? "" : ", ") + table.name(s);
  // TRANSLATORS: {1} the seats with the least, "Ann, Ben", or "nobody".
  table.log(trf("The vote opens ({0} proposals); one more vote for {1}", vote.proposals.size(), least));
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
        table.log(tr("The vote is tied: no decision; vote again"));
        return;
      }
      starter_chosen(table, table.seat_by_name(vote.proposals[static_cast<std::size_t>(*winner)]));
      return;
    case Vote::Purpose::Alms:
      if (winner) {
        const std::vector<int>& shares = vote.distributions[static_cast<std::size_t>(*winner)];
        for (int s = 0; s < table.seats() && s < static_cast<int>(shares.size()); ++s) table.purse(s, shares[static_cast<std::size_t>(s)]);
        // TRANSLATORS: {0} the seats and their coins: "Ann 4, Ben 4, Cat 4".
        table.log(trf("Alms of Lazarus shares the 12 coins from the bank: {0}",
                      distribution_text(table, vote.distributions[static_cast<std::size_t>(*winner)])));
      } else {
        table.log(tr("Alms of Lazarus: the vote is tied, nothing is shared"));
      }
      next_turn(table);
      return;
    case Vote::Purpose::Free:
      table.log(winner ? trf("Carried: {0}", proposal_words(vote, static_cast<std::size_t>(*winner)))
                       : std::string(tr("Tied: no decision")));
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

// The 12 shared as evenly as coins go among `among` (every seat when empty), the odd coins to the
// first of them from the seat whose turn it is (it drew the card): the proposal a table makes
// first, offered ready-made, and "Ben and Cat share it" chosen seat by seat (CK:576).
std::vector<int> even_share(const Table& table, const std::vector<int>& among = {}) {
  const int n = table.seats();
  std::vector<bool> shares(static_cast<std::size_t>(n), among.empty());
  for (int s : among) shares[static_cast<std::size_t>(s)] = true;
  const int k = static_cast<int>(std::count(shares.begin(), shares.end(), true));
  std::vector<int> coins(static_cast<std::size_t>(n), 0);
  int odd = kAlmsOfLazarus % k;
  int seat = table.acting();
  for (int i = 0; i < n; ++i, seat = table.next_seat(seat)) {
    if (!shares[static_cast<std::size_t>(seat)]) continue;
    coins[static_cast<std::size_t>(seat)] = kAlmsOfLazarus / k + (odd > 0 ? 1 : 0);
    odd -= odd > 0 ? 1 : 0;
  }
  return coins;
}

void add_alms_proposal(Table& table, const std::vector<int>& coins) {
  Vote& vote = *table.data.vote;
  vote.proposals.push_back(distribution_text(table, coins));
  vote.distributions.push_back(coins);
  table.log(trf("Proposal {0}: {1}", vote.proposals.size(), vote.proposals.back()));
}

bool even_share_proposed(const Table& table) {
  const Vote& vote = *table.data.vote;
  const std::vector<int> even = even_share(table);
  return std::find(vote.distributions.begin(), vote.distributions.end(), even) != vote.distributions.end();
}

// The answer a seat most probably gives (Prompt::likely): its own good. At Alms the proposal that
// gives it the most coins; for the starter its own name when proposed. Else the proposal leading
// so far (the first when none leads). An index into the poll's options.
int likely_vote(const Table& table, const Vote& vote, int seat) {
  const int proposals = static_cast<int>(vote.proposals.size());
  if (vote.purpose == Vote::Purpose::Alms) {
    int best = -1;
    int most = -1;
    for (int p = 0; p < proposals; ++p) {
      const int coins = vote.distributions[static_cast<std::size_t>(p)][static_cast<std::size_t>(seat)];
      if (coins > most) best = p, most = coins;
      else if (coins == most) best = -1;  // as good as another: its own good does not tell
    }
    if (best >= 0) return best;
  }
  if (vote.purpose == Vote::Purpose::Starter) {
    const auto own = std::find(vote.proposals.begin(), vote.proposals.end(), table.name(seat));
    if (own != vote.proposals.end()) return static_cast<int>(own - vote.proposals.begin());
  }
  int leading = 0;
  for (int p = 1; p < proposals; ++p) {
    if (vote.poll->count("proposal:" + std::to_string(p)) > vote.poll->count("proposal:" + std::to_string(leading))) leading = p;
  }
  return leading;
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
    counts += (counts.empty() ? "" : "; ") + proposal_words(vote, static_cast<std::size_t>(p)) + ": " + std::to_string(sum);
  }
  // TRANSLATORS: {0} each proposal and its votes: "Ann: 2; Ben: 1".
  table.log(trf("Votes: {0}", counts));
  vote_decided(table, vote_winner(votes, weights, proposals));
}

std::string proposing_step(Table& table, const Command& command) {
  Vote& vote = *table.data.vote;
  const auto* choose = std::get_if<Choose>(&command);
  if (vote.purpose == Vote::Purpose::Alms && vote.draft.size() == 1 && !std::holds_alternative<SetNumber>(command)) {
    // Before any coins are typed, the seats that share the 12 evenly may be chosen instead, and
    // OK makes the proposal; choosing a seat again takes it back.
    const int s = !choose ? -1
                  : choose->id.rfind("share:", 0) == 0 ? std::stoi(choose->id.substr(6))
                                                        : table.seat_by_name(choose->label);
    if (s >= 0 && s < table.seats()) {
      const auto it = std::find(vote.sharing.begin(), vote.sharing.end(), s);
      if (it == vote.sharing.end()) vote.sharing.push_back(s);
      else vote.sharing.erase(it);
      std::sort(vote.sharing.begin(), vote.sharing.end());
      return "share_named";
    }
    if (std::holds_alternative<Ok>(command) && !vote.sharing.empty()) {
      const std::vector<int> coins = even_share(table, vote.sharing);
      vote.draft.clear();
      vote.sharing.clear();
      add_alms_proposal(table, coins);
      return "proposal";
    }
    table.refuse(trf("choose the seats that share the 12 evenly, then OK; or set the coins for {0}", table.name(0)));
  }
  if (vote.purpose == Vote::Purpose::Alms && !vote.draft.empty()) {
    // Entering a distribution, one seat at a time; draft[0] is a marker, the coins follow.
    vote.sharing.clear();
    const auto* number = std::get_if<SetNumber>(&command);
    if (!number) table.refuse(trf("set the coins for {0}", table.name(static_cast<int>(vote.draft.size()) - 1)));
    if (number->value < 0 || number->value > kAlmsOfLazarus) table.refuse(tr("0 to 12 coins"));
    vote.draft.push_back(number->value);
    if (static_cast<int>(vote.draft.size()) - 1 == table.seats()) {
      std::vector<int> coins(vote.draft.begin() + 1, vote.draft.end());
      vote.draft.clear();
      // A proposal shares the 12 (CK:576).
      table.check(std::accumulate(coins.begin(), coins.end(), 0) == kAlmsOfLazarus,
                  trf("a proposal shares exactly {0}: {1}", coins_text(kAlmsOfLazarus), distribution_text(table, coins)));
      add_alms_proposal(table, coins);
    }
    return "proposal";
  }
  if (choose && chose_option(*choose, kNegotiationId, kNegotiation)) {
    table.data.negotiation_asked = true;
    return "negotiation_asked";
  }
  if (choose && chose_option(*choose, kDrawStarterId, kDrawStarter) && vote.purpose == Vote::Purpose::Starter && vote.ties >= 2) {
    // After two tied votes the table may leave it to chance (A7.2): the caller's entropy, logged.
    const int seat = static_cast<int>(table.context.entropy % static_cast<std::uint64_t>(table.seats()));
    table.log(tr("The starting player is drawn at random"));
    table.data.vote.reset();
    starter_chosen(table, seat);
    return "starter_drawn";
  }
  if (choose && vote.purpose == Vote::Purpose::Alms && choose->label.rfind("Even share", 0) == 0 && choose->id.empty()) {
    // A script's `choose "Even share: ..."` names it by its English, whose shares it does not spell.
    add_alms_proposal(table, even_share(table));
    return "proposal";
  }
  if (choose && choose->id == kEvenShareId && vote.purpose == Vote::Purpose::Alms) {
    add_alms_proposal(table, even_share(table));
    return "proposal";
  }
  if (choose && chose_option(*choose, kAddProposalId, kAddProposal) && vote.purpose != Vote::Purpose::Starter) {
    if (vote.purpose == Vote::Purpose::Alms) {
      vote.draft = {0};
    } else {
      // Kept in English (the state's JSON); shown as proposal_words.
      vote.proposals.push_back("Proposal " + std::to_string(vote.proposals.size() + 1));
      table.log(trf("{0} is made", proposal_words(vote, vote.proposals.size() - 1)));
    }
    return "proposal";
  }
  // "Propose Ann": by its id ("propose:0"), or a label no id came with by its English.
  std::string who;
  if (choose && vote.purpose == Vote::Purpose::Starter) {
    if (choose->id.rfind("propose:", 0) == 0) {
      const int s = std::stoi(choose->id.substr(8));
      if (s >= 0 && s < table.seats()) who = table.name(s);
    } else if (choose->id.empty() && choose->label.rfind("Propose ", 0) == 0) {
      who = choose->label.substr(8);
    }
  }
  if (!who.empty()) {
    if (table.seat_by_name(who) < 0) table.refuse(trf("no seat {0}", who));
    if (std::find(vote.proposals.begin(), vote.proposals.end(), who) != vote.proposals.end()) {
      table.refuse(trf("{0} is proposed already", who));
    }
    vote.proposals.push_back(who);
    table.log(trf("Proposal: {0} starts", who));
    return "proposal";
  }
  if (std::holds_alternative<Ok>(command)) {
    if (vote.proposals.empty()) table.refuse(tr("make a proposal first"));
    vote.proposing = false;
    // At setup nobody holds anything yet: every seat has the least, so the extra votes cancel out.
    if (vote.purpose == Vote::Purpose::Starter) {
      vote.least_named = true;
      open_poll(table);
    }
    return "proposals_made";
  }
  table.refuse(tr("make proposals, then OK to vote"));
}

std::string least_step(Table& table, const Command& command) {
  Vote& vote = *table.data.vote;
  if (const auto* choose = std::get_if<Choose>(&command)) {
    const int s = table.seat_by_name(choose->label);
    if (s < 0) table.refuse(trf("no seat {0}", choose->label));
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
  table.refuse(tr("choose the seats with the least (one more vote each), then OK"));
}

bool can_marry(const Table& table, int a, int b) {
  return a != b && !table.seat(a).heir.married_to && !table.seat(b).heir.married_to && table.seat(a).heir.alive &&
         table.seat(b).heir.alive;
}

// "Ann and Ben": in English for the state's "deals" (data), in the language set for the screen.
std::string pair_label(const Table& table, int a, int b) { return table.name(a) + " and " + table.name(b); }

}  // namespace

void begin_vote(Table& table, Vote::Purpose purpose) {
  table.data.vote = Vote{};
  table.data.vote->purpose = purpose;
  if (purpose == Vote::Purpose::Starter) {
    table.data.step = Step::StartVote;
    table.state.phase = N_("Setup");
    table.state.to_act = 0;  // the poll goes round from the first seat
  }
  table.log(trf("Vote: {0} (a Negotiation timer is offered)", purpose_words(purpose)));
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
      prompt.wants_number = true;
      prompt.number_max = kAlmsOfLazarus;
      prompt.number_start = fair_share(table, vote.draft);
      if (s > 0) {
        prompt.text = trf("Proposal {0}: coins of the 12 for {1}?", vote.proposals.size() + 1, table.name(s));
        return prompt;
      }
      // Nothing typed yet: the seats sharing evenly may be ticked instead of typing every seat.
      std::string sharing;
      for (int seat : vote.sharing) sharing += (sharing.empty() ? "" : ", ") + table.name(seat);
      // TRANSLATORS: {1} the first seat, whose coins the number is; {2} the seats ticked so far.
      prompt.text = sharing.empty() ? trf("Proposal {0}: who shares the 12 evenly? Or set {1}'s coins",
                                          vote.proposals.size() + 1, table.name(0))
                                    : trf("Proposal {0}: who shares the 12 evenly? {2}", vote.proposals.size() + 1,
                                          table.name(0), sharing);
      for (int seat = 0; seat < table.seats(); ++seat) prompt.add(table.name(seat), "share:" + std::to_string(seat));
      if (!vote.sharing.empty()) prompt.ok = tr("share evenly");
      // The highlight goes down the seats as they are ticked: the first, then the one after a
      // seat ticked alone (a share for one seat is rare); with two or more OK shares.
      if (vote.sharing.empty()) prompt.likely = 0;
      else if (vote.sharing.size() == 1 && vote.sharing.front() + 1 < table.seats()) prompt.likely = vote.sharing.front() + 1;
      return prompt;
    }
    // TRANSLATORS: {0} the vote's question ("who is the starting player?"), {1} the proposals made.
    prompt.text = trf("Vote, {0} Proposals: {1}", purpose_words(vote.purpose), vote.proposals.size());
    if (vote.purpose == Vote::Purpose::Starter) {
      for (int s = 0; s < table.seats(); ++s) {
        if (std::find(vote.proposals.begin(), vote.proposals.end(), table.name(s)) == vote.proposals.end()) {
          prompt.add(say("Propose {0}", table.name(s)), "propose:" + std::to_string(s));
        }
      }
      if (vote.ties >= 2) prompt.add(say(kDrawStarter), kDrawStarterId);
    } else {
      // The even share first, while nobody has proposed it: one choice makes it.
      if (vote.purpose == Vote::Purpose::Alms && !even_share_proposed(table)) {
        prompt.add(say(kEvenShare, distribution_text(table, even_share(table))), kEvenShareId);
      }
      prompt.add(say(kAddProposal), kAddProposalId);
      // One proposal alone is no choice yet: the next one is likelier than the vote.
      if (vote.proposals.size() == 1) prompt.likely = static_cast<int>(prompt.options.size()) - 1;
    }
    offer_negotiation(prompt);
    // A vote needs a proposal: before the first, OK takes the highlighted one.
    if (!vote.proposals.empty()) prompt.ok = tr(kVoteNow);
    return prompt;
  }
  if (!vote.least_named) {
    std::string least;
    for (int s : vote.least) least += (least.empty() ? "" : ", ") + table.name(s);
    prompt.text = least.empty() ? std::string(tr("Who has the least (one more vote)?"))
                                : trf("Who has the least (one more vote)? {0}", least);
    for (int s = 0; s < table.seats(); ++s) prompt.add(table.name(s), "seat:" + std::to_string(s));
    prompt.ok = tr("open the vote");
    return prompt;
  }
  Prompt poll = poll_prompt(table, *vote.poll);
  if (poll.seat >= 0) poll.likely = likely_vote(table, vote, poll.seat);
  return poll;
}

std::string event_drawn(Table& table, const std::string& card, const std::string& title) {
  EventClock& clock = table.books().clock;
  const int s = table.acting();
  ++clock.drawn;
  // CK-25/26: one event per turn, the Royal Feast last (CK:192, 200, 426).
  if (clock.deck_size > 0) {
    Reasons reasons;
    reasons.unless(clock.drawn <= clock.deck_size,
                   trf("the event deck holds {0} cards: the game ended with the Royal Feast", clock.deck_size));
    reasons.unless(card == "ROYAL-FEAST" || clock.drawn != clock.deck_size,
                   trf("event card {0} is the deck's last: the Royal Feast", clock.drawn));
    reasons.unless(card != "ROYAL-FEAST" || clock.drawn == clock.deck_size,
                   trf("the Royal Feast lies at the bottom: card {0}, not {1}", clock.deck_size, clock.drawn));
    reasons.raise(table);
  }
  table.log(clock.deck_size > 0 ? trf("{0} draws {1} (event {2} of {3})", table.name(s), title, clock.drawn, clock.deck_size)
                                : trf("{0} draws {1} (event {2})", table.name(s), title, clock.drawn));
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
    table.log(tr("Alms of Lazarus: 12 coins from the bank, shared as the table votes"));
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
    // The dealing is over, and with it the sand its Negotiation timer measured: it is put away,
    // as the table would (a TIMER press less).
    auto& timers = table.state.timers;
    const auto timer = std::find_if(timers.begin(), timers.end(), [](const TimerState& t) { return t.name == "Negotiation"; });
    if (welcome.timed && timer != timers.end()) {
      timers.erase(timer);
      table.log(trf("{0} cancelled", timer_shown_name("Negotiation")));
    }
    table.data.welcome.reset();
    table.log(tr("Welcome to Aurum is over"));
    next_turn(table);
    return "event_resolved";
  }
  if (std::holds_alternative<Pass>(command) && welcome.first) {
    welcome.first.reset();
    return "deal_called_off";
  }
  const auto* choose = std::get_if<Choose>(&command);
  if (choose && chose_option(*choose, kNegotiationId, kNegotiation)) {
    table.data.negotiation_asked = true;
    return "negotiation_asked";
  }
  const std::size_t and_at = choose && choose->id.empty() ? choose->label.find(" and ") : std::string::npos;
  if (choose && !welcome.first && (choose->id.rfind("deal:", 0) == 0 || and_at != std::string::npos)) {
    // Both parties in one choice, "deal:<first>:<second>" (a label no id came with, by its
    // English: "Ann and Ben"): the first's dealing is what counts.
    int a = -1;
    int b = -1;
    if (and_at == std::string::npos) {
      const std::size_t colon = choose->id.rfind(':');
      a = std::stoi(choose->id.substr(5, colon - 5));
      b = std::stoi(choose->id.substr(colon + 1));
    } else {
      a = table.seat_by_name(choose->label.substr(0, and_at));
      b = table.seat_by_name(choose->label.substr(and_at + 5));
    }
    if (a < 0 || b < 0 || a >= table.seats() || b >= table.seats() || a == b) table.refuse(tr("a deal takes two seats"));
    table.check(!welcome.dealt[static_cast<std::size_t>(a)], trf("{0} has made a deal already", table.name(a)));
    welcome.first = a;
    return welcome_step(table, Choose{table.name(b)});
  }
  const int s = choose ? table.seat_by_name(choose->label) : -1;
  if (s < 0) table.refuse(tr("choose the seats of a formal deal, or OK when the dealing is over"));
  if (!welcome.first) {
    // "Players may only make 1 deal" (CK:572; CK-27).
    table.check(!welcome.dealt[static_cast<std::size_t>(s)], trf("{0} has made a deal already", table.name(s)));
    welcome.first = s;
    return "deal_party";
  }
  const int a = *welcome.first;
  if (s == a) table.refuse(tr("a deal takes two seats"));
  welcome.first.reset();
  const bool b_dealt = welcome.dealt[static_cast<std::size_t>(s)];
  // "If a player is left out, they may make a deal with any 1 player who has already made a deal,
  // however only they collect the 5 for this deal" (CK:572): a seat without a deal is left out
  // whenever it deals with one that has (the first party dealing twice is CK-27's check above).
  welcome.dealt[static_cast<std::size_t>(a)] = true;
  welcome.dealt[static_cast<std::size_t>(s)] = true;
  table.data.deals.push_back("Welcome to Aurum: " + pair_label(table, a, s));
  table.purse(a, kWelcomeToAurumPerDealMaker);
  if (!b_dealt) table.purse(s, kWelcomeToAurumPerDealMaker);
  if (b_dealt) {
    table.log(trf("{0} and {1} make a formal deal (handshake): {0} collects {2} (left out)", table.name(a), table.name(s),
                  coins_text(kWelcomeToAurumPerDealMaker)));
  } else {
    table.log(trf("{0} and {1} make a formal deal (handshake): each collects {2}", table.name(a), table.name(s),
                  coins_text(kWelcomeToAurumPerDealMaker)));
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
    prompt.text = trf("Welcome to Aurum: {0} deals with whom?", table.name(*welcome.first));
    add_seats(*welcome.first);
    prompt.pass = tr("call it off");
    return prompt;
  }
  const bool all_dealt = std::find(welcome.dealt.begin(), welcome.dealt.end(), false) == welcome.dealt.end();
  prompt.text = all_dealt ? tr("Welcome to Aurum: every seat has dealt") : tr("Welcome to Aurum: which two seats deal?");
  // Before any deal and any timer the sand timer is the likeliest first move (CK:531): first.
  const bool untimed = std::none_of(welcome.dealt.begin(), welcome.dealt.end(), [](bool d) { return d; }) &&
                       std::none_of(table.state.timers.begin(), table.state.timers.end(),
                                    [](const TimerState& t) { return t.name == "Negotiation"; });
  if (untimed) offer_negotiation(prompt);
  // Both parties in one choice, the first named first: two seats without a deal, then a left-out
  // seat with one that has dealt (only it collects, CK:572), then a first party that has dealt
  // (CK-27's check, for a card may allow it; each way round, as the first's deal is what counts).
  const auto dealt = [&](int seat) { return welcome.dealt[static_cast<std::size_t>(seat)]; };
  const auto kind = [&](int first, int second) {
    if (!dealt(first)) return dealt(second) ? 1 : (first < second ? 0 : -1);
    return dealt(second) ? (first < second ? 3 : -1) : 2;
  };
  for (int group = 0; group <= 3; ++group) {
    for (int first = 0; first < table.seats(); ++first) {
      for (int second = 0; second < table.seats(); ++second) {
        if (first == second || kind(first, second) != group) continue;
        prompt.add(say("{0} and {1}", table.name(first), table.name(second)),
                   "deal:" + std::to_string(first) + ":" + std::to_string(second));
      }
    }
  }
  if (!untimed) offer_negotiation(prompt);
  if (all_dealt) {
    // Nobody is left to deal: the event is over unless a button stops it.
    prompt.ok = tr("end Welcome to Aurum");
    prompt.idle = true;
  } else {
    // OK takes the highlighted seat (the first without a deal); the table ends the dealing early
    // with PASS.
    prompt.pass = tr("end Welcome to Aurum");
  }
  return prompt;
}

namespace {

std::string marry(Table& table, int a, int b);

}  // namespace

std::string heir_laid(Table& table, const std::string& card, const Placement& where) {
  if (table.data.step != Step::Wedding || where.seat < 0 || table.type(card) != "royal-heir") return {};
  const auto house = table.house_of_card(card);
  if (!house) return {};
  const int owner = table.seat_of_house(*house);
  if (owner < 0 || owner == where.seat) return {};
  // The other heir of a couple just married, laid in its new place: the swap is done, the books
  // have it there already (CK:555).
  if (table.married(owner, where.seat)) return "heir_swapped";
  return marry(table, std::min(owner, where.seat), std::max(owner, where.seat));
}

std::string wedding_step(Table& table, const Command& command) {
  if (std::holds_alternative<Ok>(command)) {
    table.log(tr("The Royal Wedding is over"));
    next_turn(table);
    return "event_resolved";
  }
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    // An heir laid in another seat's area is the couple's marriage: the heirs swap seats (CK:555).
    if (std::string laid = heir_laid(table, present->card_id, present->where); !laid.empty()) return laid;
    table.refuse(tr("lay an heir in front of the seat it marries, or choose a couple"));
  }
  const auto* choose = std::get_if<Choose>(&command);
  int a = -1;
  int b = -1;
  if (choose && choose->id.rfind("marry:", 0) == 0) {
    // By its id, "marry:0:2".
    const std::size_t colon = choose->id.rfind(':');
    a = std::stoi(choose->id.substr(6, colon - 6));
    b = std::stoi(choose->id.substr(colon + 1));
    if (a < 0 || b < 0 || a >= table.seats() || b >= table.seats() || a == b) {
      table.refuse(trf("no couple \"{0}\"", choose->label));
    }
  } else {
    // A label no id came with, by its English: "Marry Ann and Ben".
    if (!choose || !choose->id.empty() || choose->label.rfind("Marry ", 0) != 0) {
      table.refuse(tr("choose a couple to marry, or OK when the wooing is over"));
    }
    const std::string named = choose->label.substr(6);
    const std::size_t and_at = named.find(" and ");
    if (and_at == std::string::npos) table.refuse(trf("no couple \"{0}\"", named));
    a = table.seat_by_name(named.substr(0, and_at));
    b = table.seat_by_name(named.substr(and_at + 5));
    if (a < 0 || b < 0 || a == b) table.refuse(trf("no couple \"{0}\"", named));
  }
  return marry(table, a, b);
}

namespace {

std::string marry(Table& table, int a, int b) {
  Reasons reasons;
  // CK-28: "all players have 3 minutes to openly woo" (CK:549). The rules read no clock, but the
  // alarm acknowledged (or the timer cancelled) takes the Royal Wedding's timer away: the wooing
  // is over. A paused timer still woos.
  const auto& timers = table.state.timers;
  reasons.unless(std::any_of(timers.begin(), timers.end(), [](const TimerState& t) { return t.name == kWeddingTimer; }),
                 tr("The wooing's 3 minutes are over"));
  // CK-29: two unmarried players whose heirs are alive (CK:553-555).
  reasons.unless(can_marry(table, a, b),
                 trf("{0} and {1} cannot marry: both must be unmarried with a living heir", table.name(a), table.name(b)));
  reasons.raise(table);
  table.seat(a).heir.married_to = b;
  table.seat(b).heir.married_to = a;
  table.data.deals.push_back("Royal Wedding: " + pair_label(table, a, b));
  table.log(trf("{0} and {1} marry: their heirs swap seats (each heir card goes to the other's area)", table.name(a),
                table.name(b)));
  return "married";
}

}  // namespace

Prompt wedding_prompt(const Table& table) {
  Prompt prompt;
  prompt.text = tr("Royal Wedding: 3 minutes to woo; marry a couple");
  // The couples that may marry first, then every other (CK-29's check, for a card may allow it);
  // a couple already married to each other is no new marriage.
  for (const bool may : {true, false}) {
    for (int a = 0; a < table.seats(); ++a) {
      for (int b = a + 1; b < table.seats(); ++b) {
        if (can_marry(table, a, b) != may || table.married(a, b)) continue;
        prompt.add(say("Marry {0} and {1}", table.name(a), table.name(b)), "marry:" + std::to_string(a) + ":" + std::to_string(b));
      }
    }
  }
  prompt.ok = tr("end the Royal Wedding");
  // The wooing's timer gone (its alarm acknowledged, or cancelled), a marriage is CK-28's check:
  // nothing is left to decide, and the event ends by itself.
  const auto& timers = table.state.timers;
  prompt.idle = std::none_of(timers.begin(), timers.end(), [](const TimerState& t) { return t.name == kWeddingTimer; });
  return prompt;
}

void offer_negotiation(Prompt& prompt) { prompt.add(say(kNegotiation), kNegotiationId); }

// "set a timer for 2-5 minutes" (CK:531; CK-48: outside that range is a check).
std::string negotiation_step(Table& table, const Command& command) {
  if (std::holds_alternative<Pass>(command)) {
    table.data.negotiation_asked = false;
    return "negotiation_called_off";
  }
  const auto* number = std::get_if<SetNumber>(&command);
  if (!number) table.refuse(tr("set the negotiation's minutes (2 to 5), or PASS"));
  if (number->value < 1) table.refuse(tr("a negotiation lasts a minute at least"));
  table.check(number->value >= kMinNegotiationMinutes && number->value <= kMaxNegotiationMinutes,
              trf("a negotiation lasts 2 to 5 minutes, not {0}", number->value));
  table.data.negotiation_asked = false;
  table.data.negotiation_minutes = number->value;
  table.start_timer("Negotiation", number->value * 60);  // the timer logs itself; its name an id (ck_module.cpp)
  if (table.data.welcome) table.data.welcome->timed = true;
  return "negotiation_started";
}

Prompt negotiation_prompt(const Table& table) {
  Prompt prompt;
  prompt.text = tr("Negotiation timer: how many minutes (2 to 5)?");
  prompt.wants_number = true;
  // The minutes set last this game, or 3 before any: the table's own pace.
  prompt.number_start = table.data.negotiation_minutes;
  prompt.number_min = 1;
  prompt.number_max = 10;
  prompt.pass = tr("call it off");
  return prompt;
}

}  // namespace seneschal::engine::cutthroat
