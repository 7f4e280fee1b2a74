// The zxing-wasm peer of `seneschal bench vision`: its install with npm, the node process, and
// the line protocol of zxing_wasm/read.mjs.

#include "seneschal/firmware/tools/zxing_wasm_peer.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <opencv2/imgproc.hpp>
#include <sstream>
#include <thread>

#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/base/printable.hpp"

extern char** environ;

namespace seneschal::firmware {
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

constexpr const char* kWhat = "zxing-wasm peer";
// Compiling the .wasm takes about a second on a PC; a frame takes milliseconds. A minute without
// an answer is a node that hangs, not a slow one.
constexpr int kAnswerTimeoutMs = 60'000;
constexpr std::size_t kLongestLine = 1u << 20;  // 255 reads of long texts are far below

// NAME's full path when an executable of that name is on PATH, else empty.
std::string find_on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path && *path ? path : "/usr/local/bin:/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    const fs::path candidate = fs::path(dir.empty() ? "." : dir) / name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return {};
}

// node's full path, or why there is none.
Result<std::string> find_node() {
  std::string node = find_on_path("node");
  if (node.empty()) {
    return fail(fmt::format("{}: node is not installed (no node on PATH); it needs node 20 or later and npm "
                            "(apt-get install nodejs npm)", kWhat));
  }
  return node;
}

std::string describe_status(int status) {
  if (WIFEXITED(status)) return fmt::format("exited with status {}", WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return fmt::format("was killed by signal {} ({})", WTERMSIG(status), strsignal(WTERMSIG(status)));
  return "ended";
}

// The child's wait status; after timeout_ms it is killed (by its pid: it is our own child).
int reap(pid_t pid, int timeout_ms) {
  const auto until = Clock::now() + std::chrono::milliseconds(timeout_ms);
  int status = 0;
  while (true) {
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid || (done < 0 && errno != EINTR)) return status;
    if (Clock::now() >= until) {
      ::kill(pid, SIGKILL);
      while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      return status;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

// Runs WORDS (found on PATH) with ACTIONS; the pid, or why it could not run.
Result<pid_t> spawn(const std::vector<std::string>& words, const posix_spawn_file_actions_t* actions) {
  std::vector<char*> argv;
  for (const std::string& word : words) argv.push_back(const_cast<char*>(word.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int rc = ::posix_spawnp(&pid, argv[0], actions, nullptr, argv.data(), environ);
  if (rc != 0) return fail(fmt::format("{}: cannot run {}: {}", kWhat, words[0], std::strerror(rc)));
  return pid;
}

// A descriptor above stderr: dup2 of a descriptor onto its own number would keep close-on-exec,
// and a bench started with stdin closed gets 0 from socketpair.
int above_stdio(int fd) {
  if (fd > 2) return fd;
  const int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
  ::close(fd);
  return moved;
}

// An exclusive flock on a file of the install folder: two benches, or ctest running tests side
// by side, must not run npm ci in one folder at once.
class FolderLock {
 public:
  explicit FolderLock(const fs::path& path) : fd_(::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644)) {
    if (fd_ >= 0) {
      while (::flock(fd_, LOCK_EX) != 0 && errno == EINTR) {
      }
    }
  }
  ~FolderLock() {
    if (fd_ >= 0) ::close(fd_);
  }
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;
  bool held() const { return fd_ >= 0; }

 private:
  int fd_;
};

// One answer line of read.mjs: {"ms": 1.5, "reads": [{"text": "...", "corners": [[x, y] x 4]}]}.
Result<PeerRead> parse_answer(const std::string& line, const std::string& when) {
  const auto bad = [&](std::string_view why) {
    return fail(fmt::format("{}: node's answer {} is not what read.mjs writes ({}): \"{}\"", kWhat, when, why,
                            printable(line)));
  };
  const auto json = nlohmann::json::parse(line, nullptr, false);
  if (json.is_discarded() || !json.is_object()) return bad("not a JSON object");
  const auto ms = json.find("ms");
  if (ms == json.end() || !ms->is_number()) return bad("no number \"ms\"");
  const auto reads = json.find("reads");
  if (reads == json.end() || !reads->is_array()) return bad("no list \"reads\"");
  PeerRead out;
  out.ms = ms->get<double>();
  for (const auto& read : *reads) {
    const auto text = read.find("text");
    const auto corners = read.find("corners");
    if (!read.is_object() || text == read.end() || !text->is_string()) return bad("a read without a \"text\"");
    if (corners == read.end() || !corners->is_array() || corners->size() != 4) return bad("a read without 4 \"corners\"");
    vision::Sighting s;
    s.payload = text->get<std::string>();
    for (std::size_t i = 0; i < 4; ++i) {
      const auto& xy = (*corners)[i];
      if (!xy.is_array() || xy.size() != 2 || !xy[0].is_number() || !xy[1].is_number()) return bad("a corner that is not [x, y]");
      s.corners[i] = {xy[0].get<float>(), xy[1].get<float>()};
    }
    s.angle_deg = vision::top_edge_angle(s.corners);
    out.sightings.push_back(std::move(s));
  }
  return out;
}

}  // namespace

// node and the two sockets to it. Sockets rather than pipes: a write to a node that died is then
// an EPIPE value (MSG_NOSIGNAL) instead of a SIGPIPE that would end the whole bench.
struct ZxingWasmPeer::Process {
  pid_t pid = -1;
  int to_node = -1;
  int from_node = -1;
  std::string pending;      // what node wrote after the last whole line
  std::string description;  // from the ready line
  std::string broken;       // why no read can succeed any more; empty while they can
  int frames = 0;

  Process(pid_t p, int to, int from) : pid(p), to_node(to), from_node(from) {}
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;
  ~Process() {
    if (to_node >= 0) ::close(to_node);  // node reads the end of its input and ends
    if (from_node >= 0) ::close(from_node);
    if (pid > 0) reap(pid, 2000);
  }

  // How node ended, once its output ended or broke.
  std::string ended() {
    if (pid <= 0) return "ended";
    const int status = reap(pid, 2000);
    pid = -1;
    return describe_status(status);
  }

  Result<void> send_all(const unsigned char* data, std::size_t size, const std::string& when) {
    const auto until = Clock::now() + std::chrono::milliseconds(kAnswerTimeoutMs);
    while (size > 0) {
      const ssize_t sent = ::send(to_node, data, size, MSG_NOSIGNAL | MSG_DONTWAIT);
      if (sent > 0) {
        data += sent;
        size -= static_cast<std::size_t>(sent);
        continue;
      }
      if (sent < 0 && errno == EINTR) continue;
      if (sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count();
        pollfd writable{to_node, POLLOUT, 0};
        if (left <= 0 || (::poll(&writable, 1, static_cast<int>(left)) == 0)) {
          return fail(fmt::format("{}: node took no input for {} s {}", kWhat, kAnswerTimeoutMs / 1000, when));
        }
        continue;
      }
      if (errno == EPIPE || errno == ECONNRESET) {
        return fail(fmt::format("{}: node {} {}; its messages are above", kWhat, ended(), when));
      }
      return fail(fmt::format("{}: writing to node {}: {}", kWhat, when, std::strerror(errno)));
    }
    return {};
  }

  Result<std::string> line(const std::string& when) {
    const auto until = Clock::now() + std::chrono::milliseconds(kAnswerTimeoutMs);
    while (true) {
      if (const auto end = pending.find('\n'); end != std::string::npos) {
        std::string out = pending.substr(0, end);
        pending.erase(0, end + 1);
        return out;
      }
      if (pending.size() > kLongestLine) {
        return fail(fmt::format("{}: node wrote more than {} bytes {} without ending the line: \"{}\"", kWhat,
                                kLongestLine, when, printable(pending)));
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count();
      pollfd readable{from_node, POLLIN, 0};
      const int ready = left > 0 ? ::poll(&readable, 1, static_cast<int>(left)) : 0;
      if (ready < 0 && errno == EINTR) continue;
      if (ready == 0) return fail(fmt::format("{}: node gave no answer within {} s {}", kWhat, kAnswerTimeoutMs / 1000, when));
      char buffer[65536];
      const ssize_t got = ::recv(from_node, buffer, sizeof buffer, MSG_DONTWAIT);
      if (got > 0) {
        pending.append(buffer, static_cast<std::size_t>(got));
      } else if (got == 0 || errno == ECONNRESET) {
        return fail(fmt::format("{}: node {} {}; its messages are above", kWhat, ended(), when));
      } else if (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK) {
        return fail(fmt::format("{}: reading from node {}: {}", kWhat, when, std::strerror(errno)));
      }
    }
  }
};

ZxingWasmPeer::ZxingWasmPeer(std::unique_ptr<Process> process) : process_(std::move(process)) {}
ZxingWasmPeer::ZxingWasmPeer(ZxingWasmPeer&& other) noexcept = default;
ZxingWasmPeer& ZxingWasmPeer::operator=(ZxingWasmPeer&& other) noexcept = default;
ZxingWasmPeer::~ZxingWasmPeer() = default;

const std::string& ZxingWasmPeer::description() const { return process_->description; }

Result<ZxingWasmPeer> ZxingWasmPeer::launch(const std::string& script, const std::string& install_dir) {
  auto node = find_node();
  if (!node) return fail(node.error().message);
  std::error_code ec;
  if (!fs::is_regular_file(script, ec)) return fail(fmt::format("{}: no script {}", kWhat, script));
  int to_node[2];
  int from_node[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, to_node) != 0) {
    return fail(fmt::format("{}: socketpair: {}", kWhat, std::strerror(errno)));
  }
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, from_node) != 0) {
    ::close(to_node[0]);
    ::close(to_node[1]);
    return fail(fmt::format("{}: socketpair: {}", kWhat, std::strerror(errno)));
  }
  for (int* fd : {&to_node[0], &to_node[1], &from_node[0], &from_node[1]}) *fd = above_stdio(*fd);
  // node's stdin and stdout are the sockets; its stderr is ours, so its messages reach the user.
  posix_spawn_file_actions_t actions;
  ::posix_spawn_file_actions_init(&actions);
  ::posix_spawn_file_actions_adddup2(&actions, to_node[1], STDIN_FILENO);
  ::posix_spawn_file_actions_adddup2(&actions, from_node[1], STDOUT_FILENO);
  auto pid = spawn({*node, script, install_dir}, &actions);
  ::posix_spawn_file_actions_destroy(&actions);
  ::close(to_node[1]);
  ::close(from_node[1]);
  if (!pid) {
    ::close(to_node[0]);
    ::close(from_node[0]);
    return fail(pid.error().message);
  }
  auto process = std::make_unique<Process>(*pid, to_node[0], from_node[0]);

  const std::string when = fmt::format("before it was ready (node {} {})", script, install_dir);
  auto ready = process->line(when);
  if (!ready) return fail(ready.error().message);
  const auto json = nlohmann::json::parse(*ready, nullptr, false);
  const auto flag = json.is_object() ? json.find("ready") : json.end();
  if (json.is_discarded() || !json.is_object() || flag == json.end() || *flag != true) {
    return fail(fmt::format("{}: node's first line is not read.mjs's ready line: \"{}\"", kWhat, printable(*ready)));
  }
  const auto field = [&](const char* key) {
    const auto it = json.find(key);
    return it != json.end() && it->is_string() ? it->get<std::string>() : std::string("?");
  };
  process->description = fmt::format("zxing-wasm {} (ZXing-cpp {}), node {}", field("zxing_wasm"),
                                     field("zxing_cpp").substr(0, 12), field("node"));
  return ZxingWasmPeer(std::move(process));
}

Result<ZxingWasmPeer> ZxingWasmPeer::start(const std::string& script_dir) {
  const fs::path script = fs::path(script_dir) / "read.mjs";
  std::error_code ec;
  if (!fs::is_regular_file(script, ec)) return fail(fmt::format("{}: no read.mjs in {}", kWhat, script_dir));
  if (auto node = find_node(); !node) return fail(node.error().message);  // before npm, which needs it too
  auto pin = zxing_wasm_pin(script_dir);
  if (!pin) return fail(pin.error().message);
  auto installed = install_zxing_wasm(script_dir, *pin);
  if (!installed) return fail(installed.error().message);
  return launch(script.string(), pin->install_dir);
}

Result<PeerRead> ZxingWasmPeer::read(const cv::Mat& frame) {
  Process& p = *process_;
  if (!p.broken.empty()) return fail(p.broken);
  if (frame.empty() || frame.depth() != CV_8U || (frame.channels() != 1 && frame.channels() != 3 && frame.channels() != 4)) {
    return fail(fmt::format("{}: frame {} is not an 8-bit grey, BGR or BGRA image", kWhat, p.frames));
  }
  cv::Mat grey;
  if (frame.channels() == 1) {
    grey = frame.isContinuous() ? frame : frame.clone();
  } else {
    cv::cvtColor(frame, grey, frame.channels() == 4 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
  }
  const std::string when = fmt::format("while reading frame {} ({}x{})", p.frames, grey.cols, grey.rows);
  ++p.frames;
  auto answer = [&]() -> Result<PeerRead> {
    const std::string header = fmt::format("{} {}\n", grey.cols, grey.rows);
    if (auto sent = p.send_all(reinterpret_cast<const unsigned char*>(header.data()), header.size(), when); !sent) {
      return fail(sent.error().message);
    }
    if (auto sent = p.send_all(grey.data, grey.total(), when); !sent) return fail(sent.error().message);
    auto line = p.line(when);
    if (!line) return fail(line.error().message);
    return parse_answer(*line, when);
  }();
  if (!answer) p.broken = answer.error().message;
  return answer;
}

std::string default_zxing_wasm_dir() {
  // A bench run from the build tree uses the script of the tree that built it; the package's
  // binary, built elsewhere, finds no such folder and uses its installed copy.
  std::error_code ec;
  if (fs::is_regular_file(SENESCHAL_SOURCE_ZXING_WASM "/read.mjs", ec)) return SENESCHAL_SOURCE_ZXING_WASM;
  return SENESCHAL_INSTALLED_ASSETS "/zxing-wasm";
}

Result<ZxingWasmPin> zxing_wasm_pin(const std::string& script_dir) {
  const fs::path package = fs::path(script_dir) / "package.json";
  auto text = read_text_file(package.string());
  if (!text) return fail(fmt::format("{}: {}", kWhat, text.error().message));
  const auto json = nlohmann::json::parse(*text, nullptr, false);
  std::string version;
  if (!json.is_discarded() && json.is_object()) {
    const auto dependencies = json.find("dependencies");
    if (dependencies != json.end() && dependencies->is_object()) {
      const auto pinned = dependencies->find("zxing-wasm");
      if (pinned != dependencies->end() && pinned->is_string()) version = pinned->get<std::string>();
    }
  }
  // One exact version: the install folder is named by it, and the figures must say what ran.
  const bool exact = !version.empty() && std::isdigit(static_cast<unsigned char>(version.front())) &&
                     version.find_first_not_of("0123456789.") == std::string::npos;
  if (!exact) {
    return fail(fmt::format("{}: {} must pin one exact zxing-wasm version in \"dependencies\" (\"zxing-wasm\": "
                            "\"3.1.4\"), not \"{}\"", kWhat, package.string(), printable(version)));
  }
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  fs::path cache;
  if (xdg && *xdg == '/') {
    cache = xdg;  // the XDG spec ignores a relative path
  } else if (home && *home) {
    cache = fs::path(home) / ".cache";
  } else {
    return fail(fmt::format("{}: neither XDG_CACHE_HOME nor HOME is set: no cache folder to install zxing-wasm into",
                            kWhat));
  }
  return ZxingWasmPin{version, (cache / "seneschal" / ("zxing-wasm-" + version)).string()};
}

Result<void> install_zxing_wasm(const std::string& script_dir, const ZxingWasmPin& pin) {
  const fs::path dir = pin.install_dir;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return fail(fmt::format("{}: cannot make {}: {}", kWhat, dir.string(), ec.message()));
  FolderLock lock(dir / ".lock");
  if (!lock.held()) return fail(fmt::format("{}: cannot lock {}: {}", kWhat, (dir / ".lock").string(), std::strerror(errno)));
  auto lock_file = read_text_file((fs::path(script_dir) / "package-lock.json").string());
  if (!lock_file) return fail(fmt::format("{}: {}", kWhat, lock_file.error().message));
  // The marker holds the lock file the folder was installed from, written only once npm ci
  // succeeded: an install cut short, or an older pin in the same folder, is installed again.
  const fs::path marker = dir / ".installed-from-lock";
  if (auto installed = read_text_file(marker.string()); installed && *installed == *lock_file &&
                                          fs::is_regular_file(dir / "node_modules/zxing-wasm/package.json", ec)) {
    return {};
  }
  fs::remove(marker, ec);
  for (const char* name : {"package.json", "package-lock.json"}) {
    fs::copy_file(fs::path(script_dir) / name, dir / name, fs::copy_options::overwrite_existing, ec);
    if (ec) return fail(fmt::format("{}: cannot copy {} to {}: {}", kWhat, name, dir.string(), ec.message()));
  }
  const std::string npm = find_on_path("npm");
  if (npm.empty()) {
    return fail(fmt::format("{}: npm is not installed (no npm on PATH); it installs zxing-wasm {} on first use "
                            "(apt-get install npm)", kWhat, pin.version));
  }
  log::notice("{}: installing zxing-wasm {} into {} with npm ci (only the first time)", kWhat, pin.version, dir.string());
  // npm's report goes to stderr: stdout is the bench's table. One retry, not npm's two with up to a
  // minute between: offline, every bench run would wait over a minute before going on without the peer.
  posix_spawn_file_actions_t actions;
  ::posix_spawn_file_actions_init(&actions);
  ::posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO);
  auto pid = spawn({npm, "ci", "--no-audit", "--no-fund", "--fetch-retries=1", "--prefix", dir.string()}, &actions);
  ::posix_spawn_file_actions_destroy(&actions);
  if (!pid) return fail(pid.error().message);
  int status = 0;
  while (::waitpid(*pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return fail(fmt::format("{}: npm ci of zxing-wasm {} into {} {} (offline? npm's messages are above)", kWhat,
                            pin.version, dir.string(), describe_status(status)));
  }
  const fs::path written = dir / ".installed-from-lock.tmp";
  std::ofstream(written, std::ios::binary) << *lock_file;
  fs::rename(written, marker, ec);
  if (ec) return fail(fmt::format("{}: cannot write {}: {}", kWhat, marker.string(), ec.message()));
  return {};
}

}  // namespace seneschal::firmware
