#pragma once
// Upstream ZXing-cpp as a peer reader of `seneschal bench vision`. Debian 12 ships ZXing-cpp 1.4
// only, and the newest ZXing-cpp is the reader to beat on real photos; npm's zxing-wasm is that
// ZXing-cpp compiled to WebAssembly. One node process per bench run runs the script beside the
// bench (firmware/src/tools/zxing_wasm/read.mjs, which says the protocol and which ZXing-cpp
// the pinned zxing-wasm wraps); frames go to it grey through a socket, one at a time, and its time
// is what node measured around readBarcodes alone, so the pipe is not part of the figure.
//
// zxing-wasm is not in the source tree nor in the package: start() installs it with `npm ci`
// into a cache folder the first time, and every failure (no node, no npm, no network) is a
// value that says why, so the bench can skip the peer and go on.

#include <memory>
#include <string>
#include <vector>

#include <opencv2/core/mat.hpp>

#include "seneschal/base/result.hpp"
#include "seneschal/vision/sighting.hpp"

namespace seneschal::firmware {

// What the peer read in one frame: corners and angle as our readers give them, and node's ms.
struct PeerRead {
  std::vector<vision::Sighting> sightings;
  double ms = 0;  // inside readBarcodes only
};

class ZxingWasmPeer {
 public:
  // Installs the zxing-wasm that SCRIPT_DIR/package-lock.json pins on first use (npm ci into the
  // folder zxing_wasm_pin() names), then starts node on SCRIPT_DIR/read.mjs and waits until it is
  // ready. The error says why not: no node, no npm, npm ci failed (offline), node died at start.
  static Result<ZxingWasmPeer> start(const std::string& script_dir);
  // start() without the install: node on SCRIPT with zxing-wasm from INSTALL_DIR. For tests with
  // a stand-in script that dies or answers nonsense. Fails when node is missing.
  static Result<ZxingWasmPeer> launch(const std::string& script, const std::string& install_dir);

  ZxingWasmPeer(ZxingWasmPeer&& other) noexcept;
  ZxingWasmPeer& operator=(ZxingWasmPeer&& other) noexcept;
  ~ZxingWasmPeer();  // closes node's input, so it ends; killed if it has not within 2 s

  // One frame: grey, BGR or BGRA (made grey here as our readers do, outside node's timing). After
  // node died or answered nonsense every read fails with that reason.
  Result<PeerRead> read(const cv::Mat& frame);

  // From node's ready line: "zxing-wasm 3.1.4 (ZXing-cpp 0b2d9a8fc81f), node v20.20.2".
  const std::string& description() const;

 private:
  struct Process;
  explicit ZxingWasmPeer(std::unique_ptr<Process> process);
  std::unique_ptr<Process> process_;
};

// The folder of read.mjs: the source tree's when the binary runs where it was built, else the
// installed copy (share/seneschal/zxing-wasm) of the Debian package.
std::string default_zxing_wasm_dir();

// The zxing-wasm version SCRIPT_DIR/package.json pins and the folder it is installed into:
// ${XDG_CACHE_HOME:-$HOME/.cache}/seneschal/zxing-wasm-VERSION, outside the source tree, kept
// across builds, one folder per pinned version.
struct ZxingWasmPin {
  std::string version;
  std::string install_dir;
};
Result<ZxingWasmPin> zxing_wasm_pin(const std::string& script_dir);
// `npm ci` of SCRIPT_DIR's package.json and package-lock.json in pin.install_dir, unless that
// folder was installed from the same lock file before. Fails when npm is missing or npm ci fails
// (offline); start() is this and launch().
Result<void> install_zxing_wasm(const std::string& script_dir, const ZxingWasmPin& pin);

}  // namespace seneschal::firmware
