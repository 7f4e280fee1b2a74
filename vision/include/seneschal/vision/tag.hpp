#pragma once
// The payload printed in a tag, v1: "S1:<GAME>:<CARD>:<COPY>" for a card (S1:R9E:HEKTOR:2) and
// "S1:CTL:<COMMAND>[:<ARGUMENT>]" for a control tag (S1:CTL:PASS, S1:CTL:TIMER:180). Vision
// parses the shape only; whether a game or card exists is the engine's business.

#include <string>
#include <string_view>

#include "seneschal/base/result.hpp"

namespace seneschal::vision {

struct Tag {
  enum class Kind { Card, Control };
  Kind kind = Kind::Card;
  std::string game;      // lower case module id for a card tag ("r9e")
  std::string card;      // upper case card id ("HEKTOR")
  int copy = 1;          // 1..99
  std::string control;   // "PASS", "TIMER", ... for a control tag
  std::string argument;  // "180" for S1:CTL:TIMER:180, else empty
};

// Anything that is not ours (a cereal box URL) is an error naming the payload, never a guess.
Result<Tag> parse_tag(std::string_view payload);
std::string format_tag(const Tag& tag);

}  // namespace seneschal::vision
