// Keeps one GL resource, and with it SFML's X connection, alive for the whole test run. An X
// server resets when its last client leaves, and SFML aborts the process when it connects
// during that reset. On the device the window holds the connection; here tests that only
// measure text (which needs glyph textures, which need GL) would otherwise drop and reopen it
// between tests.

#include <memory>

#include <SFML/Graphics/Texture.hpp>
#include <gtest/gtest.h>

namespace {

class XServerEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    texture_ = std::make_unique<sf::Texture>();
    ASSERT_TRUE(texture_->create(1, 1)) << "no OpenGL context: the display tests run under xvfb-run";
  }
  void TearDown() override { texture_.reset(); }

 private:
  std::unique_ptr<sf::Texture> texture_;
};

const auto* const kEnvironment = ::testing::AddGlobalTestEnvironment(new XServerEnvironment);

}  // namespace
