#!/bin/sh
# Installs what Seneschal builds, tests and runs with, from Debian 12 / Raspberry Pi OS bookworm
# packages. Idempotent: apt-get skips what is there. The README lists the same packages.
set -eu

# gstreamer1.0-plugins-base: videotestsrc, the live camera the daemon tests stand in for a real one.
# valgrind: `seneschal bench pi` counts the frame path's instructions under callgrind (and a test
# runs it on a small table). qemu-user: the same count for the Pi's arm64 build is the project's
# qemu plugin's; a test checks that plugin against callgrind on this machine's own build.
# gettext: msgfmt compiles the word catalogs (assets/locale/); xgettext and msgcmp check them in a test.
# help2man: the man pages, from each program's --help at build time; man-db reads them in a test.
# chromium, python3, python3-websocket: the watch page's tests open it in headless Chromium, driven
# over its DevTools protocol by tests/watch/browser_check.py.
# ccache: `make` compiles through it, so a rebuild (and the next clean clone on the same machine)
# compiles only what changed.
PACKAGES="
  build-essential cmake ninja-build pkg-config git
  libopencv-dev libzbar-dev libzxing-dev libqrencode-dev libcairo2-dev
  libgpiod-dev libsfml-dev libx11-dev libxtst-dev libsqlite3-dev sqlite3 libsystemd-dev systemd
  libtomlplusplus-dev nlohmann-json3-dev libcli11-dev libfmt-dev libspdlog-dev libcivetweb-dev
  libgtest-dev libgmock-dev libbenchmark-dev clang-14 libclang-rt-14-dev
  xvfb xauth fonts-dejavu-core poppler-utils
  cage
  gstreamer1.0-plugins-base
  ccache
  help2man man-db
  gettext
  valgrind qemu-user
  chromium python3 python3-websocket
"

if [ "$(id -u)" -ne 0 ]; then
  SUDO=sudo
else
  SUDO=
fi

missing=""
for p in $PACKAGES; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -z "$missing" ]; then
  echo "install-deps: all packages present"
  exit 0
fi
echo "install-deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
# shellcheck disable=SC2086
$SUDO apt-get install -y -q --no-install-recommends $missing
