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

// `seneschal review --db FILE`: a finished game stepped through as the device drew it, in a
// window, or with `out` (or without a display) as a picture of every step.
struct ReviewOptions {
  std::string db;
  std::string size = "800x480";
  std::string out;      // the pictures' folder; "" a window when there is a display
  std::string answers;  // a table's card-answers.json (play --answers); "" the one beside the log, if any
  int at = -1;          // the step to open at (0 the start, N after move N); with out, the only picture; -1 none
  std::string language;  // the screen's words: en, de, fr, es; "" the locale's (--language)
};

int run_cards(const std::string& assets_dir, const CardsOptions& options);
int run_answers(const std::string& assets_dir, const AnswersOptions& options);
// `seneschal games`: every rules module with its rules version, seat range and card count.
int run_games(const std::string& assets_dir);
int run_record(const RecordOptions& options);
int run_tags(const std::string& assets_dir, const TagsOptions& options);
int run_render(const std::string& assets_dir, const RenderOptions& options);
int run_review(const std::string& assets_dir, const ReviewOptions& options);

}  // namespace seneschal::firmware
