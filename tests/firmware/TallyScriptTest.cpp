// Tally (tests/engine/tally/, never shipped) is registered like a shipped game and played by a
// table script; `seneschal render`, which knows no game, draws the board Tally described at
// 800x480 and 1920x1080. Nothing in firmware/ or display/ names Tally: a game is its folder.
#include <gtest/gtest.h>

#include <SFML/Graphics/Image.hpp>
#include <cstdio>
#include <fstream>

#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"
#include "seneschal/engine/card.hpp"
#include "seneschal/engine/module_registry.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/script/table_script.hpp"
#include "tally/tally_cards.hpp"

namespace seneschal::engine {
void register_test_modules(ModuleRegistry& registry);
}

namespace seneschal::firmware {
namespace {

// Ann names her banner and takes a Gold, Ben takes a Fame, then Ann calls a vote and both vote
// Yes: one point each is a tie, so Ann and Ben win together.
constexpr const char* kScript = R"(game tally
seat Ann
seat Ben
choose "Name your banner"
choose "Red"
choose "Take a Gold"
choose "Take a Fame"
choose "Call a vote to end"
expect "end the game now?"
choose "Yes"
choose "Yes"
)";

class TallyScriptTest : public ::testing::Test {
 protected:
  nlohmann::json play() {
    auto cards = load_card_library(SENESCHAL_SOURCE_DIR "/assets");
    EXPECT_TRUE(cards.has_value()) << cards.error().message;
    auto tally = engine::CardDatabase::parse_json(engine::tally::kCards, "tally");
    EXPECT_TRUE(tally.has_value()) << tally.error().message;
    cards->emplace("tally", std::make_shared<const engine::CardDatabase>(std::move(tally).value()));
    ScriptOptions options;
    log_ = std::tmpfile();
    options.out = log_;
    options.register_games = [](engine::ModuleRegistry& registry) {
      engine::register_builtin_modules(registry);
      engine::register_test_modules(registry);
    };
    TableScript table(std::move(cards).value(), options);
    EXPECT_TRUE(table.open(dir_.file("tally.sqlite")).has_value());
    auto script = parse_script(kScript, "tally.script");
    EXPECT_TRUE(script.has_value()) << script.error().message;
    auto ran = table.run(*script);
    EXPECT_TRUE(ran.has_value()) << ran.error().message;
    return table.state_json();
  }

  std::string render(const nlohmann::json& state, const std::string& name, const std::string& size) {
    const std::string json = dir_.file(name + ".json");
    const std::string png = dir_.file(name + "-" + size + ".png");
    std::ofstream(json) << state.dump();
    const auto run = test::run_command("'" SENESCHAL_CLI_PATH "' --assets '" SENESCHAL_SOURCE_DIR "/assets' render --state '" +
                                       json + "' --size " + size + " --out '" + png + "'");
    EXPECT_EQ(run.exit_code, 0) << run.output;
    return png;
  }

  void TearDown() override {
    if (log_) std::fclose(log_);
  }

  test::TempDir dir_;
  std::FILE* log_ = nullptr;
};

TEST_F(TallyScriptTest, AScriptPlaysItToASharedWin) {
  const nlohmann::json state = play();
  EXPECT_EQ(state["game"], "tally");
  EXPECT_EQ(state["winner"]["players"], (nlohmann::json{"Ann", "Ben"}));
  EXPECT_EQ(state["players"][0]["score"], 1);  // Ann's Gold
  EXPECT_EQ(state["players"][1]["score"], 1);  // Ben's Fame
  // The module's own books, under detail, and the banner's colour as told, per copy.
  EXPECT_EQ(state["detail"]["gold"], (nlohmann::json{1, 0}));
  EXPECT_EQ(state["detail"]["fame"], (nlohmann::json{0, 1}));
  EXPECT_EQ(state["told"]["BANNER#1"]["colour"], "Red");
}

TEST_F(TallyScriptTest, RenderDrawsTheBoardTallyDescribedAtBothSizes) {
  nlohmann::json state = play();
  const nlohmann::json& seat = state["board"]["seats"][0];
  EXPECT_EQ(seat["subtitle"], "Red");
  EXPECT_EQ(seat["counters"][0]["label"], "Gold");
  EXPECT_EQ(state["board"]["charts"][0]["title"], "Gold and Fame");
  nlohmann::json bare = state;
  bare.erase("board");
  for (const auto& [size, w, h] : {std::tuple{"800x480", 800u, 480u}, std::tuple{"1920x1080", 1920u, 1080u}}) {
    SCOPED_TRACE(size);
    sf::Image with_board, without;
    ASSERT_TRUE(with_board.loadFromFile(render(state, "tally", size)));
    ASSERT_TRUE(without.loadFromFile(render(bare, "bare", size)));
    ASSERT_EQ(with_board.getSize(), sf::Vector2u(w, h));
    // The game is over: the winner card covers the middle, the charts Tally described fill it.
    int differing = 0;
    for (unsigned y = h / 4; y < h * 3 / 4; ++y) {
      for (unsigned x = w / 8; x < w * 7 / 8; ++x) differing += with_board.getPixel(x, y) != without.getPixel(x, y) ? 1 : 0;
    }
    EXPECT_GT(differing, static_cast<int>(w * h / 100)) << "the board Tally described should change the picture";
  }
}

}  // namespace
}  // namespace seneschal::firmware
