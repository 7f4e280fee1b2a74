// seneschald as systemd runs it: a separate process with NOTIFY_SOCKET set to a datagram socket
// this test binds (systemd's side), signalled as `systemctl reload` and `systemctl stop` do.
// There is no camera on the test machine, so /dev/video63 stands for a camera that is not there:
// exactly the boot self-test's failure case.

#include <gtest/gtest.h>
#include <signal.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <opencv2/imgcodecs.hpp>
#include <string>
#include <thread>
#include <vector>

#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"
#include "seneschal/vision/synth.hpp"

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// systemd's notify socket, and the daemon started with it; the daemon's stderr goes to a file.
class DaemonLifecycleTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char dir_template[] = "/tmp/seneschal-life-XXXXXX";  // sun_path is short
    ASSERT_NE(::mkdtemp(dir_template), nullptr) << std::strerror(errno);
    socket_dir_ = dir_template;
    const std::string path = socket_dir_ + "/notify";
    fd_ = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    ASSERT_GE(fd_, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::strncpy(address.sun_path, path.c_str(), sizeof(address.sun_path) - 1);
    ASSERT_EQ(::bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof(address)), 0) << std::strerror(errno);
    notify_path_ = path;
  }

  void TearDown() override {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (fd_ >= 0) ::close(fd_);
    std::error_code ec;
    fs::remove_all(socket_dir_, ec);
  }

  void start(std::vector<std::string> args) {
    log_ = dir_.file("daemon.log");
    args.insert(args.begin(), SENESCHALD_PATH);
    pid_ = ::fork();
    ASSERT_GE(pid_, 0);
    if (pid_ == 0) {
      ::setenv("NOTIFY_SOCKET", notify_path_.c_str(), 1);
      const int out = ::open(log_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      ::dup2(out, 1);
      ::dup2(out, 2);
      std::vector<char*> argv;
      for (std::string& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
  }

  // Datagrams until one holds `wanted`; all of them, joined, for the failure message.
  bool wait_for(const std::string& wanted, std::chrono::seconds within, std::string* seen = nullptr) {
    const auto until = std::chrono::steady_clock::now() + within;
    while (std::chrono::steady_clock::now() < until) {
      timeval timeout{0, 200'000};
      ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof(timeout));
      char buffer[4096];
      const ssize_t n = ::recv(fd_, buffer, sizeof(buffer), 0);
      if (n <= 0) continue;
      const std::string message(buffer, static_cast<std::size_t>(n));
      if (seen) *seen += message + "\n";
      if (message.find(wanted) != std::string::npos) return true;
    }
    return false;
  }

  // SIGTERM, then the exit code (-1: killed or did not exit within 20 s).
  int stop() {
    ::kill(pid_, SIGTERM);
    for (int i = 0; i < 200; ++i) {
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      std::this_thread::sleep_for(100ms);
    }
    return -1;
  }

  std::string log() const { return read_file(log_); }

  std::vector<std::string> common_args() {
    return {"--headless", "--buttons", "none", "--source", "/dev/video63", "--state-dir", dir_.file("state"),
            "--snapshot-dir", dir_.file("shots")};
  }

  seneschal::test::TempDir dir_;
  std::string socket_dir_, notify_path_, log_;
  int fd_ = -1;
  pid_t pid_ = -1;
};

// The share of pixels in the failure card's vermillion (palette::refused, BGR 0,94,213).
double vermillion_share(const std::string& png) {
  const cv::Mat image = cv::imread(png, cv::IMREAD_COLOR);
  if (image.empty()) return -1;
  int hits = 0;
  for (int y = 0; y < image.rows; ++y) {
    for (int x = 0; x < image.cols; ++x) {
      const cv::Vec3b p = image.at<cv::Vec3b>(y, x);
      hits += std::abs(p[0] - 0) < 24 && std::abs(p[1] - 94) < 24 && std::abs(p[2] - 213) < 24;
    }
  }
  return static_cast<double>(hits) / (image.rows * image.cols);
}

TEST_F(DaemonLifecycleTest, SelfTestFailureIsShownOnTheScreenNotABlankPicture) {
  std::vector<std::string> args = common_args();
  args.insert(args.end(), {"--self-test-seconds", "1"});
  start(args);
  std::string said;
  ASSERT_TRUE(wait_for("READY=1", 60s, &said)) << said << log();

  // The snapshot of the failure, named for it.
  std::string shot;
  for (int i = 0; i < 150 && shot.empty(); ++i) {
    std::this_thread::sleep_for(100ms);
    for (const auto& entry : fs::directory_iterator(dir_.file("shots"))) {
      if (entry.path().filename().string().find("No_picture_from_the_camera") != std::string::npos) {
        shot = entry.path().string();
      }
    }
  }
  ASSERT_FALSE(shot.empty()) << log();
  EXPECT_GT(vermillion_share(shot), 0.01) << shot << ": the failure card's frame and title";
  EXPECT_LT(vermillion_share(dir_.file("shots") + "/0000-start.png"), 0.002) << "the board before the check failed";
  // systemctl status says it too.
  EXPECT_TRUE(wait_for("self-test failed: No picture from the camera: camera /dev/video63", 12s, &said)) << said;

  EXPECT_EQ(stop(), 0) << log();
  const std::string out = log();
  EXPECT_NE(out.find("error: self-test failed: No picture from the camera: camera /dev/video63: cannot be opened"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("stopped:"), std::string::npos) << out;
}

// A live source through the same path a Camera Module takes (a GStreamer pipeline into OpenCV),
// with GStreamer's test pattern standing in for the sensor: pictures come at the camera's pace,
// the self-test passes on them, and systemd hears the camera's frame rate.
TEST_F(DaemonLifecycleTest, LiveGStreamerCameraPassesTheSelfTest) {
  const std::string pipeline =
      "videotestsrc is-live=true pattern=ball ! video/x-raw,width=640,height=360,framerate=15/1 ! videoconvert ! "
      "video/x-raw,format=BGR ! appsink";
  start({"--headless", "--buttons", "none", "--source", pipeline, "--calibration-card", "no", "--state-dir",
         dir_.file("state"), "--snapshot-dir", dir_.file("shots")});
  std::string said;
  ASSERT_TRUE(wait_for("READY=1", 60s, &said)) << said << log();
  ASSERT_TRUE(wait_for("self-test passed: camera pipeline", 20s, &said)) << said << log();
  const std::string status = said.substr(said.rfind("STATUS="));
  EXPECT_EQ(status.find("camera 0.0 fps"), std::string::npos) << "frames were counted: " << status;
  EXPECT_EQ(stop(), 0) << log();
  const std::string out = log();
  EXPECT_NE(out.find("self-test passed: camera pipeline \"videotestsrc"), std::string::npos) << out;
  EXPECT_EQ(out.find("No picture"), std::string::npos) << out;
}

// The calibration card's four corner tags, rendered on a table and read by the real decoders:
// the self-test passes, and the card lying there all game is no refused move.
TEST_F(DaemonLifecycleTest, CalibrationCardOnTheTablePassesTheSelfTestQuietly) {
  seneschal::vision::synth::Scene scene;
  scene.seed = 5;
  scene.frames = 4;
  scene.realism.hand_rate = 0;
  scene.realism.foreign_rate = 0;
  const int forever = std::numeric_limits<int>::max();
  scene.cards = {{"S1:CAL:1", 40, 50, 0, 0, forever, {}, {}},
                 {"S1:CAL:2", 440, 50, 0, 0, forever, {}, {}},
                 {"S1:CAL:3", 440, 220, 0, 0, forever, {}, {}},
                 {"S1:CAL:4", 40, 220, 0, 0, forever, {}, {}}};
  ASSERT_TRUE(seneschal::vision::synth::write_recording(scene, dir_.file("with-card")).has_value());
  scene.cards.pop_back();
  ASSERT_TRUE(seneschal::vision::synth::write_recording(scene, dir_.file("corner-4-covered")).has_value());

  const auto run = [&](const std::string& recording) {
    return seneschal::test::run_command("'" SENESCHALD_PATH "' --headless --buttons none --calibration-card yes --source '" +
                                        recording + "' --state-dir '" + dir_.file(recording + "-state") + "'");
  };
  const auto passed = run(dir_.file("with-card"));
  EXPECT_EQ(passed.exit_code, 0) << passed.output;
  EXPECT_NE(passed.output.find("self-test passed: recorded frames in " + dir_.file("with-card") +
                               " (4 frames) delivers pictures and the calibration card reads"),
            std::string::npos)
      << passed.output;
  EXPECT_NE(passed.output.find("0 refused"), std::string::npos) << passed.output;

  const auto failed = run(dir_.file("corner-4-covered"));
  EXPECT_EQ(failed.exit_code, 0) << failed.output;
  EXPECT_NE(failed.output.find("error: self-test failed: The calibration card was not read: Seen: tags 1, 2 and 3. "
                               "Missing: tag 4."),
            std::string::npos)
      << failed.output;
}

TEST_F(DaemonLifecycleTest, SighupReloadsTheConfigurationAndKeepsTheGame) {
  const std::string config = dir_.file("seneschal.toml");
  std::ofstream(config) << "[timers.presets]\nNegotiation = 90\n";
  std::vector<std::string> args = common_args();
  args.insert(args.end(), {"--config", config});
  start(args);
  std::string said;
  ASSERT_TRUE(wait_for("READY=1", 60s, &said)) << said << log();

  std::ofstream(config) << "[timers.presets]\nParley = 120\n";
  ::kill(pid_, SIGHUP);
  ASSERT_TRUE(wait_for("RELOADING=1", 10s, &said)) << said << log();
  ASSERT_TRUE(wait_for("READY=1", 60s, &said)) << said << log();
  EXPECT_NE(log().find("configuration reloaded: "), std::string::npos) << log();
  EXPECT_NE(log().find("presets Parley=120"), std::string::npos) << log();
  EXPECT_NE(log().find("resumed the game of r9e"), std::string::npos) << "the game goes on from its log\n" << log();

  // A slip while editing: said with file and line, and the running configuration stays.
  std::ofstream(config) << "[timers.presets]\nParley = \"soon\"\n";
  ::kill(pid_, SIGHUP);
  ASSERT_TRUE(wait_for("RELOADING=1", 10s, &said)) << said << log();
  ASSERT_TRUE(wait_for("READY=1", 60s, &said)) << said << log();
  const std::string out = log();
  EXPECT_NE(out.find(config + ":2: timers.presets.Parley"), std::string::npos) << out;
  EXPECT_NE(out.find("the configuration was not reloaded (see above); going on with the one running"),
            std::string::npos)
      << out;

  EXPECT_EQ(stop(), 0) << log();
  EXPECT_TRUE(wait_for("STOPPING=1", 5s, &said)) << said;
  // One game all along: one event log, never archived by a reload.
  EXPECT_TRUE(fs::exists(dir_.file("state") + "/seneschal.sqlite"));
  EXPECT_FALSE(fs::exists(dir_.file("state") + "/seneschal-1.sqlite"));
}

}  // namespace
