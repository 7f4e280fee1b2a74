#pragma once
// Tag format v1: the payload printed in a tag, only in the QR alphanumeric charset so codes stay
// at version 1-2 with large modules.
//   card         S1:<GAME>:<CARD-ID>:<COPY>   S1:R9E:HAMMERDOOMS-ROOST:2   (copy 1-99)
//   control      S1:CTL:<OK|PASS|UNDO|UP|DOWN|TIMER|MENU>, S1:CTL:TIMER:<seconds>
//   seat         S1:SEAT:<n>                  (1-99)
//   calibration  S1:CAL:<1-4>
// Vision parses the shape only; whether a game or card exists is the card data's business.

#include <string>
#include <string_view>

#include "seneschal/base/result.hpp"

namespace seneschal::vision {

enum class Control { Ok, Pass, Undo, Up, Down, Timer, Menu };

struct Tag {
  enum class Kind { Card, Control, Seat, Calibration };
  Kind kind = Kind::Card;
  std::string game;  // the tag's game code, as printed ("R9E", "CK", "NINE", "OA")
  std::string card;  // the card id ("HAMMERDOOMS-ROOST")
  int copy = 1;      // card copy 1-99
  Control control = Control::Ok;
  int seconds = 0;   // S1:CTL:TIMER:<seconds>; 0 when the tag gives none
  int number = 0;    // seat 1-99, calibration corner 1-4
};

// Ours ("S1:...") or not: what is not ours is foreign (a URL, a Wi-Fi code), logged, never guessed.
bool looks_like_ours(std::string_view payload);
// The decoded tag, or an error that says what is wrong with it, quoting the payload safely.
Result<Tag> parse_tag(std::string_view payload);
std::string format_tag(const Tag& tag);
std::string_view to_string(Control control);

}  // namespace seneschal::vision
