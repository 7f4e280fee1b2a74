// `seneschal bench vision`: runs every reader on the same decoded frames and gathers the figures.

#include "seneschal/firmware/tools/bench_vision.hpp"

#include <zbar.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <functional>
#include <opencv2/imgproc.hpp>

#include "seneschal/firmware/tools/zxing_wasm_peer.hpp"
#include "seneschal/vision/scanner.hpp"

namespace seneschal::firmware {
namespace {

using ReadFn = std::function<std::vector<vision::Sighting>(const cv::Mat&)>;

// ZBar as it comes, every symbology enabled: the peer a newcomer would try first. Not in the
// vision library on purpose (ours is QR-only); every symbol it reports counts, so a 1-D barcode
// found in table texture is an honest misread.
class ZbarDefault {
 public:
  std::vector<vision::Sighting> read(const cv::Mat& frame) {
    cv::Mat grey;
    if (frame.channels() == 1) {
      grey = frame.isContinuous() ? frame : frame.clone();
    } else {
      cv::cvtColor(frame, grey, frame.channels() == 4 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
    }
    std::vector<vision::Sighting> out;
    zbar::Image image(grey.cols, grey.rows, "Y800", grey.data, static_cast<unsigned long>(grey.total()));
    if (scanner_.scan(image) > 0) {
      for (auto symbol = image.symbol_begin(); symbol != image.symbol_end(); ++symbol) {
        vision::Sighting s;
        s.payload = symbol->get_data();
        const int n = symbol->get_location_size();
        if (n == 4) {
          // ZBar: top-left, bottom-left, bottom-right, top-right; ours go clockwise.
          constexpr int kIndex[4] = {0, 3, 2, 1};
          for (int i = 0; i < 4; ++i) {
            s.corners[static_cast<std::size_t>(i)] = {static_cast<float>(symbol->get_location_x(kIndex[i])),
                                                      static_cast<float>(symbol->get_location_y(kIndex[i]))};
          }
          const auto& c = s.corners;
          s.angle_deg = std::atan2(c[1].y - c[0].y, c[1].x - c[0].x) * 180.0 / M_PI;
          if (s.angle_deg < 0) s.angle_deg += 360.0;
        } else if (n > 0) {
          float x0 = 1e9f, y0 = 1e9f, x1 = -1e9f, y1 = -1e9f;
          for (int i = 0; i < n; ++i) {
            x0 = std::min(x0, static_cast<float>(symbol->get_location_x(static_cast<unsigned>(i))));
            y0 = std::min(y0, static_cast<float>(symbol->get_location_y(static_cast<unsigned>(i))));
            x1 = std::max(x1, static_cast<float>(symbol->get_location_x(static_cast<unsigned>(i))));
            y1 = std::max(y1, static_cast<float>(symbol->get_location_y(static_cast<unsigned>(i))));
          }
          s.corners = {vision::Point{x0, y0}, vision::Point{x1, y0}, vision::Point{x1, y1}, vision::Point{x0, y1}};
        }
        out.push_back(std::move(s));
      }
    }
    image.set_data(nullptr, 0);  // the pixels belong to grey
    return out;
  }

 private:
  zbar::ImageScanner scanner_;  // default config
};

ReadFn make_reader(Reader reader) {
  using vision::Decoder;
  auto scanner_fn = [](vision::ScannerOptions options) -> ReadFn {
    auto scanner = std::make_shared<vision::Scanner>(std::move(options));
    return [scanner](const cv::Mat& frame) { return scanner->scan(frame); };
  };
  switch (reader) {
    case Reader::Ours: return scanner_fn(vision::ScannerOptions{});
    case Reader::ZbarDefault: {
      auto zbar = std::make_shared<ZbarDefault>();
      return [zbar](const cv::Mat& frame) { return zbar->read(frame); };
    }
    case Reader::ZbarQr: return scanner_fn(vision::ScannerOptions{Decoder::Zbar, {}});
    case Reader::Zxing: return scanner_fn(vision::ScannerOptions{Decoder::Zxing, {}, vision::Thresholds::Local});
    case Reader::BothNoFallbacks: return scanner_fn(vision::ScannerOptions{Decoder::Both, {}});
    case Reader::ZxingTwoThresholds:
      return scanner_fn(vision::ScannerOptions{Decoder::Zxing, {}, vision::Thresholds::LocalAndFixed});
    case Reader::ZxingWasm: break;  // in node: timed(ZxingWasmPeer&)
  }
  return {};
}


// A frame read and how long the reader took over it.
struct TimedRead {
  std::vector<vision::Sighting> sightings;
  double ms = 0;
};
using TimedReadFn = std::function<Result<TimedRead>(const cv::Mat&)>;

// Our readers, timed by our clock around the call.
TimedReadFn timed(ReadFn read) {
  return [read = std::move(read)](const cv::Mat& image) -> Result<TimedRead> {
    const auto t0 = std::chrono::steady_clock::now();
    auto sightings = read(image);
    return TimedRead{std::move(sightings),
                     std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count()};
  };
}

// The peer, timed by node around readBarcodes: the socket and the JSON are the harness's cost,
// not the reader's.
TimedReadFn timed(ZxingWasmPeer& peer) {
  return [&peer](const cv::Mat& image) -> Result<TimedRead> {
    auto read = peer.read(image);
    if (!read) return fail(read.error().message);
    return TimedRead{std::move(read->sightings), read->ms};
  };
}

// One untimed warm-up pass (whose reads are scored: every pass reads the same), then `repeat`
// timed passes over all images. A read that fails (a node that died) ends the figures.
Result<Timing> measure(const TimedReadFn& read, const std::vector<cv::Mat>& images, int repeat,
                       std::vector<std::vector<vision::Sighting>>& reads) {
  reads.clear();
  for (const cv::Mat& image : images) {
    auto got = read(image);
    if (!got) return fail(got.error().message);
    reads.push_back(std::move(got->sightings));
  }
  std::vector<double> ms;
  for (int pass = 0; pass < repeat; ++pass) {
    for (const cv::Mat& image : images) {
      auto got = read(image);
      if (!got) return fail(got.error().message);
      ms.push_back(got->ms);
    }
  }
  return summarize(std::move(ms));
}

ReaderFigures frame_figures(Reader reader, const BenchFrameSet& set, std::vector<std::vector<vision::Sighting>> reads,
                            Timing timing) {
  ReaderFigures figures;
  figures.reader = reader;
  figures.reads = std::move(reads);
  figures.timing = timing;
  for (const auto& r : figures.reads) figures.tags_read += static_cast<int>(r.size());
  if (set.truth) {
    TruthEvaluator evaluator(*set.truth);
    for (std::size_t i = 0; i < set.images.size(); ++i) evaluator.add(set.names[i], figures.reads[i]);
    figures.truth = evaluator.finish();
  }
  return figures;
}

// Exact when a read is the whole expected text (or, for a structured-append part, a piece of it);
// a misread when the image has reads and none is right.
CorpusFigures corpus_figures(Reader reader, const std::vector<CorpusImage>& corpus,
                             const std::vector<std::vector<vision::Sighting>>& reads, Timing timing) {
  CorpusFigures figures;
  figures.reader = reader;
  figures.images = static_cast<int>(corpus.size());
  figures.timing = timing;
  for (std::size_t i = 0; i < corpus.size(); ++i) {
    bool exact = false;
    bool other = false;
    for (const auto& s : reads[i]) {
      const bool right = corpus[i].part ? !s.payload.empty() && corpus[i].expected.find(s.payload) != std::string::npos
                                        : s.payload == corpus[i].expected;
      (right ? exact : other) = true;
    }
    if (exact) {
      ++figures.exact;
    } else if (other) {
      ++figures.misread;
    }
  }
  return figures;
}

// One frame's payloads into the signature, sorted so that order within a frame is moot.
void sign(const std::vector<vision::Sighting>& reads, std::uint64_t& hash, int& tags) {
  std::vector<std::string> payloads;
  for (const auto& s : reads) payloads.push_back(s.payload);
  std::sort(payloads.begin(), payloads.end());
  for (const auto& p : payloads) hash = fnv1a(p + '\n', hash);
  hash = fnv1a("\x1e", hash);
  tags += static_cast<int>(payloads.size());
}

vision::Point centre(const vision::Sighting& s) {
  vision::Point c;
  for (const auto& p : s.corners) {
    c.x += p.x / 4.0f;
    c.y += p.y / 4.0f;
  }
  return c;
}

// What either reader found: all of a's reads, and b's that a did not read at about the same place.
std::vector<vision::Sighting> union_of(const std::vector<vision::Sighting>& a, const std::vector<vision::Sighting>& b) {
  std::vector<vision::Sighting> out = a;
  for (const auto& s : b) {
    const vision::Point c = centre(s);
    const bool seen = std::any_of(a.begin(), a.end(), [&](const vision::Sighting& t) {
      const vision::Point d = centre(t);
      return t.payload == s.payload && std::hypot(c.x - d.x, c.y - d.y) < 20.0f;
    });
    if (!seen) out.push_back(s);
  }
  return out;
}

const ReaderFigures* find(const BenchVisionReport& report, Reader reader) {
  for (const auto& r : report.readers) {
    if (r.reader == reader) return &r;
  }
  return nullptr;
}

}  // namespace

Timing summarize(std::vector<double> ms) {
  Timing t;
  t.samples = static_cast<int>(ms.size());
  if (ms.empty()) return t;
  std::sort(ms.begin(), ms.end());
  const std::size_t n = ms.size();
  t.median_ms = n % 2 ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2.0;
  const std::size_t p95 = static_cast<std::size_t>(std::ceil(0.95 * static_cast<double>(n))) - 1;
  t.p95_ms = ms[std::min(p95, n - 1)];
  return t;
}

std::string_view to_string(Reader reader) {
  switch (reader) {
    case Reader::Ours: return "ours (default)";
    case Reader::ZbarDefault: return "zbar default config";
    case Reader::ZbarQr: return "zbar QR-only";
    case Reader::Zxing: return "zxing-cpp";
    case Reader::BothNoFallbacks: return "both, no fallbacks";
    case Reader::ZxingTwoThresholds: return "zxing, two thresholds";
    // Which ZXing-cpp is the pin's (zxing_wasm/package.json); the report's peer line names it.
    case Reader::ZxingWasm: return "zxing-cpp (wasm)";
  }
  return "?";
}

std::vector<Reader> all_readers() {
  return {Reader::Ours, Reader::ZbarDefault, Reader::ZbarQr, Reader::Zxing, Reader::BothNoFallbacks,
          Reader::ZxingTwoThresholds};
}

std::uint64_t fnv1a(std::string_view bytes, std::uint64_t hash) {
  for (const unsigned char c : bytes) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return hash;
}

std::string cpu_model_line() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  std::string fallback;
  while (std::getline(in, line)) {
    // x86: "model name"; a Raspberry Pi: "Model" (the board), or only "CPU part" per core.
    if (line.rfind("model name", 0) == 0 || line.rfind("Model", 0) == 0) return line;
    if (fallback.empty() && (line.rfind("Hardware", 0) == 0 || line.rfind("CPU part", 0) == 0)) fallback = line;
  }
  return fallback.empty() ? "unknown CPU" : fallback;
}

BenchVisionReport bench_frames(const BenchFrameSet& set, int repeat, const std::vector<CorpusImage>& corpus,
                               ZxingWasmPeer* peer) {
  BenchVisionReport report;
  report.cpu = cpu_model_line();
  report.frames_description = set.description;
  report.frames = static_cast<int>(set.images.size());
  report.repeat = repeat;
  for (const Reader reader : all_readers()) {
    std::vector<std::vector<vision::Sighting>> reads;
    // In-process readers do not fail.
    const Timing timing = measure(timed(make_reader(reader)), set.images, repeat, reads).value();
    report.readers.push_back(frame_figures(reader, set, std::move(reads), timing));
  }
  const ReaderFigures* zbar = find(report, Reader::ZbarQr);
  const ReaderFigures* zxing = find(report, Reader::Zxing);
  if (set.truth && zbar && zxing) {
    TruthEvaluator evaluator(*set.truth);
    for (std::size_t i = 0; i < set.images.size(); ++i) {
      evaluator.add(set.names[i], union_of(zxing->reads[i], zbar->reads[i]));
    }
    report.union_zbar_zxing = evaluator.finish();
  }

  // The peer reads the frames and then the corpus; if node dies on the way, neither of its rows
  // is shown (a row over part of the frames would not compare) and the report says why.
  std::optional<ReaderFigures> peer_frames;
  std::optional<CorpusFigures> peer_corpus;
  if (peer) {
    std::vector<std::vector<vision::Sighting>> reads;
    auto timing = measure(timed(*peer), set.images, repeat, reads);
    if (timing) peer_frames = frame_figures(Reader::ZxingWasm, set, std::move(reads), *timing);
    if (timing && !corpus.empty()) {
      std::vector<cv::Mat> images;
      for (const auto& c : corpus) images.push_back(c.image);
      timing = measure(timed(*peer), images, repeat, reads);
      if (timing) peer_corpus = corpus_figures(Reader::ZxingWasm, corpus, reads, *timing);
    }
    if (timing) {
      report.peer = peer->description();
    } else {
      report.peer_skipped = timing.error().message;
      peer_frames.reset();
    }
  }
  if (peer_frames) report.readers.push_back(std::move(*peer_frames));

  // The signature: what our pipeline read, frame by frame, then corpus image by image.
  std::uint64_t hash = fnv1a("");
  for (const auto& frame_reads : report.readers.front().reads) sign(frame_reads, hash, report.signature_tags);

  if (!corpus.empty()) {
    std::vector<cv::Mat> images;
    for (const auto& c : corpus) images.push_back(c.image);
    for (const Reader reader : all_readers()) {
      std::vector<std::vector<vision::Sighting>> reads;
      const Timing timing = measure(timed(make_reader(reader)), images, repeat, reads).value();
      report.corpus.push_back(corpus_figures(reader, corpus, reads, timing));
      if (reader == Reader::Ours) {
        for (const auto& image_reads : reads) sign(image_reads, hash, report.signature_tags);
      }
    }
    if (peer_corpus) report.corpus.push_back(*peer_corpus);
  }
  report.signature_hash = hash;
  return report;
}

Result<BenchVisionReport> run_bench_vision(const BenchVisionOptions& options) {
  if (options.repeat < 1) return fail("bench vision: --repeat must be at least 1");
  Result<BenchFrameSet> set = options.input.empty() ? generate_hard_frames(options.frames, options.seed)
                                                    : load_bench_frames(options.input);
  if (!set) return fail(set.error().message);
  std::vector<CorpusImage> corpus;
  if (!options.corpus_dir.empty()) {
    auto loaded = load_corpus(options.corpus_dir);
    if (!loaded) return fail(loaded.error().message);
    corpus = std::move(*loaded);
  }
  // The peer is a figure beside ours, never a reason to fail the bench: when it cannot start the
  // report says why and the rest runs as before.
  std::optional<ZxingWasmPeer> peer;
  std::string peer_skipped = "not asked for (--no-zxing-wasm)";
  if (!options.zxing_wasm_dir.empty()) {
    auto started = ZxingWasmPeer::start(options.zxing_wasm_dir);
    if (started) {
      peer.emplace(std::move(*started));
    } else {
      peer_skipped = started.error().message;
    }
  }
  BenchVisionReport report = bench_frames(*set, options.repeat, corpus, peer ? &*peer : nullptr);
  if (!peer) report.peer_skipped = peer_skipped;
  report.corpus_dir = options.corpus_dir;
  if (options.crowded_frames > 0) {
    auto crowded = bench_crowded(crowded_cases(), options.crowded_frames, options.seed, peer ? &*peer : nullptr);
    if (!crowded) return fail(crowded.error().message);
    report.crowded = std::move(crowded).value();
  }
  return report;
}

}  // namespace seneschal::firmware
