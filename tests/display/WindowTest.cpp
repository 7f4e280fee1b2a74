#include "seneschal/display/window.hpp"

#include <gtest/gtest.h>

#include "Boards.hpp"

namespace seneschal::display {
namespace {

sf::Event key(sf::Keyboard::Key code, sf::Event::EventType type = sf::Event::KeyPressed) {
  sf::Event event{};
  event.type = type;
  event.key.code = code;
  return event;
}

TEST(WindowTest, KeysMapToTheFirmwaresInputs) {
  EXPECT_EQ(input_for(key(sf::Keyboard::P)), Input::Pass);
  EXPECT_EQ(input_for(key(sf::Keyboard::U)), Input::Undo);
  EXPECT_EQ(input_for(key(sf::Keyboard::R)), Input::Redo);
  EXPECT_EQ(input_for(key(sf::Keyboard::Enter)), Input::Ok);
  EXPECT_EQ(input_for(key(sf::Keyboard::Space)), Input::Ok);
  EXPECT_EQ(input_for(key(sf::Keyboard::Up)), Input::Up);
  EXPECT_EQ(input_for(key(sf::Keyboard::Down)), Input::Down);
  EXPECT_EQ(input_for(key(sf::Keyboard::M)), Input::Menu);
  EXPECT_EQ(input_for(key(sf::Keyboard::T)), Input::Timer);
  EXPECT_EQ(input_for(key(sf::Keyboard::Backspace)), Input::Pass);
  EXPECT_EQ(input_for(key(sf::Keyboard::Q)), Input::Quit);
  EXPECT_EQ(input_for(key(sf::Keyboard::Escape)), Input::Quit);
  sf::Event closed{};
  closed.type = sf::Event::Closed;
  EXPECT_EQ(input_for(closed), Input::Quit);
}

TEST(WindowTest, OtherKeysAndReleasesAreIgnored) {
  EXPECT_EQ(input_for(key(sf::Keyboard::A)), std::nullopt);
  EXPECT_EQ(input_for(key(sf::Keyboard::Z)), std::nullopt);
  EXPECT_EQ(input_for(key(sf::Keyboard::P, sf::Event::KeyReleased)), std::nullopt);
  sf::Event focus{};
  focus.type = sf::Event::GainedFocus;
  EXPECT_EQ(input_for(focus), std::nullopt);
}

TEST(WindowTest, OpensAtTheRequestedSizeAndShowsTheBoard) {
  auto renderer = BoardRenderer::create(testing::kAssets);
  ASSERT_TRUE(renderer.has_value()) << renderer.error().message;
  auto window = Window::open({800, 480}, "Seneschal test", WindowMode::Windowed);
  ASSERT_TRUE(window.has_value()) << window.error().message;
  EXPECT_TRUE(window->is_open());
  EXPECT_EQ(window->size(), (ScreenSize{800, 480}));
  auto shown = window->show(*renderer, testing::realistic());
  EXPECT_TRUE(shown.has_value()) << shown.error().message;
  // Nobody touched the keyboard: opening and drawing must not read as an input.
  EXPECT_TRUE(window->poll().empty());

  window->close();
  EXPECT_FALSE(window->is_open());
  auto after_close = window->show(*renderer, testing::realistic());
  ASSERT_FALSE(after_close.has_value());
  EXPECT_NE(after_close.error().message.find("closed"), std::string::npos);
}

}  // namespace
}  // namespace seneschal::display
