// seneschal: the command line beside the daemon (replay recordings, make recordings, ...).

#include <CLI/CLI.hpp>

#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/app/command_line.hpp"
#include "seneschal/firmware/app/calibrate.hpp"
#include "seneschal/firmware/app/cli_commands.hpp"
#include "seneschal/firmware/tools/cli_bench.hpp"
#include "seneschal/firmware/app/cli_play.hpp"
#include "seneschal/firmware/config/config.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/tools/replay.hpp"
#include "seneschal/vision/synth.hpp"
#include "seneschal_version.hpp"  // generated: the version and the commit built

namespace {

using namespace seneschal::firmware;

// Exit codes: kExitDataErr the input, the card data or the truth could not be read, or the truth
// is another recording's; 3 with --truth, the pipeline misread a tag (zero misreads is a hard
// requirement; a missed tag is a figure, not a failure); 2 some frames were unreadable; 0 otherwise.
int run_replay(const std::string& input, bool json, const std::string& truth_path, const std::string& assets_dir,
               std::int64_t interval_ms) {
  auto cards = load_card_library(assets_dir);
  if (!cards) {
    log::error("{}", cards.error().message);
    return kExitDataErr;
  }
  const ReplayFormat format = json ? ReplayFormat::JsonLines : ReplayFormat::Text;
  std::optional<seneschal::vision::synth::RecordingTruth> truth;
  if (!truth_path.empty()) {
    auto loaded = load_truth(truth_path);
    if (!loaded) {
      log::error("{}", loaded.error().message);
      return kExitDataErr;
    }
    truth = std::move(*loaded);
  }
  auto summary = truth ? replay(input, *cards, format, stdout, *truth, interval_ms)
                       : replay(input, *cards, format, stdout, interval_ms);
  if (!summary) {
    log::error("{}", summary.error().message);
    return kExitDataErr;
  }
  if (!json) {
    std::printf("%d frames, %d tags read, %d unreadable frames\n", summary->frames, summary->sightings,
                summary->unreadable);
  }
  if (summary->truth) {
    // With --json, stdout stays exactly one line per frame: the report goes to stderr as one JSON line.
    std::fflush(stdout);
    print_truth_report(*summary->truth, json, json ? stderr : stdout);
    if (summary->board) print_board_report(*summary->board, json, json ? stderr : stdout);
    if (summary->truth->misreads > 0) return 3;
  }
  return summary->unreadable > 0 ? 2 : 0;
}

// A scene file, or (no file) a scene generated from options: a table game or a crowded table.
int run_synth(const std::string& scene_path, const std::string& out_dir,
              std::optional<seneschal::Result<seneschal::vision::synth::Scene>> generated) {
  namespace synth = seneschal::vision::synth;
  if (scene_path.empty() == !generated) {
    log::error("synth: give a scene file, --table-game SEED or --crowded SEED, one of them");
    return kExitUsage;
  }
  seneschal::Result<synth::Scene> scene = seneschal::fail("");
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
  if (auto written = seneschal::vision::synth::write_recording(*scene, out_dir); !written) {
    log::error("{}", written.error().message);
    return kExitFailed;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"seneschal - tools for the Seneschal table companion"};
  app.set_version_flag("--version", std::string("seneschal ") + SENESCHAL_VERSION + " (commit " + SENESCHAL_COMMIT + ")");
  app.require_subcommand(1);
  std::string assets_dir = default_assets_dir();
  app.add_option("--assets", assets_dir, "folder with cards/, fonts/ and recordings/")->capture_default_str();

  auto* replay_cmd = app.add_subcommand("replay", "decode the tags in recorded frames (a folder or a video)");
  std::string input;
  bool json = false;
  std::int64_t interval_ms = 200;
  replay_cmd->add_option("input", input, "folder of frames or video file")->required();
  replay_cmd->add_flag("--json", json, "one JSON line per frame");
  std::string truth_path;
  replay_cmd->add_option("--truth", truth_path,
                         "score against a recording's truth.json: recall, misreads, bowed accuracy, failed frames");
  replay_cmd->add_option("--frame-interval-ms", interval_ms, "time between frames of a folder")->capture_default_str();

  auto* synth_cmd = app.add_subcommand("synth", "render a recorded session from a scene file (deterministic)");
  std::string scene_path;
  std::string out_dir;
  synth_cmd->add_option("scene", scene_path, "scene JSON file");
  synth_cmd->add_option("--out", out_dir, "folder for the frames and truth.json")->required();
  seneschal::vision::synth::TableGameOptions table_game;
  std::string game_size = "1280x720";
  auto* game_seed = synth_cmd->add_option("--table-game", table_game.seed,
                                          "instead of a scene: a whole table game from this seed (cards laid, turned, "
                                          "slid, covered by a hand, taken away)");
  seneschal::vision::synth::CrowdedTableOptions crowded;
  auto* crowded_seed = synth_cmd->add_option("--crowded", crowded.seed,
                                             "instead of a scene: a crowded table seen whole from this seed (--cards "
                                             "cards at once, one bowed or straightened every 5 frames)");
  synth_cmd->add_option("--cards", table_game.cards, "cards: table game 20-40, crowded table 1-200")->capture_default_str();
  synth_cmd->add_option("--seats", table_game.seats, "table game: seats, 2-4")->capture_default_str();
  bool hard_game = false;
  synth_cmd->add_flag("--hard", hard_game,
                      "table game: a hard one (a 900 x 560 mm table, version-2 codes, turning and pushed slides, arms "
                      "across the table, cards over cards, a moving lamp reflection, motion blur)");
  int synth_frames = 0;
  auto* frames_given = synth_cmd->add_option("--frames", synth_frames, "frames (table game 300, crowded table 1)");
  synth_cmd->add_option("--size", game_size, "frame size: table game 1280x720 or 1920x1080, crowded table any, e.g. 4056x3040")
      ->capture_default_str();
  synth_cmd->add_option("--code-mm", crowded.code_mm, "crowded table: side of each code (13 for a printed sticker)")
      ->capture_default_str();
  game_seed->excludes(crowded_seed);

  auto* games_cmd = app.add_subcommand("games", "list the games: rules version, seats and card count of each");

  auto* cards_cmd = app.add_subcommand("cards", "list a game's cards, or check a deck list");
  CardsOptions cards;
  cards_cmd->add_option("--game", cards.game, "a game id (seneschal games lists them)")->required();
  cards_cmd->add_option("--check-deck", cards.check_deck, "a deck list (<count> <title> per line) to check");
  cards.state_dir = default_state_dir();
  cards_cmd->add_option("--state-dir", cards.state_dir, "the table's named cards and answers, as the daemon keeps them")
      ->capture_default_str();

  auto* answers_cmd = app.add_subcommand(
      "answers", "the values the table told because no card data prints them: list, set (correct) or forget");
  answers_cmd->require_subcommand(1);
  answers_cmd->fallthrough();  // --state-dir after the action too: answers list --state-dir DIR
  AnswersOptions answers;
  answers.state_dir = default_state_dir();
  answers_cmd->add_option("--state-dir", answers.state_dir, "the state folder with card-answers.json")
      ->capture_default_str();
  auto* answers_list = answers_cmd->add_subcommand("list", "every told value and named card, a line each");
  answers_list->add_option("--game", answers.game, "only this game's");
  auto* answers_set = answers_cmd->add_subcommand("set", "keep a value: answers set --game r9e Hektor strength 4");
  answers_set->add_option("--game", answers.game, "a game id (seneschal games lists them)")->required();
  answers_set->add_option("card", answers.card, "the card's title or tag id")->required();
  answers_set->add_option("stat", answers.stat, "what is told: a stat (strength) or a word's name (region)")->required();
  answers_set->add_option("value", answers.value, "a whole number, or a word")->required();
  auto* answers_forget =
      answers_cmd->add_subcommand("forget", "forget a card's value (or all of them): the device asks again");
  answers_forget->add_option("--game", answers.game, "a game id (seneschal games lists them)")->required();
  answers_forget->add_option("card", answers.card, "the card's title or tag id")->required();
  answers_forget->add_option("stat", answers.stat, "only this value (default: every value told of the card)");

  auto* tags_cmd = app.add_subcommand("tags", "print QR tag stickers as a PDF");
  TagsOptions tags;
  tags_cmd->add_option("--game", tags.game, "a game id (seneschal games lists them)");
  tags_cmd->add_option("--deck", tags.deck, "one sticker per card copy in this deck list");
  tags_cmd->add_option("--cards", tags.cards, "or these cards: \"Hektor:2,Zahir\" (title:copies)");
  tags_cmd->add_option("--title", tags.title, "or this card; one no card data names is named at the table (with --type)");
  tags_cmd->add_option("--type", tags.type, "the type of a card named at the table (one of the game's types)");
  tags_cmd->add_option("--copies", tags.copies, "stickers for --title, copies 1 to N")->check(CLI::Range(1, 99))
      ->capture_default_str();
  tags.state_dir = default_state_dir();
  tags_cmd->add_option("--state-dir", tags.state_dir, "where the daemon keeps the table's cards and answers")
      ->capture_default_str();
  tags_cmd->add_flag("--calibration", tags.calibration, "or a ruler page with control, seat and corner tags");
  tags_cmd->add_option("--seats", tags.seats, "seat tags on the calibration page")->capture_default_str();
  tags_cmd->add_option("--paper", tags.paper, "a4 or letter")->capture_default_str();
  tags_cmd->add_option("--size", tags.size, "code size with its quiet zone: 18mm fits a card's margin, 24mm a sleeve insert")
      ->capture_default_str();
  tags_cmd->add_option("--out", tags.out, "the PDF to write")->required();

  auto* bench_cmd = app.add_subcommand("bench", "benchmarks that print figures and a signature");
  bench_cmd->require_subcommand(1);
  auto* bench_vision_cmd =
      bench_cmd->add_subcommand("vision", "every QR reader on the same frames: recall, misreads, ms per frame");
  auto* bench_table_cmd = bench_cmd->add_subcommand(
      "table", "generated table games through the daemon's table side: board accuracy, tracked and full scan ms");
  BenchTableCliOptions bench_table;
  bench_table_cmd->footer(
      "By default four hard games (900 x 560 mm table, version-2 codes, turning and pushed slides, arms across the "
      "table, cards over cards, a moving lamp reflection, motion blur): 1280x720 with 3 seats and 20 cards and with 4 "
      "seats and 40, 1920x1080 with 3 seats and 40 cards and with 4 seats and 20. --size, --seats or --cards pick "
      "from all eight games of those values instead. Printed per game: % of changes in the engine within 3 frames "
      "(all, removals included, and per kind: laid, turned, moved, taken away), card-frames missing from the "
      "engine's table in plain view, false lefts (under a hand), wrong seats and quarters, false turns, and the "
      "per-frame median and p95 ms of the tracked scan and of a full scan.");
  bench_table_cmd->add_option("--seed", bench_table.seed, "seed of the first game")->capture_default_str();
  bench_table_cmd->add_option("--frames", bench_table.frames, "frames per game")->capture_default_str();
  bench_table_cmd->add_option("--size", bench_table.size, "only games of this frame size: 1280x720 or 1920x1080");
  bench_table_cmd->add_option("--seats", bench_table.seats,
                              "only games with this many seats: 3 or 4 (4 with --classic)");
  bench_table_cmd->add_option("--cards", bench_table.cards, "only games with this many cards: 20 or 40");
  bench_table_cmd->add_flag("--classic", bench_table.classic,
                            "the older, easier games: a 600 x 338 mm table at 1280x720 (900 x 506 at 1920x1080), "
                            "version-1 codes, hands that touch no other code, slides that keep the card's angle");
  bench_table_cmd->add_flag("--json", bench_table.json, "one JSON line per game (the board's keys as replay --json's)");
  auto* bench_friction_cmd = bench_cmd->add_subcommand(
      "friction", "whole-game table scripts counted by what the table does: button acts per logged move");
  std::vector<std::string> friction_scripts;
  std::string friction_answers;
  bool friction_lines = false;
  bench_friction_cmd->footer(
      "With no script, the project's whole-game scripts (tests/data/scripts), each with the answers its README line "
      "gives it. A press is one act; a choice or a number costs the UP/DOWN presses and the OK the buttons need from "
      "where the highlight stands; card values told for the first time (once per deck) are counted apart.");
  bench_friction_cmd->add_option("scripts", friction_scripts, "table scripts to count")->check(CLI::ExistingFile);
  bench_friction_cmd->add_flag("--lines", friction_lines, "also list every line the buttons pay for, with its prompt");
  bench_friction_cmd->add_option("--answers", friction_answers, "a card-answers.json the given scripts start from")
      ->check(CLI::ExistingFile);
  BenchVisionCliOptions bench_vision;
  bench_vision.default_corpus_dir = SENESCHAL_SOURCE_DIR "/tests/data/zxing-qrcode";
  bench_vision_cmd->add_option("input", bench_vision.input,
                               "a recording (with truth.json), a folder of frames or a video; default: generated hard frames");
  bench_vision_cmd->add_option("--frames", bench_vision.frames, "generated frames")->capture_default_str();
  bench_vision_cmd->add_option("--seed", bench_vision.seed, "seed of the generated frames")->capture_default_str();
  bench_vision_cmd->add_option("--repeat", bench_vision.repeat, "timed passes after one warm-up pass")->capture_default_str();
  bench_vision_cmd->add_option("--corpus", bench_vision.corpus_dir,
                               "photo corpus folder (default with generated frames: tests/data/zxing-qrcode)");
  bench_vision_cmd->add_option("--crowded-frames", bench_vision.crowded_frames,
                               "frames per crowded table (40/60/100 cards at 720p, 1080p, 12 MP) with generated "
                               "frames; 0: none")
      ->capture_default_str();
  bench_vision_cmd->add_flag("--no-zxing-wasm", bench_vision.no_zxing_wasm,
                             "without the newest ZXing-cpp (npm's zxing-wasm under node, installed on first use)");

  auto* record_cmd = app.add_subcommand("record", "save a camera's frames and a capture log, to replay later");
  RecordOptions record;
  record_cmd->add_option("--source", record.source, "camera index, /dev/videoN, GStreamer pipeline, or a video")
      ->required();
  record_cmd->add_option("--out", record.out, "folder for frame-NNNNN.jpg and capture.jsonl")->required();
  std::string every = "200ms";
  record_cmd->add_option("--every", every, "keep a frame at most this often (e.g. 200ms)")->capture_default_str();
  record_cmd->add_option("--frames", record.frames, "stop after this many frames (default: until Ctrl-C)");
  record_cmd->add_option("--wait-s", record.wait_s, "give up when the camera gave no frame for this many seconds")
      ->check(CLI::Range(1, 3600))
      ->capture_default_str();

  auto* play_cmd = app.add_subcommand("play", "run a table script headless: a whole game without camera or buttons");
  PlayOptions play;
  play_cmd->add_option("--script", play.script, "the table script (README.md, Table scripts)")->required();
  play_cmd->add_option("--state-out", play.state_out, "write the JSON state here at the end, also when the script fails");
  play_cmd->add_option("--db", play.db, "keep the event log in this file; a log that holds a game continues it");
  play_cmd->add_flag("--log-text", play.log_text, "a transcript: each script line and the prompt it leads to");
  play_cmd->add_flag("--allow-refused", play.allow_refused, "a refused command is a warning, not the end of the run");
  play_cmd->add_flag("--show", play.show, "draw the table in a window after every line (a demo: README, Cutthroat Kingdoms)");
  play_cmd->add_option("--snapshots", play.snapshots, "draw the table after every line into PNGs in this folder");
  play_cmd->add_option("--step-ms", play.step_ms, "--show: how long each line's screen stays")
      ->check(CLI::Range(0, 60000))
      ->capture_default_str();
  play_cmd->add_option("--size", play.size, "the screen's size for --show and --snapshots")
      ->check(screen_size_check())
      ->capture_default_str();
  play_cmd->add_option("--answers", play.answers,
                       "a table's answers (a state folder's card-answers.json): its told values and named cards");
  play_cmd->add_option("--advance-idle-seconds", play.advance_idle_s,
                       "a prompt with nothing to decide moves on by itself after this long of `wait` (0: never)")
      ->check(CLI::Range(0, 60))
      ->capture_default_str();

  auto* export_cmd = app.add_subcommand("export", "print a game from its event log: JSON lines, or --text for people");
  ExportOptions export_options;
  export_cmd->add_option("--db", export_options.db, "the event log (SQLite)")->required();
  export_cmd->add_flag("--text", export_options.text, "the readable game record instead of JSON lines");

  auto* render_cmd = app.add_subcommand("render", "draw a saved state (play --state-out) as the screen shows it, to a PNG");
  RenderOptions render;
  render_cmd->add_option("--state", render.state, "the state JSON")->required();
  render_cmd->add_option("--size", render.size, "screen size WIDTHxHEIGHT (800x480, 1024x600, 1920x1080)")
      ->check(screen_size_check())
      ->capture_default_str();
  render_cmd->add_option("--out", render.out, "the PNG to write")->required();
  render_cmd->add_option("--now-ms", render.now_ms, "the clock running timers are read at (default: when it was saved)");

  auto* calibrate_cmd = app.add_subcommand(
      "calibrate", "find the table and the seats from the corner and seat tags laid on it, and save them to the config");
  CalibrateOptions calibrate;
  calibrate_cmd->add_option("--source", calibrate.source,
                            "camera index, /dev/videoN, GStreamer pipeline, a folder of frames or a video "
                            "(default: the config's camera.source)");
  calibrate_cmd->add_option("--config", calibrate.config,
                            std::string("the daemon's config, read and written (default: ") + kDefaultConfigPath + ")");
  calibrate_cmd->add_option("--table", calibrate.table,
                            "WxD: mm between the corner tags' centres, across and deep (default: the config's "
                            "corner_tags_mm)");
  calibrate_cmd->add_option("--seats", calibrate.seats, "seat tags to look for (default: the config's seats)");
  calibrate_cmd->add_option("--out", calibrate.out, "write the last frame's calibration screen to this PNG, no window");
  calibrate_cmd->add_flag("--save", calibrate.save, "save to the config as soon as a frame passes every check");
  calibrate_cmd->add_option("--frames", calibrate.frames, "stop after this many frames");

  auto* check_config_cmd = app.add_subcommand("check-config", "read the daemon's config file as seneschald would, without starting it");
  std::string config_path;
  check_config_cmd->add_option("file", config_path,
                               std::string("the config file (default: ") + kDefaultConfigPath + ")");

  if (auto code = parse_command_line(app, argc, argv)) return *code;
  if (record_cmd->parsed()) {
    if (every.size() > 2 && every.substr(every.size() - 2) == "ms") every.resize(every.size() - 2);
    try {
      std::size_t used = 0;
      record.every_ms = std::stoll(every, &used);
      if (used != every.size()) throw std::invalid_argument(every);
    } catch (const std::exception&) {
      log::error("--every {}: expected milliseconds, e.g. 200ms", every);
      return kExitUsage;
    }
    return run_record(record);
  }
  if (bench_vision_cmd->parsed()) return run_bench_vision_cli(bench_vision);
  if (bench_table_cmd->parsed()) return run_bench_table_cli(assets_dir, bench_table);
  if (bench_friction_cmd->parsed()) {
    return run_bench_friction_cli(assets_dir, friction_scripts, friction_answers,
                                  SENESCHAL_SOURCE_DIR "/tests/data/scripts", friction_lines);
  }
  if (replay_cmd->parsed()) return run_replay(input, json, truth_path, assets_dir, interval_ms);
  if (synth_cmd->parsed()) {
    std::optional<seneschal::Result<seneschal::vision::synth::Scene>> generated;
    if (game_seed->count() > 0 || crowded_seed->count() > 0) {
      const auto size = parse_camera_size(game_size);
      if (!size) {
        log::error("synth: --size {}: expected WIDTHxHEIGHT, e.g. 1920x1080", game_size);
        return kExitUsage;
      }
      if (game_seed->count() > 0) {
        if (hard_game) {
          auto hard = seneschal::vision::synth::TableGameOptions::hard();
          hard.seed = table_game.seed;
          hard.cards = table_game.cards;
          hard.seats = table_game.seats;
          table_game = hard;
        }
        table_game.width = static_cast<int>(size->width);
        table_game.height = static_cast<int>(size->height);
        if (frames_given->count() > 0) table_game.frames = synth_frames;
        generated = seneschal::vision::synth::make_table_game(table_game);
      } else {
        crowded.width = static_cast<int>(size->width);
        crowded.height = static_cast<int>(size->height);
        crowded.cards = table_game.cards;
        if (frames_given->count() > 0) crowded.frames = synth_frames;
        generated = seneschal::vision::synth::make_crowded_table(crowded);
      }
    }
    return run_synth(scene_path, out_dir, std::move(generated));
  }
  if (games_cmd->parsed()) return run_games(assets_dir);
  if (cards_cmd->parsed()) return run_cards(assets_dir, cards);
  if (tags_cmd->parsed()) return run_tags(assets_dir, tags);
  if (answers_cmd->parsed()) {
    answers.action = answers_list->parsed() ? "list" : answers_set->parsed() ? "set" : "forget";
    return run_answers(assets_dir, answers);
  }
  if (play_cmd->parsed()) return run_play(assets_dir, play);
  if (export_cmd->parsed()) return run_export(assets_dir, export_options);
  if (render_cmd->parsed()) return run_render(assets_dir, render);
  if (check_config_cmd->parsed()) return run_check_config(config_path);
  if (calibrate_cmd->parsed()) return run_calibrate(assets_dir, calibrate);
  return kExitUsage;
}
