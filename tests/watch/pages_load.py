#!/usr/bin/python3
"""What watching pages cost the daemon: its RSS and CPU % with 0, 1 and 20 pages open (SSE
clients), each for --seconds (default 60) over the looped recording; and the bytes on the wire
of /overlay, / and one view message. Prints a table; --report writes it as JSON.

  /usr/bin/python3 tests/watch/pages_load.py [--seconds 60] [--counts 0,1,20] [--report FILE.json]

Figures only: nothing is asserted but that the pages were accepted (exit 1 otherwise).
"""
import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from watched_daemon import SseClient, WatchedDaemon, raw_get  # noqa: E402


def phase(d, n, seconds, sample_s=5):
    pages = [SseClient(d.base, d.token, name="page%d" % i).start_stream() for i in range(n)]
    for p in pages:
        p.answered.wait(10)
    accepted = sum(1 for p in pages if p.status == 200)
    f0, t0 = d.figures(), time.monotonic()
    v0 = [p.views for p in pages]
    b0 = [p.bytes for p in pages]
    rss = []
    while time.monotonic() - t0 < seconds:
        time.sleep(min(sample_s, max(0.0, seconds - (time.monotonic() - t0))))
        rss.append(d.figures()["rss_kb"] / 1024)
    f1, t1 = d.figures(), time.monotonic()
    views = [p.views - v for p, v in zip(pages, v0)]
    wire = sum(p.bytes - b for p, b in zip(pages, b0))
    for p in pages:
        p.stop()
    return {"pages": n, "accepted": accepted, "seconds": round(t1 - t0, 1),
            "rss_mb_start": round(f0["rss_kb"] / 1024, 1), "rss_mb_mean": round(sum(rss) / len(rss), 1),
            "rss_mb_max": round(max(rss), 1), "cpu_pct": round(100 * (f1["cpu_s"] - f0["cpu_s"]) / (t1 - t0), 1),
            "threads": f1["threads"], "fds": f1["fds"],
            "snapshots_written": f1["snapshots_written"] - f0["snapshots_written"],
            "views_per_page": (min(views), max(views)) if views else (0, 0), "views_total": sum(views),
            "stream_bytes_all_pages": wire}


def wait_pages_gone(d, baseline_fds, limit_s=45):
    t0 = time.monotonic()
    while d.figures()["fds"] > baseline_fds and time.monotonic() - t0 < limit_s:
        time.sleep(0.5)
    return time.monotonic() - t0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--counts", default="0,1,20")
    ap.add_argument("--warm-s", type=float, default=35, help="let the daemon run one pass of the recording first")
    ap.add_argument("--report")
    args = ap.parse_args(argv)
    counts = [int(c) for c in args.counts.split(",")]
    with WatchedDaemon(loop=True) as d:
        while d.figures()["t_s"] < args.warm_s:
            time.sleep(1)
        baseline_fds = d.figures()["fds"]  # no page open yet
        q = "?token=" + d.token
        wire = {}
        for path in ("/overlay", "/", "/state.json"):
            status, head, body, secs = raw_get(d.base, path + q)
            wire[path] = {"status": status, "header_bytes": head, "body_bytes": len(body), "total": head + len(body)}
        probe = SseClient(d.base, d.token, name="probe").start_stream(10)
        deadline = time.monotonic() + 10
        while probe.first_view_bytes is None and time.monotonic() < deadline:
            time.sleep(0.05)
        view_bytes = probe.first_view_bytes
        probe.stop()
        rows = []
        for n in counts:
            # A closed page keeps its place (and its socket) until the server's next write to it
            # fails: wait for the last phase's pages to be gone, so that this phase gets all it asks.
            waited = wait_pages_gone(d, baseline_fds)
            print("... %d page(s) for %.0f s (waited %.1f s for the last phase's pages to be let go)" % (n, args.seconds, waited), flush=True)
            row = phase(d, n, args.seconds)
            row["waited_s_for_closed_pages"] = round(waited, 1)
            rows.append(row)
        rc = d.stop()
    print()
    print("pages  accepted  rss_mb start/mean/max   cpu_pct  threads  fds  snapshots  views/page  stream bytes (all pages)  waited_s")
    for r in rows:
        print("%5d  %8d  %6.1f/%6.1f/%6.1f  %7.1f  %7d  %3d  %9d  %10s  %23d  %8.1f" % (
            r["pages"], r["accepted"], r["rss_mb_start"], r["rss_mb_mean"], r["rss_mb_max"], r["cpu_pct"], r["threads"],
            r["fds"], r["snapshots_written"], "%d-%d" % tuple(r["views_per_page"]), r["stream_bytes_all_pages"],
            r["waited_s_for_closed_pages"]))
    print()
    print("on the wire (headers + body):")
    for path, w in wire.items():
        print("  %-12s HTTP %s  %6d bytes (%d header + %d body)" % (path, w["status"], w["total"], w["header_bytes"], w["body_bytes"]))
    print("  %-12s           %6s bytes (`event: view`, its data line, the blank line; the first view of a stream)" % (
        "one view", view_bytes))
    total_bytes = sum(r["stream_bytes_all_pages"] for r in rows)
    total_views = sum(r["views_total"] for r in rows)
    if total_views:
        print("  %-12s           %6.0f bytes a view on average over the phases' streams (%d views; pings and headers included)" % (
            "", total_bytes / total_views, total_views))
    print("daemon exit on SIGTERM: %s" % rc)
    ok = all(r["accepted"] == r["pages"] for r in rows) and rc == 0
    if args.report:
        with open(args.report, "w") as f:
            json.dump({"phases": rows, "wire": wire, "one_view_bytes": view_bytes, "exit": rc, "passed": ok}, f, indent=1)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
