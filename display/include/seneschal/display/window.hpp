#pragma once
// The screen on the device: a thin wrapper over sf::RenderWindow that draws view models and
// turns the keyboard into the few inputs the firmware understands, so a laptop without GPIO
// buttons can drive a game.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <SFML/Window/Event.hpp>

#include "seneschal/base/result.hpp"
#include "seneschal/display/board_renderer.hpp"

namespace sf {
class RenderWindow;
}

namespace seneschal::display {

class CalibrationView;
struct CalibrationScreen;

// The device's buttons, as keys: a laptop or a USB keypad stands in for the GPIO buttons.
enum class Input { Ok, Pass, Undo, Redo, Up, Down, Menu, Timer, Quit };
enum class WindowMode { Windowed, Fullscreen };

// Enter, Space or O is OK; P or Backspace passes; U undoes, R redoes; the arrow keys (or W and
// S) are UP and DOWN; M or Tab opens the menu; T is the timer button; Escape, Q and closing the
// window quit. Anything else is none of the firmware's business.
std::optional<Input> input_for(const sf::Event& event);

class Window {
 public:
  static Result<Window> open(ScreenSize size, const std::string& title, WindowMode mode);

  Window(Window&&) noexcept;
  Window& operator=(Window&&) noexcept;
  ~Window();

  // Lays the board out for the window's current size (it may have been resized) and shows it.
  Result<void> show(const BoardRenderer& renderer, const engine::ViewModel& view);
  // The calibration screen (calibration_view.hpp), laid out for the window's current size.
  Result<void> show(const CalibrationView& view, const CalibrationScreen& screen);
  // Drains the window's event queue without blocking; inputs come back in the order pressed.
  std::vector<Input> poll();

  ScreenSize size() const;
  bool is_open() const;
  void close();

 private:
  explicit Window(std::unique_ptr<sf::RenderWindow> window);

  std::unique_ptr<sf::RenderWindow> window_;
};

}  // namespace seneschal::display
