// Whole games made from a seed: the asked shape, real R9E cards, a truth that agrees with the
// scene's areas, and frames the real scanner reads, placed and turned by a calibrated map.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

#include "seneschal/vision/qr_render.hpp"
#include "seneschal/vision/scanner.hpp"
#include "seneschal/vision/synth.hpp"
#include "seneschal/vision/tag.hpp"

namespace seneschal::vision::synth {
namespace {

Scene game(TableGameOptions options) {
  auto scene = make_table_game(options);
  if (!scene) {
    ADD_FAILURE() << scene.error().message;
    return Scene{};
  }
  return scene.value();
}

bool is_calibration(const SceneCard& c) { return c.payload.rfind("S1:CAL:", 0) == 0; }

// The ids tags print for R9E's cards, made from the titles in the card file the way
// engine::card_id_from_title does for plain ASCII titles (vision does not link the engine).
std::set<std::string> r9e_ids() {
  std::ifstream in(std::string(SENESCHAL_SOURCE_DIR) + "/assets/cards/r9e.json");
  std::stringstream text;
  text << in.rdbuf();
  const std::string all = text.str(), key = "\"title\": \"";
  std::set<std::string> ids;
  for (auto at = all.find(key); at != std::string::npos; at = all.find(key, at + 1)) {
    std::string id;
    for (auto i = at + key.size(); i < all.size() && all[i] != '"'; ++i) {
      const unsigned char ch = static_cast<unsigned char>(all[i]);
      if (ch == '\'' || ch == '\\') continue;
      if (std::isalnum(ch)) id += char(std::toupper(ch));
      else if (!id.empty() && id.back() != '-') id += '-';
    }
    while (!id.empty() && id.back() == '-') id.pop_back();
    ids.insert(id);
  }
  return ids;
}

TEST(TableGameTest, AGameHasTheAskedCardsSeatsAndCalibrationTags) {
  const Scene scene = game({});
  const TableGameOptions defaults;
  EXPECT_EQ(scene.width, 1280);
  EXPECT_EQ(scene.frames, defaults.frames);
  EXPECT_EQ(std::count_if(scene.cards.begin(), scene.cards.end(), is_calibration), 4);
  EXPECT_EQ(int(scene.cards.size()) - 4, defaults.cards);
  ASSERT_EQ(scene.seats.size(), 4u);
  const double facings[] = {0, 180, 90, 270};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(scene.seats[i].seat, i + 1);
    EXPECT_EQ(scene.seats[i].facing_deg, facings[i]);
  }
  ASSERT_EQ(scene.zones.size(), 1u);
  EXPECT_EQ(scene.zones[0].name, "centre");
  EXPECT_TRUE(calibration_points(scene).has_value());
  // The same seed makes the same game; the scene file holds all of it.
  EXPECT_EQ(scene_to_json(game({})), scene_to_json(scene));
  auto reread = parse_scene(scene_to_json(scene), "game.json");
  ASSERT_TRUE(reread.has_value()) << reread.error().message;
  EXPECT_EQ(scene_to_json(*reread), scene_to_json(scene));
}

TEST(TableGameTest, CardsAreRealR9eCardsAndEveryCopyIsOneTag) {
  const std::set<std::string> ids = r9e_ids();
  ASSERT_GT(ids.size(), 100u);
  for (std::uint32_t seed : {1u, 2u, 3u}) {
    const Scene scene = game({.seed = seed, .cards = 40});
    std::set<std::string> payloads;
    for (const SceneCard& c : scene.cards) {
      EXPECT_TRUE(payloads.insert(c.payload).second) << c.payload << " twice";
      if (is_calibration(c)) continue;
      const auto tag = parse_tag(c.payload);
      ASSERT_TRUE(tag.has_value()) << c.payload;
      EXPECT_EQ(tag->game, "R9E");
      EXPECT_TRUE(ids.count(tag->card)) << c.payload;
      EXPECT_LE(c.payload.size(), 20u) << "keeps the code at version 1";
    }
  }
}

TEST(TableGameTest, AGameBowsTurnsSlidesCoversAndRemovesCards) {
  const TableGameOptions options{.seed = 4, .cards = 30};
  const Scene scene = game(options);
  int bowed_and_back = 0, upside_down = 0, slid = 0, covered = 0, removed = 0, longest_cover = 0;
  for (const SceneCard& c : scene.cards) {
    if (is_calibration(c)) continue;
    const auto seat = [&](const CardMove& m) { return seat_at(code_centre(m), scene.seats).value_or(0); };
    const auto quarter = [&](const CardMove& m) {
      return nearest_quarter(m.angle_deg - facing_of(seat(m), scene.seats));
    };
    CardMove before = card_at(c, c.first_frame);
    std::set<int> seats_visited = {seat(before)};
    bool was_bowed = false;
    for (const CardMove& m : c.moves) {
      if (quarter(m) % 180 != 0) was_bowed = true;
      else if (was_bowed && seat(m) == seat(before)) ++bowed_and_back, was_bowed = false;
      if (seat(m) == seat(before) && std::abs(angle_between_deg(m.angle_deg, before.angle_deg)) > 150) ++upside_down;
      seats_visited.insert(seat(m));
      before = m;
    }
    seats_visited.erase(0);
    if (seats_visited.size() > 1) ++slid;
    if (c.last_frame < scene.frames - 1) ++removed;
    if (!c.covered_frames.empty()) ++covered;
    longest_cover = std::max(longest_cover, int(c.covered_frames.size()));
  }
  EXPECT_GE(bowed_and_back, 3);
  EXPECT_GE(upside_down, 2);
  EXPECT_GE(slid, 2);
  EXPECT_GE(covered, 3);
  EXPECT_GE(removed, 3);
  EXPECT_LE(longest_cover * options.frame_interval_ms, options.max_cover_ms);
}

TEST(TableGameTest, TheTruthTableAgreesWithTheScenesAreas) {
  const Scene scene = game({.seed = 6, .seats = 3, .frames = 120});
  int checked = 0, hidden_by_hand = 0;
  for (int f = 0; f < scene.frames; f += 3) {
    auto truth = frame_truth(scene, f);
    ASSERT_TRUE(truth.has_value()) << truth.error().message;
    int lying = 0;
    for (const SceneCard& c : scene.cards) lying += c.first_frame <= f && c.last_frame >= f;
    EXPECT_EQ(int(truth->table.size()), lying) << "frame " << f;
    for (const TruthCard& t : truth->table) {
      const auto it = std::find_if(scene.cards.begin(), scene.cards.end(), [&](const SceneCard& c) { return c.payload == t.payload; });
      ASSERT_NE(it, scene.cards.end());
      const TablePoint code = code_centre(card_at(*it, f));
      EXPECT_NEAR(t.x_mm, code.x_mm, 1e-3);
      EXPECT_EQ(t.seat, seat_at(code, scene.seats).value_or(0)) << t.payload << " frame " << f;
      if (t.seat == 0 && !is_calibration(*it)) {
        EXPECT_EQ(t.zone, "centre") << t.payload;
      }
      EXPECT_EQ(t.quarter, nearest_quarter(t.angle_deg - facing_of(t.seat, scene.seats)));
      // Cards are laid square to some edge, so the turn is never near a half-way angle.
      const double off = std::abs(angle_between_deg(t.angle_deg - facing_of(t.seat, scene.seats), t.quarter));
      EXPECT_LT(off, 20) << t.payload << " frame " << f;
      const bool in_hidden = std::any_of(truth->hidden.begin(), truth->hidden.end(), [&](const HiddenTag& h) { return h.payload == t.payload; });
      EXPECT_EQ(t.hidden, in_hidden) << t.payload;
      const auto& cf = it->covered_frames;
      if (std::find(cf.begin(), cf.end(), f) != cf.end()) {
        EXPECT_TRUE(t.hidden) << t.payload << " under a hand in frame " << f;
        ++hidden_by_hand;
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 300);
  EXPECT_GT(hidden_by_hand, 0);
}

// The first frames through the real scanner: every visible code read, nothing invented, and each
// card placed in the truth's seat at the truth's quarter by a map calibrated on the same frame.
void expect_read_and_placed(const Scene& scene, int frames) {
  Scanner scanner;
  const auto points = calibration_points(scene);
  ASSERT_TRUE(points.has_value()) << points.error().message;
  for (int f = 0; f < frames; ++f) {
    SCOPED_TRACE("frame " + std::to_string(f));
    auto truth = frame_truth(scene, f);
    auto image = render_frame(scene, f);
    ASSERT_TRUE(truth && image);
    const auto sightings = scanner.scan(*image, truth->t_ms);
    std::vector<std::string> read, promised = truth->payloads_visible;
    for (const auto& s : sightings) read.push_back(s.payload);
    for (const auto& t : truth->foreign) promised.push_back(t.payload);
    std::sort(read.begin(), read.end());
    std::sort(promised.begin(), promised.end());
    EXPECT_EQ(read, promised);
    EXPECT_GE(truth->payloads_visible.size(), 8u);  // a table worth reading
    auto calibration = TableCalibration::from_sightings(sightings, *points);
    ASSERT_TRUE(calibration.has_value()) << calibration.error().message;
    const TableMap map(*calibration, scene.seats, scene.zones);
    for (const Sighting& s : sightings) {
      for (const TruthCard& t : truth->table) {
        if (t.payload != s.payload) continue;
        const Place place = map.place(centre_of(s));
        EXPECT_EQ(place.seat, t.seat) << s.payload;
        EXPECT_EQ(place.zone, t.zone) << s.payload;
        EXPECT_EQ(nearest_quarter(map.turn_deg(centre_of(s), s.angle_deg)), t.quarter) << s.payload;
        EXPECT_NEAR(place.at->x_mm, t.x_mm, 4.0) << s.payload;
        EXPECT_NEAR(place.at->y_mm, t.y_mm, 4.0) << s.payload;
      }
    }
  }
}

TEST(TableGameTest, FirstFramesOfAGameAreReadAndPlacedByTheRealScanner) {
  expect_read_and_placed(game({.seed = 8, .frames = 60}), 3);
}

TEST(TableGameTest, AFullHdGameSeesMoreTableAndStaysReadable) {
  const Scene scene = game({.seed = 9, .width = 1920, .height = 1080, .cards = 40, .frames = 60});
  EXPECT_GT(scene.table_w_mm, 850);
  expect_read_and_placed(scene, 1);
}

TableGameOptions hard(std::uint32_t seed, int width = 1280, int height = 720, int frames = 300) {
  TableGameOptions o = TableGameOptions::hard();
  o.seed = seed;
  o.width = width;
  o.height = height;
  o.frames = frames;
  return o;
}

bool is_card(const std::string& payload) { return payload.rfind("S1:R9E:", 0) == 0; }

TEST(TableGameTest, HardGamesHaveLongIdsOfRealCardsInVersion2Codes) {
  const std::set<std::string> ids = r9e_ids();
  std::set<std::string> seen;
  for (std::uint32_t seed : {1u, 2u, 3u}) {
    const Scene scene = game(hard(seed));
    EXPECT_EQ(scene.table_w_mm, 900);
    EXPECT_EQ(scene.table_h_mm, 560);
    for (const SceneCard& c : scene.cards) {
      if (is_calibration(c)) continue;
      const auto tag = parse_tag(c.payload);
      ASSERT_TRUE(tag.has_value()) << c.payload;
      EXPECT_TRUE(ids.count(tag->card)) << c.payload;
      EXPECT_GT(c.payload.size(), 20u) << "too short for version 2";
      EXPECT_LE(c.payload.size(), 38u) << "too long for version 2";
      seen.insert(tag->card);
    }
  }
  EXPECT_GT(seen.size(), 25u);
  for (const std::string& id : seen) {
    auto qr = render_qr("S1:R9E:" + id + ":3", QrStyle{1, 0});
    ASSERT_TRUE(qr.has_value());
    EXPECT_EQ(qr->cols, 25) << id << " is not a version-2 code";
  }
}

TEST(TableGameTest, AHardTableAt720pHas1_6To2_3PixelsAModule) {
  const Scene scene = game(hard(5, 1280, 720, 60));
  int measured = 0;
  for (int f = 0; f < scene.frames; f += 10) {
    auto truth = frame_truth(scene, f);
    ASSERT_TRUE(truth.has_value()) << truth.error().message;
    for (const TruthTag& t : truth->tags) {
      if (!is_card(t.payload)) continue;
      // The code's four sides as the camera sees them, over the 25 modules of a version-2 code.
      double sides = 0;
      for (int k = 0; k < 4; ++k)
        sides += std::hypot(t.corners[k].x - t.corners[(k + 1) % 4].x, t.corners[k].y - t.corners[(k + 1) % 4].y);
      const double px_per_module = sides / 4 / 25;
      EXPECT_GE(px_per_module, 1.6) << t.payload << " frame " << f;
      EXPECT_LE(px_per_module, 2.3) << t.payload << " frame " << f;
      ++measured;
    }
  }
  EXPECT_GT(measured, 30);
}

TEST(TableGameTest, HardGamesTurnCardsOnTheWayArmsHideCodesAndCardsLieOverCards) {
  const Scene scene = game(hard(4));
  int half_turned = 0, edge_pushes = 0, arm_hidden = 0, card_hidden = 0, rests = 0;
  for (const SceneCard& c : scene.cards) {
    if (is_calibration(c)) continue;
    // A slide that turns the card: a frame where it has moved and lies 30-60 degrees off square.
    CardMove before = card_at(c, c.first_frame);
    for (const CardMove& m : c.moves) {
      const double off = std::abs(angle_between_deg(m.angle_deg, nearest_quarter(m.angle_deg)));
      const bool moved = std::hypot(m.x_mm - before.x_mm, m.y_mm - before.y_mm) > 5;
      if (moved && off >= 30 - 4 && off <= 45) ++half_turned;  // 4: the jitter a card is laid with
      before = m;
    }
    for (const CardHand& h : c.hands) edge_pushes += h.grip == Grip::Edge;
    rests += c.hands.size() > 1 || c.covered_frames.size() > 1;
  }
  // Every code an arm covers is hidden, and a covered card stays on the truth's table.
  for (int f = 0; f < scene.frames; ++f) {
    auto truth = frame_truth(scene, f);
    ASSERT_TRUE(truth.has_value()) << truth.error().message;
    for (const HiddenTag& h : truth->hidden) {
      if (!is_card(h.payload)) continue;
      const bool lies = std::any_of(truth->table.begin(), truth->table.end(),
                                    [&](const TruthCard& t) { return t.payload == h.payload; });
      EXPECT_TRUE(lies) << h.payload << " hidden but not on the table in frame " << f;
      const bool own_hand = std::any_of(scene.cards.begin(), scene.cards.end(), [&](const SceneCard& c) {
        return c.payload == h.payload &&
               (std::any_of(c.hands.begin(), c.hands.end(), [&](const CardHand& x) { return x.frame == f; }) ||
                std::count(c.covered_frames.begin(), c.covered_frames.end(), f) > 0);
      });
      arm_hidden += h.why == Hidden::Hand && !own_hand;  // hidden by a hand on another card
      card_hidden += h.why == Hidden::Card;
    }
  }
  EXPECT_GE(half_turned, 2);
  EXPECT_GE(edge_pushes, 2);
  EXPECT_GE(arm_hidden, 5);
  EXPECT_GE(card_hidden, 10);
  EXPECT_GE(rests, 3);
  // The scene file holds all of it.
  auto reread = parse_scene(scene_to_json(scene), "hard.json");
  ASSERT_TRUE(reread.has_value()) << reread.error().message;
  EXPECT_EQ(scene_to_json(*reread), scene_to_json(scene));
}

TEST(TableGameTest, OptionsOutsideTheirRangesAreRefusedByName) {
  EXPECT_EQ(make_table_game({.cards = 41}).error().message, "table game: cards: 41 is outside 20..40");
  EXPECT_EQ(make_table_game({.seats = 1}).error().message, "table game: seats: 1 is outside 2..4");
  EXPECT_EQ(make_table_game({.width = 1024, .height = 768}).error().message,
            "table game: width x height: 1024 x 768 is neither 1280 x 720 nor 1920 x 1080");
  EXPECT_EQ(make_table_game({.table_w_mm = 900}).error().message,
            "table game: table_w_mm x table_h_mm: give both or neither (the frame's shape)");
  EXPECT_EQ(make_table_game({.code_mm = 50}).error().message, "table game: code_mm: 50 is outside 20..40");
}

}  // namespace
}  // namespace seneschal::vision::synth
