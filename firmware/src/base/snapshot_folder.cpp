#include "seneschal/firmware/base/snapshot_folder.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <tuple>
#include <vector>

#include "seneschal/firmware/base/log.hpp"

namespace seneschal::firmware {
namespace {

namespace fs = std::filesystem;

constexpr const char* kRuns = "runs";

struct Snapshot {
  fs::path path;
  fs::file_time_type time;
  std::uintmax_t bytes = 0;
};

// "0000-start.png", "0012-frame-0031-Hektor.png", "10234-...png": the names the daemon gives.
bool is_snapshot_name(const std::string& name) {
  std::size_t digits = 0;
  while (digits < name.size() && std::isdigit(static_cast<unsigned char>(name[digits]))) ++digits;
  return digits >= 4 && digits < name.size() && name[digits] == '-' && name.size() > 4 &&
         name.compare(name.size() - 4, 4, ".png") == 0;
}

// The current run's snapshots, oldest first.
std::vector<Snapshot> current_run(const fs::path& dir) {
  std::vector<Snapshot> found;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code stat, time, size;
    if (!it->is_regular_file(stat) || !is_snapshot_name(it->path().filename().string())) continue;
    Snapshot s{it->path(), it->last_write_time(time), it->file_size(size)};
    if (!time && !size) found.push_back(std::move(s));
  }
  std::sort(found.begin(), found.end(),
            [](const Snapshot& a, const Snapshot& b) { return std::tie(a.time, a.path) < std::tie(b.time, b.path); });
  return found;
}

// The earlier runs' folders, oldest first: their names sort by time.
std::vector<fs::path> earlier_runs(const fs::path& dir) {
  std::vector<fs::path> runs;
  std::error_code ec;
  for (fs::directory_iterator it(dir / kRuns, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code stat;
    if (it->is_directory(stat) && it->path().filename().string().rfind("run-", 0) == 0) runs.push_back(it->path());
  }
  std::sort(runs.begin(), runs.end());
  return runs;
}

std::uintmax_t bytes_in(const fs::path& folder) {
  std::uintmax_t bytes = 0;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code stat, size;
    const std::uintmax_t file = it->is_regular_file(stat) ? it->file_size(size) : 0;
    if (!size) bytes += file;
  }
  return bytes;
}

// "run-20240501-101500-123": the UTC time of the run's first snapshot, to the millisecond.
std::string run_name(fs::file_time_type first) {
  const auto at = std::chrono::time_point_cast<std::chrono::milliseconds>(fs::file_time_type::clock::to_sys(first));
  const std::time_t seconds = std::chrono::system_clock::to_time_t(at);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[32];
  std::strftime(text, sizeof text, "run-%Y%m%d-%H%M%S", &utc);
  return fmt::format("{}-{:03d}", text, at.time_since_epoch().count() % 1000);
}

void remove_run(const fs::path& run) {
  std::error_code ec;
  fs::remove_all(run, ec);
  if (ec) log::warning("snapshots: cannot remove the old run {}: {}", run.string(), ec.message());
}

}  // namespace

std::string snapshot_name_part(std::string_view text, std::size_t max_chars) {
  std::string out;
  for (char c : text) {
    const bool kept = std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
    out += kept && static_cast<unsigned char>(c) < 0x80 ? c : '_';
  }
  if (out.size() <= max_chars) return out;
  std::uint32_t hash = 2166136261u;  // FNV-1a of the whole text, so cut names stay apart
  for (char c : text) hash = (hash ^ static_cast<unsigned char>(c)) * 16777619u;
  const std::size_t keep = max_chars > 9 ? max_chars - 9 : 0;
  return out.substr(0, keep) + fmt::format("-{:08x}", hash);
}

std::uintmax_t start_snapshot_run(const std::string& dir, const SnapshotLimits& limits) {
  const std::vector<Snapshot> before = current_run(dir);
  if (!before.empty()) {
    const fs::path runs = fs::path(dir) / kRuns;
    fs::path run = runs / run_name(before.front().time);
    std::error_code ec;
    for (int n = 2; fs::exists(run, ec); ++n) run = runs / (run_name(before.front().time) + "-" + std::to_string(n));
    fs::create_directories(run, ec);
    if (ec) log::warning("snapshots: cannot keep the last run's snapshots in {}: {}", run.string(), ec.message());
    for (const Snapshot& s : before) {
      if (ec) break;
      fs::rename(s.path, run / s.path.filename(), ec);
      if (ec) log::warning("snapshots: cannot move {} into {}: {}", s.path.string(), run.string(), ec.message());
    }
  }
  return prune_snapshots(dir, limits);
}

std::uintmax_t prune_snapshots(const std::string& dir, const SnapshotLimits& limits) {
  std::vector<fs::path> runs = earlier_runs(dir);
  const std::size_t keep_earlier = static_cast<std::size_t>(std::max(1, limits.keep_runs) - 1);
  while (runs.size() > keep_earlier) {
    remove_run(runs.front());
    runs.erase(runs.begin());
  }
  std::vector<std::uintmax_t> run_bytes;
  std::uintmax_t bytes = 0;
  for (const fs::path& run : runs) bytes += run_bytes.emplace_back(bytes_in(run));
  const std::vector<Snapshot> current = current_run(dir);
  for (const Snapshot& s : current) bytes += s.bytes;
  for (std::size_t i = 0; bytes > limits.keep_bytes && i < runs.size(); ++i) {
    remove_run(runs[i]);
    bytes -= run_bytes[i];
  }
  // The current run alone is over: its oldest pictures go, the newest stays.
  for (std::size_t i = 0; bytes > limits.keep_bytes && i + 1 < current.size(); ++i) {
    std::error_code ec;
    fs::remove(current[i].path, ec);
    if (ec) log::warning("snapshots: cannot remove {}: {}", current[i].path.string(), ec.message());
    bytes -= current[i].bytes;
  }
  return bytes;
}

}  // namespace seneschal::firmware
