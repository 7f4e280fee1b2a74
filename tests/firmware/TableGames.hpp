#pragma once
// What the table tests share: a generated table game written as a recording, and the board an
// event log the daemon wrote replays to, with the shipped card data and the state folder's
// answers (as the daemon played with them).

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "seneschal/engine/session.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/vision/synth.hpp"

namespace seneschal::firmware::tables {

inline vision::synth::Scene write_table_game(const std::string& out_dir, std::uint32_t seed, int cards, int frames) {
  vision::synth::TableGameOptions options;
  options.seed = seed;
  options.cards = cards;
  options.frames = frames;
  auto scene = vision::synth::make_table_game(options);
  EXPECT_TRUE(scene.has_value()) << scene.error().message;
  if (!scene) return {};
  auto written = vision::synth::write_recording(*scene, out_dir);
  EXPECT_TRUE(written.has_value()) << written.error().message;
  return *scene;
}

inline engine::TableState replayed(const std::string& db_path) {
  engine::ModuleRegistry registry;
  engine::register_builtin_modules(registry);
  auto answers = load_card_answers(std::filesystem::path(db_path).parent_path().string());
  EXPECT_TRUE(answers.has_value());
  auto cards = load_card_library(SENESCHAL_SOURCE_DIR "/assets", answers ? &*answers : nullptr);
  EXPECT_TRUE(cards.has_value());
  auto store = engine::EventStore::open(db_path);
  EXPECT_TRUE(store.has_value());
  auto session = engine::Session::resume(std::move(store).value(), registry, *cards);
  EXPECT_TRUE(session.has_value()) << session.error().message;
  return session->state();
}

}  // namespace seneschal::firmware::tables
