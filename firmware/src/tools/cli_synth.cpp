// `seneschal synth`: a recorded session rendered from a scene file, or generated from a seed (a
// whole table game, or a crowded table seen whole).
#include <memory>
#include <optional>

#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/config/config.hpp"
#include "seneschal/firmware/tools/tool_commands.hpp"
#include "seneschal/vision/synth.hpp"

namespace seneschal::firmware {
namespace {

namespace synth = vision::synth;

struct SynthCliOptions {
  std::string scene_path;
  std::string out_dir;
  synth::TableGameOptions table_game;
  synth::CrowdedTableOptions crowded;
  std::string size = "1280x720";
  bool hard = false;
  int frames = 0;
  CLI::Option* game_seed = nullptr;
  CLI::Option* crowded_seed = nullptr;
  CLI::Option* frames_given = nullptr;
};

// A scene file, or (no file) a scene generated from options: a table game or a crowded table.
int write_scene(const std::string& scene_path, const std::string& out_dir,
                std::optional<Result<synth::Scene>> generated) {
  if (scene_path.empty() == !generated) {
    log::error("synth: give a scene file, --table-game SEED or --crowded SEED, one of them");
    return kExitUsage;
  }
  Result<synth::Scene> scene = fail("");
  if (generated) {
    scene = std::move(*generated);
  } else {
    auto text = read_text_file(scene_path);
    if (!text) {
      log::error("{}", text.error().message);
      return kExitDataErr;
    }
    scene = synth::parse_scene(*text, scene_path);
  }
  if (!scene) {
    log::error("{}", scene.error().message);
    return kExitDataErr;
  }
  if (auto written = synth::write_recording(*scene, out_dir); !written) {
    log::error("{}", written.error().message);
    return kExitFailed;
  }
  return 0;
}

int run_synth(SynthCliOptions& options) {
  std::optional<Result<synth::Scene>> generated;
  if (options.game_seed->count() > 0 || options.crowded_seed->count() > 0) {
    const auto size = parse_camera_size(options.size);
    if (!size) {
      log::error("synth: --size {}: expected WIDTHxHEIGHT, e.g. 1920x1080", options.size);
      return kExitUsage;
    }
    synth::TableGameOptions& table_game = options.table_game;
    if (options.game_seed->count() > 0) {
      if (options.hard) {
        auto hard = synth::TableGameOptions::hard();
        hard.seed = table_game.seed;
        hard.cards = table_game.cards;
        hard.seats = table_game.seats;
        table_game = hard;
      }
      table_game.width = static_cast<int>(size->width);
      table_game.height = static_cast<int>(size->height);
      if (options.frames_given->count() > 0) table_game.frames = options.frames;
      generated = synth::make_table_game(table_game);
    } else {
      synth::CrowdedTableOptions& crowded = options.crowded;
      crowded.width = static_cast<int>(size->width);
      crowded.height = static_cast<int>(size->height);
      crowded.cards = table_game.cards;
      if (options.frames_given->count() > 0) crowded.frames = options.frames;
      generated = synth::make_crowded_table(crowded);
    }
  }
  return write_scene(options.scene_path, options.out_dir, std::move(generated));
}

}  // namespace

Subcommand add_synth_command(CLI::App& app, const CliContext&) {
  auto* command = app.add_subcommand("synth", "render a recorded session from a scene file (deterministic)");
  auto options = std::make_shared<SynthCliOptions>();
  command->add_option("scene", options->scene_path, "scene JSON file");
  command->add_option("--out", options->out_dir, "folder for the frames and truth.json")->required();
  options->game_seed = command->add_option("--table-game", options->table_game.seed,
                                           "instead of a scene: a whole table game from this seed (cards laid, "
                                           "turned, slid, covered by a hand, taken away)");
  options->crowded_seed = command->add_option("--crowded", options->crowded.seed,
                                              "instead of a scene: a crowded table seen whole from this seed (--cards "
                                              "cards at once, one bowed or straightened every 5 frames)");
  command->add_option("--cards", options->table_game.cards, "cards: table game 20-40, crowded table 1-200")
      ->capture_default_str();
  command->add_option("--seats", options->table_game.seats, "table game: seats, 2-4")->capture_default_str();
  command->add_flag("--hard", options->hard,
                    "table game: a hard one (a 900 x 560 mm table, version-2 codes, turning and pushed slides, arms "
                    "across the table, cards over cards, a moving lamp reflection, motion blur)");
  options->frames_given =
      command->add_option("--frames", options->frames, "frames (table game 300, crowded table 1)");
  command->add_option("--size", options->size,
                      "frame size: table game 1280x720 or 1920x1080, crowded table any, e.g. 4056x3040")
      ->capture_default_str();
  command->add_option("--code-mm", options->crowded.code_mm, "crowded table: side of each code (13 for a printed sticker)")
      ->capture_default_str();
  options->game_seed->excludes(options->crowded_seed);
  return {command, [options] { return run_synth(*options); }};
}

}  // namespace seneschal::firmware
