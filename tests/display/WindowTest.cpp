#include "seneschal/display/window.hpp"

#include <SFML/Window/VideoMode.hpp>
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
  EXPECT_EQ(input_for(key(sf::Keyboard::PageUp)), Input::HeldUp) << "a held UP: a number up 5";
  EXPECT_EQ(input_for(key(sf::Keyboard::PageDown)), Input::HeldDown);
  EXPECT_EQ(input_for(key(sf::Keyboard::M)), Input::Menu);
  EXPECT_EQ(input_for(key(sf::Keyboard::T)), Input::Timer);
  EXPECT_EQ(input_for(key(sf::Keyboard::Backspace)), Input::Pass);
  EXPECT_EQ(input_for(key(sf::Keyboard::Q)), Input::Quit);
  EXPECT_EQ(input_for(key(sf::Keyboard::Escape)), Input::Quit);
  EXPECT_EQ(input_for(key(sf::Keyboard::Escape), Showing::Board), Input::Quit);
  sf::Event closed{};
  closed.type = sf::Event::Closed;
  EXPECT_EQ(input_for(closed), Input::Quit);
}

// Escape backs out: a menu on screen closes (MENU) before a second Escape quits; Q always quits.
TEST(WindowTest, EscapeClosesAMenuOnScreenBeforeItQuits) {
  EXPECT_EQ(input_for(key(sf::Keyboard::Escape), Showing::Menu), Input::Menu);
  EXPECT_EQ(input_for(key(sf::Keyboard::Q), Showing::Menu), Input::Quit);
  sf::Event closed{};
  closed.type = sf::Event::Closed;
  EXPECT_EQ(input_for(closed, Showing::Menu), Input::Quit);
}

// On a screen the size of the board (the 7" display, a bare 800x480 X server) the window fills
// it from the top left; on a larger one it is centred; it never hangs off the bottom edge, where
// the legend is.
TEST(WindowTest, AWindowIsPlacedWhollyOnTheDesktop) {
  EXPECT_EQ(place_window({800, 480}, {800, 480}), (Placement{0, 0, {800, 480}}));
  EXPECT_EQ(place_window({800, 480}, {1920, 1080}), (Placement{560, 300, {800, 480}}));
  EXPECT_EQ(place_window({800, 480}, {1024, 768}), (Placement{112, 144, {800, 480}}));
  EXPECT_EQ(place_window({1920, 1080}, {800, 480}), (Placement{0, 0, {800, 480}})) << "never larger than the desktop";
  EXPECT_EQ(place_window({800, 600}, {1024, 480}), (Placement{112, 0, {800, 480}}));
  EXPECT_EQ(place_window({800, 480}, {0, 0}), (Placement{0, 0, {800, 480}})) << "no desktop size to go by";
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
  // Where the window really is on this server (SFML alone put it 160 px too low on 800x480).
  const sf::VideoMode desktop = sf::VideoMode::getDesktopMode();
  const Placement expected = place_window({800, 480}, {desktop.width, desktop.height});
  EXPECT_EQ(window->position(), sf::Vector2i(expected.x, expected.y));
  EXPECT_LE(window->position().y + 480, static_cast<int>(desktop.height)) << "the legend is on screen";
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
