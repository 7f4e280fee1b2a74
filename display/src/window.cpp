#include "seneschal/display/window.hpp"

#include <exception>
#include <functional>

#include <SFML/Graphics/RenderWindow.hpp>

#include "seneschal/display/calibration_view.hpp"
#include "x_connection.hpp"

namespace seneschal::display {

std::optional<Input> input_for(const sf::Event& event) {
  if (event.type == sf::Event::Closed) return Input::Quit;
  if (event.type != sf::Event::KeyPressed) return std::nullopt;
  switch (event.key.code) {
    case sf::Keyboard::Enter:
    case sf::Keyboard::Space:
    case sf::Keyboard::O:
      return Input::Ok;
    case sf::Keyboard::P:
    case sf::Keyboard::Backspace:
      return Input::Pass;
    case sf::Keyboard::U:
      return Input::Undo;
    case sf::Keyboard::R:
      return Input::Redo;
    case sf::Keyboard::Up:
    case sf::Keyboard::W:
      return Input::Up;
    case sf::Keyboard::Down:
    case sf::Keyboard::S:
      return Input::Down;
    case sf::Keyboard::M:
    case sf::Keyboard::Tab:
      return Input::Menu;
    case sf::Keyboard::T:
      return Input::Timer;
    case sf::Keyboard::Q:
    case sf::Keyboard::Escape:
      return Input::Quit;
    default:
      return std::nullopt;
  }
}

Window::Window(std::unique_ptr<sf::RenderWindow> window) : window_(std::move(window)) {}
Window::Window(Window&&) noexcept = default;
Window& Window::operator=(Window&&) noexcept = default;
Window::~Window() = default;

Result<Window> Window::open(ScreenSize size, const std::string& title, WindowMode mode) {
  auto x = detail::XConnection::open("the board window");
  if (!x) return fail(x.error().message);
  try {
    const sf::Uint32 style = mode == WindowMode::Fullscreen ? sf::Style::Fullscreen : sf::Style::Titlebar | sf::Style::Close;
    auto window = std::make_unique<sf::RenderWindow>(sf::VideoMode(size.width, size.height), sf::String::fromUtf8(title.begin(), title.end()), style);
    if (!window->isOpen()) {
      return fail("cannot open a " + std::to_string(size.width) + "x" + std::to_string(size.height) + " window");
    }
    // No frame-rate limit: the firmware draws only on a change and at 4 Hz for timers, and a
    // limit would make display() sleep right after a button's answer was drawn.
    window->setMouseCursorVisible(mode == WindowMode::Windowed);
    return Window(std::move(window));
  } catch (const std::exception& e) {
    return fail(std::string("cannot open the board window: ") + e.what());
  }
}

namespace {

// Draws a whole screen into the window and shows it; `what` names the screen in errors.
Result<void> present(sf::RenderWindow* window, const std::string& what, const std::function<void()>& draw) {
  if (!window || !window->isOpen()) return fail("the " + what + " window is closed");
  try {
    draw();
    window->display();
  } catch (const std::exception& e) {
    return fail("drawing the " + what + " window failed: " + e.what());
  }
  return {};
}

}  // namespace

Result<void> Window::show(const BoardRenderer& renderer, const engine::ViewModel& view) {
  return present(window_.get(), "board", [&] { renderer.draw(*window_, view, size()); });
}

Result<void> Window::show(const CalibrationView& view, const CalibrationScreen& screen) {
  return present(window_.get(), "calibration", [&] { view.draw(*window_, screen, size()); });
}

std::vector<Input> Window::poll() {
  std::vector<Input> inputs;
  if (!window_) return inputs;
  sf::Event event;
  while (window_->pollEvent(event)) {
    if (auto input = input_for(event)) inputs.push_back(*input);
  }
  return inputs;
}

ScreenSize Window::size() const {
  if (!window_) return {0, 0};
  const sf::Vector2u pixels = window_->getSize();
  return {pixels.x, pixels.y};
}

bool Window::is_open() const { return window_ && window_->isOpen(); }

void Window::close() {
  if (window_) window_->close();
}

}  // namespace seneschal::display
