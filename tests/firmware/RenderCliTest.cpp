// `seneschal render` as a person runs it: a state saved by `seneschal play` becomes a PNG of the
// screen at the size asked, and a broken file is named.
#include <gtest/gtest.h>

#include <SFML/Graphics/Image.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

#include "common/CliTest.hpp"
#include "common/RunCommand.hpp"

namespace seneschal::firmware {
namespace {

using seneschal::test::run_command;

using RenderCliTest = test::CliTest;

TEST_F(RenderCliTest, SavedStateWithARunningTimerRendersAtEachSize) {
  const std::string script = write("t.r9e",
                                   "game r9e\nseat Mark\nseat Shawn\n"
                                   "scan-card \"Kingdom of Holden\"\ntimer start \"Negotiation\" 3m\nwait 2m40s\n");
  const auto played = run_command(cli("play --allow-refused --script '" + script + "' --state-out '" + dir_.file("s.json") + "'"));
  ASSERT_EQ(played.exit_code, 0) << played.output;
  for (const auto& [size, w, h] : {std::tuple{"800x480", 800u, 480u}, std::tuple{"1920x1080", 1920u, 1080u}}) {
    const std::string png = dir_.file(std::string("screen-") + size + ".png");
    const auto rendered = run_command(cli("render --state '" + dir_.file("s.json") + "' --size " + size + " --out '" + png + "'"));
    ASSERT_EQ(rendered.exit_code, 0) << rendered.output;
    sf::Image image;
    ASSERT_TRUE(image.loadFromFile(png));
    EXPECT_EQ(image.getSize().x, w);
    EXPECT_EQ(image.getSize().y, h);
  }
}

// The seats' panels come from the board the game's module described when the state was saved:
// the renderer knows no game, so without that board the panels stay empty.
TEST_F(RenderCliTest, TheSavedBoardFillsTheSeatPanels) {
  const std::string script = write("b.r9e", "game r9e\nseat Mark\nseat Shawn\nscan-card \"Kingdom of Holden\"\n");
  const auto played = run_command(cli("play --allow-refused --script '" + script + "' --state-out '" + dir_.file("b.json") + "'"));
  ASSERT_EQ(played.exit_code, 0) << played.output;
  nlohmann::json state = nlohmann::json::parse(std::ifstream(dir_.file("b.json")));
  ASSERT_TRUE(state.contains("board")) << state.dump(2);
  EXPECT_EQ(state["board"]["seats"][0]["name"], "Mark");
  EXPECT_EQ(state["board"]["seats"][0]["subtitle"], "Holden");
  EXPECT_EQ(state["game_title"], "Romance of the Nine Empires");
  state.erase("board");
  std::ofstream(dir_.file("bare.json")) << state.dump();
  sf::Image with_board, without;
  for (const auto& [json, image] : {std::pair{"b.json", &with_board}, std::pair{"bare.json", &without}}) {
    const std::string png = dir_.file(std::string(json) + ".png");
    const auto rendered = run_command(cli("render --state '" + dir_.file(json) + "' --out '" + png + "'"));
    ASSERT_EQ(rendered.exit_code, 0) << rendered.output;
    ASSERT_TRUE(image->loadFromFile(png));
  }
  // Mark's panel (the left half, under the banner) shows "Holden" only with the board.
  int differing = 0;
  for (unsigned y = 90; y < 300; ++y) {
    for (unsigned x = 10; x < 390; ++x) differing += with_board.getPixel(x, y) != without.getPixel(x, y) ? 1 : 0;
  }
  EXPECT_GT(differing, 200);
}

// A state saved at a prompt, with the prompt replaced: what `render` draws of it, at 800x480.
class RenderPromptTest : public RenderCliTest {
 protected:
  void SetUp() override {
    const std::string script = write("p.r9e", "game r9e\nseat Mark\nseat Shawn\n");
    const auto played = run_command(cli("play --allow-refused --script '" + script + "' --state-out '" + dir_.file("p.json") + "'"));
    ASSERT_EQ(played.exit_code, 0) << played.output;
    state_ = nlohmann::json::parse(std::ifstream(dir_.file("p.json")));
  }
  sf::Image render_with(const nlohmann::json& prompt, const std::string& name) {
    nlohmann::json state = state_;
    state["prompt"] = prompt;
    std::ofstream(dir_.file(name + ".json")) << state.dump();
    const std::string png = dir_.file(name + ".png");
    const auto rendered = run_command(cli("render --state '" + dir_.file(name + ".json") + "' --out '" + png + "'"));
    EXPECT_EQ(rendered.exit_code, 0) << rendered.output;
    sf::Image image;
    EXPECT_TRUE(image.loadFromFile(png)) << png;
    return image;
  }
  // Pixels that differ, and how many of them lie left of x (outside the side column).
  static std::pair<int, int> differing(const sf::Image& a, const sf::Image& b, unsigned column_left) {
    int all = 0, left = 0;
    for (unsigned y = 0; y < a.getSize().y; ++y) {
      for (unsigned x = 0; x < a.getSize().x; ++x) {
        if (a.getPixel(x, y) == b.getPixel(x, y)) continue;
        ++all;
        left += x < column_left ? 1 : 0;
      }
    }
    return {all, left};
  }
  nlohmann::json state_;
};

// The number the buttons have counted up to is drawn: it is the first of the rows saved with
// the prompt ("Number: 3 (UP/DOWN, OK enters)"), as the device shows them.
TEST_F(RenderPromptTest, TheNumberBeingEnteredIsDrawn) {
  const auto asked = [](const std::string& number_row) {
    return nlohmann::json{{"text", "Look at the card: Hektor's Renown?"},
                          {"options", {"Cancel"}},
                          {"option_ids", {"cancel"}},
                          {"wants_number", true},
                          {"rows", {number_row, "Cancel"}},
                          {"highlighted", 0}};
  };
  const sf::Image three = render_with(asked("Number: 3 (UP/DOWN, OK enters)"), "three");
  const sf::Image seven = render_with(asked("Number: 7 (UP/DOWN, OK enters)"), "seven");
  const auto [all, outside] = differing(three, seven, 544);
  EXPECT_GT(all, 20) << "3 and 7 look alike";
  EXPECT_EQ(outside, 0) << "only the number row differs";
}

// A check's pointer starts on Cancel: a state saved without a highlight shows it there.
TEST_F(RenderPromptTest, ACheckSavedWithoutAHighlightPointsAtCancel) {
  nlohmann::json check{{"text", "Check: Hektor comes into play in Summer; it is Winter. The card may allow it."},
                       {"options", {"Do it anyway", "Cancel"}},
                       {"option_ids", {"do-anyway", "cancel"}},
                       {"pass", "cancel"}};
  const sf::Image unsaid = render_with(check, "unsaid");
  check["highlighted"] = 1;
  const sf::Image cancel = render_with(check, "cancel");
  check["highlighted"] = 0;
  const sf::Image anyway = render_with(check, "anyway");
  EXPECT_EQ(differing(unsaid, cancel, 544).first, 0);
  EXPECT_GT(differing(unsaid, anyway, 544).first, 100);
}

TEST_F(RenderCliTest, BrokenStateFileIsNamed) {
  const std::string bad = write("bad.json", "{\"players\": [{\"faction\": 3}]}");
  const auto run = run_command(cli("render --state '" + bad + "' --out '" + dir_.file("x.png") + "'"));
  EXPECT_EQ(run.exit_code, 65) << "bad input data";
  EXPECT_NE(run.output.find(bad + ": players[0]"), std::string::npos) << run.output;
  const auto size = run_command(cli("render --state '" + bad + "' --size 80x48 --out '" + dir_.file("x.png") + "'"));
  EXPECT_EQ(size.exit_code, 64) << "a usage error";
  EXPECT_NE(size.output.find("--size: expected WIDTHxHEIGHT between 320x240 and 7680x4320, e.g. 800x480, not \"80x48\""),
            std::string::npos)
      << size.output;
}

}  // namespace
}  // namespace seneschal::firmware
