#pragma once
// A test that runs `seneschal` as a person would: the command line with the source tree's assets,
// and files written into the test's own folder.

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "common/TempDir.hpp"

namespace seneschal::test {

class CliTest : public ::testing::Test {
 protected:
  static std::string cli(const std::string& args) {
    return "'" SENESCHAL_CLI_PATH "' --assets '" SENESCHAL_SOURCE_DIR "/assets' " + args;
  }
  std::string write(const std::string& name, const std::string& text) {
    const std::string path = dir_.file(name);
    std::ofstream(path) << text;
    return path;
  }
  TempDir dir_;
};

}  // namespace seneschal::test
