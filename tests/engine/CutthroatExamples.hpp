#pragma once
// The cast of the tome's combat examples (CK:625-715): lord Dravanof, lady Slaine and lord Brom,
// seated in that order, with the books' other values at their start.

#include "cutthroat/ck_books.hpp"

namespace seneschal::engine::cutthroat::test {

inline constexpr int kDravanof = 0;
inline constexpr int kSlaine = 1;
inline constexpr int kBrom = 2;

inline Books combat_examples_books() {
  Books books;
  books.seats = {SeatBooks::of(House::Dravanof), SeatBooks::of(House::Slaine), SeatBooks::of(House::Brom)};
  return books;
}

inline MilitaryCard soldier(House house, Colour colour) { return MilitaryCard::soldier(house, colour); }

}  // namespace seneschal::engine::cutthroat::test
