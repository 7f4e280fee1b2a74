#pragma once
// What the display may know: plain values, copied out of the session, so the display can never
// reach back and change the game. Card titles are resolved here; layout and styling are not.

#include <optional>
#include <string>
#include <vector>

#include "seneschal/engine/session.hpp"

namespace seneschal::engine {

struct CardView {
  std::string title;
  std::string type;
  int copy = 1;
  bool bowed = false;
};

struct CastleView {
  std::string title;
  int food = 0;
  bool buried = false;
};

struct QuestView {
  std::string title;
  bool completed = false;
};

struct SeatView {
  std::string name;
  std::string faction;
  int renown = 0;
  int food_total = 0;
  bool acting = false;
  bool ordained = false;
  bool eliminated = false;
  std::vector<CastleView> castles;
  std::vector<CardView> in_play;
  std::vector<QuestView> quests;
};

// The answer to the last card shown: accepted (what it did) or refused (why).
struct ScanToast {
  enum class Verdict { Accepted, Refused };
  Verdict verdict = Verdict::Accepted;
  std::string title;   // the card's title, or the payload when no card matched
  std::string detail;  // what it did, or why it was refused
};

struct ViewModel {
  std::string game_title;
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
  std::optional<std::string> winner;
};

ViewModel make_view_model(const Session& session, std::optional<ScanToast> toast, std::size_t log_lines = 6);

}  // namespace seneschal::engine
