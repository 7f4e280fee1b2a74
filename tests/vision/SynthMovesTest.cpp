// Scenes where cards move, and the truth of the table as it physically is: the scene file's
// moves, seats and zones both ways, their checks, and the per-frame table in the truth.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "seneschal/vision/scanner.hpp"
#include "seneschal/vision/synth.hpp"

namespace seneschal::vision::synth {
namespace {

// Hektor is laid in seat 1's area, bowed in frame 2, slid to seat 2's area over frames 4-5 and
// taken away after frame 6; Zahir lies in the centre zone and a hand covers it in frame 3.
constexpr const char* kMoving = R"({
  "seed": 3, "frames": 8,
  "realism": {"hand_rate": 0, "foreign_rate": 0},
  "cards": [
    {"payload": "S1:R9E:HEKTOR:1", "x_mm": 70, "y_mm": 200, "last_frame": 6,
     "moves": [{"frame": 2, "angle_deg": 90}, {"frame": 4, "x_mm": 200, "y_mm": 150},
               {"frame": 5, "x_mm": 400, "y_mm": 70}]},
    {"payload": "S1:R9E:ZAHIR:2", "x_mm": 240, "y_mm": 135, "angle_deg": 5, "covered_frames": [3]}
  ],
  "seats": [{"seat": 1, "facing_deg": 0, "polygon": [[0, 135], [160, 135], [160, 270], [0, 270]]},
            {"seat": 2, "facing_deg": 180, "polygon": [[320, 0], [480, 0], [480, 135], [320, 135]]}],
  "zones": [{"name": "centre", "polygon": [[160, 0], [320, 0], [320, 270], [160, 270]]}]
})";

Scene parsed(const std::string& text) {
  auto scene = parse_scene(text, "moves.json");
  if (!scene) {
    ADD_FAILURE() << scene.error().message;
    return Scene{};
  }
  return scene.value();
}

std::string error_of(const std::string& text) {
  auto scene = parse_scene(text, "moves.json");
  return scene ? "(parsed)" : scene.error().message;
}

// kMoving with one piece of text replaced.
std::string with(const std::string& from, const std::string& to) {
  std::string text = kMoving;
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

TEST(SynthMovesTest, AMoveLeavingOutAFieldKeepsItAsItWas) {
  const Scene scene = parsed(kMoving);
  ASSERT_EQ(scene.cards.size(), 2u);
  const auto& moves = scene.cards[0].moves;
  ASSERT_EQ(moves.size(), 3u);
  EXPECT_EQ(moves[0].frame, 2);
  EXPECT_EQ(moves[0].x_mm, 70);  // a turn where it lies
  EXPECT_EQ(moves[0].angle_deg, 90);
  EXPECT_EQ(moves[1].angle_deg, 90);  // slid, still bowed
  EXPECT_EQ(moves[2].x_mm, 400);
}

TEST(SynthMovesTest, ACardLiesWhereItsLastMoveSays) {
  const SceneCard card = parsed(kMoving).cards[0];
  EXPECT_EQ(card_at(card, 1).x_mm, 70);
  EXPECT_EQ(card_at(card, 1).angle_deg, 0);
  EXPECT_EQ(card_at(card, 3).angle_deg, 90);
  EXPECT_EQ(card_at(card, 4).x_mm, 200);
  EXPECT_EQ(card_at(card, 6).y_mm, 70);
}

TEST(SynthMovesTest, MovesSeatsAndZonesRoundTripThroughTheSceneFile) {
  const Scene scene = parsed(kMoving);
  const std::string text = scene_to_json(scene);
  const Scene again = parsed(text);
  EXPECT_EQ(scene_to_json(again), text);
  ASSERT_EQ(again.seats.size(), 2u);
  EXPECT_EQ(again.seats[1].seat, 2);
  EXPECT_EQ(again.seats[1].facing_deg, 180);
  ASSERT_EQ(again.seats[1].polygon.size(), 4u);
  EXPECT_EQ(again.seats[1].polygon[2], (TablePoint{480, 135}));
  ASSERT_EQ(again.zones.size(), 1u);
  EXPECT_EQ(again.zones[0].name, "centre");
  ASSERT_EQ(again.cards[0].moves.size(), 3u);
  EXPECT_EQ(again.cards[0].moves[2].frame, 5);
  EXPECT_EQ(again.cards[0].moves[2].y_mm, 70);
}

TEST(SynthMovesTest, ScenesWithoutMovesOrAreasStillParse) {
  const Scene old = parsed(R"({"cards": [{"payload": "S1:R9E:HEKTOR:1", "x_mm": 65, "y_mm": 70}]})");
  EXPECT_TRUE(old.seats.empty());
  EXPECT_TRUE(old.zones.empty());
  EXPECT_TRUE(old.cards.at(0).moves.empty());
  EXPECT_EQ(scene_to_json(old).find("seats"), std::string::npos);  // files without areas stay as they were
  std::ifstream committed(std::string(SENESCHAL_SOURCE_DIR) + "/assets/recordings/first-game/scene.json");
  std::stringstream text;
  text << committed.rdbuf();
  EXPECT_TRUE(parse_scene(text.str(), "first-game/scene.json").has_value());
}

TEST(SynthMovesTest, BadMovesAndAreasNameTheField) {
  EXPECT_EQ(error_of(with(R"({"frame": 5, "x_mm": 400)", R"({"frame": 3, "x_mm": 400)")),
            "moves.json: cards[0].moves[2].frame: frame 3 does not come after the move before it");
  EXPECT_EQ(error_of(with(R"({"frame": 5, "x_mm": 400)", R"({"frame": 7, "x_mm": 400)")),
            "moves.json: cards[0].moves[2].frame: frame 7 is not one in which the card lies on the table");
  EXPECT_EQ(error_of(with(R"({"frame": 2, "angle_deg": 90})", R"({"frame": 2, "angle": 90})")),
            "moves.json: cards[0].moves[0].angle: unknown field");
  EXPECT_EQ(error_of(with(R"({"frame": 2, "angle_deg": 90})", R"({"angle_deg": 90})")),
            "moves.json: cards[0].moves[0].frame: missing");
  EXPECT_EQ(error_of(with(R"({"frame": 4, "x_mm": 200, "y_mm": 150})", R"({"frame": 4, "x_mm": "far"})")),
            "moves.json: cards[0].moves[1].x_mm: expected a number, got string");
  EXPECT_EQ(error_of(with(R"("polygon": [[0, 135], [160, 135], [160, 270], [0, 270]])", R"("polygon": [[0, 135], [160, 135]])")),
            "moves.json: seats[0].polygon: needs 3..64 points, has 2");
  EXPECT_EQ(error_of(with(R"([[0, 135], [160, 135], [160, 270], [0, 270]])", R"([[0, 135], [160], [160, 270], [0, 270]])")),
            "moves.json: seats[0].polygon[1]: expected [x_mm, y_mm]");
  EXPECT_EQ(error_of(with(R"("seat": 2, "facing_deg": 180)", R"("seat": 0, "facing_deg": 180)")),
            "moves.json: seats[1].seat: 0 is outside 1..99");
  EXPECT_EQ(error_of(with(R"("name": "centre", )", "")), "moves.json: zones[0].name: missing");
  EXPECT_EQ(error_of(with(R"("zones": [{"name")", R"("zones": [{"colour": 1, "name")")), "moves.json: zones[0].colour: unknown field");
}

TEST(SynthMovesTest, TruthListsEveryCardOnTheTableWithSeatZoneAndQuarter) {
  const Scene scene = parsed(kMoving);
  const auto card = [](const TruthFrame& f, const std::string& payload) {
    for (const TruthCard& c : f.table)
      if (c.payload == payload) return c;
    ADD_FAILURE() << payload << " is not on the table in " << f.frame;
    return TruthCard{};
  };
  auto frame = [&](int i) {
    auto truth = frame_truth(scene, i);
    EXPECT_TRUE(truth.has_value()) << truth.error().message;
    return truth ? *truth : TruthFrame{};
  };
  const TruthFrame first = frame(0), bowed = frame(2), covered = frame(3), slid = frame(5), gone = frame(7);
  ASSERT_EQ(first.table.size(), 2u);
  const TruthCard hektor = card(first, "S1:R9E:HEKTOR:1");
  EXPECT_EQ(hektor.seat, 1);
  EXPECT_EQ(hektor.zone, "");
  EXPECT_EQ(hektor.quarter, 0);
  EXPECT_NEAR(hektor.x_mm, 70, 1e-3);
  EXPECT_NEAR(hektor.y_mm, 202, 1e-3);  // the code's centre, 2 mm below the card's
  EXPECT_FALSE(hektor.hidden);
  EXPECT_EQ(card(bowed, "S1:R9E:HEKTOR:1").quarter, 90);
  const TruthCard zahir = card(covered, "S1:R9E:ZAHIR:2");
  EXPECT_TRUE(zahir.hidden);
  EXPECT_EQ(zahir.seat, 0);
  EXPECT_EQ(zahir.zone, "centre");
  EXPECT_EQ(zahir.quarter, 0);  // no seat: against the table's -y axis
  EXPECT_NEAR(zahir.angle_deg, 5, 1e-3);
  const TruthCard moved = card(slid, "S1:R9E:HEKTOR:1");
  EXPECT_EQ(moved.seat, 2);
  EXPECT_EQ(moved.quarter, 270);  // bowed 90 on the table, against a seat facing 180
  ASSERT_EQ(gone.table.size(), 1u);
  EXPECT_EQ(gone.table[0].payload, "S1:R9E:ZAHIR:2");
}

TEST(SynthMovesTest, TheTruthFileCarriesTheTableAndOldFilesStillParse) {
  const Scene scene = parsed(kMoving);
  RecordingTruth truth{scene.seed, scene.width, scene.height, scene.frame_interval_ms, {}};
  for (int i = 0; i < scene.frames; ++i) truth.frames.push_back(*frame_truth(scene, i));
  const std::string text = truth_to_json(truth);
  auto back = parse_truth(text, "truth.json");
  ASSERT_TRUE(back.has_value()) << back.error().message;
  ASSERT_EQ(back->frames.size(), 8u);
  EXPECT_EQ(truth_to_json(*back), text);
  ASSERT_EQ(back->frames[5].table.size(), 2u);
  EXPECT_EQ(back->frames[5].table[0].seat, 2);
  EXPECT_EQ(back->frames[3].table[1].hidden, true);
  const auto old = parse_truth(
      R"({"format":"seneschal-synth-truth/1","seed":1,"width":64,"height":64,"frame_interval_ms":200,"frames":[
{"frame":"frame-0001.jpg","index":0,"t_ms":0,"payloads_visible":[],"tags":[],"hidden":[],"foreign":[]}]})",
      "old.json");
  ASSERT_TRUE(old.has_value()) << old.error().message;
  EXPECT_TRUE(old->frames.at(0).table.empty());
}

TEST(SynthMovesTest, AMovedCardIsDrawnWhereItLies) {
  const Scene scene = parsed(kMoving);
  const auto before = frame_truth(scene, 3), after = frame_truth(scene, 5);
  ASSERT_TRUE(before && after);
  const auto centre = [](const TruthFrame& f) {
    for (const TruthTag& t : f.tags)
      if (t.payload == "S1:R9E:HEKTOR:1") return centre_of(Sighting{t.payload, t.corners, 0, 0});
    return Point{};
  };
  // 330 mm to the right at 2.67 px/mm, give or take the camera's tilt.
  EXPECT_GT(centre(*after).x - centre(*before).x, 700);
  EXPECT_LT(centre(*after).y, centre(*before).y);
}

// Five cards on a 480 x 270 mm table: Hektor near the near edge, Zahir straight above it, Lorki
// and Keshie far to either side, Ord beside Hektor. A hand from the far edge reaches down to
// Hektor in frame 1, its arm over Zahir; in frame 2 a hand from the near edge pushes Ord by its
// edge; Skafla is laid over Lorki's code in frames 3-4.
constexpr const char* kHands = R"({
  "seed": 5, "frames": 6,
  "realism": {"hand_rate": 0, "foreign_rate": 0},
  "cards": [
    {"payload": "S1:R9E:HEKTOR:1", "x_mm": 240, "y_mm": 200, "hands": [{"frame": 1, "from_deg": 180}]},
    {"payload": "S1:R9E:ZAHIR:1", "x_mm": 240, "y_mm": 70},
    {"payload": "S1:R9E:LORKI:1", "x_mm": 60, "y_mm": 135},
    {"payload": "S1:R9E:KESHIE:1", "x_mm": 420, "y_mm": 135},
    {"payload": "S1:R9E:ORD:1", "x_mm": 340, "y_mm": 180, "hands": [{"frame": 2, "from_deg": 0, "grip": "edge"}]},
    {"payload": "S1:R9E:SKAFLA:1", "x_mm": 98, "y_mm": 135, "angle_deg": 10, "first_frame": 3, "last_frame": 4}
  ]
})";

std::vector<std::string> hidden_in(const TruthFrame& f, Hidden why) {
  std::vector<std::string> out;
  for (const HiddenTag& h : f.hidden)
    if (h.why == why) out.push_back(h.payload);
  std::sort(out.begin(), out.end());
  return out;
}

TEST(SynthMovesTest, AnArmAcrossTheTableHidesEveryCodeItCovers) {
  const Scene scene = parsed(kHands);
  const auto reach = frame_truth(scene, 1);
  ASSERT_TRUE(reach.has_value()) << reach.error().message;
  EXPECT_EQ(hidden_in(*reach, Hidden::Hand), (std::vector<std::string>{"S1:R9E:HEKTOR:1", "S1:R9E:ZAHIR:1"}));
  EXPECT_EQ(reach->payloads_visible, (std::vector<std::string>{"S1:R9E:KESHIE:1", "S1:R9E:LORKI:1", "S1:R9E:ORD:1"}));
  EXPECT_EQ(reach->table.size(), 5u);  // a covered card still lies there
  // What the truth hides is what the frame shows covered: the scanner reads the rest, not those.
  auto image = render_frame(scene, 1);
  ASSERT_TRUE(image.has_value()) << image.error().message;
  std::vector<std::string> read;
  for (const Sighting& s : Scanner().scan(*image, 0)) read.push_back(s.payload);
  std::sort(read.begin(), read.end());
  EXPECT_EQ(read, reach->payloads_visible);
}

TEST(SynthMovesTest, AHandPushingByTheEdgeLeavesTheCodeInView) {
  const Scene scene = parsed(kHands);
  const auto push = frame_truth(scene, 2);
  ASSERT_TRUE(push.has_value()) << push.error().message;
  EXPECT_TRUE(hidden_in(*push, Hidden::Hand).empty());
  EXPECT_EQ(push->payloads_visible.size(), 5u);
  // The same hand with its palm on the code hides it.
  Scene on_code = scene;
  on_code.cards[4].hands[0].grip = Grip::Code;
  const auto palm = frame_truth(on_code, 2);
  ASSERT_TRUE(palm.has_value());
  EXPECT_EQ(hidden_in(*palm, Hidden::Hand), (std::vector<std::string>{"S1:R9E:ORD:1"}));
}

TEST(SynthMovesTest, ACardLaidOverAnothersCodeHidesItWhileTheCoveredCardStays) {
  const Scene scene = parsed(kHands);
  for (int f : {3, 4}) {
    const auto over = frame_truth(scene, f);
    ASSERT_TRUE(over.has_value());
    EXPECT_EQ(hidden_in(*over, Hidden::Card), (std::vector<std::string>{"S1:R9E:LORKI:1"})) << "frame " << f;
    EXPECT_EQ(over->table.size(), 6u) << "both cards lie on the table";
    EXPECT_NE(std::find(over->payloads_visible.begin(), over->payloads_visible.end(), "S1:R9E:SKAFLA:1"),
              over->payloads_visible.end());
  }
  const auto after = frame_truth(scene, 5);
  ASSERT_TRUE(after.has_value());
  EXPECT_TRUE(after->hidden.empty());
}

TEST(SynthMovesTest, HandsRoundTripAndOneHandAFrameIsChecked) {
  const Scene scene = parsed(kHands);
  const std::string text = scene_to_json(scene);
  EXPECT_EQ(scene_to_json(parsed(text.c_str())), text);
  ASSERT_EQ(scene.cards[4].hands.size(), 1u);
  EXPECT_EQ(scene.cards[4].hands[0].grip, Grip::Edge);
  EXPECT_EQ(scene.cards[0].hands[0].from_deg, 180);
  const auto replaced = [](std::string json, const std::string& from, const std::string& to) {
    return json.replace(json.find(from), from.size(), to);
  };
  EXPECT_EQ(error_of(replaced(kHands, R"({"frame": 2, "from_deg": 0)", R"({"frame": 1, "from_deg": 0)")),
            "moves.json: cards[4].hands[0].frame: frame 1 already has a hand on cards[0]");
  EXPECT_EQ(error_of(replaced(kHands, R"("grip": "edge")", R"("grip": "fist")")),
            "moves.json: cards[4].hands[0].grip: \"fist\" is neither \"code\" nor \"edge\"");
}

}  // namespace
}  // namespace seneschal::vision::synth
