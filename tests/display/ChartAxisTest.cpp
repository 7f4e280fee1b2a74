#include "seneschal/display/chart_axis.hpp"

#include <gtest/gtest.h>

namespace seneschal::display {
namespace {

bool round_step(int step) {
  for (int magnitude = 1; magnitude <= 1'000'000; magnitude *= 10) {
    if (step == magnitude || step == 2 * magnitude || step == 5 * magnitude) return true;
  }
  return false;
}

TEST(ChartAxisTest, ValueTicksAreRoundAndCoverTheRange) {
  EXPECT_EQ(value_ticks(0, 17, 6), (std::vector<int>{0, 5, 10, 15, 20}));
  EXPECT_EQ(value_ticks(0, 10, 6), (std::vector<int>{0, 2, 4, 6, 8, 10}));
  for (const auto& [low, high, most] : {std::tuple{0, 67, 6}, std::tuple{-3, 12, 4}, std::tuple{0, 999, 3},
                                        std::tuple{5, 6, 6}, std::tuple{-40, -2, 5}}) {
    SCOPED_TRACE(::testing::Message() << low << ".." << high << " in " << most);
    const std::vector<int> ticks = value_ticks(low, high, most);
    ASSERT_GE(ticks.size(), 2u);
    EXPECT_LE(static_cast<int>(ticks.size()), most);
    EXPECT_LE(ticks.front(), low);
    EXPECT_GE(ticks.back(), high);
    for (std::size_t i = 1; i < ticks.size(); ++i) EXPECT_TRUE(round_step(ticks[i] - ticks[i - 1]));
  }
}

TEST(ChartAxisTest, AFlatSeriesStillGetsAnAxis) {
  EXPECT_EQ(value_ticks(0, 0, 6), (std::vector<int>{0, 1}));
}

TEST(ChartAxisTest, TurnLabelsAreMultiplesOfARoundStepThatFit) {
  EXPECT_EQ(turn_ticks(1, 3, 9), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(turn_ticks(1, 40, 9), (std::vector<int>{5, 10, 15, 20, 25, 30, 35, 40}));
  EXPECT_EQ(turn_ticks(1, 12, 6), (std::vector<int>{2, 4, 6, 8, 10, 12}));
  EXPECT_LE(turn_ticks(1, 400, 4).size(), 4u);
}

TEST(ChartAxisTest, ASingleTurnIsLabelled) {
  EXPECT_EQ(turn_ticks(1, 1, 5), (std::vector<int>{1}));
  EXPECT_EQ(turn_ticks(7, 7, 1), (std::vector<int>{7}));
}

}  // namespace
}  // namespace seneschal::display
