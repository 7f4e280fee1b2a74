#include "seneschal/display/window.hpp"

#include <algorithm>
#include <exception>
#include <functional>

#include <SFML/Graphics/RenderWindow.hpp>

#include "seneschal/display/calibration_view.hpp"
#include "x_connection.hpp"

namespace seneschal::display {

std::optional<Input> input_for(const sf::Event& event, Showing showing) {
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
    case sf::Keyboard::PageUp:
      return Input::HeldUp;
    case sf::Keyboard::PageDown:
      return Input::HeldDown;
    case sf::Keyboard::M:
    case sf::Keyboard::Tab:
      return Input::Menu;
    case sf::Keyboard::T:
      return Input::Timer;
    case sf::Keyboard::Escape:
      return showing == Showing::Menu ? Input::Menu : Input::Quit;
    case sf::Keyboard::Q:
      return Input::Quit;
    default:
      return std::nullopt;
  }
}

Placement place_window(ScreenSize wanted, ScreenSize desktop) {
  // A server that reports no desktop size leaves nothing to place by: the size asked, at 0,0.
  if (desktop.width == 0 || desktop.height == 0) return {0, 0, wanted};
  Placement placement;
  placement.size = {std::min(wanted.width, desktop.width), std::min(wanted.height, desktop.height)};
  placement.x = static_cast<int>((desktop.width - placement.size.width) / 2);
  placement.y = static_cast<int>((desktop.height - placement.size.height) / 2);
  return placement;
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
    const sf::VideoMode desktop = sf::VideoMode::getDesktopMode();
    const Placement placement = mode == WindowMode::Fullscreen ? Placement{0, 0, size}
                                                               : place_window(size, {desktop.width, desktop.height});
    const ScreenSize opened = placement.size;
    auto window = std::make_unique<sf::RenderWindow>(sf::VideoMode(opened.width, opened.height),
                                                     sf::String::fromUtf8(title.begin(), title.end()), style);
    if (!window->isOpen()) {
      return fail("cannot open a " + std::to_string(opened.width) + "x" + std::to_string(opened.height) + " window");
    }
    if (mode == WindowMode::Windowed) window->setPosition({placement.x, placement.y});
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

Result<void> Window::show(const BoardRenderer& renderer, const engine::ViewModel& view, const DrawOptions& options) {
  showing_ = view.menu_open ? Showing::Menu : Showing::Board;
  return present(window_.get(), "board", [&] { renderer.draw(*window_, view, size(), options); });
}

Result<void> Window::show(const CalibrationView& view, const CalibrationScreen& screen) {
  showing_ = Showing::Board;
  return present(window_.get(), "calibration", [&] { view.draw(*window_, screen, size()); });
}

std::vector<Input> Window::poll() {
  std::vector<Input> inputs;
  if (!window_) return inputs;
  sf::Event event;
  while (window_->pollEvent(event)) {
    const std::optional<Input> input = input_for(event, showing_);
    if (!input) continue;
    inputs.push_back(*input);
    // MENU opens or closes the menu before the next picture says so: a second Escape in the
    // same batch must not open it again.
    if (*input == Input::Menu) showing_ = showing_ == Showing::Menu ? Showing::Board : Showing::Menu;
  }
  return inputs;
}

ScreenSize Window::size() const {
  if (!window_) return {0, 0};
  const sf::Vector2u pixels = window_->getSize();
  return {pixels.x, pixels.y};
}

sf::Vector2i Window::position() const { return window_ ? window_->getPosition() : sf::Vector2i{}; }

bool Window::is_open() const { return window_ && window_->isOpen(); }

void Window::close() {
  if (window_) window_->close();
}

}  // namespace seneschal::display
