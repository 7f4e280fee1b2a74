// The whole Nine match of tests/data/scripts/whole-match.nine as a camera would record it: the
// script's card lines become cards laid in the zones of a generated table (the scene generator's
// frames: perspective, noise, a lamp), its buttons control tags shown to the camera (UP/DOWN to
// the option the script chose, then OK), and the real seneschald plays the frames from a config
// that draws the zones. The deck comes taught, as a second match would find it: the first run's
// told values in the state folder's card-answers.json. The daemon's event log must end with the
// scores the script ends with.
#include <gtest/gtest.h>

#include <fmt/core.h>

#include <fstream>
#include <map>

#include "TableGames.hpp"
#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"
#include "seneschal/engine/card_overlay.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/script/table_script.hpp"
#include "seneschal/vision/synth.hpp"

namespace seneschal::firmware {
namespace {

namespace synth = vision::synth;
using vision::TablePoint;

// The table, in mm of the 480 x 270 mm the camera sees at 1280 x 720 (cards 63 x 88 mm): the
// target, deck, centre and pile in a row at the far edge, the city's eight slots for sideways
// cards below them, the control tags shown at the right, the calibration tags in the corners.
constexpr double kRowY = 75;
const std::map<std::string, TablePoint> kSpots = {
    {"target", {110, kRowY}}, {"deck", {190, kRowY}}, {"centre", {270, kRowY}}, {"discard", {350, kRowY}}};
const std::vector<TablePoint> kCitySlots = {{101, 165}, {193, 165}, {285, 165}, {377, 165},
                                            {101, 232}, {193, 232}, {285, 232}, {377, 232}};
constexpr TablePoint kControl{420, 100};
constexpr int kHold = 3;         // frames a change is held: the stabilizer wants 2 of 3
constexpr int kPressGap = 6;     // frames a control tag is away between presses (1 s at 200 ms)
constexpr int kCalibrationFrames = 5;

std::vector<TablePoint> rect(double x0, double y0, double x1, double y1) { return {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}; }

// What each step of the script left on the screen: the prompt the next step answers, and whether
// it was a value question (the deck's teaching, which a taught deck never asks).
struct Seen {
  engine::Prompt prompt;
  bool asking = false;
};

class SceneWriter {
 public:
  SceneWriter() {
    scene_.seed = 19;
    scene_.width = 1280;
    scene_.height = 720;
    scene_.realism.hand_rate = 0;
    scene_.realism.foreign_rate = 0;
    // The corner tags calibrate the table in the first frames and are taken away before play, as a
    // table set up once (the calibration stays): the cards then have the whole table.
    const std::array<TablePoint, 4> corners = {{{50, 50}, {430, 50}, {430, 220}, {50, 220}}};
    for (int n = 0; n < 4; ++n) {
      synth::SceneCard cal;
      cal.payload = "S1:CAL:" + std::to_string(n + 1);
      cal.x_mm = float(corners[n].x_mm);
      cal.y_mm = float(corners[n].y_mm);
      cal.last_frame = kCalibrationFrames - 1;
      scene_.cards.push_back(cal);
    }
    for (const auto& [zone, at] : kSpots) {
      scene_.zones.push_back({zone, rect(at.x_mm - 40, at.y_mm - 50, at.x_mm + 40, at.y_mm + 50)});
    }
    scene_.zones.push_back({"city", rect(50, 128, 430, 268)});
    frame_ = kCalibrationFrames + 20;  // the corner tags have left (3 s) before the first card
  }

  // A face shown where the script says: the same physical card moves (or flips: its other face's
  // tag replaces this one), and a card laid on the deck, centre, pile or target covers the one there.
  void lay(const std::string& face, int quarter, const std::string& zone) {
    const char card = face.at(0);
    TablePoint at;
    if (zone == "city") {
      at = city_slot(card);
    } else {
      at = kSpots.at(zone);
      release_city(card);
      for (auto it = lying_.begin(); it != lying_.end();) {
        if (it->first != card && it->second.zone == zone) {
          end(it->second.index);
          it = lying_.erase(it);
        } else {
          ++it;
        }
      }
    }
    auto found = lying_.find(card);
    if (found != lying_.end() && scene_.cards[found->second.index].payload != payload(face)) {
      end(found->second.index);
      lying_.erase(found);
      found = lying_.end();
    }
    if (found == lying_.end()) {
      synth::SceneCard laid;
      laid.payload = payload(face);
      laid.x_mm = float(at.x_mm);
      laid.y_mm = float(at.y_mm);
      laid.angle_deg = float(quarter);
      laid.first_frame = frame_;
      lying_[card] = {scene_.cards.size(), zone};
      scene_.cards.push_back(laid);
    } else {
      scene_.cards[found->second.index].moves.push_back({frame_, float(at.x_mm), float(at.y_mm), float(quarter)});
      found->second.zone = zone;
    }
    frame_ += kHold;
  }

  void turn(const std::string& face, int quarter) {
    const auto& lying = lying_.at(face.at(0));
    synth::SceneCard& card = scene_.cards[lying.index];
    const synth::CardMove now = synth::card_at(card, frame_);
    card.moves.push_back({frame_, now.x_mm, now.y_mm, float(quarter)});
    frame_ += kHold;
  }

  void press(const std::string& button) {
    synth::SceneCard tag;
    tag.payload = "S1:CTL:" + button;
    tag.x_mm = float(kControl.x_mm);
    tag.y_mm = float(kControl.y_mm);
    tag.first_frame = frame_;
    tag.last_frame = frame_ + kHold - 1;
    scene_.cards.push_back(tag);
    frame_ += kHold + kPressGap;
  }

  // A new game: the cards gathered, the city empty.
  void clear() {
    for (const auto& [card, lying] : lying_) end(lying.index);
    lying_.clear();
    city_.clear();
    frame_ += kHold;
  }

  synth::Scene finish() {
    scene_.frames = frame_ + 20;  // every tag taken away has left the table by the end
    return scene_;
  }

 private:
  struct Lying {
    std::size_t index;
    std::string zone;
  };
  static std::string payload(const std::string& face) { return "S1:NINE:" + face + ":1"; }
  void end(std::size_t index) { scene_.cards[index].last_frame = frame_ - 1; }
  TablePoint city_slot(char card) {
    if (auto it = city_.find(card); it != city_.end()) return kCitySlots.at(it->second);
    for (std::size_t slot = 0; slot < kCitySlots.size(); ++slot) {
      if (std::none_of(city_.begin(), city_.end(), [&](const auto& taken) { return taken.second == slot; })) {
        city_[card] = slot;
        return kCitySlots[slot];
      }
    }
    ADD_FAILURE() << "the city's eight slots are full";
    return kCitySlots.front();
  }
  void release_city(char card) { city_.erase(card); }

  synth::Scene scene_;
  std::map<char, Lying> lying_;
  std::map<char, std::size_t> city_;
  int frame_ = 0;
};

std::string points_toml(const std::vector<TablePoint>& points) {
  std::string out = "[";
  for (const auto& p : points) out += fmt::format("{}[{:.1f}, {:.1f}]", out.size() > 1 ? ", " : "", p.x_mm, p.y_mm);
  return out + "]";
}

// The presses that pick `label` from a prompt: DOWN to it, then OK. On the first row of a prompt
// whose OK means something of its own, DOWN and UP first, so OK picks the row (ButtonMapper).
std::vector<std::string> presses_for(const engine::Prompt& prompt, const std::string& label) {
  const auto& options = prompt.options;
  const auto it = std::find_if(options.begin(), options.end(), [&](const engine::Option& o) { return o.label == label; });
  EXPECT_NE(it, options.end()) << "\"" << label << "\" is not offered at \"" << prompt.text << "\"";
  const auto index = static_cast<std::size_t>(it - options.begin());
  std::vector<std::string> presses(index, "DOWN");
  if (index == 0 && !prompt.ok.empty()) presses = {"DOWN", "UP"};
  presses.push_back("OK");
  return presses;
}

class NineRecordedMatchTest : public ::testing::Test {
 protected:
  // The script run as `seneschal play` runs it, noting what each line left on the screen.
  void run_script() {
    auto text = read_text_file(SENESCHAL_TEST_DATA "/scripts/whole-match.nine");
    ASSERT_TRUE(text.has_value());
    auto parsed = parse_script(*text, "whole-match.nine");
    ASSERT_TRUE(parsed.has_value()) << parsed.error().message;
    script_ = *parsed;
    auto cards = load_card_library(SENESCHAL_SOURCE_DIR "/assets");
    ASSERT_TRUE(cards.has_value());
    cards_ = *cards;
    std::FILE* sink = std::fopen("/dev/null", "w");
    ScriptOptions options;
    options.out = sink;
    options.after_step = [this](TableScript& run, const ScriptStep& step) {
      const auto& pending = run.session()->state().pending;
      seen_[step.line] = {run.session()->prompt(), pending && pending->kind == engine::Pending::Kind::Value};
    };
    runner_ = std::make_unique<TableScript>(cards_, options);
    ASSERT_TRUE(runner_->open(dir_.file("script.sqlite")).has_value());
    auto ran = runner_->run(script_);
    std::fclose(sink);
    ASSERT_TRUE(ran.has_value()) << ran.error().message;
  }

  // The table as a camera sees it, step by step; the teaching answers left out.
  synth::Scene record() {
    SceneWriter writer;
    const Seen* before = nullptr;
    for (const ScriptStep& step : script_.steps) {
      if (is_header(step.kind)) continue;
      using Kind = ScriptStep::Kind;
      switch (step.kind) {
        case Kind::ScanCard:
          // Game 2's target is the first card shown after game 1 ends: a fresh deal.
          if (step.where.zone == "target" && before && before->prompt.text.rfind("Game 2", 0) == 0) writer.clear();
          writer.lay(step.text, step.where.quarter.value_or(0), step.where.zone);
          break;
        case Kind::Turn:
          writer.turn(step.text, step.where.quarter.value_or(0));
          break;
        case Kind::Press:
          writer.press(std::string(to_string(step.button)));
          break;
        case Kind::Choose:
        case Kind::Set:
          if (!before || before->asking) break;  // a taught deck is not asked
          EXPECT_EQ(step.kind, Kind::Choose) << step.source;
          for (const std::string& button : presses_for(before->prompt, step.text)) writer.press(button);
          break;
        default:
          break;  // expect lines
      }
      if (auto it = seen_.find(step.line); it != seen_.end()) before = &it->second;
    }
    return writer.finish();
  }

  // The first run's told values, kept as the daemon keeps them for later games.
  void write_taught_answers(const std::string& state_dir) {
    engine::CardOverlay answers;
    const engine::CardDatabase& nine = *cards_.at("nine");
    for (const auto& [key, stats] : runner_->session()->state().told.entries()) {
      for (const auto& [stat, told] : stats) {
        const auto kept = told.number ? answers.record(nine, key, stat, *told.number) : answers.record_word(nine, key, stat, told.word);
        ASSERT_TRUE(kept.has_value()) << key << " " << stat << ": " << kept.error().message;
      }
    }
    ASSERT_TRUE(save_card_answers(state_dir, answers).has_value());
  }

  test::TempDir dir_;
  Script script_;
  engine::CardLibrary cards_;
  std::unique_ptr<TableScript> runner_;
  std::map<int, Seen> seen_;
};

TEST_F(NineRecordedMatchTest, TheDaemonPlayingTheRecordedMatchReachesTheScriptsScores) {
  run_script();
  if (HasFatalFailure()) return;
  const synth::Scene scene = record();
  ASSERT_TRUE(synth::write_recording(scene, dir_.file("frames")).has_value());
  // The frames' own times (200 ms apart) while the daemon plays them faster.
  {
    std::ofstream capture(dir_.file("frames") + "/capture.jsonl");
    for (int i = 0; i < scene.frames; ++i) capture << fmt::format("{{\"frame\": \"{}\", \"t_ms\": {}}}\n", synth::frame_name(i), i * 200);
  }
  write_taught_answers(dir_.file("state"));
  if (HasFatalFailure()) return;

  const auto corners = synth::calibration_points(scene);
  ASSERT_TRUE(corners.has_value());
  std::string config = "[game]\nname = \"nine\"\nseats = [\"Solo\"]\ncorner_tags_mm = " +
                       points_toml({corners->begin(), corners->end()}) + "\n";
  for (const vision::ZoneArea& zone : scene.zones) {
    config += fmt::format("[[game.zone_area]]\nname = \"{}\"\npolygon = {}\n", zone.name, points_toml(zone.polygon));
  }
  std::ofstream(dir_.file("seneschal.toml")) << config;

  const auto run = test::run_command("'" SENESCHALD_PATH "' --headless --buttons none --frame-interval-ms 60 --config '" +
                                     dir_.file("seneschal.toml") + "' --source '" + dir_.file("frames") + "' --state-dir '" +
                                     dir_.file("state") + "' --snapshot-dir '" + dir_.file("shots") + "' 2>&1");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find(", 0 refused,"), std::string::npos) << run.output;

  const engine::TableState state = tables::replayed(dir_.file("state") + "/seneschal.sqlite");
  const nlohmann::json expected = runner_->state_json().at("detail");
  ASSERT_TRUE(state.data) << run.output;
  const nlohmann::json detail = state.data.get()->to_json();
  EXPECT_EQ(detail.value("games", nlohmann::json()), expected.at("games")) << run.output;
  EXPECT_EQ(detail.value("match_total", -1), 19) << run.output;
  EXPECT_EQ(detail.value("king", std::string()), "The King is impressed");
  ASSERT_TRUE(state.winner.has_value());
}

}  // namespace
}  // namespace seneschal::firmware
