// The parent of `seneschal bench pi` (bench_pi.hpp): runs the child under callgrind, reads its
// dumps and prints instructions a frame per stage with the Pi milliseconds they come to.

#include "seneschal/firmware/tools/bench_pi.hpp"

#include <fmt/core.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

namespace seneschal::firmware {
namespace {

namespace fs = std::filesystem;

// Instructions a second of one core, for turning counts into milliseconds: a Pi 4's Cortex-A72 at
// 1.5-1.8 GHz runs about 1.5-2 G, a Pi 5's Cortex-A76 at 2.4 GHz about 4-5 G; the middle of each.
constexpr double kPi4PerSecond = 1.75e9;
constexpr double kPi5PerSecond = 4.5e9;

// The kinds of frame in the order they are printed, with their names in the table.
const std::vector<std::pair<std::string, std::string>>& kind_names() {
  static const std::vector<std::pair<std::string, std::string>> kinds = {
      {"steady", "steady"},       {"change", "one change"}, {"first", "first frame"},
      {"full scan", "full scan"}, {"jpeg", "JPEG decode"},  {"game", "game frame"}, {"screen", "screen 800x480"}};
  return kinds;
}

// Runs argv, waits; its exit status, or -1 when it could not be started.
int run_and_wait(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    ::execvp(argv[0], argv.data());
    ::_exit(127);
  }
  int status = 0;
  if (::waitpid(pid, &status, 0) < 0) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

std::int64_t PiFrames::total() const {
  std::int64_t sum = 0;
  for (const auto& [stage, count] : stages) {
    if (stage != "raster") sum += count;
  }
  return sum;
}

const std::vector<std::string>& pi_stages() {
  static const std::vector<std::string> stages = {"decode", "grey", "tracks", "change", "scan",   "stacking",
                                                  "look",   "stabilizer", "driver", "draw", "raster"};
  return stages;
}

Result<std::pair<std::string, std::int64_t>> read_callgrind_dump(const std::string& path) {
  std::ifstream in(path);
  if (!in) return fail("bench pi: cannot read the callgrind dump " + path);
  std::string trigger;
  // "totals:" is the sum of the dump's cost lines. The header's "summary:" should equal it, but
  // after instrumentation was stopped and started again valgrind 3.19 can write a wrapped-round
  // negative there (seen: 18446744073664270092 beside totals: 2506666); it is read only when a
  // dump has no totals line.
  std::optional<std::int64_t> totals, summary;
  const std::string trigger_key = "desc: Trigger: Client Request: ";
  const auto count = [&](const std::string& line, std::size_t from) -> std::optional<std::int64_t> {
    try {
      std::size_t used = 0;
      const long long value = std::stoll(line.substr(from), &used);
      if (value >= 0 && from + used == line.size()) return value;
    } catch (const std::exception&) {
    }
    return std::nullopt;
  };
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(trigger_key, 0) == 0) trigger = line.substr(trigger_key.size());
    if (line.rfind("totals: ", 0) == 0) {
      totals = count(line, 8);
      if (!totals) return fail(fmt::format("bench pi: {}: '{}' is no instruction count", path, line));
    }
    if (line.rfind("summary: ", 0) == 0) summary = count(line, 9);
  }
  const std::int64_t total = totals ? *totals : summary ? *summary : -1;
  if (total < 0) return fail("bench pi: " + path + " holds no summary: or totals: line (not a callgrind dump?)");
  return std::pair{trigger, total};
}

Result<std::pair<int, int>> parse_frame_size(const std::string& text) {
  int w = 0, h = 0;
  char x = 0, rest = 0;
  std::istringstream in(text);
  if (!(in >> w >> x >> h) || x != 'x' || (in >> rest) || w < 64 || h < 64 || w > 8192 || h > 8192)
    return fail("bench pi: size '" + text + "' is not WIDTHxHEIGHT (64 to 8192 pixels a side)");
  return std::pair{w, h};
}

namespace {

bool on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    if (!dir.empty() && ::access((fs::path(dir) / program).c_str(), X_OK) == 0) return true;
  }
  return false;
}

// The child's own arguments, after whatever runs it.
void add_child_arguments(const BenchPiOptions& options, std::vector<std::string>& args) {
  for (const std::string& a : {std::string("--work-dir"), options.work_dir, std::string("--assets"), options.assets_dir,
                               std::string("--seed"), std::to_string(options.seed), std::string("--frames"),
                               std::to_string(options.frames), std::string("--cards"), std::to_string(options.cards),
                               std::string("--game-frames"), std::to_string(options.game_frames),
                               std::string("--format"), options.format})
    args.push_back(a);
  for (const auto& [w, h] : options.sizes) {
    args.push_back("--size");
    args.push_back(fmt::format("{}x{}", w, h));
  }
  if (options.one_thread) args.push_back("--one-thread");
  if (!options.screen) args.push_back("--no-screen");
  if (options.marks) args.push_back("--marks");
}

Result<void> fresh_folder(const std::string& dir) {
  std::error_code error;
  fs::remove_all(dir, error);
  fs::create_directories(dir, error);
  if (error) return fail("bench pi: cannot make " + dir + ": " + error.message());
  return {};
}

// The cases the child wrote to reads.txt, with no counts yet.
Result<std::vector<PiCase>> read_cases(const std::string& work_dir) {
  std::vector<PiCase> cases;
  std::ifstream reads(work_dir + "/reads.txt");
  for (std::string line; std::getline(reads, line);) {
    std::stringstream fields(line);
    std::string index, name, truth, read, misread;
    std::getline(fields, index, '\t');
    std::getline(fields, name, '\t');
    fields >> truth >> read >> misread;
    PiCase c;
    c.name = name;
    if (truth != "-") {
      c.truth = std::stoi(truth);
      c.read = std::stoi(read);
      c.misread = std::stoi(misread);
    }
    cases.push_back(std::move(c));
  }
  if (cases.empty()) return fail("bench pi: the child wrote no case to " + work_dir + "/reads.txt");
  return cases;
}

// One dump, "pi|<case>|<kind>|<stage>", added to its case.
Result<void> add_dump(std::vector<PiCase>& cases, const std::string& dump_name, std::int64_t count) {
  std::stringstream name(dump_name);
  std::string tag, index, kind, stage;
  std::getline(name, tag, '|');
  std::getline(name, index, '|');
  std::getline(name, kind, '|');
  std::getline(name, stage, '|');
  if (tag != "pi") return {};
  const std::size_t i = std::stoul(index);
  if (i >= cases.size()) return fail("bench pi: a dump names case " + index + ", which the child did not write");
  PiFrames& frames = cases[i].kinds[kind];
  frames.stages[stage] += count;
  // Every frame of the tracked path dumps "grey" once, a drawn screen "draw" once; a full scan
  // alone and a decode dump once.
  if (stage == "grey" || stage == "draw" || kind == "full scan" || kind == "jpeg") ++frames.frames;
  return {};
}

}  // namespace

Result<std::vector<PiCase>> run_bench_pi(const BenchPiOptions& options, const std::string& child_exe) {
  if (::access(child_exe.c_str(), X_OK) != 0)
    return fail("bench pi: its child program " + child_exe + " is missing (it is built and installed with seneschal)");
  if (!on_path("valgrind"))
    return fail("bench pi: valgrind is not on PATH; it counts the instructions (Debian: apt-get install valgrind)");
  if (auto made = fresh_folder(options.work_dir); !made) return fail(made.error().message);
  std::vector<std::string> args = {"valgrind",
                                   "--tool=callgrind",
                                   "--instr-atstart=no",
                                   "--dump-instr=no",
                                   "--dump-line=no",
                                   "--callgrind-out-file=" + options.work_dir + "/cg.out",
                                   "--log-file=" + options.work_dir + "/valgrind.log",
                                   child_exe};
  BenchPiOptions child = options;
  child.marks = false;
  add_child_arguments(child, args);
  const int status = run_and_wait(args);
  if (status != 0) {
    return fail(fmt::format("bench pi: the run under callgrind failed (exit {}); valgrind's own words are in {}/valgrind.log",
                            status, options.work_dir));
  }
  auto cases = read_cases(options.work_dir);
  if (!cases) return cases;
  for (const auto& entry : fs::directory_iterator(options.work_dir)) {
    const std::string file = entry.path().filename().string();
    if (file.rfind("cg.out.", 0) != 0) continue;
    auto dump = read_callgrind_dump(entry.path().string());
    if (!dump) return fail(dump.error().message);
    if (auto added = add_dump(*cases, dump->first, dump->second); !added) return fail(added.error().message);
  }
  std::error_code error;
  fs::remove_all(options.work_dir, error);
  return cases;
}

Result<std::vector<PiCase>> run_bench_pi_qemu(const BenchPiOptions& options, const QemuCount& qemu) {
  if (::access(qemu.child.c_str(), X_OK) != 0) return fail("bench pi: no program " + qemu.child + " to run under qemu");
  if (::access(qemu.plugin.c_str(), R_OK) != 0)
    return fail("bench pi: the counting plugin " + qemu.plugin + " is missing (it is built beside seneschal)");
  if (!on_path(qemu.qemu) && ::access(qemu.qemu.c_str(), X_OK) != 0)
    return fail("bench pi: " + qemu.qemu + " is not on PATH (Debian's qemu-user; the -static build loads no plugins)");
  if (auto made = fresh_folder(options.work_dir); !made) return fail(made.error().message);
  const std::string marks = options.work_dir + "/marks.txt";
  std::vector<std::string> args = {qemu.qemu};
  if (!qemu.sysroot.empty()) {
    args.push_back("-L");
    args.push_back(qemu.sysroot);
  }
  args.push_back("-plugin");
  args.push_back(qemu.plugin + ",out=" + marks);
  args.push_back(qemu.child);
  BenchPiOptions child = options;
  child.marks = true;
  child.one_thread = true;  // the plugin's one counter is not added to atomically
  // No screen: Mesa's arm64 drivers under emulation were not tried; the drawing is counted on
  // this machine's build.
  child.screen = false;
  add_child_arguments(child, args);
  const int status = run_and_wait(args);
  if (status != 0) return fail(fmt::format("bench pi: the run under {} failed (exit {})", qemu.qemu, status));
  auto cases = read_cases(options.work_dir);
  if (!cases) return cases;
  std::vector<std::string> names;
  std::ifstream names_in(options.work_dir + "/marks.names");
  for (std::string line; std::getline(names_in, line);) names.push_back(line);
  std::ifstream counts(marks);
  std::size_t number = 0;
  std::int64_t count = 0;
  int seen = 0;
  while (counts >> number >> count) {
    if (number >= names.size()) return fail(fmt::format("bench pi: {} counts dump {}, which the child never named", marks, number));
    if (auto added = add_dump(*cases, names[number], count); !added) return fail(added.error().message);
    ++seen;
  }
  if (seen != static_cast<int>(names.size()))
    return fail(fmt::format("bench pi: the child marked {} dumps and the plugin counted {} ({})", names.size(), seen, marks));
  std::error_code error;
  fs::remove_all(options.work_dir, error);
  return cases;
}

void print_bench_pi(const std::vector<PiCase>& cases, std::FILE* out, const std::string& counted_by) {
  fmt::print(out,
             "Instructions a frame, in millions, per stage ({}); Pi ms at "
             "{:.2f} G instructions a second for a Pi 4 core and {:.1f} G for a Pi 5 core. The screen's raster is "
             "Mesa's software rasterizer here and a Pi's GPU's work there: not in the total.\n",
             counted_by, kPi4PerSecond / 1e9, kPi5PerSecond / 1e9);
  const auto& stages = pi_stages();
  for (const PiCase& c : cases) {
    fmt::print(out, "\n{}", c.name);
    if (c.truth > 0)
      fmt::print(out, ": the tracked path read {} of {} codes ({:.1f} %), {} misreads", c.read, c.truth,
                 100.0 * c.read / c.truth, c.misread);
    fmt::print(out, "\n  {:<12} {:>3}", "frames", "n");
    for (const std::string& s : stages) fmt::print(out, " {:>{}}", s, std::max<std::size_t>(6, s.size()));
    fmt::print(out, " {:>7} {:>8} {:>8}\n", "total", "Pi 4 ms", "Pi 5 ms");
    for (const auto& [kind, label] : kind_names()) {
      const auto it = c.kinds.find(kind);
      if (it == c.kinds.end() || it->second.frames == 0) continue;
      const PiFrames& f = it->second;
      fmt::print(out, "  {:<12} {:>3}", label, f.frames);
      for (const std::string& s : stages) {
        const auto st = f.stages.find(s);
        const int width = static_cast<int>(std::max<std::size_t>(6, s.size()));
        if (st == f.stages.end())
          fmt::print(out, " {:>{}}", "-", width);
        else
          fmt::print(out, " {:>{}.2f}", double(st->second) / f.frames / 1e6, width);
      }
      const double total = double(f.total()) / f.frames;
      fmt::print(out, " {:>7.2f} {:>8.1f} {:>8.1f}\n", total / 1e6, total / kPi4PerSecond * 1e3,
                 total / kPi5PerSecond * 1e3);
    }
  }
}

void print_bench_pi_builds(const std::vector<PiCase>& first, const std::string& first_name,
                           const std::vector<PiCase>& second, const std::string& second_name, std::FILE* out) {
  fmt::print(out, "\nMillions of instructions a frame: {} against {}, and the second over the first.\n", second_name,
             first_name);
  for (std::size_t i = 0; i < first.size() && i < second.size(); ++i) {
    fmt::print(out, "\n{}\n  {:<12} {:>10} {:>10} {:>7}   stages over 0.5 M ({} / {})\n", first[i].name, "frames",
               first_name, second_name, "ratio", second_name, first_name);
    for (const auto& [kind, label] : kind_names()) {
      const auto a = first[i].kinds.find(kind);
      const auto b = second[i].kinds.find(kind);
      if (a == first[i].kinds.end() || b == second[i].kinds.end() || a->second.frames == 0 || b->second.frames == 0)
        continue;
      const double x = double(a->second.total()) / a->second.frames, y = double(b->second.total()) / b->second.frames;
      fmt::print(out, "  {:<12} {:>10.2f} {:>10.2f} {:>7.2f}  ", label, x / 1e6, y / 1e6, y / x);
      for (const std::string& stage : pi_stages()) {
        const auto sa = a->second.stages.find(stage);
        const auto sb = b->second.stages.find(stage);
        if (sa == a->second.stages.end() || sb == b->second.stages.end()) continue;
        const double ma = double(sa->second) / a->second.frames, mb = double(sb->second) / b->second.frames;
        if (ma < 0.5e6) continue;
        fmt::print(out, " {} {:.2f}", stage, mb / ma);
      }
      fmt::print(out, "\n");
    }
  }
}

}  // namespace seneschal::firmware
