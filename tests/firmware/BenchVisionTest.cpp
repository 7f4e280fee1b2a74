// `seneschal bench vision` on a tiny generated set: the report's structure and that its counts
// agree with the truth evaluator. Never timing: a slow machine is a figure, not a failure.

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "seneschal/vision/scanner.hpp"

#include <cstdio>
#include <string>

#include "seneschal/firmware/tools/bench_vision.hpp"

namespace seneschal::firmware {
namespace {

TEST(BenchVisionTest, GeneratedFramesHaveFourToEightTagsAndTruth) {
  auto set = generate_hard_frames(3, 5);
  ASSERT_TRUE(set.has_value()) << set.error().message;
  ASSERT_EQ(set->images.size(), 3u);
  ASSERT_TRUE(set->truth.has_value());
  ASSERT_EQ(set->truth->frames.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(set->images[i].cols, 1280);
    EXPECT_EQ(set->images[i].rows, 720);
    EXPECT_EQ(set->truth->frames[i].frame, set->names[i]);
    const auto& f = set->truth->frames[i];
    const std::size_t on_table = f.payloads_visible.size() + f.hidden.size();
    EXPECT_GE(on_table, 4u);
    EXPECT_LE(on_table, 8u);
  }
}

TEST(BenchVisionTest, ReportCountsAgreeWithTheTruthEvaluator) {
  auto set = generate_hard_frames(3, 5);
  ASSERT_TRUE(set.has_value()) << set.error().message;
  const BenchVisionReport report = bench_frames(*set, 1, {});
  ASSERT_EQ(report.readers.size(), all_readers().size());
  EXPECT_EQ(report.readers.front().reader, Reader::Ours);
  EXPECT_EQ(report.frames, 3);
  for (const auto& r : report.readers) {
    SCOPED_TRACE(std::string(to_string(r.reader)));
    ASSERT_EQ(r.reads.size(), 3u);
    EXPECT_EQ(r.timing.samples, 3);
    EXPECT_LE(r.timing.median_ms, r.timing.p95_ms);
    ASSERT_TRUE(r.truth.has_value());
    TruthEvaluator evaluator(*set->truth);
    int read = 0;
    for (std::size_t i = 0; i < 3; ++i) {
      evaluator.add(set->names[i], r.reads[i]);
      read += static_cast<int>(r.reads[i].size());
    }
    const TruthReport expected = evaluator.finish();
    EXPECT_EQ(r.tags_read, read);
    EXPECT_EQ(r.truth->visible, expected.visible);
    EXPECT_EQ(r.truth->found, expected.found);
    EXPECT_EQ(r.truth->misreads, expected.misreads);
    EXPECT_LE(r.truth->found, r.truth->visible);
  }
  ASSERT_TRUE(report.union_zbar_zxing.has_value());
  const auto recall = [&](Reader reader) {
    for (const auto& r : report.readers) {
      if (r.reader == reader) return r.truth->found;
    }
    return -1;
  };
  EXPECT_GE(report.union_zbar_zxing->found, recall(Reader::ZbarQr));
  EXPECT_GE(report.union_zbar_zxing->found, recall(Reader::Zxing));
  EXPECT_LE(report.union_zbar_zxing->found, recall(Reader::ZbarQr) + recall(Reader::Zxing));
  EXPECT_EQ(report.signature_tags, report.readers.front().tags_read);
  EXPECT_TRUE(report.corpus.empty());
}

TEST(BenchVisionTest, SignatureIsRepeatable) {
  auto set = generate_hard_frames(2, 9);
  ASSERT_TRUE(set.has_value()) << set.error().message;
  const BenchVisionReport a = bench_frames(*set, 1, {});
  const BenchVisionReport b = bench_frames(*set, 1, {});
  EXPECT_EQ(a.signature_tags, b.signature_tags);
  EXPECT_EQ(a.signature_hash, b.signature_hash);
}

TEST(BenchVisionTest, PrintedReportNamesEveryReaderAndTheSignature) {
  auto set = generate_hard_frames(1, 3);
  ASSERT_TRUE(set.has_value()) << set.error().message;
  const BenchVisionReport report = bench_frames(*set, 1, {});
  char* buffer = nullptr;
  std::size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  ASSERT_NE(out, nullptr);
  print_bench_vision(report, out);
  std::fclose(out);
  const std::string text(buffer, size);
  std::free(buffer);
  EXPECT_NE(text.find("cpu: "), std::string::npos);
  for (const Reader reader : all_readers()) EXPECT_NE(text.find(std::string(to_string(reader))), std::string::npos);
  EXPECT_NE(text.find("union zbar-QR|zxing"), std::string::npos);
  EXPECT_NE(text.find("signature: "), std::string::npos);
}

TEST(BenchVisionTest, ZeroRepeatAndMissingInputAreClearErrors) {
  BenchVisionOptions options;
  options.frames = 1;
  options.repeat = 0;
  auto report = run_bench_vision(options);
  ASSERT_FALSE(report.has_value());
  EXPECT_NE(report.error().message.find("--repeat"), std::string::npos);
  options.repeat = 1;
  options.input = "/nonexistent/bench-input";
  report = run_bench_vision(options);
  ASSERT_FALSE(report.has_value());
  EXPECT_FALSE(report.error().message.empty());
}

TEST(BenchVisionTest, PeerThatCannotStartIsSkippedWithTheReason) {
  BenchVisionOptions options;
  options.frames = 1;
  options.repeat = 1;
  options.zxing_wasm_dir = "/nonexistent/zxing-wasm";
  auto report = run_bench_vision(options);
  ASSERT_TRUE(report.has_value()) << report.error().message;
  EXPECT_EQ(report->readers.size(), all_readers().size());
  EXPECT_TRUE(report->peer.empty());
  EXPECT_NE(report->peer_skipped.find("no read.mjs in /nonexistent/zxing-wasm"), std::string::npos) << report->peer_skipped;
  char* buffer = nullptr;
  std::size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  ASSERT_NE(out, nullptr);
  print_bench_vision(*report, out);
  std::fclose(out);
  const std::string text(buffer, size);
  std::free(buffer);
  EXPECT_NE(text.find(std::string(to_string(Reader::ZxingWasm)) + " skipped: zxing-wasm peer: no read.mjs in "),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("signature: "), std::string::npos);

  options.zxing_wasm_dir.clear();
  report = run_bench_vision(options);
  ASSERT_TRUE(report.has_value()) << report.error().message;
  EXPECT_EQ(report->peer_skipped, "not asked for (--no-zxing-wasm)");
}

}  // namespace
}  // namespace seneschal::firmware

namespace seneschal::firmware {
namespace {

// Why the default reads ZXing-cpp with two thresholds: on hard frames the fixed threshold finds
// tags the local one misses, and neither reads a tag that is not there.
TEST(ZxingThresholdsTest, FixedThresholdAddsReadsOnHardFramesWithoutMisreads) {
  auto set = generate_hard_frames(12, 1);
  ASSERT_TRUE(set.has_value()) << set.error().message;
  ASSERT_TRUE(set->truth.has_value());
  auto count = [&](vision::Thresholds thresholds, int& misreads) {
    vision::Scanner scanner(vision::ScannerOptions{vision::Decoder::Zxing, {}, thresholds});
    int found = 0;
    for (std::size_t i = 0; i < set->images.size(); ++i) {
      const auto& truth = set->truth->frames[i];
      std::set<std::string> foreign;  // flyers with other people's codes: readable, not ours
      for (const auto& tag : truth.foreign) foreign.insert(tag.payload);
      std::set<std::string> read;
      for (const auto& s : scanner.scan(set->images[i])) read.insert(s.payload);
      for (const auto& payload : read) {
        if (foreign.count(payload)) continue;
        const bool expected =
            std::find(truth.payloads_visible.begin(), truth.payloads_visible.end(), payload) != truth.payloads_visible.end();
        (expected ? found : misreads) += 1;
      }
    }
    return found;
  };
  int local_misreads = 0, both_misreads = 0;
  const int local = count(vision::Thresholds::Local, local_misreads);
  const int both = count(vision::Thresholds::LocalAndFixed, both_misreads);
  EXPECT_GT(both, local);
  EXPECT_EQ(local_misreads, 0);
  EXPECT_EQ(both_misreads, 0);
}

}  // namespace
}  // namespace seneschal::firmware
