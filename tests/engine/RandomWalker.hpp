#pragma once
// The random table of RandomPlayTest (issue [2/8]): each step one of what the device offers now
// (the prompt's options, OK, PASS, a number in range, a MENU entry, UNDO, REDO) or a camera line
// (a card laid, turned, slid to another seat or zone, taken away); a card the prompt asks for by
// its kind is shown more often, as a table would. Shared with the display test that draws every
// check the games raise.
#include <algorithm>
#include <cctype>
#include <random>
#include <string>
#include <vector>

#include "seneschal/engine/session.hpp"

namespace seneschal::engine::test {

class Walker {
 public:
  Walker(std::uint64_t seed, const Session& session) : rng_(seed), session_(session) {
    for (const Card& card : session.module()->cards().cards()) pool_.push_back(card.id);
    // Tags the data does not have: a table names its own cards (Osten Ard's data names 12).
    for (int n = 1; n <= 8; ++n) pool_.push_back("WALKER-CARD-" + std::to_string(n));
  }

  // One thing a table could do now; `menu` is set when it is a MENU entry (Menu first).
  Command next(bool& menu) {
    menu = false;
    const Prompt prompt = session_.prompt();
    const TableState& state = session_.state();
    if (prompt.takes_cards && pick(100) < 35) return PresentCard{fitting(prompt.text), 1 + pick(2), somewhere()};
    const int roll = pick(100);
    if (roll < 40 && !prompt.options.empty()) {
      const Option& option = prompt.options[pick(static_cast<int>(prompt.options.size()))];
      return Choose{option.label, option.id};
    }
    if (roll < 55 && prompt.wants_number) {
      const int span = std::min(prompt.number_max - prompt.number_min, 12);
      return SetNumber{prompt.number_min + pick(span + 2) - (pick(20) == 0 ? 1 : 0)};
    }
    if (roll < 62) return Ok{};
    if (roll < 66) return Pass{};
    if (roll < 72 && !session_.menu_open()) {
      menu = true;
      return Menu{};
    }
    if (roll < 75) return Undo{};
    if (roll < 77) return Redo{};
    return table_line(state);
  }

  int pick(int n) { return n <= 0 ? 0 : static_cast<int>(rng_() % static_cast<std::uint64_t>(n)); }
  std::uint64_t entropy() { return rng_(); }

 private:
  Placement somewhere() {
    Placement where;
    const std::vector<std::string> zones = session_.module()->zones();
    const int seats = static_cast<int>(session_.state().players.size());
    if (!zones.empty() && pick(3) == 0) {
      where.zone = zones[pick(static_cast<int>(zones.size()))];
    } else {
      where.seat = pick(seats + 1) - 1;  // -1: in no seat's area
    }
    where.quarter = 90 * pick(4);
    where.area_said = true;
    return where;
  }

  // A card the prompt asks for by its kind ("scan your stronghold"), as a table would show one;
  // any card when the prompt names no kind the data has.
  std::string fitting(const std::string& prompt) {
    std::string words = prompt;
    std::transform(words.begin(), words.end(), words.begin(), [](unsigned char c) { return std::tolower(c); });
    std::vector<std::string> fits;
    for (const Card& card : session_.module()->cards().cards()) {
      std::string type = card.type;
      std::replace(type.begin(), type.end(), '-', ' ');
      if (!type.empty() && type != "unknown" && words.find(type) != std::string::npos) fits.push_back(card.id);
    }
    const std::vector<std::string>& from = fits.empty() ? pool_ : fits;
    return from[pick(static_cast<int>(from.size()))];
  }

  Command table_line(const TableState& state) {
    const int kind = pick(4);
    if (state.table.empty() || kind == 0 || pool_.empty()) {
      if (pool_.empty()) return Ok{};
      return PresentCard{pool_[pick(static_cast<int>(pool_.size()))], 1 + pick(2), somewhere()};
    }
    const TableCard& card = state.table[pick(static_cast<int>(state.table.size()))];
    if (kind == 1) return TurnCard{card.card, card.copy, 90 * pick(4)};
    if (kind == 2) return MoveCard{card.card, card.copy, somewhere()};
    return CardLeft{card.card, card.copy};
  }

  std::mt19937_64 rng_;
  const Session& session_;
  std::vector<std::string> pool_;
};

}  // namespace seneschal::engine::test
