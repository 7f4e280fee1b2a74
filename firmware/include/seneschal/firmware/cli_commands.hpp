#pragma once
// The `seneschal` sub-commands that work on card data: listing cards, checking decks, printing
// tag sheets. Each returns the process exit code and says what went wrong on stderr.

#include <cstdint>
#include <string>
#include <vector>

namespace seneschal::firmware {

struct CardsOptions {
  std::string game;        // module id: r9e, cutthroat, nine, ostenard
  std::string check_deck;  // a deck list to check instead of listing the cards
  std::string state_dir;   // the table's named cards and answers (card-answers.json) laid over the data
};

struct TagsOptions {
  std::string game;
  std::string deck;          // print one sticker per card copy in this deck list
  std::string cards;         // or these: "Hektor:2,Zahir"
  std::string title;         // or this one card, named at the table when no card data has it
  std::string type;          // the type of a card named at the table
  std::string state_dir;     // where the table's named cards are kept (card-answers.json)
  int copies = 1;            // stickers for --title
  bool calibration = false;  // or the calibration page with the table's own tags
  int seats = 4;
  std::string paper = "a4";  // a4 | letter
  std::string size = "18mm";
  std::string out;
};

// `seneschal answers list|set|forget`: the table's told values in <state_dir>/card-answers.json.
struct AnswersOptions {
  std::string action;  // list, set, forget
  std::string game;
  std::string card;   // a title (any case) or a tag id
  std::string stat;   // set: the stat; forget: one stat, or empty for all of the card's
  std::string value;  // set: a whole number, or a word
  std::string state_dir;
};

// `seneschal bench vision [INPUT]` (see bench_vision.hpp).
struct BenchVisionCliOptions {
  std::string input;               // empty: generated hard frames and the photo corpus
  int frames = 40;
  unsigned seed = 1;
  int repeat = 3;
  std::string corpus_dir;          // --corpus; empty: default_corpus_dir without INPUT, none with
  std::string default_corpus_dir;  // the source tree's tests/data/zxing-qrcode
  bool no_zxing_wasm = false;      // --no-zxing-wasm: without the zxing-wasm peer (zxing_wasm_peer.hpp)
  int crowded_frames = 5;          // --crowded-frames: per crowded table with generated frames; 0 none
};

// `seneschal bench table` (see bench_table.hpp).
struct BenchTableCliOptions {
  unsigned seed = 1;
  int frames = 100;
  std::string size;      // --size WxH: only games of this frame size
  int seats = 0;         // --seats: only games with this many seats (0: any)
  int cards = 0;         // --cards: only games with this many cards (0: any)
  bool classic = false;  // --classic: the older, easier games (a 600 x 338 mm table at 720p, version-1 codes)
  bool json = false;     // --json: one JSON line per game
};

struct RecordOptions {
  std::string source;  // a camera (0, /dev/video0, a GStreamer pipeline), or a recording or video
  std::string out;
  std::int64_t every_ms = 200;  // keep a frame at most this often
  int frames = 0;               // stop after this many (0: until Ctrl-C)
  int wait_s = 20;              // give up when no frame came for this long
};

// `seneschal render --state FILE.json --size WxH --out screen.png`: any saved state (the JSON
// `seneschal play --state-out` writes) drawn as the device would show it.
struct RenderOptions {
  std::string state;
  std::string size = "800x480";
  std::string out;
  std::int64_t now_ms = -1;  // the clock timers are read at; -1: the file's saved_at_ms
};

int run_cards(const std::string& assets_dir, const CardsOptions& options);
int run_answers(const std::string& assets_dir, const AnswersOptions& options);
// `seneschal games`: every rules module with its rules version, seat range and card count.
int run_games(const std::string& assets_dir);
int run_record(const RecordOptions& options);
int run_tags(const std::string& assets_dir, const TagsOptions& options);
int run_bench_vision_cli(const BenchVisionCliOptions& options);
// `seneschal bench table`: generated table games through the daemon's table side (bench_table.hpp).
int run_bench_table_cli(const std::string& assets_dir, const BenchTableCliOptions& options);
// `seneschal bench friction [SCRIPT...]`: what each whole-game script costs the table in button
// acts per logged move (bench_friction.hpp); the project's own scripts when none is given.
// `lines`: also every line the buttons pay for.
int run_bench_friction_cli(const std::string& assets_dir, const std::vector<std::string>& scripts,
                           const std::string& answers, const std::string& default_scripts_dir, bool lines);
int run_render(const std::string& assets_dir, const RenderOptions& options);

}  // namespace seneschal::firmware
