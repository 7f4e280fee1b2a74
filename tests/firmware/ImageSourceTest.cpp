// Image files that would stop the device, through the real binaries: a FIFO as the daemon's
// --source, as a script's scan-image or as replay's input is refused by name at once (it would
// block for ever); a PNG bomb is refused by name; the config file's image limits reach the
// daemon; and a daemon stuck in a blocking read still ends within 5 s of SIGTERM.
// Every command runs under timeout(1), so a hang fails the test instead of stopping the suite.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <opencv2/imgcodecs.hpp>
#include <string>
#include <thread>
#include <vector>

#include "common/ImageHeaders.hpp"
#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"
#include "seneschal/firmware/config/config.hpp"

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using seneschal::test::run_command;
using seneschal::test::TempDir;
using Clock = std::chrono::steady_clock;

std::string not_regular(const std::string& path) {
  return path + ": not a regular file (a FIFO/device/directory); give an image file or a camera";
}

std::string fifo_in(const TempDir& dir, const std::string& name) {
  const std::string path = dir.file(name);
  EXPECT_EQ(::mkfifo(path.c_str(), 0600), 0) << path;
  return path;
}

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// timeout(1) exits 124 when it had to stop the command, 137 when the command ignored that too.
constexpr const char* kGuard = "timeout -k 3 30 ";

TEST(ImageSourceTest, DaemonGivenAFifoAsSourceSaysSoAndExits) {
  TempDir dir;
  const std::string fifo = fifo_in(dir, "frames");
  const auto t0 = Clock::now();
  const auto run = run_command(std::string(kGuard) + "'" SENESCHALD_PATH "' --headless --buttons none --source '" +
                               fifo + "' --state-dir '" + dir.file("state") + "'");
  EXPECT_LT(seconds_since(t0), 20.0);
  EXPECT_NE(run.exit_code, 0) << run.output;
  EXPECT_NE(run.exit_code, 124) << "it hung on the FIFO\n" << run.output;
  EXPECT_NE(run.exit_code, 137) << "it hung on the FIFO and ignored SIGTERM\n" << run.output;
  EXPECT_NE(run.output.find(not_regular(fifo)), std::string::npos) << run.output;
}

TEST(ImageSourceTest, ReplayOfAFifoSaysSo) {
  TempDir dir;
  const std::string fifo = fifo_in(dir, "frames.mjpeg");
  const auto run = run_command(std::string(kGuard) + "'" SENESCHAL_CLI_PATH "' replay '" + fifo + "'");
  EXPECT_EQ(run.exit_code, 65) << run.output;
  EXPECT_NE(run.output.find(not_regular(fifo)), std::string::npos) << run.output;
}

class ScanImageTest : public ::testing::Test {
 protected:
  seneschal::test::CommandResult play(const std::string& image) {
    std::ofstream(dir_.file("script.r9e")) << "game r9e\nseat Mark\nseat Shawn\nscan-image " << image << "\n";
    return run_command(std::string(kGuard) + "'" SENESCHAL_CLI_PATH "' --assets '" SENESCHAL_SOURCE_DIR
                       "/assets' play --script '" + dir_.file("script.r9e") + "'");
  }
  TempDir dir_;
};

TEST_F(ScanImageTest, AFifoIsRefusedByNameAtOnce) {
  const std::string fifo = fifo_in(dir_, "frame.png");
  const auto run = play("frame.png");  // relative to the script's folder
  EXPECT_EQ(run.exit_code, 65) << "a script step failed\n" << run.output;
  EXPECT_NE(run.output.find("script.r9e:4: scan-image frame.png: " + not_regular(fifo)), std::string::npos)
      << run.output;
}

TEST_F(ScanImageTest, APngBombIsRefusedByNameUndecoded) {
  seneschal::test::write_file(dir_.file("bomb.png"), seneschal::test::png_claiming(20000, 20000));
  const auto run = play("bomb.png");
  EXPECT_EQ(run.exit_code, 65) << "a script step failed\n" << run.output;
  EXPECT_NE(run.output.find(dir_.file("bomb.png") +
                            ": a PNG of 20000x20000 pixels (400.0 MP) is over the limit of 50.0 MP per image"),
            std::string::npos)
      << run.output;
}

TEST(ImageLimitsConfigTest, CameraKeysSetTheLimitsWithinTheirRanges) {
  using namespace seneschal::firmware;
  const seneschal::firmware::DaemonOptions defaults;
  EXPECT_EQ(defaults.image_limits.max_pixels, 50'000'000u) << "a 48 MP still (8000x6000) fits";
  EXPECT_EQ(defaults.image_limits.max_bytes, 64u * 1024 * 1024);
  auto config = parse_config("[camera]\nmax_image_pixels = 12000000\nmax_image_bytes = 8000000\n", "s.toml");
  ASSERT_TRUE(config.has_value()) << config.error().message;
  DaemonOptions options;
  ASSERT_TRUE(apply_config(*config, options).has_value());
  EXPECT_EQ(options.image_limits.max_pixels, 12'000'000u);
  EXPECT_EQ(options.image_limits.max_bytes, 8'000'000u);
  auto small = parse_config("[camera]\nmax_image_pixels = 100\n", "s.toml");
  ASSERT_FALSE(small.has_value());
  EXPECT_EQ(small.error().message,
            "s.toml:2: camera.max_image_pixels = 100: expected pixels a frame file may have, 76800 (320x240) to "
            "1073741824");
  auto text = parse_config("[camera]\nmax_image_bytes = \"64 MB\"\n", "s.toml");
  ASSERT_FALSE(text.has_value());
  EXPECT_NE(text.error().message.find("camera.max_image_bytes"), std::string::npos) << text.error().message;
}

// The file's limit reaches the recording: a frame over it is skipped by name, as a corrupt one is.
TEST(ImageLimitsConfigTest, DaemonSkipsARecordedFrameOverTheConfiguredLimit) {
  TempDir dir;
  fs::create_directories(dir.file("frames"));
  const std::string frame = dir.file("frames/frame-0001.png");
  cv::imwrite(frame, cv::Mat(720, 1280, CV_8UC3, cv::Scalar(90, 120, 60)));
  std::ofstream(dir.file("seneschal.toml")) << "[camera]\nmax_image_pixels = 76800\n";
  const auto run = run_command(std::string(kGuard) + "'" SENESCHALD_PATH "' --headless --buttons none --config '" +
                               dir.file("seneschal.toml") + "' --source '" + dir.file("frames") + "' --state-dir '" +
                               dir.file("state") + "'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("skipped a frame: " + frame +
                            ": a PNG of 1280x720 pixels (0.9 MP) is over the limit of 0.1 MP per image"),
            std::string::npos)
      << run.output;
}

// The daemon blocked in read() (its table's answers file is a FIFO that a writer holds open and
// never writes): SIGTERM sets the stop flag the loop never reaches, so only the alarm it arms
// ends the daemon, within 5 s.
TEST(DaemonStopTest, SigtermEndsADaemonStuckInABlockingReadWithin5s) {
  TempDir dir;
  fs::create_directories(dir.file("state"));
  const std::string fifo = fifo_in(dir, "state/card-answers.json");
  const std::string log = dir.file("daemon.log");
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    const int out = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(out, 1);
    ::dup2(out, 2);
    ::execl(SENESCHALD_PATH, SENESCHALD_PATH, "--headless", "--buttons", "none", "--state-dir",
            dir.file("state").c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  const auto read_log = [&] {
    std::ifstream in(log);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  };
  // A writer can open the FIFO only once the daemon has it open to read: from then on it waits
  // in read() for bytes that never come.
  int writer = -1;
  for (const auto until = Clock::now() + 30s; writer < 0 && Clock::now() < until;) {
    writer = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (writer < 0) std::this_thread::sleep_for(50ms);
  }
  ASSERT_GE(writer, 0) << "the daemon never opened its answers file\n" << read_log();
  std::this_thread::sleep_for(300ms);  // into read()
  ASSERT_EQ(::waitpid(pid, nullptr, WNOHANG), 0) << "the daemon was to be stuck, not gone\n" << read_log();

  const auto t0 = Clock::now();
  ::kill(pid, SIGTERM);
  int status = 0;
  bool ended = false;
  while (!ended && seconds_since(t0) < 10.0) {
    ended = ::waitpid(pid, &status, WNOHANG) == pid;
    if (!ended) std::this_thread::sleep_for(50ms);
  }
  const double took = seconds_since(t0);
  if (!ended) {
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
  }
  ::close(writer);
  ASSERT_TRUE(ended) << "still running 10 s after SIGTERM\n" << read_log();
  EXPECT_LT(took, 5.5) << read_log();
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << "ends as SIGTERM would (status " << status << ")";
  EXPECT_NE(read_log().find("still running 5 s after the stop signal"), std::string::npos) << read_log();
}

}  // namespace
