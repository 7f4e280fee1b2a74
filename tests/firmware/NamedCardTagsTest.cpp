// A card no data names, as a table meets it: `seneschal tags --title ... --type ...` names it in
// the state folder and prints its sticker; the daemon's card library then resolves that sticker's
// tag like a shipped card's.
#include <gtest/gtest.h>

#include <filesystem>

#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/table/tag_router.hpp"
#include "seneschal/vision/tag.hpp"

namespace seneschal::firmware {
namespace {

using seneschal::test::run_command;

class NamedCardTagsTest : public ::testing::Test {
 protected:
  test::CommandResult tags(const std::string& args) {
    return run_command("'" SENESCHAL_CLI_PATH "' --assets '" SENESCHAL_SOURCE_DIR "/assets' tags --game cutthroat --state-dir '" +
                       dir_.file("state") + "' --out '" + dir_.file("tags.pdf") + "' " + args);
  }
  test::TempDir dir_;
};

TEST_F(NamedCardTagsTest, ANamedCardIsPrintedKeptAndRoutedLikeAShippedOne) {
  const auto named = tags("--title \"Bors the Sellsword\" --type hireling --copies 2");
  ASSERT_EQ(named.exit_code, 0) << named.output;
  EXPECT_NE(named.output.find("2 stickers"), std::string::npos) << named.output;
  EXPECT_TRUE(std::filesystem::exists(dir_.file("tags.pdf")));

  auto answers = load_card_answers(dir_.file("state"));
  ASSERT_TRUE(answers.has_value()) << answers.error().message;
  auto cards = load_card_library(SENESCHAL_SOURCE_DIR "/assets", &*answers);
  ASSERT_TRUE(cards.has_value()) << cards.error().message;
  const engine::CardDatabase& cutthroat = *cards->at("cutthroat");
  ASSERT_NE(cutthroat.find_by_title("Bors the Sellsword"), nullptr);

  vision::Tag tag;
  tag.game = cutthroat.tag_code();
  tag.card = "BORS-THE-SELLSWORD";
  tag.copy = 2;
  const Routed routed = TagRouter(*cards).route(vision::format_tag(tag), "cutthroat");
  ASSERT_TRUE(routed.command.has_value()) << routed.reason;
  EXPECT_EQ(routed.label, "Bors the Sellsword");
  const auto* shown = std::get_if<engine::PresentCard>(&*routed.command);
  ASSERT_NE(shown, nullptr);
  EXPECT_EQ(shown->card_id, "BORS-THE-SELLSWORD");
  EXPECT_EQ(shown->copy, 2);

  // Printed again later, the card is found by its title: no type needed, nothing named twice.
  const auto again = tags("--title \"Bors the Sellsword\"");
  ASSERT_EQ(again.exit_code, 0) << again.output;
  ASSERT_EQ(load_card_answers(dir_.file("state"))->named("cutthroat").size(), 1u);
}

TEST_F(NamedCardTagsTest, AnUnknownTitleWithoutATypeIsRefusedAndNothingIsKept) {
  const auto run = tags("--title \"Bors the Sellsword\"");
  EXPECT_EQ(run.exit_code, 65);
  EXPECT_NE(run.output.find("no Cutthroat Kingdoms card has this title; say its --type to name it at the table"),
            std::string::npos)
      << run.output;
  EXPECT_FALSE(std::filesystem::exists(card_answers_path(dir_.file("state"))));
}

}  // namespace
}  // namespace seneschal::firmware
