#!/bin/sh
# The README's screenshots, drawn by the project itself: each state is played by a table script
# (the Example of Play's opening, tests/data/scripts/example-of-play.r9e up to Zahir's food, plus
# a tail from scripts/) or written by hand (the game's end), then drawn by
# `seneschal render` at 800x480 and 1920x1080; the self-test failure comes from seneschald; the
# calibration screen from `seneschal calibrate` on a generated table.  Usage: assets/screenshots/make-screenshots.sh [BUILD]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build}
cli="$build/firmware/seneschal --assets $here/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for screen in payment timer alarm; do
  head -n 51 "$here/../../tests/data/scripts/example-of-play.r9e" > "$tmp/$screen.r9e"
  cat "$here/scripts/$screen.r9e.tail" >> "$tmp/$screen.r9e"
  $cli play --script "$tmp/$screen.r9e" --state-out "$tmp/$screen.json" > /dev/null
done
cp "$here/states/game-end.json" "$tmp/game-end.json"
for screen in payment timer alarm game-end; do
  for size in 800x480 1920x1080; do
    $cli render --state "$tmp/$screen.json" --size "$size" --out "$here/$screen-$size.png"
  done
done
# The start-up self-test failing: the daemon itself, headless, on a camera that is not there.
for size in 800x480 1920x1080; do
  shots="$tmp/self-test-$size"
  timeout -s INT 8 "$build/firmware/seneschald" --headless --buttons none --source /dev/video63 \
    --self-test-seconds 2 --size "$size" --assets "$here/.." --state-dir "$shots/state" \
    --snapshot-dir "$shots" > /dev/null 2>&1 || true
  cp "$shots/0000-No_picture_from_the_camera.png" "$here/self-test-failed-$size.png"
done
# The calibration screen: `seneschal calibrate` on a generated table whose fourth seat tag is not
# laid yet (so it draws three seats' areas and says what is missing, exiting 3), from the scene
# in scenes/; it writes no config there, only the picture.
$cli synth "$here/scenes/calibration-table.json" --out "$tmp/calibration-table"
$cli calibrate --source "$tmp/calibration-table" --config "$tmp/calibration.toml" --table 510x238 --seats 4 \
  --out "$here/calibration.png" > /dev/null || test $? -eq 3
# Cutthroat Kingdoms at the Royal Wedding: the whole-game script up to the Wedding's card, four
# seats, the wooing's timer running beside the couples to marry.
head -n 160 "$here/../../tests/data/scripts/whole-game.ck" > "$tmp/wedding.ck"
$cli play --script "$tmp/wedding.ck" --state-out "$tmp/wedding.json" > /dev/null
$cli render --state "$tmp/wedding.json" --size 800x480 --out "$here/cutthroat-wedding-800x480.png"
# Nine at a payment the camera cannot settle: the whole-match script up to the Tavern whose
# Lumber three sources could pay; the play area, the city, the resources free this round.
n=$(grep -n 'expect "Tavern: deck Crew and what else paid?"' "$here/../../tests/data/scripts/whole-match.nine" | cut -d: -f1)
head -n "$n" "$here/../../tests/data/scripts/whole-match.nine" > "$tmp/payment.nine"
$cli play --script "$tmp/payment.nine" --state-out "$tmp/nine.json" > /dev/null
$cli render --state "$tmp/nine.json" --size 800x480 --out "$here/nine-payment-800x480.png"
# The Osten Ard CCG after the battle's die: the whole-game script up to Ben's loss at Falshire,
# his forfeit asked; both hosts card by card, the control points towards 10.
n=$(grep -n 'expect "Ben 4 (D6 1) against Ann 5: Ann wins by 1"' "$here/../../tests/data/scripts/whole-game.oa" | cut -d: -f1)
head -n "$n" "$here/../../tests/data/scripts/whole-game.oa" > "$tmp/battle.oa"
$cli play --script "$tmp/battle.oa" --answers "$here/../../tests/data/scripts/whole-game-oa/card-answers.json" \
  --state-out "$tmp/oa.json" > /dev/null
$cli render --state "$tmp/oa.json" --size 800x480 --out "$here/ostenard-battle-800x480.png"
# The watch page and its overlay in headless Chromium: the daemon on the looped bundled recording
# with the watch on, 26 s in (the opening's castles laid), through the page's own browser test.
/usr/bin/python3 "$here/../../tests/watch/page_in_browser.py" --daemon "$build/firmware/seneschald" \
  --settle-seconds 26 --screenshots "$tmp/watch" > /dev/null
for shot in board-1280x800 board-phone-390x844 overlay-1920x1080; do
  cp "$tmp/watch/$shot.png" "$here/watch-$shot.png"
done
# The device's details page with the watch page's code: the daemon's own window, taken by the test
# that reads the code back off it.
SENESCHAL_SHOTS_DIR="$here" xvfb-run -a -s "-screen 0 1920x1080x24" "$build/tests/firmware/firmware_tests" \
  --gtest_filter='DaemonWatchCodeTest.*' > /dev/null
