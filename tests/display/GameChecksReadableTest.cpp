// Every check the four games raise is read whole from the chairs (issue [2/8]: check words name
// every rule that blocks a move, so they grow): random play (tests/engine/RandomWalker.hpp) meets
// the checks as a table would, and each distinct one is drawn at 800x480 from the session's own
// view model. Its words are never cut, nor drawn below 16 px, and the banner still names the seat
// to act.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "Boards.hpp"
#include "common/TempDir.hpp"
#include "engine/OstenArdTable.hpp"
#include "engine/RandomWalker.hpp"
#include "engine/ShippedCards.hpp"
#include "seneschal/engine/module_registry.hpp"
#include "seneschal/engine/view_model.hpp"

// GCC 12 sees a moved-from std::variant<..., SetNumber> as maybe uninitialized (a known false
// positive of -Wmaybe-uninitialized at -O2); the values are always set.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

namespace seneschal::display {
namespace {

using testing::Drawing;

const std::string kEllipsis = "\u2026";

class GameChecksReadableTest : public testing::RendererTest {
 protected:
  // The distinct checks a few seeded games of `game` raise, each as the screen would show it.
  std::map<std::string, engine::ViewModel> checks_met(const std::string& game, int games, int steps) {
    std::map<std::string, engine::ViewModel> met;
    engine::ModuleRegistry registry;
    engine::register_builtin_modules(registry);
    const auto cards = game == "ostenard" ? engine::oa_test::table_cards() : engine::test::shipped_cards(game);
    for (int seed = 1; seed <= games; ++seed) {
      engine::CardLibrary library;
      library.emplace(game, cards);
      const std::string file = dir_.file(game + "-" + std::to_string(seed) + ".sqlite");
      auto session = engine::Session::resume(engine::EventStore::open(file).value(), registry, library);
      if (!session) {
        ADD_FAILURE() << session.error().message;
        return met;
      }
      const int seats = game == "nine" ? 1 : 3;
      const std::vector<std::string> names = {"Maximilian-Alexander", "Bartholomew", "Evangelina"};
      if (!session->apply(engine::StartGame{game, {names.begin(), names.begin() + seats}}, 0)) return met;
      engine::test::Walker walker(static_cast<std::uint64_t>(seed), *session);
      std::int64_t clock = 0;
      for (int step = 0; step < steps; ++step) {
        bool menu = false;
        engine::Command command = walker.next(menu);
        if (menu) {
          if (!session->apply(engine::Menu{}, clock += 500)) continue;
          const engine::Prompt entries = session->prompt();
          if (entries.options.empty()) continue;
          const engine::Option& entry = entries.options[walker.pick(static_cast<int>(entries.options.size()))];
          command = engine::Choose{entry.label, entry.id};
        }
        if (!session->apply(command, clock += 1000, walker.entropy())) continue;
        const std::string text = session->prompt().text;
        if (text.rfind("Check: ", 0) == 0 && !met.count(text)) {
          met.emplace(text, engine::make_view_model(*session, std::nullopt, clock, 6));
        }
      }
    }
    return met;
  }

  seneschal::test::TempDir dir_;
};

TEST_F(GameChecksReadableTest, EveryCheckRandomPlayMeetsIsReadWholeAt800x480) {
  for (const std::string game : {"cutthroat", "nine", "ostenard", "r9e"}) {
    const auto met = checks_met(game, 4, 200);
    EXPECT_FALSE(met.empty()) << game << ": random play met no check";
    std::cout << game << ": " << met.size() << " distinct checks drawn\n";
    for (const auto& [text, view] : met) {
      SCOPED_TRACE(game + ": " + text);
      const Drawing drawing = draw(view, {800, 480});
      const DrawnBox* banner = testing::find_box(drawing.trace, "banner");
      ASSERT_NE(banner, nullptr);
      std::string words;
      bool cut = false;
      for (const DrawnText& drawn : drawing.trace.texts) {
        if (drawn.layer != 0 || !testing::within(banner->box, drawn.container)) continue;
        words += (words.empty() ? "" : " ") + drawn.text;
        cut |= drawn.text.find(kEllipsis) != std::string::npos;
        EXPECT_GE(drawn.size, 16u) << drawn.text;
        EXPECT_TRUE(testing::within(banner->box, drawn.ink)) << drawn.text;
      }
      EXPECT_FALSE(cut) << "drawn: " << words;
      EXPECT_NE(words.find(text), std::string::npos) << "drawn: " << words;
      EXPECT_NE(words.find(" to act"), std::string::npos) << "drawn: " << words;
    }
  }
}

}  // namespace
}  // namespace seneschal::display
