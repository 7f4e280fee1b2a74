#include <gtest/gtest.h>

#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"

#include <filesystem>
#include <iostream>
#include <string>

namespace {

namespace fs = std::filesystem;
using seneschal::test::run_command;
using seneschal::test::TempDir;

// What a device needs from the package, under the build's install prefix (cmake/Packaging.cmake).
TEST(PackageTest, DebHoldsTheDaemonItsUnitsItsAssetsAndItsMaintainerScripts) {
  TempDir dir;
  const auto cpack = run_command("cd '" SENESCHAL_BINARY_DIR "' && cpack -G DEB -B '" + dir.path().string() + "'");
  ASSERT_EQ(cpack.exit_code, 0) << cpack.output;
  fs::path deb;
  for (const auto& entry : fs::directory_iterator(dir.path())) {
    if (entry.path().extension() == ".deb") deb = entry.path();
  }
  ASSERT_FALSE(deb.empty()) << cpack.output;
  std::cout << "[ package  ] " << deb.filename().string() << ": " << fs::file_size(deb) << " bytes ("
            << fs::file_size(deb) / 1024 << " KiB)\n";

  const auto contents = run_command("dpkg-deb -c '" + deb.string() + "'");
  ASSERT_EQ(contents.exit_code, 0) << contents.output;
  const std::string prefix = "." SENESCHAL_INSTALL_PREFIX "/";
  for (const std::string& path :
       {prefix + "bin/seneschald", prefix + "bin/seneschal", prefix + "lib/systemd/system/seneschal.service",
        prefix + "lib/systemd/system/seneschal-kiosk.service", prefix + "libexec/seneschal/install-kiosk.sh", prefix + "libexec/seneschal/seneschal-frame-cost",
        prefix + "libexec/seneschal/libseneschal-qemu-insn.so",
        prefix + "share/seneschal/cards/", prefix + "share/seneschal/fonts/",
        prefix + "share/seneschal/recordings/first-game/scene.json",
        prefix + "share/seneschal/recordings/first-game/card-answers.json", prefix + "share/doc/seneschal/device.md",
        prefix + "share/doc/seneschal/watch.conf", prefix + "share/seneschal/watch/board.html",
        prefix + "share/seneschal/watch/overlay.html", prefix + "share/seneschal/watch/common.js",
        prefix + "share/man/man1/seneschal.1.gz", prefix + "share/man/man1/seneschald.1.gz",
        prefix + "share/bash-completion/completions/seneschal",
        prefix + "share/bash-completion/completions/seneschald"}) {
    EXPECT_NE(contents.output.find(path + "\n"), std::string::npos) << path << " missing from\n" << contents.output;
  }
  // The demo recording ships as its scene; the daemon renders the frames on first use.
  EXPECT_EQ(contents.output.find("/frame-0001."), std::string::npos) << "rendered frames in the package";
  EXPECT_LT(fs::file_size(deb), 8u << 20) << "the package was 22 MB while it carried the demo's frames";
  if (fs::exists(SENESCHAL_SOURCE_DIR "/assets/config/seneschal.toml")) {
    EXPECT_NE(contents.output.find("." SENESCHAL_CONFIG_DIR "/seneschal.toml.example\n"), std::string::npos);
  }

  const auto info = run_command("dpkg-deb -I '" + deb.string() + "'");
  ASSERT_EQ(info.exit_code, 0) << info.output;
  for (const char* line : {"Package: seneschal\n", "adduser", "libsystemd0", " postinst", " prerm", " postrm"}) {
    EXPECT_NE(info.output.find(line), std::string::npos) << line << " missing from\n" << info.output;
  }
  const auto postinst = run_command("dpkg-deb -I '" + deb.string() + "' postinst");
  EXPECT_NE(postinst.output.find("adduser --quiet --system --group"), std::string::npos) << postinst.output;
}

}  // namespace
