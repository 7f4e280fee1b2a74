#pragma once
// The project's whole-game scripts (one a game, with the answers their README lines give them) as
// a parameterized test's values, each instance named by its script's extension: r9e, ck, nine, oa.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "seneschal/firmware/tools/bench_friction.hpp"

namespace seneschal::firmware::testing {

inline auto whole_game_scripts() { return ::testing::ValuesIn(default_friction_scripts(SENESCHAL_TEST_DATA "/scripts")); }

inline std::string script_test_name(const ::testing::TestParamInfo<FrictionInput>& info) {
  return std::filesystem::path(info.param.script).extension().string().substr(1);
}

}  // namespace seneschal::firmware::testing
