#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "seneschal/display/board_renderer.hpp"
#include "seneschal/display/render_image.hpp"
#include "seneschal/engine/board_json.hpp"
#include "seneschal/engine/state_json.hpp"
#include "seneschal/engine/view_model.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/app/cli_commands.hpp"
#include "seneschal/firmware/config/config.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/output/private_x_server.hpp"
#include "seneschal/firmware/app/subcommand.hpp"
#include "seneschal/firmware/app/command_line.hpp"

namespace seneschal::firmware {
namespace {

Result<nlohmann::json> read_json(const std::string& path) {
  std::ifstream in(path);
  if (!in) return fail(path + ": cannot read it");
  try {
    return nlohmann::json::parse(in);
  } catch (const nlohmann::json::parse_error& e) {
    return fail(path + ": not JSON: " + e.what());
  }
}

// The prompt `seneschal play --state-out` saves beside the state.
engine::Prompt saved_prompt(const nlohmann::json& json) {
  engine::Prompt prompt;
  const nlohmann::json saved = json.value("prompt", nlohmann::json::object());
  if (!saved.is_object()) return prompt;
  prompt.text = saved.value("text", std::string());
  const auto labels = saved.value("options", std::vector<std::string>{});
  const auto ids = saved.value("option_ids", std::vector<std::string>{});
  for (std::size_t i = 0; i < labels.size(); ++i) prompt.add(labels[i], i < ids.size() ? ids[i] : std::string());
  prompt.ok = saved.value("ok", std::string());
  prompt.pass = saved.value("pass", std::string());
  prompt.wants_number = saved.value("wants_number", false);
  return prompt;
}

// The rows `seneschal play --state-out` saves beside the prompt, when the file has them as words.
std::optional<std::vector<std::string>> saved_rows(const nlohmann::json& saved) {
  if (!saved.is_object() || !saved.contains("rows") || !saved["rows"].is_array()) return std::nullopt;
  std::vector<std::string> rows;
  for (const nlohmann::json& row : saved["rows"]) {
    if (!row.is_string()) return std::nullopt;
    rows.push_back(row.get<std::string>());
  }
  return rows;
}

// `code` says what kind of failure it was (README, "Exit codes"): a flag, the state file, or the
// drawing and writing.
Result<void> render(const std::string& assets_dir, const RenderOptions& options, int& code) {
  code = kExitUsage;
  const auto size = parse_screen_size(options.size);
  if (!size) {
    return fail("--size " + options.size + ": expected WIDTHxHEIGHT between 320x240 and 7680x4320, e.g. 800x480");
  }
  code = kExitDataErr;
  auto json = read_json(options.state);
  if (!json) return fail(json.error().message);
  auto state = engine::state_from_json(*json);
  if (!state) return fail(options.state + ": " + state.error().message);
  // The board as the game's module described it when the state was saved; the renderer knows no
  // game, so a state saved without it shows the banner, timers and log over empty seats.
  engine::BoardView board;
  if (json->contains("board")) {
    auto saved = engine::board_from_json((*json)["board"]);
    if (!saved) return fail(options.state + ": board: " + saved.error().message);
    board = std::move(saved).value();
  }
  const std::string title = json->value("game_title", state->game);
  const std::int64_t now = options.now_ms >= 0 ? options.now_ms : json->value("saved_at_ms", std::int64_t{0});
  const engine::Prompt prompt = saved_prompt(*json);
  engine::ViewModel view = engine::make_view_model(*state, board, title, prompt, false, std::nullopt, now);
  const nlohmann::json saved = json->value("prompt", nlohmann::json::object());
  // The rows the buttons moved between, as the device showed them: a number prompt's first row
  // holds the number entered so far ("Number: 3 ▲▼"). The highlight counts
  // these rows. A file saved before rows were kept shows the options alone.
  if (auto rows = saved_rows(saved)) view.prompt_options = std::move(*rows);
  if (!view.prompt_options.empty()) {
    const int highlighted = saved.is_object() ? saved.value("highlighted", prompt.preselected()) : prompt.preselected();
    view.highlighted = std::clamp(highlighted, 0, static_cast<int>(view.prompt_options.size()) - 1);
  }

  code = kExitFailed;
  std::optional<PrivateXServer> x_server;
  if (auto x = start_unless_display(x_server, size->width, size->height); !x) return x;
  auto renderer = display::BoardRenderer::create(assets_dir);
  if (!renderer) return fail(renderer.error().message);
  return display::render_png(*renderer, view, *size, options.out);
}

}  // namespace

int run_render(const std::string& assets_dir, const RenderOptions& options) {
  int code = kExitFailed;
  if (auto r = render(assets_dir, options, code); !r) {
    log::error("{}", r.error().message);
    return code;
  }
  log::info("wrote {}", options.out);
  return 0;
}

Subcommand add_render_command(CLI::App& app, const CliContext& context) {
  auto* command = app.add_subcommand("render", "draw a saved state (play --state-out) as the screen shows it, to a PNG");
  auto render = std::make_shared<RenderOptions>();
  command->add_option("--state", render->state, "the state JSON")->required();
  command->add_option("--size", render->size, "screen size WIDTHxHEIGHT (800x480, 1024x600, 1920x1080)")
      ->check(screen_size_check())
      ->capture_default_str();
  command->add_option("--out", render->out, "the PNG to write")->required();
  command->add_option("--now-ms", render->now_ms, "the clock running timers are read at (default: when it was saved)");
  return {command, [&context, render] { return run_render(context.assets_dir, *render); }};
}

}  // namespace seneschal::firmware
