#pragma once
// A finished game's event log opened for `seneschal review`: its steps (the start, then the
// board after each move still in effect) and the view the device drew after each, with a toast
// that says where in the game it is ("Review · move 12 of 213") and what the move did.
//
// A move is a group the session keeps in effect (Session::moves): a move the table took back is
// no step, and neither are the events that are not moves (a timer's button, a card laid or taken
// away that meant no move); they show on the next step's board. The last step is the log's end,
// so the last picture is the device's last screen of the game.

#include <cstdint>
#include <string>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/engine/view.hpp"
#include "seneschal/firmware/app/game_log.hpp"

namespace seneschal::firmware {

struct ReviewStep {
  std::int64_t upto = 0;   // the last event folded in: the move's last, the log's last at the end
  std::int64_t move = 0;   // the move's group; 0 at the start
  std::int64_t at_ms = 0;  // the clock of the event at `upto`: the timers are read at it
  int turn = 0;            // the game's turn once folded
};

class GameReview {
 public:
  // A log opened as `seneschal export` opens it (open_game_log); the error names the file when
  // it holds no game.
  static Result<GameReview> open(std::unique_ptr<GameLog> log, const std::string& db);

  const std::vector<ReviewStep>& steps() const { return steps_; }
  // The game's turn at each step, for ReviewSteps.
  std::vector<int> turns() const;
  // The board as the device drew it once the step's move was made: the prompt it asked, its
  // rows with the highlight where a new prompt puts it, the timers at the move's time; the
  // toast says which move of how many and what the move did.
  Result<engine::ViewModel> view(std::size_t step) const;
  const engine::Session& session() const { return *log_->session; }

 private:
  GameReview(std::unique_ptr<GameLog> log, std::vector<ReviewStep> steps)
      : log_(std::move(log)), steps_(std::move(steps)) {}

  std::unique_ptr<GameLog> log_;  // the session and the module registry it points into
  std::vector<ReviewStep> steps_;
};

}  // namespace seneschal::firmware
