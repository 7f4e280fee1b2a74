#pragma once
// The one path from what happens at the table to the game: a button (a key, a GPIO button, a
// control tag, a script's `press`), a tag's payload (the camera, a script's `scan`), or a command
// (a script's `choose`) becomes a command through the same ButtonMapper and TagRouter, is applied
// to the session with the table's clock and fresh entropy (the event is logged before anything is
// drawn), and the screen's view is made from the session and the mapper's highlight. The daemon
// and `seneschal play` both drive their game through it, so a script exercises what a table does.

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/command.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/engine/view_model.hpp"
#include "seneschal/firmware/table/button_mapper.hpp"
#include "seneschal/firmware/table/tag_router.hpp"

namespace seneschal::firmware {

// What one input did.
struct Outcome {
  enum class Kind {
    Applied,  // the engine took the command; text: what it did
    Refused,  // the engine or the buttons turned it away; text: why
    Moved,    // a button only moved the highlight (or began a number); text: the highlighted row
    Setup,    // a seat or calibration tag: it marks the table and is no move; text: so
    Foreign,  // a code that is not a Seneschal tag; text: what it is not
    Ignored,  // a Seneschal tag that means nothing here (another game's card); text: why
  };
  Kind kind = Kind::Ignored;
  std::string label;                       // what did it: a card's title, a button's name, the payload
  std::string text;
  std::optional<engine::Command> command;  // Applied or Refused: the command
  bool warned = false;                     // Applied: the move stopped at a rules check, which waits

  bool applied() const { return kind == Kind::Applied; }
};

// What the camera saw a tag do, with where it lies as the calibration places it: the stabilizer's
// events in the engine's words (firmware makes one from a vision::TagEvent).
struct TableSighting {
  enum class Change { Appeared, Turned, Moved, Left };
  Change change = Change::Appeared;
  std::string payload;
  engine::Placement where;  // seat index or -1, zone, quarter turn from the seat's facing, mm
};

class TableDriver {
 public:
  // The time the table reads (an alarm rings or not at it), the time a command is stamped with
  // (read once per command applied), and the entropy a command is applied with (drawn once per
  // command applied, so a script replays identically).
  struct Clock {
    std::function<std::int64_t()> now;
    std::function<std::int64_t()> stamp;
    std::function<std::uint64_t()> entropy;
  };

  TableDriver(engine::Session& session, const TagRouter& router, Clock clock)
      : session_(&session), router_(&router), clock_(std::move(clock)) {}

  // A button pressed. timer_seconds: the length a S1:CTL:TIMER:<seconds> tag carries; held: it
  // was held (a held UP or DOWN counts a number by kHeldStep).
  Outcome press(Button button, const std::string& label, int timer_seconds = 0, bool held = false);
  // A tag's payload read at the table.
  Outcome tag(std::string_view payload);
  Outcome apply(const engine::Command& command, const std::string& label);
  // A tag the camera saw appear, turn, move or leave. A card the engine already has on the table
  // that "appears" (the daemon restarted, the stabilizer began again) is no new scan: only how it
  // now lies is told, so a restart never plays the table's cards a second time.
  Outcome seen(const TableSighting& sighting);

  // How long the table and the books may disagree about a card (Session::mismatches) before the
  // players are asked: a player who bowed a card with the buttons turns it within a few seconds,
  // a card slid across another seat's area passes in one, and the camera tells a turn within
  // 3 frames (0.6 s); 10 s of the same mismatch is neither.
  static constexpr std::int64_t kMismatchMs = 10'000;
  // Puts each mismatch that has lasted kMismatchMs to the players (a Disagree), once: one they
  // ignored is asked again only after it cleared and came back. Call it as time passes (the
  // daemon every loop, a script after every line); a question waiting holds the asking back.
  std::vector<Outcome> watch_mismatches();

  // An idle prompt (Prompt::idle: nothing to decide) is answered with OK by the device itself
  // once it has stood `ms` untouched; 0 (the default) never. Any button pressed at it stops the
  // countdown for that prompt: the table wants to look first.
  void set_idle_advance_ms(std::int64_t ms) { idle_advance_ms_ = ms; }
  // Call it as time passes (the daemon every loop): the OK, applied and logged like a pressed one
  // (UNDO takes it back), once the countdown ran out; nothing otherwise.
  std::optional<Outcome> watch_idle();
  // How long until the idle prompt's OK presses itself; nothing when no countdown runs.
  std::optional<std::int64_t> idle_countdown_ms(std::int64_t now_ms) const;

  // What a button means at the current prompt without applying it: a command, nothing (it only
  // moved the highlight), or why the buttons turn it away.
  Result<std::optional<engine::Command>> button_command(Button button, int timer_seconds = 0, bool held = false);
  // What a tag means: a command, nothing (a control tag that only moved the highlight), or why
  // it is no move (route's reason); routed says which kind of tag it was.
  Result<std::optional<engine::Command>> tag_command(std::string_view payload, Routed& routed);

  // The view the screen shows: the session's, with the rows UP/DOWN move between and the
  // highlighted one.
  engine::ViewModel view(std::optional<engine::ScanToast> toast, std::int64_t now_ms);

  ButtonMapper& buttons() { return buttons_; }
  const ButtonMapper& buttons() const { return buttons_; }
  engine::Session& session() { return *session_; }
  const engine::Session& session() const { return *session_; }
  bool alarm_ringing() const;

 private:
  engine::Session* session_;
  const TagRouter* router_;
  Clock clock_;
  ButtonMapper buttons_;
  struct Watched {
    std::int64_t since_ms = 0;
    bool asked = false;
  };
  std::map<std::tuple<std::string, int, std::string>, Watched> mismatches_;  // by card, copy, kind
  // The idle prompt counted down: which one (its words and the log's length, so the same words
  // a turn later count afresh), since when, and whether a button stopped it.
  struct IdleWatch {
    std::string text;
    std::size_t log_size = 0;
    std::int64_t since_ms = 0;
    bool stopped = false;
  };
  // The idle prompt standing now, or nothing (a check, a question, a won game, countdowns off).
  bool idle_now(const engine::Prompt& prompt) const;
  // Brings idle_ up to the prompt standing at now_ms: a new idle prompt starts its countdown.
  void follow_idle(const engine::Prompt& prompt, std::int64_t now_ms);
  std::int64_t idle_advance_ms_ = 0;
  std::optional<IdleWatch> idle_;
  // The idle prompts already answered by the device (words and turn): one the table took back
  // with UNDO waits for a hand, or UNDO could never stop the game moving on.
  std::set<std::pair<std::string, int>> advanced_;
};

}  // namespace seneschal::firmware
