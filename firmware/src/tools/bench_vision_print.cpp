// The figures of `seneschal bench vision` as a table for people.

#include <fmt/core.h>

#include "seneschal/firmware/tools/bench_vision.hpp"

namespace seneschal::firmware {
namespace {

template <class Figures>
const Figures* find_reader(const std::vector<Figures>& rows, Reader reader) {
  for (const auto& row : rows) {
    if (row.reader == reader) return &row;
  }
  return nullptr;
}

// "0.05 on the frames, 2.10 on the corpus": ours' median over the peer's, as "x ours" the other way.
std::string ours_over_peer(const BenchVisionReport& report) {
  std::string out;
  const auto add = [&](double ours, double peer, const char* where) {
    if (peer <= 0) return;
    out += fmt::format("{}{:.2f} on the {}", out.empty() ? "" : ", ", ours / peer, where);
  };
  if (const auto* peer = find_reader(report.readers, Reader::ZxingWasm); peer && !report.readers.empty()) {
    add(report.readers.front().timing.median_ms, peer->timing.median_ms, "frames");
  }
  if (const auto* peer = find_reader(report.corpus, Reader::ZxingWasm); peer && !report.corpus.empty()) {
    add(report.corpus.front().timing.median_ms, peer->timing.median_ms, "corpus");
  }
  return out;
}

}  // namespace

void print_bench_vision(const BenchVisionReport& report, std::FILE* out) {
  fmt::print(out, "cpu: {}\n", report.cpu);
  fmt::print(out, "frames: {}; 1 warm-up pass, {} timed passes\n", report.frames_description, report.repeat);
  const double ours_median = report.readers.empty() ? 0 : report.readers.front().timing.median_ms;
  fmt::print(out, "{:<24} {:>7} {:>6} {:>9} {:>9} {:>9} {:>7}\n", "reader", "recall", "found", "misreads", "median ms",
             "p95 ms", "x ours");
  for (const auto& r : report.readers) {
    const double ratio = ours_median > 0 ? r.timing.median_ms / ours_median : 0;
    if (r.truth) {
      fmt::print(out, "{:<24} {:>7.3f} {:>6} {:>9} {:>9.2f} {:>9.2f} {:>7.2f}\n", to_string(r.reader), r.truth->recall(),
                 fmt::format("{}/{}", r.truth->found, r.truth->visible), r.truth->misreads, r.timing.median_ms,
                 r.timing.p95_ms, ratio);
    } else {
      fmt::print(out, "{:<24} {:>7} {:>6} {:>9} {:>9.2f} {:>9.2f} {:>7.2f}\n", to_string(r.reader), "-", r.tags_read, "-",
                 r.timing.median_ms, r.timing.p95_ms, ratio);
    }
  }
  if (!report.peer_skipped.empty()) {
    fmt::print(out, "{} skipped: {}\n", to_string(Reader::ZxingWasm), report.peer_skipped);
  }
  if (report.union_zbar_zxing) {
    const auto& u = *report.union_zbar_zxing;
    fmt::print(out, "{:<24} {:>7.3f} {:>6} {:>9}   (reference: a tag found by zbar QR-only or zxing-cpp)\n",
               "union zbar-QR|zxing", u.recall(), fmt::format("{}/{}", u.found, u.visible), u.misreads);
  }
  if (!report.corpus.empty()) {
    fmt::print(out, "corpus: {}\n", report.corpus_dir);
    fmt::print(out, "{:<24} {:>9} {:>9} {:>9} {:>9}\n", "reader", "exact", "misreads", "median ms", "p95 ms");
    for (const auto& c : report.corpus) {
      fmt::print(out, "{:<24} {:>9} {:>9} {:>9.2f} {:>9.2f}\n", to_string(c.reader),
                 fmt::format("{}/{}", c.exact, c.images), c.misread, c.timing.median_ms, c.timing.p95_ms);
    }
  }
  if (!report.peer.empty()) {
    fmt::print(out, "{}: {}; its ms are node's, around readBarcodes alone\n", to_string(Reader::ZxingWasm), report.peer);
    if (const std::string ratio = ours_over_peer(report); !ratio.empty()) {
      fmt::print(out, "median ms, ours / {}: {}\n", to_string(Reader::ZxingWasm), ratio);
    }
  }
  print_bench_crowded(report.crowded, out);
  fmt::print(out, "signature: {} tags read by ours, hash {:016x}\n", report.signature_tags, report.signature_hash);
}

}  // namespace seneschal::firmware
