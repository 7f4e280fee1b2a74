#pragma once
// The key facts of a screen (issue 38), found by their words in what the renderer says it drew:
// whose move it is (the "<name> to act" pill), what to do now (the prompt's first line), each
// seat's name, its score and the counters its game names as key, and the timers; at the game's end,
// every seat's name and final score. Each with the size it was drawn at, so a test can hold them to
// the height read from the chairs, whatever layout drew them. Free of gtest: the firmware's script
// walk (ScriptScreensRenderTest) shares it.

#include <algorithm>
#include <string>
#include <vector>

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/Text.hpp>

#include "seneschal/base/words.hpp"
#include "seneschal/display/clock.hpp"
#include "seneschal/display/trace.hpp"
#include "seneschal/engine/view_model.hpp"

namespace seneschal::display::testing {

struct KeyFact {
  std::string what;  // "Mark's name", "the prompt's first line", ...
  std::string text;  // the words looked for
  unsigned size = 0; // the largest size they were drawn at; 0: not drawn whole
};

inline bool holds(const sf::FloatRect& outer, const sf::FloatRect& inner) {
  return inner.left >= outer.left - 1 && inner.top >= outer.top - 1 && inner.left + inner.width <= outer.left + outer.width + 1 &&
         inner.top + inner.height <= outer.top + outer.height + 1;
}

// The capital height of a font at a character size: the ink of "H".
inline float cap_height(const sf::Font& font, unsigned size) {
  return sf::Text("H", font, size).getLocalBounds().height;
}

// The counters a glance must show: those the module marks key; none marked, the first two with a
// number in them.
inline std::vector<engine::CounterView> key_counters(const engine::SeatView& seat) {
  std::vector<engine::CounterView> keys;
  for (const auto& c : seat.counters) {
    if (c.key) keys.push_back(c);
  }
  if (!keys.empty()) return keys;
  for (const auto& c : seat.counters) {
    const bool counts = std::any_of(c.value.begin(), c.value.end(), [](char d) { return d >= '0' && d <= '9'; });
    if (counts && keys.size() < 2) keys.push_back(c);
  }
  return keys;
}

inline std::vector<KeyFact> key_facts(const engine::ViewModel& view, const Trace& trace) {
  std::vector<KeyFact> facts;
  const int layer = view.winner ? 1 : 0;
  const auto largest = [&](const std::string& text, const sf::FloatRect* within) {
    unsigned size = 0;
    for (const DrawnText& drawn : trace.texts) {
      if (drawn.layer == layer && drawn.text == text && (!within || holds(*within, drawn.ink))) size = std::max(size, drawn.size);
    }
    return size;
  };
  if (view.winner) {
    for (const engine::SeatView& seat : view.seats) {
      facts.push_back({seat.name + "'s name", seat.name, largest(seat.name, nullptr)});
      const std::string score = std::to_string(seat.score);
      facts.push_back({seat.name + "'s final score", score, largest(score, nullptr)});
    }
    return facts;
  }
  std::vector<sf::FloatRect> panels;
  const sf::FloatRect* banner = nullptr;
  for (const DrawnBox& box : trace.boxes) {
    if (box.layer == 0 && box.name == "seat panel") panels.push_back(box.box);
    if (box.layer == 0 && box.name == "banner") banner = &box.box;
  }
  const bool scored = std::any_of(view.seats.begin(), view.seats.end(), [](const auto& s) { return s.score != 0; });
  for (std::size_t i = 0; i < view.seats.size(); ++i) {
    const engine::SeatView& seat = view.seats[i];
    const sf::FloatRect* panel = i < panels.size() ? &panels[i] : nullptr;
    // The pill in the language set, as the banner words it.
    const std::string to_act = trf("{0} to act", seat.name);
    if (seat.acting) facts.push_back({"whose move", to_act, largest(to_act, banner)});
    facts.push_back({seat.name + "'s name", seat.name, panel ? largest(seat.name, panel) : 0});
    bool score_said = !scored;
    for (const engine::CounterView& counter : key_counters(seat)) {
      facts.push_back({seat.name + "'s " + (counter.label.empty() ? "counter" : counter.label), counter.value,
                       panel ? largest(counter.value, panel) : 0});
      const std::string score = std::to_string(seat.score);
      score_said = score_said || counter.value == score || counter.value.rfind(score + "/", 0) == 0;
    }
    if (!score_said) {
      const std::string score = std::to_string(seat.score);
      facts.push_back({seat.name + "'s score", score, panel ? largest(score, panel) : 0});
    }
  }
  if (!view.prompt.empty() && banner) {
    // The longest text drawn in the banner that the prompt starts with (the headline "Setup" may
    // be a shorter one).
    KeyFact first{"the prompt's first line", view.prompt, 0};
    std::size_t longest = 0;
    for (const DrawnText& drawn : trace.texts) {
      if (drawn.layer != 0 || drawn.text.size() <= longest || !holds(*banner, drawn.ink) ||
          view.prompt.rfind(drawn.text, 0) != 0) {
        continue;
      }
      first = {"the prompt's first line", drawn.text, drawn.size};
      longest = drawn.text.size();
    }
    facts.push_back(first);
  }
  for (const engine::TimerView& timer : view.timers) {
    if (!timer.running && !timer.alarm) continue;
    const std::string digits = timer.alarm ? std::string(tr("Time!")) : clock_text(timer.remaining_ms);
    facts.push_back({"the " + timer.name + " timer", digits, largest(digits, nullptr)});
  }
  return facts;
}

// Whether any text was cut ("Territ…") or any two texts of a layer overlap.
inline bool any_cut(const Trace& trace) {
  return std::any_of(trace.texts.begin(), trace.texts.end(),
                     [](const DrawnText& t) { return t.text.find("\u2026") != std::string::npos; });
}

inline bool any_overlap(const Trace& trace) {
  const auto inked = [](const DrawnText& t) { return t.ink.width > 0 && t.ink.height > 0; };
  for (std::size_t i = 0; i < trace.texts.size(); ++i) {
    for (std::size_t j = i + 1; j < trace.texts.size(); ++j) {
      const DrawnText& a = trace.texts[i];
      const DrawnText& b = trace.texts[j];
      if (a.layer != b.layer || !inked(a) || !inked(b)) continue;
      const float w = std::min(a.ink.left + a.ink.width, b.ink.left + b.ink.width) - std::max(a.ink.left, b.ink.left);
      const float h = std::min(a.ink.top + a.ink.height, b.ink.top + b.ink.height) - std::max(a.ink.top, b.ink.top);
      if (w > 0 && h > 0) return true;
    }
  }
  return false;
}

}  // namespace seneschal::display::testing
