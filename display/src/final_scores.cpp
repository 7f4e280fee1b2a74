// The end screen says who won and by how much (issue 38): every seat's final score, large, the
// winners on top and the seats that score together (a Cutthroat couple) side by side, before any
// chart. The order is the display's; who won and who scores with whom are the module's words
// (ViewModel::won_by, SeatView::team).

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "parts.hpp"
#include "seneschal/base/words.hpp"
#include "seneschal/display/fit_text.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display::detail {
namespace {

// Seats grouped by team (a seat alone is its own group), each group's seats best first; the
// groups with a winner first, then by their best score.
std::vector<std::vector<std::size_t>> standings(const engine::ViewModel& view) {
  std::vector<std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < view.seats.size(); ++i) {
    const int team = view.seats[i].team;
    const auto same = std::find_if(groups.begin(), groups.end(), [&](const auto& g) {
      return team >= 0 && view.seats[g.front()].team == team;
    });
    if (same == groups.end()) {
      groups.push_back({i});
    } else {
      same->push_back(i);
    }
  }
  const auto score = [&](std::size_t seat) { return view.seats[seat].score; };
  const auto winning = [&](const std::vector<std::size_t>& g) {
    return std::any_of(g.begin(), g.end(), [&](std::size_t s) { return view.won_by(s); });
  };
  for (auto& group : groups) {
    std::stable_sort(group.begin(), group.end(), [&](std::size_t a, std::size_t b) { return score(a) > score(b); });
  }
  std::stable_sort(groups.begin(), groups.end(), [&](const auto& a, const auto& b) {
    if (winning(a) != winning(b)) return winning(a);
    return score(a.front()) > score(b.front());
  });
  return groups;
}

int total(const engine::ViewModel& view, const std::vector<std::size_t>& group) {
  int sum = 0;
  for (const std::size_t seat : group) sum += view.seats[seat].score;
  return sum;
}

}  // namespace

float final_scores_height(const BoardLayout& layout, const engine::ViewModel& view) {
  return static_cast<float>(view.seats.size()) * layout.row(layout.text.key);
}

void draw_final_scores(const Painter& painter, const engine::ViewModel& view, const sf::FloatRect& box) {
  const BoardLayout& layout = painter.layout();
  const unsigned key = layout.text.key;
  const float row = layout.row(key);
  const float bar = layout.stroke(6);
  const float gap = std::round(12 * layout.scale);
  // The score column is as wide as the widest score, so the numbers line up under each other.
  float score_width = 0;
  for (const engine::SeatView& seat : view.seats) {
    score_width = std::max(score_width, painter.measure(from_utf8(std::to_string(seat.score)), key, Weight::Bold));
  }
  float top = box.top;
  for (const std::vector<std::size_t>& group : standings(view)) {
    const float group_top = top;
    for (const std::size_t seat : group) {
      if (top + row > box.top + box.height + 1) return;
      const engine::SeatView& s = view.seats[seat];
      const sf::Color ink = view.won_by(seat) ? palette::winner : palette::text;
      // The seat's colour at the row's start, as in the charts' legend.
      painter.fill({box.left + 2 * bar, top + std::round(row * 0.2f), bar * 2, std::round(row * 0.6f)},
                   palette::seat_colour(seat));
      const float left = box.left + 5 * bar;
      const float right = box.left + box.width;
      painter.text(std::to_string(s.score), {right - score_width, top, score_width, row}, {key, ink, Weight::Bold, Align::Right});
      float name_right = right - score_width - gap;
      // A team's total beside its first seat's name, where there is room: that is what counts.
      if (group.size() > 1 && seat == group.front()) {
        // TRANSLATORS: a team's total score beside its first seat's name on the final scores.
        const std::string together = trf("{0} together", total(view, group));
        const float used = painter.text(together, {left, top, name_right - left, row},
                                        {layout.text.body, palette::text_secondary, Weight::Regular, Align::Right});
        if (used > 0) name_right -= used + gap;
      }
      painter.text(s.name, {left, top, name_right - left, row}, {key, ink, Weight::Bold, Align::Left, layout.text.small});
      top += row;
    }
    // Seats that score together are joined by a bar down their rows.
    if (group.size() > 1) painter.fill({box.left, group_top + bar, bar, top - group_top - 2 * bar}, palette::text_secondary);
  }
}

}  // namespace seneschal::display::detail
