// Cards, not codes: what the stabilizer does with a card on the table whose code a frame did not
// read, given what its place shows (a PlaceLook, here said by the test instead of a picture), and
// one fact per physical change: a slide is one Moved, a turn is told once the card lies still.

#include <gtest/gtest.h>

#include <cmath>

#include "StabilizerScenes.hpp"
#include "seneschal/vision/stabilizer.hpp"

namespace seneschal::vision {
namespace {

using scenes::at;

LookAtPlace showing(PlaceLook look) {
  return [look](const Sighting&) { return look; };
}

// Frames at 5 fps from t = 0; collects every event.
struct Frames {
  Stabilizer stabilizer;
  std::int64_t t = 0;
  std::vector<TagEvent> events;
  std::vector<TagEvent> frame(const std::vector<Sighting>& seen, const LookAtPlace& look = {}) {
    auto now = stabilizer.update(seen, t, look);
    t += 200;
    events.insert(events.end(), now.begin(), now.end());
    return now;
  }
  int count(TagEvent::Kind kind) const {
    return static_cast<int>(std::count_if(events.begin(), events.end(), [&](const TagEvent& e) { return e.kind == kind; }));
  }
};

TEST(StabilizerPresenceTest, ACardWhosePlaceStillShowsItStaysHoweverLongItsCodeIsNotRead) {
  Frames run;
  for (int i = 0; i < 3; ++i) run.frame({at("A", 300, 300)});
  for (int i = 0; i < 100; ++i) run.frame({}, showing(PlaceLook::Card));  // 20 s of missed reads
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 0);
  EXPECT_TRUE(run.stabilizer.pose("A").has_value());
}

TEST(StabilizerPresenceTest, ACoveredCardIsHeldLongerThanAbsentMs) {
  Frames run;
  for (int i = 0; i < 3; ++i) run.frame({at("A", 300, 300)});
  // A card laid over it for a minute: far past absent_ms, still on the table.
  for (int i = 0; i < 300; ++i) run.frame({}, showing(PlaceLook::Covered));
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 0);
  for (int i = 0; i < 3; ++i) run.frame({at("A", 300, 300)});
  EXPECT_EQ(run.count(TagEvent::Kind::Appeared), 1) << "uncovered, it is the same card on the table";
}

TEST(StabilizerPresenceTest, ABarePlaceTakesTheCardAwayWithinBareFrames) {
  Frames run;
  for (int i = 0; i < 3; ++i) run.frame({at("A", 300, 300)});
  EXPECT_TRUE(run.frame({}, showing(PlaceLook::Bare)).empty()) << "one bare look may be a flicker";
  const auto second = run.frame({}, showing(PlaceLook::Bare));
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(second[0].kind, TagEvent::Kind::Left);
  EXPECT_EQ(StabilizerConfig{}.bare_frames, 2);
}

TEST(StabilizerPresenceTest, AHandThenTheBareTableIsACardPickedUp) {
  Frames run;
  for (int i = 0; i < 3; ++i) run.frame({at("A", 300, 300)});
  for (int i = 0; i < 8; ++i) run.frame({}, showing(PlaceLook::Covered));
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 0);
  run.frame({}, showing(PlaceLook::Bare));
  run.frame({}, showing(PlaceLook::Bare));
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 1);
}

TEST(StabilizerPresenceTest, BareLooksMustFollowEachOther) {
  Frames run;
  for (int i = 0; i < 3; ++i) run.frame({at("A", 300, 300)});
  for (int i = 0; i < 20; ++i) run.frame({}, showing(i % 2 ? PlaceLook::Bare : PlaceLook::Card));
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 0);
}

TEST(StabilizerPresenceTest, ACardLastReadWhileSlidingWaitsLongerForItsBarePlace) {
  Frames run;
  for (int i = 0; i < 3; ++i) run.frame({at("A", 100, 300)});
  run.frame({at("A", 160, 300)});  // on its way: a slide
  const int needed = StabilizerConfig{}.bare_frames_moving;
  for (int i = 1; i < needed; ++i) run.frame({}, showing(PlaceLook::Bare));
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 0) << "passing under a hand to its new place";
  run.frame({}, showing(PlaceLook::Bare));
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 1);
}

TEST(StabilizerPresenceTest, AVacatedPlaceWaitsLongerThanAStillBareOne) {
  Frames run;
  for (int i = 0; i < 3; ++i) run.frame({at("A", 300, 300)});
  // Bare, with something moving round it: a card slid out of it under a hand may read again.
  const int needed = StabilizerConfig{}.bare_frames_moving;
  for (int i = 1; i < needed; ++i) run.frame({}, showing(PlaceLook::Vacated));
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 0);
  run.frame({}, showing(PlaceLook::Vacated));
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 1);
}

TEST(StabilizerPresenceTest, ACardSlidUnreadIsHeldWhileItsCodePassesNearThenMovesOnce) {
  // A card pushed across the table reads nowhere for a second (blur, its angle): its old place is
  // bare, but an unread code moves near it (Passing). Held, and read where it comes to rest: one
  // fact, no "left" and "laid" again.
  Frames run;
  for (int i = 0; i < 3; ++i) run.frame({at("A", 300, 300)});
  ASSERT_GT(StabilizerConfig{}.passing_frames, StabilizerConfig{}.bare_frames_moving);
  for (int i = 1; i < StabilizerConfig{}.passing_frames; ++i) run.frame({}, showing(PlaceLook::Passing));
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 0);
  for (int i = 0; i < 3; ++i) run.frame({at("A", 330, 310)});
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 0);
  EXPECT_EQ(run.count(TagEvent::Kind::Appeared), 1);
}

TEST(StabilizerPresenceTest, APassingCodeHoldsABarePlaceOnlySoLong) {
  Frames run;
  for (int i = 0; i < 3; ++i) run.frame({at("A", 300, 300)});
  for (int i = 1; i < StabilizerConfig{}.passing_frames; ++i) run.frame({}, showing(PlaceLook::Passing));
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 0);
  run.frame({}, showing(PlaceLook::Passing));
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 1) << "an unread code that never reads is no reason to keep a card for ever";
}

TEST(StabilizerPresenceTest, ACardCarriedOffLeavesOnceNoCodePassesNear) {
  // Carried off in a hand: its unread code passes near for two frames, then the place is bare
  // with nothing on its way: gone as a vacated place would be, counting the frames before.
  Frames run;
  for (int i = 0; i < 3; ++i) run.frame({at("A", 300, 300)});
  run.frame({}, showing(PlaceLook::Passing));
  run.frame({}, showing(PlaceLook::Passing));
  run.frame({}, showing(PlaceLook::Vacated));
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 0);
  run.frame({}, showing(PlaceLook::Vacated));
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 1);
}

TEST(StabilizerPresenceTest, AnotherCardOverItKeepsItButOneLaidWhereItWasSeenGoneTakesItsPlace) {
  Frames run;
  for (int i = 0; i < 3; ++i) run.frame({at("A", 300, 300), at("B", 600, 300)});
  // A laid right over A: A stays, however long.
  for (int i = 0; i < 20; ++i) run.frame({at("B", 600, 300)}, showing(PlaceLook::Another));
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 0);
  // B's place seen bare once (B picked up), then another card read where B lay: B is gone.
  run.frame({at("A", 300, 300)}, showing(PlaceLook::Bare));
  run.frame({at("A", 300, 300)}, showing(PlaceLook::Covered));
  run.frame({at("A", 300, 300)}, showing(PlaceLook::Another));
  ASSERT_EQ(run.count(TagEvent::Kind::Left), 1);
  EXPECT_EQ(run.events.back().payload, "B");
}

TEST(StabilizerPresenceTest, ACardLaidSquarelyOnAnotherHidesItWholeAndItIsGoneButOneLaidPartlyOverKeepsIt) {
  Frames run;
  for (int i = 0; i < 3; ++i) run.frame({at("A", 300, 300), at("B", 600, 300)});
  // C laid squarely on A (its code 6 px off, a quarter turned): a pile, or A put away and C laid
  // in its place between two frames. Nothing of A shows: gone once C has been read twice.
  EXPECT_TRUE(run.frame({at("B", 600, 300), at("C", 304, 304, 92)}, showing(PlaceLook::Another)).empty());
  run.frame({at("B", 600, 300), at("C", 304, 304, 92)}, showing(PlaceLook::Another));
  ASSERT_EQ(run.count(TagEvent::Kind::Left), 1);
  EXPECT_FALSE(run.stabilizer.pose("A").has_value());
  EXPECT_TRUE(run.stabilizer.pose("C").has_value());
  // D laid over B half a side off, turned 30 degrees: B's edge shows, and it stays.
  for (int i = 0; i < 20; ++i) run.frame({at("C", 304, 304, 92), at("D", 640, 300, 30)}, showing(PlaceLook::Another));
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 1);
  EXPECT_TRUE(run.stabilizer.pose("B").has_value());
}

// B lies on the table; T is laid over it, hiding B's code, and read for a while.
Frames card_over_card() {
  Frames run;
  for (int i = 0; i < 3; ++i) run.frame({at("B", 300, 300)});
  for (int i = 0; i < 5; ++i) run.frame({at("T", 360, 300)}, showing(PlaceLook::Overlaid));
  return run;
}

TEST(StabilizerPresenceTest, ACardLiftedOffTheCardUnderItLeavesOnceThatCardShowsTwoFramesInARow) {
  Frames run = card_over_card();
  ASSERT_TRUE(run.stabilizer.pose("T").has_value());
  // T lifted: B reads again where it lay; T's place shows a card (B), with no hand round it.
  EXPECT_TRUE(run.frame({at("B", 300, 300)}, showing(PlaceLook::Overlaid)).empty()) << "one frame may be a turn";
  const auto second = run.frame({at("B", 300, 300)}, showing(PlaceLook::Overlaid));
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(second[0].kind, TagEvent::Kind::Left);
  EXPECT_EQ(second[0].payload, "T");
  EXPECT_TRUE(run.stabilizer.pose("B").has_value());
}

TEST(StabilizerPresenceTest, ATopCardTurnedOrPushedAsideStaysWhenItsCodeReadsAgainWithinTheWait) {
  Frames run = card_over_card();
  run.frame({at("B", 300, 300)}, showing(PlaceLook::Overlaid));
  run.frame({at("B", 300, 300), at("T", 380, 300, 90)}, showing(PlaceLook::Overlaid));
  for (int i = 0; i < 5; ++i) run.frame({at("B", 300, 300)}, showing(PlaceLook::Overlaid));
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 0) << "B was read since: no longer a card found under T";
}

TEST(StabilizerPresenceTest, AHandOverTheTopCardHoldsItThoughTheCardUnderItShows) {
  Frames run = card_over_card();
  for (int i = 0; i < 10; ++i) run.frame({at("B", 300, 300)}, showing(PlaceLook::Covered));
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 0);
}

TEST(StabilizerPresenceTest, TwoCardsSideBySideWhoseCodesDropOutAreNeitherUnderTheOther) {
  Frames run;
  for (int i = 0; i < 3; ++i) run.frame({at("T", 360, 300), at("B", 260, 300)});
  // B misses a frame, then both read; then T misses frames while B reads: B was read after T came.
  run.frame({at("T", 360, 300)}, showing(PlaceLook::Card));
  run.frame({at("T", 360, 300), at("B", 260, 300)});
  for (int i = 0; i < 5; ++i) run.frame({at("B", 260, 300)}, showing(PlaceLook::Overlaid));
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 0);
}

TEST(StabilizerPresenceTest, NothingToSeeFallsBackToAbsentMs) {
  Frames run;
  for (int i = 0; i < 3; ++i) run.frame({at("A", 300, 300)});
  const int frames = static_cast<int>(StabilizerConfig{}.absent_ms / 200);
  for (int i = 0; i < frames - 2; ++i) run.frame({}, showing(PlaceLook::Unseen));
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 0);
  for (int i = 0; i < 3; ++i) run.frame({}, showing(PlaceLook::Unseen));
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 1);
}

TEST(StabilizerPresenceTest, ControlTagsLeaveByTimeWhateverTheirPlaceShows) {
  Frames run;
  for (int i = 0; i < 3; ++i) run.frame({at("S1:CTL:OK", 300, 300)});
  for (int i = 0; i < 6; ++i) run.frame({}, showing(PlaceLook::Card));
  EXPECT_EQ(run.count(TagEvent::Kind::Left), 1) << "an OK shown twice is two presses";
}

TEST(StabilizerPresenceTest, ASlideTurnedOnItsWayIsOneMoveWithTheNewSeatsQuarter) {
  StabilizerConfig config;
  config.centre_filter = {1000.0, 0.0, 1.0};  // the centre follows at once
  config.angle_filter = {1000.0, 0.0, 1.0};
  Frames run{Stabilizer(config, scenes::two_seat_table()), 0, {}};
  for (int i = 0; i < 3; ++i) run.frame({at("A", 100, 300, 0)});
  // Slid from seat 1 to seat 2 (facing 180) and turned on the way to face its new owner, held at
  // 30 and 60 degrees in passage, still turning as it crosses the boundary.
  run.frame({at("A", 100, 260, 30)});
  run.frame({at("A", 100, 220, 60)});
  run.frame({at("A", 100, 150, 120)});
  run.frame({at("A", 100, 100, 180)});
  for (int i = 0; i < 4; ++i) run.frame({at("A", 100, 100, 180)});
  ASSERT_EQ(run.events.size(), 2u);
  EXPECT_EQ(run.events[0].kind, TagEvent::Kind::Appeared);
  EXPECT_EQ(run.events[1].kind, TagEvent::Kind::Moved);
  EXPECT_EQ(run.events[1].pose.place.seat, 2);
  EXPECT_EQ(run.events[1].pose.quarter, 0) << "upright for the far seat";
}

TEST(StabilizerPresenceTest, ACardHeldAtAnAngleWhileMovingIsNotTurnedUntilItLiesStill) {
  StabilizerConfig config;
  config.centre_filter = {1000.0, 0.0, 1.0};
  config.angle_filter = {1000.0, 0.0, 1.0};
  Frames run{Stabilizer(config, scenes::two_seat_table()), 0, {}};
  for (int i = 0; i < 3; ++i) run.frame({at("A", 100, 300, 0)});
  // Carried across seat 1 at 70-80 degrees, then put down straight again.
  for (int i = 1; i <= 5; ++i) run.frame({at("A", 100.0f + 60.0f * i, 300, i % 2 ? 75 : 80)});
  for (int i = 0; i < 4; ++i) run.frame({at("A", 400, 300, 0)});
  EXPECT_EQ(run.count(TagEvent::Kind::Rotated), 0);
  // Then bowed where it lies: told within two frames.
  run.frame({at("A", 400, 300, 90)});
  run.frame({at("A", 400, 300, 90)});
  EXPECT_EQ(run.count(TagEvent::Kind::Rotated), 1);
}

}  // namespace
}  // namespace seneschal::vision
