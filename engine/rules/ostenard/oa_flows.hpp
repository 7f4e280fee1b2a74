#pragma once
// The flows of an Osten Ard game (GAMES.md C2): setup, then each seat's turn of five phases, on
// the pure rules of oa_map, oa_combat and oa_leadership. The books follow the table: locations in
// play (region, fortress, who controls them), companies at locations (their personalities, armies
// and items, bowed or wounded), each seat's starting location and allegiance, long-events and
// missions, and the turn. The flows' functions are declared at the end, by file.

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "oa_combat.hpp"
#include "oa_leadership.hpp"
#include "oa_map.hpp"
#include "seneschal/base/words.hpp"
#include "seneschal/engine/rules_kit.hpp"

namespace seneschal::engine::ostenard {

enum class Step {
  FirstPlayer,       // who plays first (OA:13)
  StartLocation,     // each seat a different starting location (OA:17)
  StartPersonality,  // each seat a personality whose homebase it is (OA:21)
  StartAllegiance,   // and one of its allegiances (OA:21)
  StartCompany,      // one card each round until 4 each (OA:25)
  Resource,
  Organization,
  Movement,
  Combat,
  End,
  Over,
};
inline bool is_setup(Step step) { return step <= Step::StartCompany; }
const char* phase_name(Step step);  // "Resource", ... for state.phase: English, marked N_ (shown with tr)

// A location in play (OA:17, 669-709).
struct Location {
  std::string card;
  int copy = 1;
  Region region = Region::Erkynland;
  bool fortress = false;
  std::optional<int> controller;  // who controls it (a fortress: its inside); the last controller keeps it (OA-52)
  // A fortress's outside: controlled apart while another player's host besieges it, else it
  // follows the fortress (OA:673-695).
  std::optional<int> outside_controller;
  int points = 1;                 // control points (C7.1)
};

// A card in a company: a personality, an army or an item (OA:25, 713-735).
struct Member {
  std::string card;
  int copy = 1;
  std::string kind;  // the card's type: "personality", "army", "item"
  bool bowed = false;
  bool wounded = false;
  // The personality it is attached to, where a rule reads it: an army's controller once the table
  // switched it (OA:825), a banner's bearer (OA:745); "" the company's, untold.
  std::string with;
};

// A company: its owner, where it stands and what it holds (OA:713-735).
struct Company {
  int id = 0;
  int owner = -1;
  int location = -1;  // index into Data::locations
  // At a fortress: inside it (the first company there, and a starting company) or outside
  // besieging it (one arriving while another player's company holds it); the device's reading of
  // OA:669-697 until the players say otherwise.
  bool inside = false;
  bool hazard = false;  // hazard armies fighting a host as one side, gone when the battle ends (OA:433)
  std::vector<Member> members;
  bool moved = false;  // moved this turn: what the move set off comes in Combat (C7.11)
  std::vector<Region> path;       // this turn's move: origin, middle, destination (OA:419; C7.10)
  // Hazard armies the opponents played against it on its move, waiting for Combat: (card, seat).
  std::vector<std::pair<std::string, int>> hazards;
  int armies() const;
  int personalities() const;
  // "A host" has two or more armies; one army is a party (OA:709, 733; C7.18).
  bool host() const { return armies() >= 2; }
};

// A company's cards of one kind ("personality", "army", "item"), in its order.
inline std::vector<const Member*> members_of_kind(const Company& c, const std::string& kind) {
  std::vector<const Member*> out;
  for (const Member& m : c.members) {
    if (m.kind == kind) out.push_back(&m);
  }
  return out;
}

// Archers shooting together, a side at a time (archery in a battle, OA:545; ranged attacks in a
// skirmish, OA:471-475): the side shooting now (0 attacker, 1 defender, 2 done) and the archers it
// has bowed so far.
struct Volley {
  int turn = 2;
  std::vector<std::string> archers;
};

// One side's fighter in a skirmish: a personality of a company, or a strike of an automatic attack
// or a hazard army fighting "as a company" (OA:459-467).
struct SkirmishFighter {
  Words label;           // "Josua", "Strike 2"
  std::string card;      // the personality's card; "" for a strike
  int copy = 1;
  int company = 0;       // its company's id; 0 for a strike
  int base = 0;          // printed strength, or the strike's
  bool fought = false;
  int leftovers = 0;     // leftover strikes' -1s it takes (OA:523-525)
};

// A skirmish in progress (party combat, OA:455-525; GAMES.md C2): who attacks whom, the pairs so
// far, and the pair being fought.
struct Skirmish {
  std::string what;       // "Automatic attack at Naglimund", "Ann's company attacks Ben's company"
  int attacker_seat = -1;  // -1: the table (an automatic attack) or a hazard's player
  int defender_seat = -1;
  int attacking_company = 0;  // company against company: the attacker's (its bowed and wounded offered too)
  std::vector<SkirmishFighter> attackers;
  std::vector<SkirmishFighter> defenders;
  int strike_penalty = 0;      // -1 per leftover ready defender, to every strike (OA:513-515)
  int leftover_strikes = 0;    // -1 each to one defender, the attacker's choice (C7.13): still to place
  std::optional<std::size_t> attacker;  // the pair being fought
  std::optional<std::size_t> defender;
  int attacker_discards = 0;   // cards discarded for +1 each, at most 3 (OA:867; C7.19)
  int defender_discards = 0;
  // Ranged attacks before the pairs, company against company only (OA:471-475).
  Volley ranged;
};

// A battle between two hosts in progress (OA:531-601; GAMES.md C2's battle flow): each side's
// vanguard and rearguard, the totals with the D6, then the forfeits each side chooses.
struct Battle {
  std::string what;  // "Ann's company attacks Ben's company at Hernysadharc"
  int companies[2] = {0, 0};  // attacker's, defender's company ids
  int seats[2] = {-1, -1};
  // Roles by army card id, "" none (OA:541); asked in order: attacker's vanguard, rearguard, then
  // the defender's.
  std::string vanguard[2];
  std::string rearguard[2];
  int roles_told = 0;  // 0..4
  Volley archery{0, {}};  // archery (OA:545), between the roles and the totals
  int duel_turn = 0;      // the duel segment (OA:549-553): the side proposing (0, 1), 2 done
  std::string duellist;   // the proposer's personality, while the other side answers
  bool resolved = false;
  int loser = -1;   // 0 attacker, 1 defender; -1 none (equal totals, C7.15)
  int difference = 0;
  bool full_rout = false;
  std::vector<std::string> forfeits[2];  // army card ids chosen so far
  bool forfeits_done[2] = {false, false};
  // Armies routing (OA:585-601, 745): their card ids, while their player says where to, and their
  // side (the loser's after the forfeits; a fallen banner's during the battle).
  std::vector<std::string> routed;
  int routing = -1;
  // Duels proposed instead of a battle (situation 6, OA:445): the proposer (side 0) names a Knight
  // champion, the other side a personality, until the proposer has no enemy left or the offer is
  // declined (then the battle itself).
  bool proposed = false;
};

// A spell being cast (OA:641-657): the spell shown, then its caster, then for a ritual the
// spellcasters who bow to help.
struct Casting {
  std::string spell;
  int copy = 1;
  std::string caster;               // "" while asked
  std::vector<std::string> helpers;  // ritual helpers bowed, +1 mind each (OA:647-649)
};

// A long-event in play and its turn counters (OA:53), or a mission (OA:811): whose it is.
struct Lasting {
  std::string card;
  int copy = 1;
  int owner = -1;
  int counters = 0;  // a long-event's turn counters left; 0 for a mission
  bool mission = false;
};

struct SeatBooks {
  int start_location = -1;  // index into Data::locations
  std::string allegiance;   // the starting allegiance (OA:21)
  int start_cards = 0;      // cards in the starting company so far (OA:25)
  bool start_done = false;  // its player said the starting company is complete before 4 (a check, OA-4)
  // The company its last card played joined: the likely answer when the next card is asked (the
  // army laid after the personality that formed a company goes with it).
  int last_joined = 0;
};

struct Data final : GameData {
  Step step = Step::FirstPlayer;
  int first = 0;                       // the first player (OA:13); play goes clockwise (C7.2)
  int setup_turn = 0;                  // setup: how many seats have answered this step
  std::optional<std::string> choosing_allegiance;  // StartAllegiance: the personality's card
  std::vector<SeatBooks> seats;
  std::vector<Location> locations;
  std::vector<Company> companies;
  int next_company = 1;
  // This turn's plays per location and kind (OA:93, C7.8): "location:kind" entries.
  std::vector<std::string> played_here;
  std::optional<int> moving;           // Movement: the company chosen to move
  std::optional<int> destination;      // Movement: where it goes, while the path is asked
  std::optional<int> arrival;          // Movement: a location laid that several companies could reach, while asked which
  std::optional<int> hazards_for;      // Movement: the company just moved, its opponents' hazards asked
  int hazard_turn = 1;                 // Movement: which opponent (1 = the next seat clockwise)
  std::vector<int> starving;           // End: the acting seat's sieged companies still to starve one (OA:611)
  bool end_settled = false;            // End: starvation asked this turn
  std::vector<int> kept_uncontrolled;  // End: companies whose armies stay without a personality (a check, OA:825)
  std::optional<Member> to_place;      // Organization: the card shown, waiting for its company
  std::optional<Skirmish> skirmish;    // Combat: a skirmish in progress
  std::optional<Battle> battle;        // Combat: a battle in progress
  std::vector<std::string> fought;     // Combat: the situations resolved this turn (their English labels)
  std::optional<Casting> casting;      // Organization or Combat: a spell being cast
  std::vector<std::string> corrupt;    // spellcasters made corrupt by a corruptive spell (OA:651-653)
  std::vector<Lasting> lasting;        // long-events with their counters, and missions, in play
  int draws = 0;                       // Resource: the cards the acting seat draws (OA:45, 79, 697)
  // Rulership (OA:849-859): the personalities whose rulership the table told (MENU), and the
  // current ruler of each rulership with one in play: (rulership, personality card).
  std::vector<std::string> rulership_told;
  std::vector<std::pair<std::string, std::string>> rulers;

  std::unique_ptr<GameData> clone() const override { return std::make_unique<Data>(*this); }
  nlohmann::json to_json() const override;
};

// The Osten Ard rules' view of one command.
class Table : public Rules {
 public:
  using DataType = Data;  // made empty for a new game (TableFlowModule)
  explicit Table(const Rules& rules);
  Data& data;

  SeatBooks& seat(int s) const { return data.seats.at(static_cast<std::size_t>(s)); }
  int acting() const { return state.to_act; }
  // Seats in play order from the first player (C7.2), `index` 0 the first.
  int seat_in_order(int index) const { return (data.first + index) % seats(); }

  // --- what the table tells of cards (asked once, remembered)
  Region region_of_location(const std::string& card) const;   // "region"
  bool is_fortress(const std::string& card) const;            // "fortress": Yes / No
  // A personality's or army's home region: its homebase location's region when that location is
  // known, else asked (OA:25, 85, 97).
  Region home_region(const std::string& card) const;
  std::string homebase(const std::string& card) const;        // a location's title, or "Another location"
  std::vector<std::string> allegiances(const std::string& card) const;  // asked one by one
  std::vector<std::string> enemies(const std::string& card) const;      // its enemy attributes, likewise

  // --- the table
  int location_index(const std::string& card, int copy) const;  // -1 when not in play
  int location_titled(const std::string& title) const;           // the first in play by this title, or -1
  int add_location(const PresentCard& present);
  Company* company(int id) const;
  std::string location_words(int index) const;         // "Naglimund (Frostmarch)"
  Words company_words(const Company& company) const;  // "Ann's company at Naglimund"
  int control_points(int s) const;

  // --- Organization (OA:57-89): leadership against loyalty, and the armies' upkeep
  // A seat's personalities in play, with what the table told of each (leadership, loyalty,
  // allegiances, enemies, priest, noble: asked once per card).
  std::vector<Personality> personalities_of(int s) const;
  LeadershipCheck leadership(int s) const;
  // Cards to discard for the armies (OA:85, C7.7): armies away from their home region count 3.
  int upkeep(int s, const LeadershipCheck& check) const;
  // "Discard one card for each mercenary card under your control" (OA:89; OA-13): the armies the
  // table marks as mercenaries, asked once an army.
  int mercenaries(int s) const;
  // Takes a personality out of play (its company loses it; an empty company is gone).
  void discard_personality(const std::string& card, const std::string& why);
  // Control changes by the hosts at each location (OA-52, OA:669-709), then the victory (OA:5).
  void settle_control();
};

// A told homebase that is no location card: a word stored as told, shown with tr().
inline constexpr const char* kAnotherLocation = N_("Another location");
// The regions' names, in the printed table's order: the words a region is asked with.
std::vector<std::string> region_words();
// The names of the "Card Symbols" list (OA:887-919), which allegiances and enemy attributes use.
std::vector<std::string> allegiance_names(const CardDatabase& cards);
// Whether two lists share a name (an enemy attribute against allegiances: enmity, OA:775-785).
inline bool shares_any(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  return std::any_of(a.begin(), a.end(), [&](const std::string& x) { return std::find(b.begin(), b.end(), x) != b.end(); });
}
// Whether the table chose the option labelled `words`: by the label shown, or by its English (a
// script's). Every language alike: the label is built the same way as the option was.
inline bool picked(const Choose& choose, const Words& words) { return choose.label == words.shown || choose.label == words.en; }
inline bool picked(const std::string& label, const Words& words) { return label == words.shown || label == words.en; }
// The name in `label` where it reads as an option made by say(format, <name>) (the words around
// the name, in English or in the language set), or nullopt: a label taken apart without asking
// any card's title (which a replayed log keeps as told).
inline std::optional<std::string> name_in(const std::string& label, const char* format) {
  const Words marked = say(format, "\x01");
  for (const std::string* words : {&marked.en, &marked.shown}) {
    const std::size_t at = words->find('\x01');
    if (at == std::string::npos) continue;
    const std::string before = words->substr(0, at);
    const std::string after = words->substr(at + 1);
    if ((before.empty() && after.empty()) || label.size() < before.size() + after.size()) continue;
    if (label.starts_with(before) && label.ends_with(after)) return label.substr(before.size(), label.size() - before.size() - after.size());
  }
  return std::nullopt;
}
inline bool reads_as(const std::string& label, const char* format) { return name_in(label, format).has_value(); }
// What a fight did to `who`: "Josua wounded" (fate_name's words, in the language set).
inline std::string fate_words(const std::string& who, Fate fate) {
  switch (fate) {
    case Fate::Wounded:
      return trf("{0} wounded", who);
    case Fate::Killed:
      return trf("{0} killed", who);
    case Fate::Discarded:
      return trf("{0} discarded", who);
    default:
      return trf("{0} unhurt", who);
  }
}
// A menu item of words: its id from the English, as Prompt::add makes it.
inline Option option_of(const Words& words) {
  return {option_id_of(words.en), words.shown, words.en == words.shown ? std::string() : words.en};
}
// One check naming every rule a move breaks, in the book's order, joined by "; " (none: no check).
inline void check_all(const Table& table, const std::vector<std::string>& reasons) {
  std::string joined;
  for (const std::string& reason : reasons) joined += (joined.empty() ? "" : "; ") + reason;
  table.check(reasons.empty(), joined);
}
// Enmity either way between two cards (their enemy attributes against the other's allegiances).
bool enemies_of_each_other(const Table& table, const std::string& a, const std::string& b);
// What the table tells of a whole card (not of one copy or face).
inline Subject card_subject(const std::string& card) { return Subject{card, 0, {}}; }

// A company's card: `card`, copy `copy`, in the company `company_id`; nullptr when it has gone.
Member* member_in(const Table& table, int company_id, const std::string& card, int copy);
// A skirmish fighter's card in its company; nullptr for a strike or a card gone.
inline Member* fighter_member(const Table& table, const SkirmishFighter& f) { return member_in(table, f.company, f.card, f.copy); }
// One side of the battle in progress (0 attacker, 1 defender).
Company& battle_side(const Table& table, int side);
// What a skirmish, a duel or a ranged attack did to a personality (OA:499-509): wounded (turned
// 180, no longer bowed), or killed or discarded (gone from its company; an emptied company stays
// until its caller tidies the companies).
void suffer(const Table& table, int company_id, const std::string& card, int copy, Fate fate);

// Setup (oa_setup.cpp).
void begin_setup(Table& table);
std::string setup_step(Table& table, const Command& command);
Prompt setup_prompt(const Table& table);

// Combat (oa_skirmish.cpp): what the moves set off (automatic attacks, companies meeting) and the
// skirmish flow for parties.
std::vector<Words> combat_situations(const Table& table);
// Whether the acting seat's companies have a combat the rules make them face (a hazard played on
// one, an automatic attack on entering): its Combat phase cannot pass without a word.
bool combat_to_face(const Table& table);
// As the acting seat ends its Combat phase, one check naming every combat left unfought that the
// rules force: a hazard played on a company (OA:419, 433, 459), then a meeting (OA-32, OA-33: two
// enemy armies at one location, OA:789-791; host against host with an aggressive army, OA:441).
// Overridden, the hazards are discarded unfought.
void combat_end_checks(Table& table);
// The battle flow for hosts (oa_battle.cpp): a battle's sides, then the flow from the roles.
Battle battle_of(const Company& attacker, const Company& defender, const std::string& label);
std::string begin_battle(Table& table, const Company& attacker, const Company& defender, const std::string& label);
std::string battle_step(Table& table, const Command& command);
Prompt battle_prompt(const Table& table);
// The battle's end: hazard armies gone (OA:433), the log's last word.
std::string finish_battle(Table& table);
// The combat segment's totals, the D6 and the winner (OA:561-569).
std::string resolve_totals(Table& table);
// Archery (oa_archery.cpp, OA:545, OA-38): each side in turn, when it has a ready army with a
// ranged attack (asked once an army), bows archers together to kill an enemy army of cohesion
// below their total; then the totals.
std::string next_archery(Table& table);
// The duel segment (oa_duel.cpp, OA:549-553): the sides in turn propose a duel of two
// personalities, fought as a one-pair skirmish, until one passes; then the totals.
std::string next_duel(Table& table);
std::string duel_step(Table& table, const Command& command);
Prompt duel_prompt(const Table& table);
// A card's ranged attack, asked once a card (0: none); the value told, for a prompt (which cannot ask).
int ranged_attack(const Table& table, const std::string& card);
int ranged_attack_known(const Table& table, const std::string& card);
int volley_total(const Table& table, const Volley& volley);
// "Hold fire": archers bowed without a shot straighten again; then the next side's turn.
void hold_fire(Table& table, Volley& volley);
void next_volley(Volley& volley);  // the next side's turn
std::string archery_step(Table& table, const Command& command);
Prompt archery_prompt(const Table& table);
// Routing (oa_rout.cpp, OA:585-601, OA-43): after the forfeits, whether the loser's armies rout
// and where they go; "" when nothing is left to ask (the battle may finish).
std::string begin_rout(Table& table);
std::string rout_step(Table& table, const Command& command);
Prompt rout_prompt(const Table& table);
std::string combat_step(Table& table, const Command& command);
Prompt combat_prompt(const Table& table);
// Counts the strikes and starts the pairs of a skirmish (OA:513-525).
void begin_skirmish(Table& table, Skirmish skirmish);
// The leftover strikes' -1s placed before the pairs, one at a time (oa_leftovers.cpp, OA:513-525).
bool placing_leftovers(const Skirmish& sk);
std::string leftover_step(Table& table, const Command& command);
Prompt leftover_prompt(const Table& table);
// Ranged attacks in a skirmish of companies (oa_ranged.cpp, OA:471-475, OA-38): each side in turn,
// when it has a ready personality with a ranged attack (asked once a card), bows archers together
// to wound a personality of strength below their total; then the pairs.
std::string next_ranged(Table& table);
std::string ranged_step(Table& table, const Command& command);
Prompt ranged_prompt(const Table& table);

// Hazards on the move (oa_hazards.cpp): each opponent in turn may play hazard armies against a
// party that moved (situation 1, OA:415-421).
void offer_hazards(Table& table, const Company& moved);
std::string hazard_step(Table& table, const Command& command);
Prompt hazard_prompt(const Table& table);
Words hazard_label(const Table& table, const Company& company, const std::string& card);

// Card-specific rules (oa_cards.cpp, OA:623-665, 863): spells cast by a spellcaster, favours, a
// Great Sword played again, and the checks on a card joining a company (armies keyed to regions,
// no iron for the Sithi and the Norn).
bool card_specific(const Table& table, const std::string& card);  // a spell, favour, long-event or mission
std::string card_specific_shown(Table& table, const PresentCard& present);
std::string spell_step(Table& table, const Command& command);
Prompt spell_prompt(const Table& table);
// What a member joining `joined` (or a new company at `location`) breaks, in the book's order:
// OA-16 (OA:99), OA-51 (OA:661), OA-23 (OA:739), OA-24 (OA:775), OA-18 (OA:801), OA-22 (OA:841),
// OA-54 (OA:863); and a Great Sword played again, once the check is passed, discards its original.
std::vector<std::string> joining_reasons(const Table& table, const Member& member, const Company* joined, int location);
void replace_great_sword(Table& table, const Member& member);
// The Resource phase's "Remove one counter from every long-event card, discarding all long-event
// cards without turn counters left" (OA:53): the acting seat's long-events.
void long_events_count_down(Table& table);

// Armies switched between controlling personalities and banners given to a bearer (oa_attach.cpp,
// OA:745, 825): MENU entries in every phase of the acting seat's turn.
std::vector<Option> attach_items(const Table& table);
std::string attach_step(Table& table, const std::string& label);  // "" when `label` is none of these
// A banner joining a company (told one) is borne by its first personality until the table gives it
// (OA:745).
void bear_banner(const Table& table, const Company& company, Member& banner);
// OA-44: "If the bearer of a Banner is discarded before the conclusion of a battle, all armies
// affected by the banner immediately rout (leave battle)" (OA:745): after a duel, a banner of a
// battle side whose bearer is gone routs that side's armies. "" when none falls.
std::string banners_fall(Table& table);
// Whether the table said Yes to a card's `stat`, without asking (a prompt cannot ask).
bool said_yes(const Table& table, const std::string& card, const char* stat);

// Rulership (oa_rulership.cpp, OA:849-859, C7.17): MENU "Rulership of <personality>" asks its
// rulership and attribute once a card; the books keep each rulership's current ruler.
std::vector<Option> rulership_items(const Table& table);
std::string rulership_step(Table& table, const std::string& label);  // "" when `label` is none of these
// The current rulers from the personalities in play whose rulership was told; a change logged.
void settle_rulers(Table& table);

// Duels proposed instead of a battle (oa_proposal.cpp, situation 6, OA:445, OA-45).
std::string propose_duels(Table& table, const Company& proposer, const Company& other, const std::string& label);
std::string proposal_step(Table& table, const Command& command);
Prompt proposal_prompt(const Table& table);
// One duel fought, the proposer's `a` against `d` (OA:553): the log and the books.
void fight_duel(Table& table, int proposer, const std::string& a, const std::string& d);
// Routing (oa_rout.cpp): `side`'s armies `armies` rout for `why`; "" when settled without a
// question (the fortress cases), else "rout_begun".
std::string rout_armies(Table& table, int side, std::vector<std::string> armies, const std::string& why);

// MENU (oa_menu.cpp): a company goes into or out of a fortress by its player's word (OA:669-697).
std::vector<Option> menu_items(const Table& table);
std::string menu_step(Table& table, const Choose& choose);

// The table's geometry (oa_beside.cpp, C9): a company's cards lie beside its location's card, a
// card width or two away (kBesideMm at most from the location's tag); the next location is further.
inline constexpr double kBesideMm = 150.0;
// The location in play whose card lies nearest `where`, within kBesideMm; -1 none (or no position).
int location_beside(const Table& table, const Placement& where);
// A card laid at `where`, for `seat`: the location card it lies beside, and the seat's company there
// it lies with: the one whose card lies nearest it, if nearer than the location's card, or the seat's
// one company there; `apart` when every one of the seat's companies there has a card the camera
// placed and the card laid lies nearer the location's card than any of them (or none is there).
struct Beside {
  int location = -1;
  const Company* company = nullptr;
  bool by_card = false;  // `company` because one of its cards lies nearest (not its location's card alone)
  bool apart = false;
};
Beside laid_beside(const Table& table, int seat, const Placement& where);

// The turn (oa_turn.cpp).
void begin_turn(Table& table, int s);
// The acting seat's turn goes to `step`; the Organization phase opens with control (OA:701).
void enter_phase(Table& table, Step step);
// OA-11: the leadership check as the Organization phase ends (OA:61-81); then Movement.
void end_organization(Table& table);
// The Movement phase (oa_movement.cpp): a company's move by the location laid, then the hazards.
std::string movement_step(Table& table, const Command& command);
Prompt movement_prompt(const Table& table);
// A company's card slid on the table beside another location's card: that company's move (the
// answer to "which company goes to <location laid>?", or a move of its own in Resource,
// Organization or Movement), or, the next seat's company while the turn may pass, the next seat's
// move, its turn begun. "" when the card moved says no move.
std::string company_card_moved(Table& table, const MoveCard& move);
std::string turn_step(Table& table, const Command& command);
Prompt turn_prompt(const Table& table);
// The next seat's card seen while the acting seat's turn has nothing left to decide (issue [3/8]):
// a card laid beside a location of the next seat's and of none of the acting seat's, or a card of
// the next seat's company moved. Whether the turn may pass to it now: not while a card waits for
// its company, a spell for its caster, a move for its path or its hazards, a combat is fought or
// forced, or a company starves.
bool is_next_seats(const Table& table, const Placement& where);
bool turn_may_pass(const Table& table);
// Ends the acting seat's turn as OK would phase by phase (the leadership check, the forced combats'
// checks, the End's uncontrolled armies), then begins the next seat's, its draw done: its
// Organization phase, where the card seen is its own.
void pass_turn(Table& table);

}  // namespace seneschal::engine::ostenard
