#!/bin/sh
# Switches this device to seneschal-kiosk.service: cage full screen on tty1, with Xwayland for the
# daemon's X11 window (device.md says why). `--remove` switches back to seneschal.service.
# Run as root after installing the seneschal package; running it twice changes nothing.
set -eu

if [ "$(id -u)" -ne 0 ]; then
  echo "install-kiosk: run as root" >&2
  exit 1
fi
if ! id seneschal >/dev/null 2>&1; then
  echo "install-kiosk: no user seneschal: install the seneschal package first" >&2
  exit 1
fi

if [ "${1:-}" = "--remove" ]; then
  systemctl disable --now seneschal-kiosk.service
  systemctl enable --now seneschal.service
  exit 0
fi

missing=""
for p in cage xwayland; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  # shellcheck disable=SC2086
  apt-get install -y -q --no-install-recommends $missing
fi

# A desktop holds the display (DRM master) and the kiosk would get a black screen.
if systemctl is-enabled --quiet display-manager.service 2>/dev/null; then
  echo "install-kiosk: a desktop starts at boot; switch to the console (raspi-config: System" >&2
  echo "  Options > Boot / Auto Login > Console) or keep the desktop and use its X display" >&2
  echo "  (device.md: \"On a desktop\")" >&2
fi

systemctl daemon-reload
systemctl disable --now seneschal.service
systemctl enable --now seneschal-kiosk.service
echo "install-kiosk: seneschal-kiosk.service runs on tty1 and starts at boot"
