#!/bin/sh
# Builds (or tops up) a Debian bookworm arm64 sysroot for cross-building Seneschal for the Pi
# (Raspberry Pi OS bookworm 64-bit); cmake/ARM64.md says how it is used. For a developer, not
# run by CI. Needs root (debootstrap, apt-get). Idempotent: a second run downloads and unpacks
# only what changed.
#
#   .ci/arm64-sysroot.sh [SYSROOT]          default $SENESCHAL_SYSROOT, else /opt/sysroot-arm64
#
# Why not multiarch: Debian's libopencv-dev:arm64 and libzbar-dev:arm64 cannot be installed beside
# the amd64 ones. Why no chroot: the packages are only unpacked (dpkg-deb -x), never configured, so
# nothing arm64 has to run and binfmt_misc/qemu are not needed. The price: maintainer scripts do not
# run, so the alternatives they would register (BLAS/LAPACK) are linked by hand below.
set -eu

SYSROOT=${1:-${SENESCHAL_SYSROOT:-/opt/sysroot-arm64}}
# The apt state and the downloaded .debs live beside the sysroot, not in it.
APTDIR=${SENESCHAL_SYSROOT_APT:-$SYSROOT.apt}
SUITE=bookworm
MIRROR=${MIRROR:-http://deb.debian.org/debian}
SECURITY_MIRROR=${SECURITY_MIRROR:-http://deb.debian.org/debian-security}
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg

# The arm64 side of .ci/install-deps.sh: libraries and headers only (no tools, no clang, no X
# server), plus the C and C++ runtimes (Debian's cross GCC brings its own copies of the same
# versions; another cross compiler would use these), and GStreamer's base plugins (videotestsrc,
# videoconvert, appsink), which a live camera pipeline and its test need at run time under qemu.
PACKAGES="
  libc6-dev libstdc++-12-dev libgcc-12-dev
  libopencv-dev libzbar-dev libzxing-dev libqrencode-dev libcairo2-dev
  libgpiod-dev libsfml-dev libx11-dev libxtst-dev libsqlite3-dev libsystemd-dev
  libtomlplusplus-dev nlohmann-json3-dev libcli11-dev libfmt-dev libspdlog-dev libcivetweb-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  gstreamer1.0-plugins-base
"
# qemu-user (not -static) loads plugins: `make bench-pi-arm64` counts instructions with one.
HOST_PACKAGES="debootstrap g++-12-aarch64-linux-gnu qemu-user-static qemu-user"

if [ "$(id -u)" -ne 0 ]; then
  echo "arm64-sysroot: run as root (debootstrap and apt-get need it)" >&2
  exit 1
fi

missing=""
for p in $HOST_PACKAGES; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "arm64-sysroot: installing on the host:$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  # shellcheck disable=SC2086
  apt-get install -y -q --no-install-recommends $missing
fi

# 1. A minimal base (first stage only: unpacked, not configured; merged /usr like the Pi's).
if [ ! -e "$SYSROOT/.seneschal-base" ]; then
  echo "arm64-sysroot: debootstrap --foreign into $SYSROOT"
  mkdir -p "$SYSROOT"
  debootstrap --foreign --arch=arm64 --variant=minbase "$SUITE" "$SYSROOT" "$MIRROR"
  # The first stage keeps its .debs for the second, which never runs here.
  rm -f "$SYSROOT"/var/cache/apt/archives/*.deb
  touch "$SYSROOT/.seneschal-base"
fi

# 2. An apt of its own, arm64 only, that knows nothing of the host's packages: it resolves the
# whole dependency closure and downloads it.
mkdir -p "$APTDIR/state/lists/partial" "$APTDIR/cache/archives/partial" "$APTDIR/etc/apt.conf.d" \
         "$APTDIR/etc/preferences.d" "$APTDIR/etc/sources.list.d"
: > "$APTDIR/state/status.empty"
cat > "$APTDIR/etc/sources.list" <<EOF
deb [arch=arm64 signed-by=$KEYRING] $MIRROR $SUITE main
deb [arch=arm64 signed-by=$KEYRING] $MIRROR $SUITE-updates main
deb [arch=arm64 signed-by=$KEYRING] $SECURITY_MIRROR $SUITE-security main
EOF
cat > "$APTDIR/etc/apt.conf" <<EOF
APT::Architecture "arm64";
APT::Architectures { "arm64"; };
APT::Install-Recommends "false";
APT::Install-Suggests "false";
Dir::State "$APTDIR/state";
Dir::State::status "$APTDIR/state/status.empty";
Dir::Cache "$APTDIR/cache";
Dir::Etc::SourceList "$APTDIR/etc/sources.list";
Dir::Etc::SourceParts "$APTDIR/etc/sources.list.d";
Dir::Etc::Parts "$APTDIR/etc/apt.conf.d";
Dir::Etc::Preferences "$APTDIR/etc/preferences";
Dir::Etc::PreferencesParts "$APTDIR/etc/preferences.d";
EOF
export APT_CONFIG="$APTDIR/etc/apt.conf"
apt-get update -q
# shellcheck disable=SC2086
apt-get install -y -q --download-only $PACKAGES

# 3. Unpack every downloaded .deb not unpacked before (a newer version is a new file name), the way
# dpkg would but without its database or maintainer scripts.
touch "$APTDIR/unpacked.list"
count=0
for deb in "$APTDIR"/cache/archives/*.deb; do
  name=$(basename "$deb")
  grep -qxF "$name" "$APTDIR/unpacked.list" && continue
  # Not dpkg-deb -x: its tar replaces the merged-/usr links (lib -> usr/lib) with directories.
  dpkg-deb --fsys-tarfile "$deb" | tar -x --keep-directory-symlink -C "$SYSROOT"
  echo "$name" >> "$APTDIR/unpacked.list"
  count=$((count + 1))
done
echo "arm64-sysroot: unpacked $count new packages"

# The merged-/usr links must have survived the unpacking.
for d in bin sbin lib; do
  if [ ! -L "$SYSROOT/$d" ]; then
    echo "arm64-sysroot: $SYSROOT/$d is no longer a link to usr/$d" >&2
    exit 1
  fi
done

# 4. Absolute links (libfoo.so -> /lib/...) would point into the host: make them relative.
find "$SYSROOT/usr" -type l -lname '/*' | while read -r link; do
  target=$(readlink "$link")
  ln -sfn "$(realpath -m --relative-to="$(dirname "$link")" "$SYSROOT$target")" "$link"
done

# 5. The alternatives libblas3/liblapack3's postinst would register (OpenCV needs them to link).
LIBDIR="$SYSROOT/usr/lib/aarch64-linux-gnu"
for lib in blas lapack; do
  if [ -e "$LIBDIR/$lib/lib$lib.so.3" ] && [ ! -e "$LIBDIR/lib$lib.so.3" ]; then
    ln -sfn "$lib/lib$lib.so.3" "$LIBDIR/lib$lib.so.3"
  fi
done

echo "arm64-sysroot: $SYSROOT $(du -sh "$SYSROOT" | cut -f1), downloads $(du -sh "$APTDIR/cache/archives" | cut -f1)"
