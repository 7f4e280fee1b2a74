// The screen says who acts: at every prompt of every whole-game script, a prompt addressed to one
// seat by name ("Setup: Shawn, scan your stronghold", "Mark: draw 6 cards") is the one the seat
// panels and the "to act" badge mark. A prompt that names a seat as a subject ("Shawn: pay 1 food
// for Hektor") waits for that seat; the badge pointing elsewhere sends the wrong player's hands
// to the buttons.

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <memory>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "common/TempDir.hpp"
#include "seneschal/engine/card_overlay.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "WholeGameScripts.hpp"
#include "seneschal/firmware/tools/bench_friction.hpp"
#include "seneschal/firmware/script/table_script.hpp"

namespace seneschal::firmware {

// gtest names each script's case by its file, not by the bytes of the struct.
void PrintTo(const FrictionInput& input, std::ostream* out) { *out << input.script; }

namespace {

// The seat a prompt's words address: "Name:" or "Name," at the start of the text or right after
// the phase's "Phase: ". Empty when the words address nobody by name.
std::string addressed_seat(const std::string& text, const std::vector<std::string>& seats) {
  std::vector<std::size_t> starts{0};
  if (const std::size_t colon = text.find(": "); colon != std::string::npos) starts.push_back(colon + 2);
  for (const std::size_t start : starts) {
    for (const std::string& seat : seats) {
      if (text.compare(start, seat.size(), seat) != 0) continue;
      const std::size_t after = start + seat.size();
      if (after < text.size() && (text[after] == ':' || text[after] == ',')) return seat;
    }
  }
  return {};
}

struct Mismatch {
  int line;
  std::string prompt;
  std::string marked;
};

std::vector<Mismatch> run_and_compare(const FrictionInput& input) {
  std::vector<Mismatch> found;
  auto text = read_text_file(input.script);
  EXPECT_TRUE(text) << input.script;
  if (!text) return found;
  auto script = parse_script(*text, input.script, std::filesystem::path(input.script).parent_path().string());
  EXPECT_TRUE(script) << script.error().message;
  if (!script) return found;
  auto cards = load_card_library(SENESCHAL_SOURCE_DIR "/assets", input.answers);
  EXPECT_TRUE(cards) << cards.error().message;
  if (!cards) return found;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> sink(std::tmpfile(), &std::fclose);
  ScriptOptions options;
  options.out = sink.get();
  options.after_step = [&found](TableScript& table, const ScriptStep& step) {
    const engine::Session* session = table.session();
    if (!session || session->state().winner) return;
    const engine::ViewModel view = table.view();
    std::vector<std::string> names;
    std::string marked;
    for (const auto& seat : view.seats) {
      names.push_back(seat.name);
      if (seat.acting) marked = seat.name;
    }
    const std::string prompt = session->prompt().text;
    const std::string addressed = addressed_seat(prompt, names);
    if (!addressed.empty() && addressed != marked) found.push_back({step.line, prompt, marked});
  };
  TableScript table(std::move(cards).value(), std::move(options));
  test::TempDir dir;
  EXPECT_TRUE(table.open(dir.file("game.sqlite")));
  auto ran = table.run(*script);
  EXPECT_TRUE(ran) << ran.error().message;
  return found;
}

TEST(PromptSeatTest, AddressedSeatIsReadFromThePromptsOwnWords) {
  const std::vector<std::string> seats{"Mark", "Shawn"};
  EXPECT_EQ(addressed_seat("Setup: Shawn, scan your stronghold", seats), "Shawn");
  EXPECT_EQ(addressed_seat("Mark: draw 6 cards. Keep them?", seats), "Mark");
  EXPECT_EQ(addressed_seat("Who takes the Ordained marker and goes first?", seats), "");
  EXPECT_EQ(addressed_seat("Summer: Mark bows Hektor", seats), "");
}

class PromptSeatScriptTest : public ::testing::TestWithParam<FrictionInput> {};

TEST_P(PromptSeatScriptTest, TheSeatAPromptAddressesIsTheSeatMarkedToAct) {
  const std::vector<Mismatch> found = run_and_compare(GetParam());
  std::ostringstream listed;
  std::set<std::string> seen;
  for (const Mismatch& m : found) {
    if (!seen.insert(m.prompt).second) continue;
    listed << "  line " << m.line << ": \"" << m.prompt << "\" marks " << (m.marked.empty() ? "nobody" : m.marked)
           << "\n";
  }
  EXPECT_TRUE(found.empty()) << found.size() << " prompts address one seat and mark another:\n" << listed.str();
}

INSTANTIATE_TEST_SUITE_P(WholeGames, PromptSeatScriptTest, testing::whole_game_scripts(), testing::script_test_name);

}  // namespace
}  // namespace seneschal::firmware
