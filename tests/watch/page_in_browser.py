#!/usr/bin/python3
"""The watch page in a real browser against the real daemon (ctest watch.page_in_browser).

Starts seneschald headless on the looped bundled recording with the watch on a free loopback
port, then browser_check.py: 401 without the token, the board and the overlay in headless
Chromium, a move on the table reaching the page, the overlay transparent. Prints the delay from
the daemon's screen to the page for every view the page saw.

  page_in_browser.py --daemon build/firmware/seneschald [--screenshots DIR] [--report FILE] [--settle-seconds S]
"""
import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import browser_check  # noqa: E402
from watched_daemon import WatchedDaemon  # noqa: E402


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--daemon", required=True)
    ap.add_argument("--screenshots", metavar="DIR")
    ap.add_argument("--report", metavar="FILE")
    ap.add_argument("--settle-seconds", type=float, default=0,
                    help="let the recording play this long first (screenshots of a game under way)")
    args = ap.parse_args()
    report = args.report or os.path.join(os.environ.get("TMPDIR", "/tmp"), f"seneschal-page-{os.getpid()}.json")
    with WatchedDaemon(loop=True, daemon=args.daemon) as daemon:
        time.sleep(args.settle_seconds)
        check = ["--base", daemon.base, "--token", daemon.token, "--expect-change", "--report", report]
        if args.screenshots:
            check += ["--screenshots", args.screenshots]
        code = browser_check.main(check)
        alive = daemon.alive()
        rc = daemon.stop()
        if not alive or rc != 0:
            print(f"FAIL the daemon: alive during the check {alive}, exit code {rc}\n{daemon.log_tail()}")
            code = code or 1
    try:
        with open(report) as f:
            views = json.load(f).get("views", [])
        page = [v["latency_ms"] for v in views if "latency_ms" in v]
        screen = [v["drawing_ms"] for v in views if isinstance(v.get("drawing_ms"), (int, float))]
        if page:
            print(f"screen to page: {len(page)} views, median {percentile(page, 0.5)} ms, "
                  f"p95 {percentile(page, 0.95)} ms; the screen's own drawing: median {percentile(screen, 0.5)} ms, "
                  f"p95 {percentile(screen, 0.95)} ms")
    except (OSError, ValueError) as e:
        print(f"(no delays: {e})")
    if not args.report and os.path.exists(report):
        os.remove(report)
    return code


if __name__ == "__main__":
    sys.exit(main())
