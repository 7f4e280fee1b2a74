#!/usr/bin/python3
"""Hours of the watch page: the daemon on the looped recording with pages connected, sampled.

  /usr/bin/python3 tests/watch/soak.py --minutes M [--sample-s S] [--pages N] [--chromium]
      [--snapshot-keep-mb MB] [--report FILE.json]

N event-stream pages (SSE clients) stay connected the whole run; with --chromium also one real
board page in headless Chromium (browser_check.Browser), kept open throughout. Every S seconds:
the daemon's RSS, CPU % since the last sample, event-log bytes, snapshot folder bytes and files,
snapshots written, and the views each page has received. A table row per sample, a summary per
hour (per 10 minutes when the run is shorter than an hour) with first/last/max, then a verdict:
  memory flat        the last quarter's max RSS within 10 MB of the first quarter's max
  snapshots bounded  the snapshot folder never over --snapshot-keep-mb (plus one snapshot: the
                     daemon prunes after it wrote one)
  pages receiving    every page got views in the last quarter of the run (at least its last 40 s)
  daemon alive       running at the end, and exit 0 on SIGTERM
Exits 0 only when the verdict is good. The test suite's slice: --minutes 1.5 (done within 2 minutes).
"""
import argparse
import json
import os
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from watched_daemon import SseClient, WatchedDaemon  # noqa: E402

MB = 1024 * 1024
RSS_FLAT_MB = 10
ONE_SNAPSHOT_MARGIN = 512 * 1024  # a snapshot is ~40-60 KB; the daemon prunes after writing one


def chromium_page(d):
    import browser_check  # needs python3-websocket; only with --chromium
    browser = browser_check.Browser()
    try:
        browser.open(d.url("/"), 1280, 800)
        browser.wait_for("document.getElementById('status') && document.getElementById('status').textContent === 'live'",
                         30, "the board to say live")
    except BaseException:
        browser.close()
        raise
    return browser


CHROMIUM_NOW = """(() => ({version: window.seneschalWatch && window.seneschalWatch.version,
  status: (document.getElementById('status') || {}).textContent,
  heap_mb: performance.memory ? Math.round(performance.memory.usedJSHeapSize / 1048576 * 10) / 10 : null}))()"""


def fmt_row(cols, widths):
    return "  ".join(str(c).rjust(w) for c, w in zip(cols, widths))


def summarise(samples, keys):
    out = {}
    for k in keys:
        vals = [s[k] for s in samples if s.get(k) is not None]
        if vals:
            out[k] = {"first": vals[0], "last": vals[-1], "max": max(vals)}
    return out


def print_summary(label, samples):
    keys = ("rss_mb", "cpu_pct", "log_kb", "snap_mb", "snap_files", "snapshots_written")
    s = summarise(samples, keys)
    print("-- %s (%d samples): %s" % (label, len(samples), "; ".join(
        "%s first %s last %s max %s" % (k, v["first"], v["last"], v["max"]) for k, v in s.items())), flush=True)
    return s


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--minutes", type=float, required=True)
    ap.add_argument("--sample-s", type=float, default=10)
    ap.add_argument("--pages", type=int, default=3, help="event-stream pages (SSE clients), default 3")
    ap.add_argument("--chromium", action="store_true", help="and one real board page in headless Chromium")
    ap.add_argument("--snapshot-keep-mb", type=int, default=200, help="the daemon's bound on its snapshot folder (its default 200)")
    ap.add_argument("--report", help="write the samples, summaries and verdict as JSON")
    args = ap.parse_args(argv)

    t_start = time.monotonic()
    duration = args.minutes * 60
    window_s = 3600 if duration >= 3600 else 600
    d = WatchedDaemon(loop=True, extra_args=["--snapshot-keep-mb", str(args.snapshot_keep_mb)])
    browser = None
    pages = []
    samples, windows = [], []
    verdict = {}
    overall = {}
    rc = None
    try:
        pages = [SseClient(d.base, d.token, name="page%d" % i).start_stream(10) for i in range(args.pages)]
        if args.chromium:
            browser = chromium_page(d)
        print("daemon pid %d on %s, --loop, --snapshot-keep-mb %d; %d SSE page(s)%s; %s min, a sample every %s s" % (
            d.pid, d.base, args.snapshot_keep_mb, len(pages), " + Chromium" if browser else "", args.minutes, args.sample_s),
            flush=True)
        names = ["p%d" % i for i in range(len(pages))] + (["chromium_v"] if browser else [])
        header = ["t_s", "rss_mb", "cpu_pct", "threads", "fds", "log_kb", "snap_mb", "snap_files", "written"] + names
        widths = [7, 7, 7, 7, 4, 7, 7, 10, 7] + [max(6, len(n)) for n in names]
        print(fmt_row(header, widths), flush=True)
        last = d.figures()
        last_t = time.monotonic()
        next_at = last_t + args.sample_s
        window_start = 0.0
        window_samples = []
        while True:
            end_at = d.started_at + duration
            now = time.monotonic()
            if now >= end_at:
                break
            time.sleep(max(0.0, min(next_at, end_at) - now))
            next_at += args.sample_s
            if not d.alive():
                print("the daemon has died: exit %s; its log ends:\n%s" % (d.proc.returncode, d.log_tail()), flush=True)
                break
            f = d.figures()
            t = time.monotonic()
            s = {"t_s": f["t_s"], "rss_mb": round(f["rss_kb"] / 1024, 1),
                 "cpu_pct": round(100 * (f["cpu_s"] - last["cpu_s"]) / (t - last_t), 1),
                 "threads": f["threads"], "fds": f["fds"], "log_kb": round(f["log_bytes"] / 1024, 1),
                 "snap_mb": round(f["snapshot_bytes"] / MB, 2), "snap_bytes": f["snapshot_bytes"],
                 "snap_files": f["snapshot_files"], "snapshots_written": f["snapshots_written"],
                 "xvfb_rss_mb": round(f["children_rss_kb"] / 1024, 1),
                 "views": [p.views for p in pages], "page_errors": [p.error for p in pages if p.error]}
            if browser:
                try:
                    now_js = browser.eval(CHROMIUM_NOW)
                    s["chromium"] = now_js
                except Exception as e:  # noqa: BLE001 - a dead page is a figure
                    s["chromium"] = {"error": "%s: %s" % (type(e).__name__, e)}
            last, last_t = f, t
            samples.append(s)
            row = [s["t_s"], s["rss_mb"], s["cpu_pct"], s["threads"], s["fds"], s["log_kb"], s["snap_mb"],
                   s["snap_files"], s["snapshots_written"]] + s["views"] + (
                       [s["chromium"].get("version", s["chromium"].get("error"))] if browser else [])
            print(fmt_row(row, widths), flush=True)
            if s["t_s"] - window_start >= window_s:
                windows.append({"from_s": window_start, "to_s": s["t_s"],
                                "summary": print_summary("%d-%d s" % (window_start, s["t_s"]), window_samples + [s])})
                window_start = s["t_s"]
                window_samples = []
            else:
                window_samples.append(s)
        if window_samples:
            windows.append({"from_s": window_start, "to_s": window_samples[-1]["t_s"],
                            "summary": print_summary("%d-%d s" % (window_start, window_samples[-1]["t_s"]), window_samples)})
        overall = print_summary("the whole run", samples) if samples else {}
        alive = d.alive()
        verdict = judge(samples, pages, browser, alive, args, duration)
    finally:
        if browser:
            browser.close()
        for p in pages:
            p.stop()
        t0 = time.monotonic()
        rc = d.stop()
        stop_s = time.monotonic() - t0
        state_dir = d.dir
        d.cleanup()
    verdict["exit 0 on SIGTERM"] = {"passed": rc == 0, "detail": "exit %s after %.2f s" % (rc, stop_s)}
    print("verdict:", flush=True)
    for name, v in verdict.items():
        print("%s %s: %s" % ("PASS" if v["passed"] else "FAIL", name, v["detail"]), flush=True)
    ok = all(v["passed"] for v in verdict.values())
    print("%s in %.0f s all told" % ("soak passed" if ok else "SOAK FAILED", time.monotonic() - t_start), flush=True)
    if args.report:
        with open(args.report, "w") as f:
            json.dump({"args": vars(args), "passed": ok, "verdict": verdict, "windows": windows,
                       "whole_run": overall, "samples": samples, "state_dir": state_dir,
                       "seconds_all_told": round(time.monotonic() - t_start, 1)}, f, indent=1)
    return 0 if ok else 1


def judge(samples, pages, browser, alive, args, duration):
    v = {}
    if len(samples) < 4:
        v["enough samples"] = {"passed": False, "detail": "%d samples: too few to judge (run longer or sample more often)" % len(samples)}
        return v
    t0, t1 = samples[0]["t_s"], samples[-1]["t_s"]
    q = (t1 - t0) / 4
    first = [s for s in samples if s["t_s"] <= t0 + q]
    last_q = [s for s in samples if s["t_s"] >= t1 - q]
    a, b = max(s["rss_mb"] for s in first), max(s["rss_mb"] for s in last_q)
    v["memory flat"] = {"passed": b - a <= RSS_FLAT_MB,
                        "detail": "first quarter max %.1f MB, last quarter max %.1f MB (%+.1f MB; allowed +%d)" % (a, b, b - a, RSS_FLAT_MB)}
    bound = args.snapshot_keep_mb * MB
    most = max(s["snap_bytes"] for s in samples)
    v["snapshot folder within its bound"] = {
        "passed": most <= bound + ONE_SNAPSHOT_MARGIN,
        "detail": "at most %.2f MB in %d files (bound %d MB); %d snapshots written, %d kept at the end" % (
            most / MB, max(s["snap_files"] for s in samples), args.snapshot_keep_mb, samples[-1]["snapshots_written"],
            samples[-1]["snap_files"])}
    # Receiving: views in the last quarter, and at least over the last 40 s (the recording is ~33 s a pass).
    since = min(t1 - q, t1 - 40)
    before = [s for s in samples if s["t_s"] <= since]
    base = before[-1] if before else samples[0]
    got = [samples[-1]["views"][i] - base["views"][i] for i in range(len(pages))]
    bad = [p.name for i, p in enumerate(pages) if got[i] <= 0 or p.error or p.closed_by_server]
    detail = "views since t=%ss: %s; totals %s" % (base["t_s"], got, [p.views for p in pages])
    passed = not bad
    if browser:
        c0, c1 = base.get("chromium", {}), samples[-1].get("chromium", {})
        moved = isinstance(c0.get("version"), int) and isinstance(c1.get("version"), int) and c1["version"] > c0["version"]
        live = c1.get("status") == "live"
        passed = passed and moved and live
        detail += "; chromium version %s -> %s, status %r, JS heap %s MB" % (c0.get("version"), c1.get("version"),
                                                                          c1.get("status"), c1.get("heap_mb"))
    v["every page still receiving"] = {"passed": passed, "detail": detail + ("; not receiving: %s" % bad if bad else "")}
    v["daemon alive at the end"] = {"passed": alive, "detail": "ran %.0f s of %.0f" % (t1, duration)}
    return v


if __name__ == "__main__":
    sys.exit(main())
