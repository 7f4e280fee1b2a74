#pragma once
// `seneschal bench vision`: the vision issue's speed figures. Every reader (our pipeline, ZBar with
// its default config, ZBar QR-only, ZXing-cpp alone, both decoders without fallbacks) runs in one
// process on the same frames, decoded from JPEG once before any timing, so the figures compare
// readers and not file systems. Beside them, when node and npm are there, the newest ZXing-cpp
// (npm's zxing-wasm, zxing_wasm_peer.hpp) reads the same frames in the same run. Like Stockfish's
// bench it ends with a signature (tags read and a hash of what OUR pipeline read) that must not
// drift unnoticed; timing is a figure, never a verdict.

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include <opencv2/core/mat.hpp>

#include "seneschal/base/result.hpp"
#include "seneschal/firmware/tools/truth_eval.hpp"
#include "seneschal/vision/sighting.hpp"
#include "seneschal/vision/synth.hpp"

namespace seneschal::firmware {

// The frames every reader sees, already decoded, with the truth when there is one.
struct BenchFrameSet {
  std::string description;
  std::vector<std::string> names;
  std::vector<cv::Mat> images;  // BGR, as a camera delivers
  std::optional<vision::synth::RecordingTruth> truth;
};

// Hard 1280x720 frames ("hard" realism) with 4-8 card tags each, count, places and code size
// drawn from the seed; each frame goes through the JPEG round trip a camera file would.
Result<BenchFrameSet> generate_hard_frames(int frames, std::uint32_t seed);
// A recording folder with truth.json, or a folder/video without one (then only timing).
Result<BenchFrameSet> load_bench_frames(const std::string& input);

// A photo folder of the zxing corpus (qrcode-1 ...) with expected texts, read in greyscale.
struct CorpusImage {
  std::string name;      // "qrcode-2/05.png"
  cv::Mat image;         // grey
  std::string expected;  // whole message
  bool part = false;     // a structured-append part: a read must be a piece of expected
};
Result<std::vector<CorpusImage>> load_corpus(const std::string& dir);

class ZxingWasmPeer;

// ZxingWasm is the peer in node, not in this process: it is in no all_readers(), and in a report
// only when it ran.
enum class Reader { Ours, ZbarDefault, ZbarQr, Zxing, BothNoFallbacks, ZxingTwoThresholds, ZxingWasm };
std::string_view to_string(Reader reader);
// The readers of this process, Ours first.
std::vector<Reader> all_readers();

struct Timing {
  double median_ms = 0;
  double p95_ms = 0;
  int samples = 0;
};

// Median and 95th percentile of times in ms.
Timing summarize(std::vector<double> ms);

struct ReaderFigures {
  Reader reader = Reader::Ours;
  std::vector<std::vector<vision::Sighting>> reads;  // per frame, from the warm-up pass
  int tags_read = 0;
  std::optional<TruthReport> truth;  // when the frames have a truth
  Timing timing;                     // over all frames of all timed passes; the peer's as node measured
};

struct CorpusFigures {
  Reader reader = Reader::Ours;
  int images = 0;
  int exact = 0;
  int misread = 0;
  Timing timing;
};

// The crowded tables (bench_crowded.cpp): 40, 60 and 100 cards seen whole at 1280x720, 1920x1080
// and 4056x3040 (a Camera Module 3 still), made by synth::make_crowded_table. Each case is a short
// steady recording (one card bowed or straightened every fifth frame): our full scan and our
// tracking scanner read every frame, and the peer reads the same frames, so each case gives
// recall, misreads and median/p95 ms per frame for all three.
struct CrowdedCase {
  int width = 1920;
  int height = 1080;
  int cards = 40;
};

// 1280x720, 1920x1080 and 4056x3040, each with 40, 60 and 100 cards.
std::vector<CrowdedCase> crowded_cases();

struct CrowdedReader {
  TruthReport truth;
  Timing timing;
};

struct CrowdedFigures {
  CrowdedCase table;
  int frames = 0;
  double code_px = 0;  // a code's side in frame pixels
  CrowdedReader full;     // vision::Scanner on every frame
  CrowdedReader tracked;  // vision::TrackingScanner over the frames in order
  std::optional<CrowdedReader> peer;  // when the peer ran
};

// `frames` frames per case, from `seed`. The peer may be null (not asked for, or not there).
Result<std::vector<CrowdedFigures>> bench_crowded(const std::vector<CrowdedCase>& cases, int frames, std::uint32_t seed,
                                                  ZxingWasmPeer* peer);
void print_bench_crowded(const std::vector<CrowdedFigures>& figures, std::FILE* out);

struct BenchVisionOptions {
  std::string input;       // empty: generated hard frames
  int frames = 40;
  std::uint32_t seed = 1;
  int repeat = 3;          // timed passes after one warm-up pass
  std::string corpus_dir;  // empty: no corpus
  std::string zxing_wasm_dir;  // read.mjs's folder (default_zxing_wasm_dir()); empty: no peer
  int crowded_frames = 0;      // frames per crowded table (crowded_cases()); 0: none
};

struct BenchVisionReport {
  std::string cpu;  // the model line of /proc/cpuinfo
  std::string frames_description;
  int frames = 0;
  int repeat = 0;
  std::vector<ReaderFigures> readers;  // all_readers() order, Ours first; then the peer when it ran
  std::optional<TruthReport> union_zbar_zxing;  // a tag found by ZBar QR-only or ZXing-cpp
  std::vector<CorpusFigures> corpus;            // empty when no corpus ran
  std::string corpus_dir;
  std::string peer;          // what the peer was ("zxing-wasm 3.1.4 (ZXing-cpp ...), node v20...") when it ran
  std::string peer_skipped;  // why it did not run or stopped ("not asked for (--no-zxing-wasm)"); empty when it ran
  std::vector<CrowdedFigures> crowded;  // empty when no crowded tables ran
  // Ours: tags read over frames (and corpus), and FNV-1a of each frame's sorted payloads.
  int signature_tags = 0;
  std::uint64_t signature_hash = 0;
};

Result<BenchVisionReport> run_bench_vision(const BenchVisionOptions& options);
// With the frames already made (tests, or a caller that wants to keep them); PEER, when given, reads
// them too.
BenchVisionReport bench_frames(const BenchFrameSet& set, int repeat, const std::vector<CorpusImage>& corpus,
                               ZxingWasmPeer* peer = nullptr);
void print_bench_vision(const BenchVisionReport& report, std::FILE* out);

std::string cpu_model_line();
std::uint64_t fnv1a(std::string_view bytes, std::uint64_t hash = 1469598103934665603ull);

}  // namespace seneschal::firmware
