#pragma once
// The R9E rules' working view of one command: the board, R9E's books and the card data, with
// the few ways a rule can stop a command. A rule that fails throws: Refusal (the command is
// wrong here, nothing is logged), Warning (a rulebook check the players may override: the
// First Rule) or Ask (a card value the data does not state: the table is asked for it). The
// module tries every command on a copy first, so a throw never leaves half a move behind.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "r9e_data.hpp"
#include "seneschal/engine/card.hpp"
#include "seneschal/engine/command.hpp"
#include "seneschal/engine/game_module.hpp"
#include "seneschal/engine/prompt.hpp"
#include "seneschal/engine/table_state.hpp"

namespace seneschal::engine::r9e {

struct Refusal {
  std::string message;
};
struct Warning {
  std::string reason;
};
struct Ask {
  std::string card;
  std::string stat;
};

inline constexpr const char* kSetup = "Setup";
inline constexpr const char* kSpring = "Spring";
inline constexpr const char* kSummer = "Summer";
inline constexpr const char* kAutumn = "Autumn";
inline constexpr const char* kWinter = "Winter";

// Labels that mean the same in every prompt.
inline constexpr const char* kDone = "Done";
inline constexpr const char* kCancel = "Cancel";

class Table {
 public:
  Table(TableState& state, const CardDatabase& cards, std::int64_t seq, Context context,
        std::vector<std::string> overridden = {});

  TableState& state;
  Data& data;
  const CardDatabase& cards;
  const std::int64_t seq;
  const Context context;
  const std::vector<std::string> overridden;

  // --- stopping a command
  [[noreturn]] void refuse(std::string message) const;
  // A rulebook check: throws Warning unless the players already confirmed this reason.
  void check(bool ok, const std::string& reason) const;

  // --- card data
  const Card& card(const std::string& id) const;  // refuses an id the data does not have
  std::string title(const std::string& id) const;
  std::string type(const std::string& id) const;
  std::optional<int> known(const std::string& id, std::string_view stat) const;
  int value(const std::string& id, std::string_view stat) const;  // asks when unknown
  bool keyword(const std::string& id, std::string_view word) const;
  bool keywords_known(const std::string& id) const;
  int keyword_number(const std::string& id, std::string_view prefix) const;  // "Raid +1" -> 1
  // The faction a stronghold stands for ("Kingdom of Holden" -> "Holden"), from the card data's table.
  std::string faction_of_stronghold(const std::string& id) const;
  bool is_faction_keyword(const std::string& word) const;

  // --- seats
  int seats() const { return static_cast<int>(state.players.size()); }
  const std::string& name(int seat) const { return state.players.at(seat).name; }
  int next_seat(int seat) const;  // clockwise, skipping the eliminated
  int active_seats() const;
  int seat_by_name(const std::string& name) const;  // -1 when none
  int hand_size(int seat) const;
  std::vector<int> opponents_with_castles(int seat) const;  // who this seat can attack or raid  // 4 + 1 per castle in play; strongholds add nothing

  // --- cards on the table
  struct Found {
    int seat = -1;
    CardInPlay* card = nullptr;
  };
  Found find(int uid) const;
  int add_card(int seat, const std::string& id, int copy, bool bowed, int attach_to = 0);
  std::vector<int> attached(int uid) const;  // cards attached to this one
  bool is_hero(int uid) const;                // heroes and guardians
  std::vector<int> heroes(int seat, bool unbowed_only) const;
  int strength(int uid) const;  // printed + items + changes, never below zero
  int will(int uid) const;
  int glory(int uid) const;
  std::string label(int uid) const;  // "Hektor", "Hektor #2" when two copies are on the table
  int uid_by_label(const std::vector<int>& uids, const std::string& label) const;  // 0 when none
  // Leaves play. Buried (destroyed) or discarded; its attachments are discarded, or buried with
  // it when they absorbed damage with it (items that added Strength).
  void remove(int uid, bool buried, bool absorbed = false);
  bool bury_if_no_will(int uid);

  // --- castles and food
  std::string castle_label(int seat, int index) const;
  std::vector<int> live_castles(int seat) const;
  int castle_by_label(int seat, const std::string& label) const;  // -1 when none
  void bury_castle(int seat, int index);

  // --- outcome
  void log(std::string text) const;
  void win(int seat, const std::string& victory);
  // Conquest: the instant the last castle other than the attacker's falls.
  void check_conquest(int by_seat);
  void eliminate(int seat, const std::string& why);
};

// Options built from a list of uids, one label each.
std::vector<std::string> labels_of(const Table& table, const std::vector<int>& uids);

}  // namespace seneschal::engine::r9e
