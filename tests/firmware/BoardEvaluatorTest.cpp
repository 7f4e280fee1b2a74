// Board accuracy's scoring, on hand-made truths: what counts as a change and when it reached the
// engine, a slide's passage across a gap, a card laid under a hand, false "left" and wrong seats
// and quarters. The whole chain on a generated game is BoardAccuracyTest.
#include "seneschal/firmware/tools/board_eval.hpp"

#include <gtest/gtest.h>

namespace seneschal::firmware {
namespace {

namespace synth = vision::synth;

constexpr const char* kHektor = "S1:R9E:HEKTOR:1";

struct Lie {
  int seat = 1;
  int quarter = 0;
  bool hidden = false;  // under a hand
  std::string zone = {};
  double x_mm = 0;  // where its code is (a card on its way moves)
};

// A truth of frames in which Hektor lies as given (nullopt: not on the table).
synth::RecordingTruth truth_of(const std::vector<std::optional<Lie>>& frames) {
  synth::RecordingTruth truth;
  for (std::size_t i = 0; i < frames.size(); ++i) {
    synth::TruthFrame frame;
    frame.index = static_cast<int>(i);
    frame.frame = synth::frame_name(static_cast<int>(i));
    if (frames[i]) {
      synth::TruthCard card;
      card.payload = kHektor;
      card.seat = frames[i]->seat;
      card.zone = frames[i]->zone;
      card.quarter = frames[i]->quarter;
      card.hidden = frames[i]->hidden;
      card.x_mm = frames[i]->x_mm;
      frame.table.push_back(card);
      if (card.hidden) frame.hidden.push_back({kHektor, synth::Hidden::Hand});
    }
    truth.frames.push_back(frame);
  }
  return truth;
}

std::vector<engine::TableCard> engine_has(std::optional<Lie> lie) {
  if (!lie) return {};
  engine::TableCard card;
  card.card = "HEKTOR";
  card.seat = lie->seat - 1;
  card.zone = lie->zone;
  card.quarter = lie->quarter;
  return {card};
}

BoardReport score(const std::vector<std::optional<Lie>>& truth, const std::vector<std::optional<Lie>>& engine) {
  BoardEvaluator evaluator(truth_of(truth), "R9E");
  for (std::size_t i = 0; i < engine.size(); ++i) evaluator.add(synth::frame_name(static_cast<int>(i)), engine_has(engine[i]));
  return evaluator.finish();
}

TEST(BoardEvaluatorTest, AChangeReachesTheEngineWhenTheEngineAgrees) {
  const Lie straight{1, 0}, bowed{1, 90};
  const auto r = score({straight, straight, bowed, bowed, bowed, bowed}, {std::nullopt, straight, straight, straight, bowed, bowed});
  EXPECT_EQ(r.changes, 2);  // laid, turned
  EXPECT_EQ(r.reached, 2);
  EXPECT_EQ(r.latency_frames, (std::vector<int>{1, 2}));
  EXPECT_EQ(r.within_3_frames, 2);
  EXPECT_EQ(r.wrong_quarters, 0);
}

TEST(BoardEvaluatorTest, AOneFrameLieInASlideIsPassageNotAChange) {
  const Lie mine{1, 0}, gap{0, 0}, theirs{2, 180};
  const auto r = score({mine, mine, gap, theirs, theirs, theirs}, {std::nullopt, mine, mine, mine, theirs, theirs});
  EXPECT_EQ(r.changes, 2);  // laid, slid to seat 2 (the gap is passage)
  EXPECT_EQ(r.reached, 2);
  EXPECT_EQ(r.wrong_seats, 0);
}

TEST(BoardEvaluatorTest, FramesUnderAHandDoNotCountAgainstTheEngine) {
  const Lie seen{1, 0}, covered{1, 0, true};
  const auto r = score({seen, covered, covered, covered, seen, seen, seen},
                       {std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt, seen, seen});
  EXPECT_EQ(r.occlusions, 1);
  ASSERT_EQ(r.latency_frames.size(), 1u);
  EXPECT_EQ(r.latency_frames[0], 2);  // frames 0 and 4 could be seen; 1-3 were under the hand
  EXPECT_EQ(r.false_left, 0);
}

TEST(BoardEvaluatorTest, AChangeMadeWhollyUnderAHandIsNotOneTheCameraCouldReport) {
  const Lie mine{1, 0}, passing{0, 180, true, "centre"}, theirs{2, 180};
  const auto r = score({mine, mine, passing, passing, theirs, theirs}, {std::nullopt, mine, mine, mine, mine, theirs});
  EXPECT_EQ(r.changes, 2);  // laid, and slid to seat 2; the hidden pass through the centre is not one
  EXPECT_EQ(r.reached, 2);
}

// Generated game 4 at 1920x1080: a card slid into the centre is seen there in one frame, then the
// hand sliding it covers it, and it comes to rest in seat 3: the centre was passage.
TEST(BoardEvaluatorTest, ALieSeenInOneFrameBeforeTheHandCoveredItIsPassage) {
  const Lie mine{1, 0}, centre{0, 180, false, "centre"}, covered{0, 180, true, "centre"}, theirs{3, 90};
  const auto r = score({mine, mine, centre, covered, theirs, theirs}, {std::nullopt, mine, mine, mine, mine, theirs});
  EXPECT_EQ(r.changes, 2);  // laid, and slid to seat 3
  EXPECT_EQ(r.reached, 2);
  // Seen there a second time, it is a change of its own.
  const auto held = score({mine, mine, centre, covered, centre, theirs, theirs},
                          {std::nullopt, mine, mine, mine, centre, centre, theirs});
  EXPECT_EQ(held.changes, 3);
}

TEST(BoardEvaluatorTest, LeavingTheEnginesTableWhileTheCardLiesIsAFalseLeft) {
  const Lie seen{1, 0}, covered{1, 0, true};
  const auto r = score({seen, seen, covered, covered, seen}, {seen, seen, seen, std::nullopt, std::nullopt});
  EXPECT_EQ(r.false_left, 1);
  ASSERT_FALSE(r.problems.empty());
  EXPECT_NE(r.problems[0].find("under a hand"), std::string::npos) << r.problems[0];
}

TEST(BoardEvaluatorTest, ARemovalReachesTheEngineWhenTheCardLeavesItsTable) {
  const Lie seen{1, 0};
  const auto r = score({seen, seen, std::nullopt, std::nullopt, std::nullopt}, {seen, seen, seen, seen, std::nullopt});
  EXPECT_EQ(r.removals, 1);
  EXPECT_EQ(r.removals_reached, 1);
  EXPECT_EQ(r.removal_latency_frames, (std::vector<int>{2}));
  EXPECT_EQ(r.false_left, 0);
}

TEST(BoardEvaluatorTest, ALateOrMissedRemovalIsAProblemLineThatSaysWhichCard) {
  const Lie seen{1, 0};
  const auto late = score({seen, std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt},
                          {seen, seen, seen, seen, seen, std::nullopt});
  ASSERT_EQ(late.problems.size(), 1u);
  EXPECT_NE(late.problems[0].find(std::string(kHektor) + " taken away: the engine followed 4 frames later"),
            std::string::npos)
      << late.problems[0];
  const auto never = score({seen, std::nullopt, std::nullopt, std::nullopt, std::nullopt}, {seen, seen, seen, seen, seen});
  ASSERT_EQ(never.problems.size(), 1u);
  EXPECT_NE(never.problems[0].find("taken away: never left the engine's table"), std::string::npos) << never.problems[0];
}

TEST(BoardEvaluatorTest, ARemovalInTheLastThreeFramesNotYetFollowedIsNotJudged) {
  const Lie seen{1, 0};
  const auto r = score({seen, seen, seen, std::nullopt, std::nullopt}, {seen, seen, seen, seen, seen});
  EXPECT_EQ(r.removals, 0) << "two frames left: the engine could not have been late yet";
  EXPECT_TRUE(r.problems.empty());
  const auto followed = score({seen, seen, seen, std::nullopt, std::nullopt}, {seen, seen, seen, seen, std::nullopt});
  EXPECT_EQ(followed.removals, 1) << "one the engine did follow counts, as it always did";
  EXPECT_EQ(followed.taken_away.within_3_frames, 1);
}

TEST(BoardEvaluatorTest, AnEngineChangeTheTruthNeverHadIsAWrongSeatOrQuarter) {
  const Lie mine{1, 0}, elsewhere{2, 0}, turned{1, 180};
  const auto r = score({mine, mine, mine, mine}, {mine, elsewhere, turned, mine});
  EXPECT_EQ(r.wrong_seats, 1);
  EXPECT_EQ(r.wrong_quarters, 1);
}

TEST(BoardEvaluatorTest, OnlyCardTagsAreOnTheEnginesTable) {
  synth::RecordingTruth truth = truth_of({Lie{1, 0}, Lie{1, 0}});
  synth::TruthCard corner;
  corner.payload = "S1:CAL:1";
  for (auto& frame : truth.frames) frame.table.push_back(corner);
  BoardEvaluator evaluator(truth, "R9E");
  for (int i = 0; i < 2; ++i) evaluator.add(synth::frame_name(i), engine_has(Lie{1, 0}));
  const BoardReport r = evaluator.finish();
  EXPECT_EQ(r.changes, 1);
  EXPECT_EQ(r.false_left, 0);
  EXPECT_TRUE(BoardEvaluator::has_table(truth));
}

TEST(BoardEvaluatorTest, EachKindOfChangeIsCountedAndRemovalsCountInTheOverallFigure) {
  const Lie mine{1, 0}, bowed{1, 90}, theirs{2, 180};
  const std::optional<Lie> gone;
  // Laid (at once), bowed (2 frames late), slid (5 frames late), taken away (1 frame late).
  const auto r =
      score({mine, mine, bowed, bowed, bowed, theirs, theirs, theirs, theirs, theirs, theirs, gone, gone, gone},
            {mine, mine, mine, mine, bowed, bowed, bowed, bowed, bowed, bowed, theirs, theirs, gone, gone});
  EXPECT_EQ(r.laid.changes, 1);
  EXPECT_EQ(r.laid.within_3_frames, 1);
  EXPECT_EQ(r.turned.changes, 1);
  EXPECT_EQ(r.turned.within_3_frames, 1);
  EXPECT_EQ(r.moved.changes, 1);
  EXPECT_EQ(r.moved.within_3_frames, 0);
  EXPECT_EQ(r.taken_away.changes, 1);
  EXPECT_EQ(r.taken_away.within_3_frames, 1);
  EXPECT_EQ(r.changes, 3);  // the older figure leaves removals out
  EXPECT_DOUBLE_EQ(r.all_within_3(), 3.0 / 4);
}

TEST(BoardEvaluatorTest, ACardOnItsWayIsPassageHoweverLongTheCameraSeesIt) {
  // Slid from seat 1 to seat 3 and turned on the way: two frames at quarter 90 in seat 1 while
  // moving are no turn, and the engine turning it there is a false turn.
  const Lie mine{1, 0}, on_way1{1, 90, false, "", 40}, on_way2{1, 90, false, "", 90}, theirs{3, 0, false, "", 150};
  const auto r = score({mine, mine, mine, on_way1, on_way2, theirs, theirs, theirs},
                       {mine, mine, mine, mine, on_way1, theirs, theirs, theirs});
  EXPECT_EQ(r.changes, 2);  // laid, moved
  EXPECT_EQ(r.turned.changes, 0);
  EXPECT_EQ(r.false_turns, 1);
  EXPECT_EQ(r.wrong_quarters, 0) << "the truth did have quarter 90 there, in passing";
}

TEST(BoardEvaluatorTest, AFalseTurnAndItsTurnBackAreBothFalseTurns) {
  const Lie mine{1, 0}, bowed{1, 90};
  const auto r = score({mine, mine, mine, mine, mine, mine}, {mine, mine, bowed, bowed, mine, mine});
  EXPECT_EQ(r.false_turns, 2);
  EXPECT_EQ(r.wrong_quarters, 1);
  // A turn the engine makes late is late, not false.
  const auto late =
      score({mine, mine, bowed, bowed, bowed, bowed, bowed, bowed}, {mine, mine, mine, mine, mine, mine, mine, bowed});
  EXPECT_EQ(late.false_turns, 0);
  EXPECT_EQ(late.turned.within_3_frames, 0);
}

TEST(BoardEvaluatorTest, CardFramesMissingInPlainViewCountOnceTheEngineHadTheCardOrCouldHave) {
  const Lie seen{1, 0}, covered{1, 0, true};
  const std::optional<Lie> none;
  // The engine has it from frame 1, loses it in frames 5-6 (in view) and 8 (under a hand).
  const auto r = score({seen, seen, seen, seen, seen, seen, seen, seen, covered, seen},
                       {none, seen, seen, seen, seen, none, none, seen, none, seen});
  EXPECT_EQ(r.visible_card_frames, 7);  // frames 2-7 and 9: frame 0 and 1 are before it was due
  EXPECT_EQ(r.missing_card_frames, 2);
  EXPECT_EQ(r.false_left, 2);
  EXPECT_EQ(r.false_left_under_hand, 1);
  // A card the engine never had is due after the camera could see it in 3 frames.
  const auto never = score({seen, seen, covered, seen, seen, seen}, {none, none, none, none, none, none});
  EXPECT_EQ(never.visible_card_frames, 2);  // frames 4 and 5
  EXPECT_EQ(never.missing_card_frames, 2);
}

TEST(BoardEvaluatorTest, TheJsonLineKeepsItsKeysAndAddsTheNewOnes) {
  const Lie seen{1, 0};
  const auto r = score({seen, seen}, {seen, seen});
  std::FILE* out = std::tmpfile();
  print_board_report(r, true, out);
  std::rewind(out);
  char line[4096] = {};
  ASSERT_NE(std::fgets(line, sizeof line, out), nullptr);
  std::fclose(out);
  const std::string text = line;
  for (const char* key : {"\"changes\":", "\"within_3_frames\":", "\"removals\":", "\"false_left\":",
                          "\"wrong_quarters\":", "\"laid\":", "\"taken_away\":", "\"all_within_3_percent\":",
                          "\"missing_card_frames\":", "\"false_left_under_hand\":", "\"false_turns\":"})
    EXPECT_NE(text.find(key), std::string::npos) << key << " in " << text;
}

}  // namespace
}  // namespace seneschal::firmware
