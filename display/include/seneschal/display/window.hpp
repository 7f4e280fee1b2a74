#pragma once
// The screen on the device: a thin wrapper over sf::RenderWindow that draws view models and
// turns the keyboard into the few inputs the firmware understands, so a laptop without GPIO
// buttons can drive a game.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <SFML/System/Vector2.hpp>
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
// HeldUp and HeldDown: UP and DOWN held (a number counts by 5), PageUp and PageDown on a keyboard.
enum class Input { Ok, Pass, Undo, Redo, Up, Down, HeldUp, HeldDown, Menu, Timer, Quit };
enum class WindowMode { Windowed, Fullscreen };

// What the window shows, for the one key whose meaning depends on it.
enum class Showing { Board, Menu };

// Enter, Space or O is OK; P or Backspace passes; U undoes, R redoes; the arrow keys (or W and
// S) are UP and DOWN, PageUp and PageDown a held UP and DOWN; M or Tab opens the menu; T is the
// timer button; Q and closing the window quit. Escape backs out of what is open: it closes a menu
// that is showing (MENU), and quits only from the board, as it does in any other program.
// Anything else is none of the firmware's business.
std::optional<Input> input_for(const sf::Event& event, Showing showing = Showing::Board);

// Where a window goes on the desktop and how big it is. SFML 2.5 centres a window's height by
// the desktop's width, which put an 800x480 board at y=160 on an 800x480 screen with its legend
// off the bottom: the window is placed here instead, centred, never past the desktop's top or
// left edge, and no larger than the desktop (the board lays itself out for any size).
struct Placement {
  int x = 0;
  int y = 0;
  ScreenSize size;
  friend bool operator==(const Placement&, const Placement&) = default;
};
Placement place_window(ScreenSize wanted, ScreenSize desktop);

class Window {
 public:
  // Windowed: `size`, or the desktop's where that is smaller, placed by place_window.
  static Result<Window> open(ScreenSize size, const std::string& title, WindowMode mode);

  Window(Window&&) noexcept;
  Window& operator=(Window&&) noexcept;
  ~Window();

  // Lays the board out for the window's current size (it may have been resized) and shows it.
  Result<void> show(const BoardRenderer& renderer, const engine::ViewModel& view, const DrawOptions& options = {});
  // The calibration screen (calibration_view.hpp), laid out for the window's current size.
  Result<void> show(const CalibrationView& view, const CalibrationScreen& screen);
  // Drains the window's event queue without blocking; inputs come back in the order pressed.
  std::vector<Input> poll();

  ScreenSize size() const;
  // The window's top left corner on the desktop.
  sf::Vector2i position() const;
  bool is_open() const;
  void close();

 private:
  explicit Window(std::unique_ptr<sf::RenderWindow> window);

  std::unique_ptr<sf::RenderWindow> window_;
  Showing showing_ = Showing::Board;  // what the last picture shown had open, for Escape
};

}  // namespace seneschal::display
