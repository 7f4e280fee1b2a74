#pragma once
// What the display may know: plain values, copied out of the session, so the display can never
// reach back and change the game. The seats, badges, counters, card lists and end charts are
// described by the game's module (GameModule::describe) in words the module chooses; the display
// draws any such description and knows no game's vocabulary. Layout and styling are the
// display's; what to say is the module's.
//
// These types have a header of their own so that the display and the game modules see only the
// view, never the session that drives them (view_model.hpp makes one from a Session).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "seneschal/engine/prompt.hpp"
#include "seneschal/engine/table_state.hpp"

namespace seneschal::engine {

// One line in a seat's list: a card in play, a castle, a quest, a territory ...
struct ItemView {
  // What the display draws at the line's start. Card: a card's outline, turned by `quarter` as the
  // card lies on the table; Done / Open: a tick or an open diamond (a quest completed or not).
  enum class Icon { None, Card, Done, Open };
  std::string title;         // "Hektor (2)"
  std::string note;          // a word at the right where there is room: "bowed", "buried", "wounded"
  Icon icon = Icon::None;
  int quarter = 0;           // Card: 0, 90, 180 or 270 degrees, as the card lies
  std::optional<int> count;  // a number at the right (food on a castle, coins on a territory)
  bool pips = false;         // the count is also drawn as pips a glance can count
  bool muted = false;        // out of use (bowed, buried, dead): drawn in a quieter ink
  // The module's own short form that keeps it apart from its neighbours ("Hanging Tongue" for
  // "The Hanging Tongue"); empty: the display shortens by its rule, never by cutting a word.
  std::string short_title;
  bool operator==(const ItemView&) const = default;
};

// A titled list of a seat's things ("Castles", "In play", "Quests"); the heading may be empty.
struct ListView {
  std::string heading;
  std::vector<ItemView> items;
  bool operator==(const ListView&) const = default;
};

// A labelled number on a seat's panel ("Renown 12", "Food 7", "Coins 3").
struct CounterView {
  std::string label;
  std::string value;
  // One of the two or three counters the game names as key: drawn on the glance layout at the
  // size read from the chairs; the others are a press away.
  bool key = false;
  bool operator==(const CounterView&) const = default;
};

// A word beside a seat's name ("Ordained", "Married", "Eliminated"). Highlight is a seat's mark
// of office, Muted a seat out of play.
struct BadgeView {
  enum class Tone { Highlight, Muted };
  std::string label;
  std::string short_label;  // for narrow panels (six seats on the 7" screen); empty: the label
  Tone tone = Tone::Highlight;
  bool operator==(const BadgeView&) const = default;
};

struct SeatView {
  std::string name;
  std::string subtitle;  // under the name: R9E's faction, a Cutthroat house; empty: none
  int score = 0;         // the game's score (R9E renown, victory points, control points)
  bool acting = false;   // whose move it is (or whose answer the prompt waits for)
  bool eliminated = false;
  int team = -1;         // seats with the same team score together (a Cutthroat couple); -1: alone
  std::vector<BadgeView> badges;
  std::vector<CounterView> counters;
  std::vector<ListView> lists;
  bool operator==(const SeatView&) const = default;
};

// One value per seat at the end of a turn (the current turn: as it stands).
struct ChartPoint {
  int turn = 0;
  std::vector<int> values;  // indexed like ViewModel::seats
  bool operator==(const ChartPoint&) const = default;
};

// A game-end chart: one line per seat, turn by turn ("Renown", "Food", "Victory points").
struct ChartView {
  std::string title;
  std::vector<ChartPoint> points;  // oldest first
  bool operator==(const ChartView&) const = default;
};

// The answer to the last card shown or button pressed: accepted (what it did), refused (why), or
// warned: a rules check stopped it and waits for "Do it anyway" or Cancel, so nothing has
// happened yet and a green tick would say otherwise.
struct ScanToast {
  enum class Verdict { Accepted, Refused, Warned };
  Verdict verdict = Verdict::Accepted;
  std::string title;   // the card's title, or the payload when no card matched
  std::string detail;  // what it did, or why it was refused
};

// A sand timer as the screen shows it at ViewModel::now_ms.
struct TimerView {
  std::string name;
  std::int64_t remaining_ms = 0;  // never below 0
  std::int64_t total_ms = 0;      // its length, minutes added included
  bool running = false;           // false: paused
  bool alarm = false;             // ran out and not yet acknowledged
  bool pausable = true;           // false: a seat's clock, which runs while the seat decides
};

// Something about the device itself that the table must see: the start-up self-test failed, the
// camera went away. The firmware sets it (the engine never does) and it is drawn over the board
// until it clears; the buttons keep working under it.
struct DeviceNotice {
  std::string title;               // "No picture from the camera"
  std::vector<std::string> lines;  // what was found, then what to do
  bool failure = true;             // false: a check still under way ("Checking the camera...")
  bool operator==(const DeviceNotice&) const = default;
};

// What the module says of the board: the seats' panels and the end charts. Part of the view
// model, and saved beside a state (`seneschal play --state-out`) so `seneschal render` can draw
// it without the game.
struct BoardView {
  std::string headline;  // the banner's first line; empty: "Turn N – Phase"
  std::vector<SeatView> seats;
  std::vector<ChartView> charts;  // drawn when the game is over; empty: none
  bool operator==(const BoardView&) const = default;
};

// A picture of what the prompt is about: while the table and the books disagree about a card, a
// crop of the last frame in which the camera saw its tag. The firmware sets it (the engine holds
// no pictures); the display draws it beside the log.
struct Evidence {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgba;  // width * height * 4 bytes, row by row
  std::string caption;             // "Hektor #1, last seen 4 s ago"
  bool operator==(const Evidence&) const = default;
};

// A code for a phone to open: the watch page's address with its token (README, "Watching a
// game"). The firmware sets it while the details page is up and the watch is on (the engine
// never does); the display draws the modules it is given and the caption, and knows no URL.
struct Invitation {
  int size = 0;                    // modules per side, no quiet zone
  std::vector<std::uint8_t> dark;  // size * size, row by row: 1 a dark module
  std::string caption;             // "Scan to watch: 192.168.1.20:8080"
  bool operator==(const Invitation&) const = default;
};

struct ViewModel {
  std::string game_title;
  std::string headline;  // empty: "Turn N – Phase" from turn and phase
  int turn = 0;
  std::string phase;
  std::string prompt;                       // what the device asks now
  std::vector<std::string> prompt_options;  // its choices, in order (UP/DOWN + OK, or a script's choose)
  std::string ok_hint;                      // what OK does now, empty when nothing
  std::string pass_hint;                    // what PASS does now, empty when nothing
  bool wants_number = false;
  bool menu_open = false;
  std::vector<SeatView> seats;
  std::vector<std::string> log;  // newest last
  std::optional<ScanToast> toast;
  std::optional<std::string> winner;  // "Mark wins: dominance victory", "Ann and Ben win: ..."
  std::vector<int> winner_seats;      // indexes into seats; empty while nobody has won
  std::string victory;                // the kind of victory, e.g. "dominance victory"
  std::vector<TimerView> timers;      // oldest first
  std::vector<ChartView> charts;      // the game-end charts the module describes
  int highlighted = -1;               // the prompt option UP/DOWN point at (set by the firmware), -1: none
  // An idle prompt's OK presses itself in this long (set by the firmware; any button stops it).
  std::optional<std::int64_t> advance_in_ms;
  std::int64_t now_ms = 0;            // the clock the timers were read at; also paces the alarm's flashing
  std::optional<DeviceNotice> device_notice;
  std::optional<Evidence> evidence;
  std::optional<Invitation> invitation;

  bool won_by(std::size_t seat) const;
  // The banner's first line: the game's own headline when it gives one, else "Turn N – Phase"
  // (before the first turn: the phase, else the game's title). The screen and the watch page both.
  std::string banner_line() const;
};

// The timers as the screen shows them at now_ms (also what the buzzer follows).
std::vector<TimerView> timer_views(const TableState& state, std::int64_t now_ms);

// The view model from a state and the board its module described (a saved state file, see `seneschal
// render`).
ViewModel make_view_model(const TableState& state, const BoardView& board, const std::string& game_title,
                          const Prompt& prompt, bool menu_open, std::optional<ScanToast> toast, std::int64_t now_ms,
                          std::size_t log_lines = 6);

}  // namespace seneschal::engine
