#pragma once
// What a screen drawn at 800x480 is held to (issue 38, item 6; issue [7/8] for every language):
// every key fact (whose move, the prompt's first line, each seat's name, score and key counters,
// the timers; at the end every final score) at capitals of at least 26 px, about 5 mm on the 7"
// screen, read from a metre; no text over another; no name cut to "Territ…" and no choice cut to
// "Start Tournament rou…"; on the details page, a press away, no cut and no overlap either.
// Shared by the whole-game screens test (in English, as the scripts play) and the language test
// (each language, from the log the scripts wrote).

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include <SFML/Graphics/RenderTexture.hpp>

#include "display/KeyFacts.hpp"
#include "seneschal/display/board_renderer.hpp"

namespace seneschal::firmware::testing {

// 5 mm at 0.19 mm a pixel.
constexpr float kLeastCapitals = 26;

struct ScreenFigures {
  int screens = 0;
  int cut = 0;          // screens with a name cut with "…" (anywhere but the choices column)
  int cut_options = 0;  // screens with an option cut in the choices column (a fault as well)
  int overlap = 0;      // screens with two texts over each other
  float least_capitals = 1e9f;
  std::string least_what;  // the key fact drawn smallest, and where
  std::vector<std::string> faults;
  std::map<std::string, int> cut_option_texts;  // each option cut in the column, and on how many screens
  // The details page, a press away: small type is its job, but no name cut and no overlap there
  // either (faults as well).
  int details_cut = 0;
  int details_overlap = 0;
  std::map<std::string, int> details_cut_texts;
  // Every text drawn on the glance and the details page, and on how many screens.
  std::map<std::string, int> texts;
};

// Draws `view` as the device shows it and on the details page, and adds what it finds to `figures`.
// `where` names the screen in a fault; SENESCHAL_SHOTS_DIR=<dir> keeps every faulty screen as a
// PNG named `shot_name` + where (a details page with a cut or an overlap as "...-details.png").
inline void measure_screen(display::BoardRenderer& renderer, sf::RenderTexture& texture, const engine::ViewModel& view,
                           const std::string& where, const std::string& shot_name, ScreenFigures& figures) {
  display::Trace trace;
  display::DrawOptions draw;  // what the device shows unless a button turned the page
  draw.trace = &trace;
  renderer.draw(texture, view, {800, 480}, draw);
  ++figures.screens;
  const std::size_t faults_before = figures.faults.size();
  // A cut anywhere but the choices column is a cut name; an option cut in the column (a label
  // longer than three lines) is counted apart, and is a fault too: a choice is read, not guessed.
  const display::DrawnBox* choices = nullptr;
  for (const display::DrawnBox& box : trace.boxes) choices = box.name == "choices" ? &box : choices;
  bool cut_name = false;
  bool cut_option = false;
  for (const display::DrawnText& t : trace.texts) {
    ++figures.texts[t.text];
    if (t.text.find("\u2026") == std::string::npos) continue;
    if (choices && display::testing::holds(choices->box, t.ink)) {
      cut_option = true;
      ++figures.cut_option_texts[t.text];
      figures.faults.push_back(where + ": option cut \"" + t.text + "\"");
    } else {
      cut_name = true;
      figures.faults.push_back(where + ": cut \"" + t.text + "\"");
    }
  }
  figures.cut += cut_name ? 1 : 0;
  figures.cut_options += cut_option ? 1 : 0;
  if (display::testing::any_overlap(trace)) {
    ++figures.overlap;
    figures.faults.push_back(where + ": texts overlap");
  }
  for (const display::testing::KeyFact& fact : display::testing::key_facts(view, trace)) {
    const float capitals = fact.size == 0 ? 0.f : display::testing::cap_height(renderer.fonts().bold(), fact.size);
    if (capitals < figures.least_capitals) {
      figures.least_capitals = capitals;
      figures.least_what = where + ": " + fact.what + " \"" + fact.text + "\" at " + std::to_string(fact.size) + " px";
    }
    if (capitals < kLeastCapitals) {
      figures.faults.push_back(where + ": " + fact.what + " \"" + fact.text + "\" " +
                               (fact.size == 0 ? "not drawn whole" : "at " + std::to_string(fact.size) + " px"));
    }
  }
  display::Trace details;
  display::DrawOptions press_away;
  press_away.trace = &details;
  press_away.page = display::Page::Details;
  renderer.draw(texture, view, {800, 480}, press_away);
  bool details_cut = false;
  for (const display::DrawnText& t : details.texts) {
    ++figures.texts[t.text];
    if (t.text.find("\u2026") == std::string::npos) continue;
    details_cut = true;
    ++figures.details_cut_texts[t.text];
    figures.faults.push_back(where + ": the details page cuts \"" + t.text + "\"");
  }
  figures.details_cut += details_cut ? 1 : 0;
  const bool details_overlap = display::testing::any_overlap(details);
  figures.details_overlap += details_overlap ? 1 : 0;
  if (details_overlap) figures.faults.push_back(where + ": texts overlap on the details page");
  const char* dir = std::getenv("SENESCHAL_SHOTS_DIR");
  const auto shot = [&](const std::string& suffix) {
    texture.display();
    (void)texture.getTexture().copyToImage().saveToFile(std::string(dir) + "/" + shot_name + "-" + where + suffix + ".png");
  };
  if (dir && (details_cut || details_overlap)) shot("-details");
  if (dir && figures.faults.size() > faults_before) {
    renderer.draw(texture, view, {800, 480}, draw);  // the glance again
    shot("");
  }
}

// The five texts cut on the most screens, most first.
inline void print_most_cut(const std::map<std::string, int>& texts, const char* what) {
  std::vector<std::pair<int, std::string>> most;
  for (const auto& [text, screens] : texts) most.emplace_back(screens, text);
  std::sort(most.rbegin(), most.rend());
  for (std::size_t i = 0; i < most.size() && i < 5; ++i) {
    std::printf("%s on %d screens: \"%s\"\n", what, most[i].first, most[i].second.c_str());
  }
}

// The figures as one paragraph, and the first faults as a gtest message.
inline std::string first_faults(const ScreenFigures& f, std::size_t count = 12) {
  std::string listed;
  for (std::size_t i = 0; i < f.faults.size() && i < count; ++i) listed += "  " + f.faults[i] + "\n";
  return listed;
}

inline void print_figures(const std::string& name, const ScreenFigures& f) {
  std::printf("%s: %d screens at 800x480; key facts' least capitals %.0f px (%s); a name cut on %d (%.1f%%), "
              "overlap on %d (%.1f%%); an option cut in the choices column on %d (%.1f%%)\n",
              name.c_str(), f.screens, f.least_capitals, f.least_what.c_str(), f.cut, 100.0 * f.cut / f.screens,
              f.overlap, 100.0 * f.overlap / f.screens, f.cut_options, 100.0 * f.cut_options / f.screens);
  print_most_cut(f.cut_option_texts, "  cut option");
  std::printf("  the details page: a text cut on %d (%.1f%%), overlap on %d (%.1f%%)\n", f.details_cut,
              100.0 * f.details_cut / f.screens, f.details_overlap, 100.0 * f.details_overlap / f.screens);
  print_most_cut(f.details_cut_texts, "    cut");
}

}  // namespace seneschal::firmware::testing
