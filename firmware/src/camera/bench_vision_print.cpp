// The figures of `seneschal bench vision` as a table for people.

#include <fmt/core.h>

#include "seneschal/firmware/bench_vision.hpp"

namespace seneschal::firmware {

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
  fmt::print(out, "signature: {} tags read by ours, hash {:016x}\n", report.signature_tags, report.signature_hash);
}

}  // namespace seneschal::firmware
