// `seneschal review`: a finished game stepped through as the device drew it. The buttons' steps
// are checked without a window (ReviewSteps), the steps and views on a real finished game (the
// whole Cutthroat game, with a move taken back and two sand timers, played by `seneschal play`
// into an event log), and the command as a person runs it: a picture of the start and of every
// move, and a clear error for a file that holds no game.
#include <gtest/gtest.h>

#include <SFML/Graphics/Image.hpp>
#include <SFML/Window/Event.hpp>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/CliTest.hpp"
#include "common/RunCommand.hpp"
#include "seneschal/engine/event_store.hpp"
#include "seneschal/engine/module_registry.hpp"
#include "seneschal/engine/view_model.hpp"
#include "seneschal/firmware/app/game_review.hpp"
#include "seneschal/firmware/app/review_steps.hpp"
#include "seneschal/firmware/base/assets.hpp"
// Xlib last (WindowedDaemon.hpp): its macros would break the headers above.
#include "WindowedDaemon.hpp"

namespace seneschal::firmware {
namespace {

namespace fs = std::filesystem;
using display::Input;
using test::run_command;

// ---- the buttons, without a window ----

// Turns at each step: the start and two setup moves in turn 0, then turns 1, 2 and 3.
const std::vector<int> kTurns = {0, 0, 0, 1, 1, 1, 2, 3, 3};

TEST(ReviewStepsTest, UpAndDownMoveOneMoveAndStopAtTheEnds) {
  ReviewSteps steps(kTurns);
  EXPECT_FALSE(steps.press(Input::Up));
  EXPECT_EQ(steps.at(), 0u);
  EXPECT_TRUE(steps.press(Input::Down));
  EXPECT_TRUE(steps.press(Input::Down));
  EXPECT_EQ(steps.at(), 2u);
  EXPECT_TRUE(steps.press(Input::Up));
  EXPECT_EQ(steps.at(), 1u);
  ReviewSteps end(kTurns, 8);
  EXPECT_FALSE(end.press(Input::Down));
  EXPECT_EQ(end.at(), 8u);
}

TEST(ReviewStepsTest, OkGoesToTheNextTurnsFirstMoveAndAtTheLastTurnToTheEnd) {
  ReviewSteps steps(kTurns, 1);
  std::vector<std::size_t> visited;
  while (steps.press(Input::Ok)) visited.push_back(steps.at());
  EXPECT_EQ(visited, (std::vector<std::size_t>{3, 6, 7, 8}));
}

TEST(ReviewStepsTest, PassGoesBackToThisTurnsFirstMoveThenToThePreviousTurns) {
  ReviewSteps steps(kTurns, 5);
  std::vector<std::size_t> visited;
  while (steps.press(Input::Pass)) visited.push_back(steps.at());
  EXPECT_EQ(visited, (std::vector<std::size_t>{3, 0}));
  ReviewSteps from_the_end(kTurns, 8);
  ASSERT_TRUE(from_the_end.press(Input::Pass));
  EXPECT_EQ(from_the_end.at(), 7u);
  ASSERT_TRUE(from_the_end.press(Input::Pass));
  EXPECT_EQ(from_the_end.at(), 6u);
}

TEST(ReviewStepsTest, HeldUpAndDownGoToTheStartAndTheEndOtherButtonsDoNotStep) {
  ReviewSteps steps(kTurns, 4);
  EXPECT_TRUE(steps.press(Input::HeldDown));
  EXPECT_EQ(steps.at(), 8u);
  EXPECT_TRUE(steps.press(Input::HeldUp));
  EXPECT_EQ(steps.at(), 0u);
  for (const Input other : {Input::Undo, Input::Redo, Input::Timer, Input::Menu, Input::Quit}) {
    EXPECT_FALSE(steps.press(other));
    EXPECT_EQ(steps.at(), 0u);
  }
}

// The keys the window reads (display::input_for, the daemon's own) step the way the README says.
TEST(ReviewStepsTest, TheWindowsKeysStepTheWayTheReadmeSays) {
  const auto key = [](sf::Keyboard::Key code) {
    sf::Event event{};
    event.type = sf::Event::KeyPressed;
    event.key.code = code;
    return *display::input_for(event);
  };
  // Each key in turn from move 4, and the step it leads to.
  const std::pair<sf::Keyboard::Key, std::size_t> presses[] = {
      {sf::Keyboard::Down, 5}, {sf::Keyboard::Up, 4},       {sf::Keyboard::Enter, 6},
      {sf::Keyboard::P, 3},    {sf::Keyboard::PageDown, 8}, {sf::Keyboard::PageUp, 0},
  };
  ReviewSteps steps(kTurns, 4);
  for (const auto& [code, step] : presses) {
    steps.press(key(code));
    EXPECT_EQ(steps.at(), step) << "key " << code;
  }
}

// As the device's legend, it lists only what would move from here.
TEST(ReviewStepsTest, TheLegendListsOnlyTheButtonsThatMoveFromHere) {
  const auto keys = [](const ReviewSteps& steps, display::Page page = display::Page::Glance) {
    std::vector<std::string> words;
    for (const display::LegendKey& key : steps.legend(page)) words.push_back(key.key + " " + key.action);
    return words;
  };
  EXPECT_EQ(keys(ReviewSteps(kTurns, 0)),
            (std::vector<std::string>{"OK next turn", "\u25BC a move on", "MENU details"}));
  EXPECT_EQ(keys(ReviewSteps(kTurns, 4)), (std::vector<std::string>{"OK next turn", "PASS turn back",
                                                                    "\u25B2\u25BC a move back / on", "MENU details"}));
  EXPECT_EQ(keys(ReviewSteps(kTurns, 8), display::Page::Details),
            (std::vector<std::string>{"PASS turn back", "\u25B2 a move back", "MENU the board"}));
}

// ---- a real finished game ----

class ReviewGameTest : public test::CliTest {
 protected:
  // The whole Cutthroat game played into an event log, its final state saved beside it.
  void SetUp() override {
    db_ = dir_.file("game.sqlite");
    state_ = dir_.file("final.json");
    const auto played =
        run_command(cli("play --script '" SENESCHAL_SOURCE_DIR "/tests/data/scripts/whole-game.ck' --db '" + db_ +
                        "' --state-out '" + state_ + "'"));
    ASSERT_EQ(played.exit_code, 0) << played.output;
  }
  static engine::CardLibrary cards() {
    auto cards = load_card_library(SENESCHAL_SOURCE_DIR "/assets");
    EXPECT_TRUE(cards.has_value()) << cards.error().message;
    return cards ? *cards : engine::CardLibrary{};
  }
  GameReview open() const {
    auto log = open_game_log(SENESCHAL_SOURCE_DIR "/assets", db_);
    EXPECT_TRUE(log.has_value()) << log.error().message;
    auto review = GameReview::open(std::move(log).value(), db_);
    EXPECT_TRUE(review.has_value()) << review.error().message;
    return std::move(review).value();
  }
  std::string db_;
  std::string state_;
};

// One step per move still in effect, plus the start; the move taken back is no step.
TEST_F(ReviewGameTest, TheStartAndEveryMoveInEffectAreTheSteps) {
  const GameReview review = open();
  const std::vector<engine::Event>& events = review.session().events();
  // The moves as the log has them: each group's first event, less what is no move, less the one taken back.
  std::vector<std::int64_t> moves;
  std::int64_t taken_back = 0;
  for (const engine::Event& event : events) {
    if (event.type == "undone") taken_back = event.data.value("group", std::int64_t{0});
    if (event.seq != event.group) continue;
    if (event.type == "game_started" || event.type == "timer" || event.type == "table" || event.type == "undone")
      continue;
    moves.push_back(event.group);
  }
  ASSERT_NE(taken_back, 0) << "the game takes a move back";
  moves.erase(std::remove(moves.begin(), moves.end(), taken_back), moves.end());
  ASSERT_GT(moves.size(), 150u) << "a whole game: 166 moves since [3/8] asked fewer questions and the camera gave places";
  const std::vector<ReviewStep>& steps = review.steps();
  ASSERT_EQ(steps.size(), moves.size() + 1);
  EXPECT_EQ(steps[0].move, 0);
  for (std::size_t i = 0; i < moves.size(); ++i) EXPECT_EQ(steps[i + 1].move, moves[i]) << "step " << i + 1;
  // The move taken back is never drawn as made: no step's toast says it did it.
  for (std::size_t i = 0; i < steps.size(); ++i) {
    auto view = review.view(i);
    ASSERT_TRUE(view.has_value()) << view.error().message;
    ASSERT_TRUE(view->toast.has_value());
    EXPECT_NE(view->toast->detail, "Ann spends 3 coins on 6 mercenaries (purchases 3 of 3)") << "step " << i;
  }
}

// The last picture is the device's last screen: the view a session resumed from the log makes,
// and the winner `play` saved.
TEST_F(ReviewGameTest, TheLastStepIsTheDevicesFinalView) {
  const GameReview review = open();
  auto last = review.view(review.steps().size() - 1);
  ASSERT_TRUE(last.has_value()) << last.error().message;
  auto store = engine::EventStore::open(db_);
  ASSERT_TRUE(store.has_value());
  engine::ModuleRegistry registry;
  engine::register_builtin_modules(registry);
  auto session = engine::Session::resume(std::move(store).value(), registry, cards());
  ASSERT_TRUE(session.has_value());
  const engine::ViewModel device = engine::make_view_model(*session, std::nullopt, session->events().back().at_ms);
  EXPECT_EQ(last->banner_line(), device.banner_line());
  EXPECT_EQ(last->prompt, device.prompt);
  EXPECT_EQ(last->seats, device.seats);
  EXPECT_EQ(last->charts, device.charts);
  EXPECT_EQ(last->log, device.log);
  EXPECT_EQ(last->winner, device.winner);
  EXPECT_EQ(last->winner_seats, device.winner_seats);
  const nlohmann::json saved = nlohmann::json::parse(std::ifstream(state_));
  ASSERT_TRUE(last->winner.has_value()) << "the game is finished";
  ASSERT_TRUE(last->toast.has_value());
  const std::string winner = saved["winner"]["player"].get<std::string>();
  EXPECT_NE(last->winner->find(winner), std::string::npos) << *last->winner << " / " << winner;
  EXPECT_EQ(last->toast->title, "Review \u00b7 move " + std::to_string(review.steps().size() - 1) + " of " +
                                    std::to_string(review.steps().size() - 1));
}

// Each step says where in the game it is, and a turn's first step is where the banner's turn changes.
TEST_F(ReviewGameTest, EachStepSaysWhichMoveOfHowManyAndOkLandsOnANewTurn) {
  const GameReview review = open();
  const std::size_t moves = review.steps().size() - 1;
  auto start = review.view(0);
  ASSERT_TRUE(start.has_value());
  EXPECT_EQ(start->toast->title, "Review \u00b7 the start");
  EXPECT_EQ(start->toast->detail, std::to_string(moves) + " moves to step through");
  EXPECT_FALSE(start->winner.has_value());
  auto twelfth = review.view(12);
  ASSERT_TRUE(twelfth.has_value());
  EXPECT_EQ(twelfth->toast->title, "Review \u00b7 move 12 of " + std::to_string(moves));
  ReviewSteps steps(review.turns());
  int turns = 0;
  while (steps.press(Input::Ok) && steps.at() + 1 < review.steps().size()) {
    auto before = review.view(steps.at() - 1);
    auto here = review.view(steps.at());
    ASSERT_TRUE(before && here);
    EXPECT_NE(here->turn, before->turn) << "step " << steps.at();
    ++turns;
  }
  EXPECT_GE(turns, 7) << "the game has more turns than OK found";
}

// A step's timers are read at its move's time: the Royal Wedding's 3:00 is whole at the move that
// started it, though it rang later in the game.
TEST_F(ReviewGameTest, TimersShowAsTheyStoodAtTheMove) {
  const GameReview review = open();
  bool seen = false;
  for (std::size_t i = 0; i < review.steps().size() && !seen; ++i) {
    auto view = review.view(i);
    ASSERT_TRUE(view.has_value());
    for (const engine::TimerView& timer : view->timers) {
      if (timer.name != "Royal Wedding") continue;
      seen = true;
      EXPECT_EQ(timer.remaining_ms, timer.total_ms) << "step " << i;
      EXPECT_FALSE(timer.alarm);
    }
  }
  EXPECT_TRUE(seen) << "no step shows the Royal Wedding's timer";
}

// ---- the command ----

using ReviewCliTest = ReviewGameTest;
using ReviewFileTest = test::CliTest;

std::vector<std::string> pictures_in(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == ".png") names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

TEST_F(ReviewCliTest, WritesAPictureOfTheStartAndOfEveryMoveAtTheDevicesSize) {
  const std::size_t moves = open().steps().size() - 1;
  const std::string out = dir_.file("steps");
  const auto reviewed = run_command(cli("review --db '" + db_ + "' --out '" + out + "'"));
  ASSERT_EQ(reviewed.exit_code, 0) << reviewed.output;
  const std::vector<std::string> names = pictures_in(out);
  ASSERT_EQ(names.size(), moves + 1) << reviewed.output;
  EXPECT_EQ(names.front(), "0000-start.png");
  EXPECT_EQ(names.back().substr(0, 4), std::to_string(moves).insert(0, 4 - std::to_string(moves).size(), '0'));
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(out + "/" + names.back()));
  EXPECT_EQ(image.getSize(), sf::Vector2u(800, 480));
  EXPECT_NE(reviewed.output.find("wrote " + std::to_string(moves + 1) + " pictures"), std::string::npos)
      << reviewed.output;
}

TEST_F(ReviewCliTest, AtWithOutWritesThatStepAloneAtTheSizeAsked) {
  const std::string out = dir_.file("one");
  const auto reviewed = run_command(cli("review --db '" + db_ + "' --out '" + out + "' --at 12 --size 1024x600"));
  ASSERT_EQ(reviewed.exit_code, 0) << reviewed.output;
  const std::vector<std::string> names = pictures_in(out);
  ASSERT_EQ(names.size(), 1u);
  EXPECT_EQ(names[0].substr(0, 10), "0012-turn-");
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(out + "/" + names[0]));
  EXPECT_EQ(image.getSize(), sf::Vector2u(1024, 600));
  const auto past = run_command(cli("review --db '" + db_ + "' --out '" + out + "' --at 5000"));
  EXPECT_EQ(past.exit_code, 64) << past.output;
  EXPECT_NE(past.output.find("--at 5000"), std::string::npos) << past.output;
}

// The cards a table named (Osten Ard's, kept in the state folder's card-answers.json) show by
// their names as the device showed them: the answers beside the log are read as --answers would.
TEST_F(ReviewFileTest, TheAnswersBesideTheLogAreTheTables) {
  const std::string scripts = SENESCHAL_SOURCE_DIR "/tests/data/scripts/";
  const std::string answers = scripts + "whole-game-oa/card-answers.json";
  fs::create_directories(dir_.file("state"));
  const std::string db = dir_.file("state") + "/seneschal.sqlite";
  const auto played =
      run_command(cli("play --script '" + scripts + "whole-game.oa' --answers '" + answers + "' --db '" + db + "'"));
  ASSERT_EQ(played.exit_code, 0) << played.output;
  const auto picture = [&](const std::string& name, const std::string& more) {
    const auto reviewed = run_command(cli("review --db '" + db + "' --at 10 --out '" + dir_.file(name) + "'" + more));
    EXPECT_EQ(reviewed.exit_code, 0) << reviewed.output;
    sf::Image image;
    const std::vector<std::string> names = pictures_in(dir_.file(name));
    EXPECT_TRUE(names.size() == 1 && image.loadFromFile(dir_.file(name) + "/" + names[0])) << reviewed.output;
    return image;
  };
  const sf::Image bare = picture("bare", "");
  const sf::Image told = picture("told", " --answers '" + answers + "'");
  fs::copy_file(answers, dir_.file("state") + "/card-answers.json");
  const sf::Image beside = picture("beside", "");
  ASSERT_EQ(bare.getSize(), told.getSize());
  ASSERT_EQ(beside.getSize(), told.getSize());
  const auto same = [](const sf::Image& a, const sf::Image& b) {
    return std::equal(a.getPixelsPtr(), a.getPixelsPtr() + a.getSize().x * a.getSize().y * 4, b.getPixelsPtr());
  };
  EXPECT_FALSE(same(bare, told)) << "the named cards look the same without their names";
  EXPECT_TRUE(same(beside, told));
}

// In a window, the daemon's keys step through the game (real key presses, XTest), and Escape
// quits saying where it was left.
TEST_F(ReviewCliTest, InAWindowTheKeysStepAndEscapeQuits) {
  using namespace std::chrono_literals;
  const std::vector<int> turns = open().turns();
  Display* x = XOpenDisplay(nullptr);
  ASSERT_NE(x, nullptr) << "the test runs under xvfb-run";
  const std::string out = dir_.file("review.log");
  test::ChildDaemon review(
      {SENESCHAL_CLI_PATH, "--assets", SENESCHAL_SOURCE_DIR "/assets", "review", "--db", db_, "--at", "3"}, out);
  ASSERT_NE(test::focus_daemon_window(x, "Seneschal review"), 0u) << test::read_file(out);
  test::press(x, XK_Down);    // move 4
  test::press(x, XK_Down);    // move 5
  test::press(x, XK_Up);      // move 4
  test::press(x, XK_Return);  // OK: the next turn's first move
  test::press(x, XK_Escape);
  const int code = review.wait_exit(30s);
  XCloseDisplay(x);
  const std::string log = test::read_file(out);
  ASSERT_EQ(code, 0) << log;
  const std::size_t expected = ReviewSteps(turns, 4).next_turn();
  ASSERT_GT(expected, 5u);
  EXPECT_NE(log.find("closed at move " + std::to_string(expected) + " of "), std::string::npos) << log;
}

// A file that is not there, is not an event log, or holds no game is named, exit 65, and no log
// is left behind where there was none.
TEST_F(ReviewFileTest, AFileThatHoldsNoGameIsNamedAndLeftAsItWas) {
  const std::string missing = dir_.file("missing.sqlite");
  const std::string text = write("notes.sqlite", "Mark 12, Shawn 9\n");
  const std::string empty = write("empty.sqlite", "");
  const std::string no_game = dir_.file("no-game.sqlite");
  ASSERT_TRUE(engine::EventStore::open(no_game).has_value());
  for (const std::string& file : {missing, text, empty, no_game}) {
    const auto reviewed = run_command(cli("review --db '" + file + "' --out '" + dir_.file("bad") + "'"));
    EXPECT_EQ(reviewed.exit_code, 65) << file << ": " << reviewed.output;
    EXPECT_NE(reviewed.output.find("error: " + file), std::string::npos) << reviewed.output;
  }
  EXPECT_FALSE(fs::exists(missing));
  EXPECT_EQ(fs::file_size(empty), 0u);
  EXPECT_FALSE(fs::exists(dir_.file("bad")));
}

}  // namespace
}  // namespace seneschal::firmware
