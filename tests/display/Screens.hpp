#pragma once
// The screens the display tests, the golden images and the display bench draw: the board
// with a prompt and its choices, a timer, an alarm, the game's end, and view models built to
// be hard on the layout. Built by hand (no game's rules) and free of gtest, so the bench can
// share them.

#include <string>
#include <utility>
#include <vector>

#include "Seats.hpp"
#include "seneschal/engine/view_model.hpp"

namespace seneschal::display::screens {

using namespace fixtures;

// Mark and Shawn in Summer of turn 3; Mark has played Hektor and is asked how to pay for him.
inline engine::ViewModel board_with_choices() {
  engine::ViewModel view;
  view.game_title = "Romance of the Nine Empires";
  view.turn = 3;
  view.phase = "Summer";
  view.prompt = "Mark: pay 2 food for Hektor";
  view.prompt_options = {"Hammerdoom's Roost", "Castle Stormhold", "Split between both"};
  view.highlighted = 1;
  view.ok_hint = "pay with food";
  view.pass_hint = "pass";
  engine::SeatView mark = seat("Mark", "Jade Empire", 4, 5);
  mark.acting = true;
  ordain(mark);
  castles(mark, {castle("Hammerdoom's Roost", 3), castle("Castle Stormhold", 2)});
  in_play(mark, {card("Hektor"), card("Silver Mine", true)});
  engine::SeatView shawn = seat("Shawn", "Brotherhood of the Wolf", 2, 4);
  castles(shawn, {castle("Fort Valen", 4)});
  in_play(shawn, {card("Jack Newcomer")});
  view.seats = {mark, shawn};
  view.log = {"Turn 3 - Summer: Mark acts first", "Mark brings Hektor into play"};
  return view;
}

// Three lords negotiating in Cutthroat Kingdoms with 25 s left on the sand timer.
inline engine::ViewModel timer_running() {
  engine::ViewModel view;
  view.game_title = "Cutthroat Kingdoms";
  view.turn = 2;
  view.phase = "Negotiation";
  view.prompt = "Negotiate: OK when a deal is struck";
  view.ok_hint = "deal struck";
  view.pass_hint = "no deal";
  engine::SeatView anna = seat("Anna", "House Vael", 3, 6);
  anna.acting = true;
  castles(anna, {castle("Greywater Keep", 3)});
  engine::SeatView boris = seat("Boris", "House Drummond", 5, 2);
  castles(boris, {castle("Kingsbridge", 2)});
  engine::SeatView clara = seat("Clara", "House Aster", 1, 4);
  castles(clara, {castle("Thornwall", 4)});
  view.seats = {anna, boris, clara};
  view.timers = {{"Negotiation", 25'000, 180'000, true, false}};
  view.now_ms = 1'000'000;
  view.log = {"Negotiation begins: 3 minutes"};
  return view;
}

// The same table once the sand ran out: the alarm rings until someone presses OK.
inline engine::ViewModel alarm_ringing(std::int64_t now_ms = 1'000'000) {
  engine::ViewModel view = timer_running();
  view.timers = {{"Negotiation", 0, 180'000, false, true}};
  view.ok_hint = "stop the alarm";
  view.pass_hint.clear();
  view.now_ms = now_ms;
  return view;
}

// Mark has won by dominance after 12 turns at a four-player table.
inline engine::ViewModel game_end(int turns = 12) {
  engine::ViewModel view = board_with_choices();
  view.prompt = "The game is over";
  view.prompt_options.clear();
  view.highlighted = -1;
  view.ok_hint = "new game";
  view.pass_hint.clear();
  view.seats.push_back(seat("Tomoe", "Crane Clan", 6, 3));
  view.seats.push_back(seat("Ilse", "Order of the Rose", 3, 7));
  view.turn = turns;
  view.winner = "Mark wins";
  view.winner_seats = {0};
  view.victory = "dominance victory";
  view.charts = history(view.seats.size(), turns);
  return view;
}

// Everything at once, and everything long: four seats with long names, full panels, a toast.
inline engine::ViewModel crowded_table() {
  engine::ViewModel view;
  view.game_title = "Romance of the Nine Empires";
  view.turn = 14;
  view.phase = "Autumn";
  view.prompt = "Maximilian-Alexander: choose which castle pays the upkeep of Hektor the Unconquerable";
  view.ok_hint = "pay from the highlighted castle and carry on";
  view.pass_hint = "refuse to pay and let Hektor leave play";
  const std::vector<std::string> names = {"Maximilian-Alexander von Hohenstaufen", "Wilhelmina Beauregard-Smythe",
                                          "Bartholomew Featherstonehaugh", "Ottoline Cholmondeley-Warner"};
  for (std::size_t i = 0; i < names.size(); ++i) {
    engine::SeatView s = seat(names[i], "The Most Serene Brotherhood of the Northern Wolf", 123, 456);
    s.acting = i == 0;
    if (i == 1) ordain(s);
    if (i == 3) eliminate(s);
    for (int c = 0; c < 4; ++c) castles(s, {castle("Hammerdoom's Roost of the Eternal Winter", 9 + c, c == 2)});
    for (int c = 0; c < 9; ++c) in_play(s, {card("Hektor the Unconquerable, Lord of Ten Thousand", c % 3 == 0, c + 1)});
    quests(s, {quest("The Lost Crown of the Nine Empires", true), quest("The Dragon's Hoard", false)});
    view.seats.push_back(s);
  }
  view.log = {"Wilhelmina Beauregard-Smythe passes and keeps every card she holds in her hand",
              "Maximilian-Alexander brings Hektor the Unconquerable into play from his hand"};
  view.toast = engine::ScanToast{engine::ScanToast::Verdict::Refused, "Hektor the Unconquerable, Lord of Ten Thousand",
                                 "Hektor cannot come into play in Autumn when the Ordained has passed already"};
  return view;
}

inline engine::ViewModel menu_with_eight_options() {
  engine::ViewModel view = crowded_table();
  view.menu_open = true;
  view.prompt = "Menu";
  view.prompt_options = {"Undo the last action (Maximilian brings Hektor into play)",
                         "Redo",
                         "Start a 3-minute sand timer",
                         "Add a minute to the running timer",
                         "Override the last warning and do it anyway",
                         "Show the log of this game",
                         "Declare a winner by agreement of the table",
                         "End the game without a winner"};
  view.highlighted = 6;
  view.ok_hint = "do the highlighted entry";
  view.pass_hint.clear();
  return view;
}

inline engine::ViewModel three_timers_one_alarming() {
  engine::ViewModel view = crowded_table();
  view.timers = {{"Negotiation among all the lords of the realm", 95'000, 180'000, true, false},
                 {"Feast of the Long Night, second sitting", 0, 60'000, false, true},
                 {"Vote on the succession to the Iron Throne", 41'000, 120'000, false, false}};
  view.now_ms = 1'500;
  view.ok_hint = "stop the alarm";
  return view;
}

inline engine::ViewModel number_wanted() {
  engine::ViewModel view = crowded_table();
  view.prompt = "How much food does Maximilian-Alexander move to Hammerdoom's Roost?";
  view.wants_number = true;
  view.ok_hint.clear();
  return view;
}

inline engine::ViewModel winner_after(int turns) {
  engine::ViewModel view = crowded_table();
  view.winner = view.seats[1].name + " wins: a dominance victory after a very long game";
  view.winner_seats = {1};
  view.victory = "dominance victory by holding every castle of the realm at once";
  view.charts = history(view.seats.size(), turns);
  return view;
}

// The menu, three timers and a toast together, with choices far longer than the column.
inline engine::ViewModel menu_and_timers() {
  engine::ViewModel view = menu_with_eight_options();
  view.timers = three_timers_one_alarming().timers;
  view.now_ms = 2'000;
  for (int i = 0; i < 12; ++i) view.prompt_options.push_back("Extra entry " + std::to_string(i));
  view.highlighted = 12;
  return view;
}

// The start-up self-test found no camera, while a timer runs and the table has a choice to make.
inline engine::ViewModel camera_failed() {
  engine::ViewModel view = board_with_choices();
  view.timers = timer_running().timers;
  view.now_ms = timer_running().now_ms;
  view.device_notice = engine::DeviceNotice{
      "No picture from the camera",
      {"camera /dev/video0: cannot open it (is it connected, and not in use by another program?)",
       "Check the camera's cable, then wait: Seneschal tries again every few seconds.",
       "The buttons still work; cards cannot be read until the camera is back."},
      true};
  return view;
}

// A check still under way, drawn over the game's end.
inline engine::ViewModel checking_over_game_end() {
  engine::ViewModel view = winner_after(12);
  view.device_notice = engine::DeviceNotice{
      "Looking for the calibration card", {"Seen: tags 1 and 3. Missing: tags 2 and 4."}, false};
  return view;
}

// A late turn at a full table: every seat holds `cards` cards in play beside three castles and a
// quest, with real-length titles. The panel must show every one of them.
inline engine::ViewModel full_table(std::size_t seats, int cards) {
  engine::ViewModel view;
  view.game_title = "Romance of the Nine Empires";
  view.turn = 9;
  view.phase = "Summer";
  view.prompt = "Ann: bring a card into play, or pass";
  view.ok_hint = "pass";
  const std::vector<std::string> names = {"Ann", "Benedikt", "Chiara", "Dmitri", "Eleanor", "Farid"};
  const std::vector<std::string> titles = {"Hektor", "Silver Mine", "Jack Newcomer", "Wandering Monk", "Iron Legion",
                                           "Granary", "Court Astrologer", "Siege Tower", "Ferryman", "Oracle"};
  for (std::size_t i = 0; i < seats; ++i) {
    engine::SeatView s = seat(names[i % names.size()], "Brotherhood of the Wolf", 3 + static_cast<int>(i), 7);
    s.acting = i == 0;
    if (i == 1) ordain(s);
    castles(s, {castle("Hammerdoom's Roost", 3), castle("Fort Valen", 2), castle("Stormhold", 0, true)});
    for (int c = 0; c < cards; ++c) in_play(s, {card(titles[static_cast<std::size_t>(c) % titles.size()], c % 3 == 1)});
    quests(s, {quest("The Lost Crown", false)});
    view.seats.push_back(s);
  }
  view.log = {"Turn 9 - Summer: Ann acts first"};
  return view;
}

// The longest reasons a rules check gives (engine/rules: table.check), with real card names:
// each must be read whole, since the players judge it before they press "Do it anyway".
inline std::vector<std::string> longest_check_reasons() {
  return {
      // r9e battle: the cards that must absorb.
      "Jack Newcomer (2), Hektor, Lokin o' Black Rose and Silver Mine are not immune and 3 damage is left: "
      "non-immune cards at the battle must absorb while damage is left",
      // ostenard skirmish: two companies that must fight.
      "Benedikt's company at Hernysadharc (Isgrimnur) and Eleanor's company at Hernysadharc: Sir Camaris and "
      "Duke Isgrimnur are enemies: a battle must occur (OA:789-791)",
      // ostenard cards: a noble's witness.
      "Sir Camaris needs a noble or leader of Benedikt from another region at a Hernystir location with a noble "
      "or leader of Hernystir (OA:627-631)",
      // r9e battle: a tactic without a hero.
      "Shawn has no hero at Hammerdoom's Roost: a tactic needs a unit in the battle (unless it moves one in)",
      // r9e winter.
      "Hammerdoom's Roost has room: food that can be stored in a castle is not discarded (Winter)",
  };
}

// A rules check waits for the table, as FlowModule asks it: the pointer starts on Cancel, OK picks
// what it points at, PASS cancels.
inline engine::ViewModel check_waiting(const std::string& reason) {
  engine::ViewModel view = board_with_choices();
  view.prompt = "Check: " + reason + ". The card may allow it.";
  view.prompt_options = {"Do it anyway", "Cancel"};
  view.highlighted = 1;
  view.ok_hint.clear();
  view.pass_hint = "cancel";
  view.toast = engine::ScanToast{engine::ScanToast::Verdict::Warned, "key OK", "a rules check waits: see the prompt"};
  return view;
}

// The longest check at a crowded table, whose acting seat's name fills half the banner, with
// the longest button hints the rules give beside a running timer.
inline engine::ViewModel long_check_at_a_crowded_table() {
  engine::ViewModel view = crowded_table();
  view.prompt = check_waiting(longest_check_reasons().front()).prompt;
  view.prompt_options = {"Do it anyway", "Cancel"};
  view.highlighted = 1;
  view.ok_hint = "done: the heir in front of Maximilian-Alexander is poisoned";
  view.pass_hint = "pass (reveal the stealth cards)";
  view.timers = {{"Negotiation", 95'000, 180'000, true, false}};
  return view;
}

// The demanding set the layout checks run over, each with a name for the failure message.
inline std::vector<std::pair<std::string, engine::ViewModel>> demanding() {
  std::vector<std::pair<std::string, engine::ViewModel>> views = {
      {"board with choices", board_with_choices()},
      {"timer under 30 s", timer_running()},
      {"alarm", alarm_ringing()},
      {"game end", game_end()},
      {"crowded table with a toast", crowded_table()},
      {"menu with 8 options", menu_with_eight_options()},
      {"3 timers, one alarming", three_timers_one_alarming()},
      {"a number wanted", number_wanted()},
      {"winner after 40 turns", winner_after(40)},
      {"winner after 1 turn", winner_after(1)},
      {"winner with no history", winner_after(0)},
      {"menu, timers and toast together", menu_and_timers()},
      {"camera failed", camera_failed()},
      {"checking over the game's end", checking_over_game_end()},
      {"six full seats", full_table(6, 6)},
      {"four full seats", full_table(4, 10)},
      {"a long check", check_waiting(longest_check_reasons().front())},
      {"a long check at a crowded table", long_check_at_a_crowded_table()},
  };
  for (int seats : {2, 3}) {
    engine::ViewModel view = three_timers_one_alarming();
    view.seats.resize(static_cast<std::size_t>(seats));
    view.prompt_options = board_with_choices().prompt_options;
    view.highlighted = 0;
    views.emplace_back(std::to_string(seats) + " seats, timers and choices", view);
  }
  return views;
}

}  // namespace seneschal::display::screens
