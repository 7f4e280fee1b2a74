#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "common/TempDir.hpp"
#include "seneschal/firmware/base/assets.hpp"

namespace seneschal::firmware {
namespace {

namespace fs = std::filesystem;

TEST(CardAnswersFileTest, AnswersSavedUnderStateAreLaidOverTheShippedData) {
  test::TempDir dir;
  const std::string state = dir.file("state");
  fs::create_directories(state);
  const std::string shipped = SENESCHAL_SOURCE_DIR "/assets/cards/r9e.json";
  const auto shipped_before = fs::last_write_time(shipped);

  auto library = load_card_library(SENESCHAL_SOURCE_DIR "/assets");
  ASSERT_TRUE(library.has_value());
  auto answers = load_card_answers(state);
  ASSERT_TRUE(answers.has_value()) << answers.error().message;  // none yet: empty
  ASSERT_TRUE(answers->record(*library->at("r9e"), "HEKTOR", "strength", 3).has_value());
  ASSERT_TRUE(save_card_answers(state, *answers).has_value());
  EXPECT_FALSE(fs::exists(card_answers_path(state) + ".new"));

  auto reloaded = load_card_answers(state);
  ASSERT_TRUE(reloaded.has_value());
  auto played = load_card_library(SENESCHAL_SOURCE_DIR "/assets", &*reloaded);
  ASSERT_TRUE(played.has_value());
  EXPECT_EQ(played->at("r9e")->find("HEKTOR")->stat("strength"), 3);
  EXPECT_EQ(fs::last_write_time(shipped), shipped_before);
}

TEST(CardAnswersFileTest, CorruptAnswersFileIsNamedAndLeftAlone) {
  test::TempDir dir;
  const std::string state = dir.file("state");
  fs::create_directories(state);
  std::ofstream(card_answers_path(state)) << "{\"schema\": 1, \"answers\": ";
  auto answers = load_card_answers(state);
  ASSERT_FALSE(answers.has_value());
  EXPECT_NE(answers.error().message.find(card_answers_path(state)), std::string::npos) << answers.error().message;
  EXPECT_TRUE(fs::exists(card_answers_path(state)));
}

}  // namespace
}  // namespace seneschal::firmware
