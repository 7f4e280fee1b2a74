#!/usr/bin/python3
"""The watch page under abuse: the daemon must not slow, lose nothing, stay bounded.

  /usr/bin/python3 tests/watch/abuse_check.py [--only a,b,c,d,e] [--report FILE.json] [--keep]

a. nothing lost: a quiet run over the bundled recording (no --loop) to its end, SIGTERM, export;
   then the same run with b-e all going on during it; the two exports must hold the same events
   (kinds and payloads; times dropped) and the same snapshots.
b. a 1 GB header: `GET /?token=T HTTP/1.1\\r\\nX-Big: ` then 'a' in 64 KB chunks; the server must
   close it before 1 MB was sent.
c. 1,000 connections opened at once and held, sending nothing: the daemon's fds stay bounded
   (< 200 more than before), and /state.json answers within 30 s after they are closed.
d. a page that never reads (SO_RCVBUF 4096) for 60 s over the looped recording: RSS grows by
   less than 20 MB and the frames go on (snapshots keep being written).
e. 25 event streams: exactly 20 accepted (max_pages), the rest 503.

b-e run alone on a looped daemon (one each, for clean figures), and together in a's abused run.
Times and rates are reported, never asserted: only counts, bounds and equality are. Prints
PASS/FAIL lines and figures; writes a JSON report; exits 0 only when every check passed.
"""
import argparse
import json
import os
import select
import socket
import sys
import tempfile
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from watched_daemon import SseClient, WatchedDaemon, host_port, raw_get  # noqa: E402

MB = 1024 * 1024
MAX_PAGES = 20  # ServerOptions::max_pages


class Report:
    def __init__(self):
        self.checks = []
        self.figures = {}

    def check(self, scenario, name, passed, detail):
        self.checks.append({"scenario": scenario, "name": name, "passed": bool(passed), "detail": detail})
        print("%s [%s] %s: %s" % ("PASS" if passed else "FAIL", scenario, name, detail), flush=True)
        return passed

    def figure(self, scenario, key, value):
        self.figures.setdefault(scenario, {})[key] = value
        print("  [%s] %s = %s" % (scenario, key, json.dumps(value) if not isinstance(value, str) else value), flush=True)

    def failed(self):
        return [c for c in self.checks if not c["passed"]]


def mb(kb):
    return round(kb / 1024, 1)


# --- b: a 1 GB header ---------------------------------------------------------------------------------

def big_header(base, token, limit=1 << 30, chunk=64 * 1024, stall_s=30):
    """Sends the header without end until the server closes the connection (or limit bytes went).
    Returns a dict: bytes the kernel took before the close, how it ended, the answer if any."""
    host, port = host_port(base)
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    # A small send buffer, so "sent" is close to what reached the server.
    s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 64 * 1024)
    s.settimeout(stall_s)
    t0 = time.monotonic()
    s.connect((host, port))
    head = ("GET /?token=%s HTTP/1.1\r\nX-Big: " % urllib.parse.quote(token)).encode()
    s.sendall(head)
    block = b"a" * chunk
    sent, ended, answer = 0, None, b""
    try:
        while sent < limit:
            n = s.send(block)
            sent += n
    except (BrokenPipeError, ConnectionResetError) as e:
        ended = type(e).__name__
    except socket.timeout:
        ended = "stalled %d s with the connection still open" % stall_s
    took = time.monotonic() - t0
    if ended is None:
        ended = "sent all %d bytes: never closed" % limit
    try:
        s.settimeout(2)
        while True:
            b = s.recv(65536)
            if not b:
                break
            answer += b
    except OSError:
        pass
    s.close()
    status_line = answer.split(b"\r\n", 1)[0].decode(errors="replace") if answer else ""
    return {"bytes_sent": sent, "ended": ended, "seconds": round(took, 2), "answer": status_line,
            "sndbuf": 64 * 1024}


def scenario_b(rep, d, tag="b"):
    r = big_header(d.base, d.token)
    rep.figure(tag, "big_header", r)
    closed = r["ended"] in ("BrokenPipeError", "ConnectionResetError")
    rep.check(tag, "1 GB header closed before 1 MB was sent", closed and r["bytes_sent"] < MB,
              "%s after %d bytes of header (%.2f MB) in %.2f s%s" % (
                  r["ended"], r["bytes_sent"], r["bytes_sent"] / MB, r["seconds"],
                  "; answer %r" % r["answer"] if r["answer"] else "; no answer read"))
    return r


# --- c: 1,000 held connections ------------------------------------------------------------------------

def open_many(base, n):
    host, port = host_port(base)
    socks = []
    for _ in range(n):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setblocking(False)
        s.connect_ex((host, port))
        socks.append(s)
    return socks


def socket_states(socks):
    """(connected and open, closed by the server or failed, still connecting) of non-blocking sockets."""
    poller = select.poll()
    by_fd = {}
    for s in socks:
        poller.register(s.fileno(), select.POLLOUT | select.POLLIN | select.POLLRDHUP)
        by_fd[s.fileno()] = s
    ready = dict(poller.poll(0))
    connected = closed = pending = 0
    for fd in by_fd:
        ev = ready.get(fd, 0)
        if ev & (select.POLLERR | select.POLLHUP | select.POLLRDHUP | select.POLLIN):
            closed += 1
        elif ev & select.POLLOUT:
            connected += 1
        else:
            pending += 1
    return connected, closed, pending


def timed_state(base, token, timeout_s):
    """(status, seconds) of GET /state.json; status None on a timeout or an error (seconds: when it gave up)."""
    t0 = time.monotonic()
    try:
        status, _, _, _ = raw_get(base, "/state.json?token=%s" % urllib.parse.quote(token), timeout_s)
        return status, round(time.monotonic() - t0, 2)
    except OSError as e:
        return None, "%s after %.1f s" % (type(e).__name__, time.monotonic() - t0)


def scenario_c(rep, d, n=1000, hold_s=12, tag="c", fd_bound=200):
    before = d.figures()
    # A page's request while they are held: timed, not asserted (it queues behind them).
    during = {}

    def legit_during():
        time.sleep(2)
        during["state"] = timed_state(d.base, d.token, hold_s - 2)

    t0 = time.monotonic()
    socks = open_many(d.base, n)
    opened_s = time.monotonic() - t0
    lt = threading.Thread(target=legit_during, daemon=True)
    lt.start()
    peak = dict(before)
    samples = []
    while time.monotonic() - t0 < hold_s:
        f = d.figures()
        conn, closed, pending = socket_states(socks)
        samples.append({"t": round(time.monotonic() - t0, 1), "fds": f["fds"], "threads": f["threads"],
                        "rss_kb": f["rss_kb"], "client_connected": conn, "client_closed": closed, "client_pending": pending})
        for k in ("fds", "threads", "rss_kb"):
            peak[k] = max(peak[k], f[k])
        time.sleep(0.25)
    lt.join(hold_s)
    conn, closed, pending = socket_states(socks)
    for s in socks:
        s.close()
    closed_at = time.monotonic()
    status, took = timed_state(d.base, d.token, 30)
    time.sleep(2)
    after = d.figures()
    rep.figure(tag, "held", {"connections": n, "opened_in_s": round(opened_s, 2), "hold_s": hold_s,
                             "at_the_end_client_side": {"connected": conn, "closed_by_server": closed, "never_connected": pending}})
    rep.figure(tag, "daemon_before", {k: before[k] for k in ("fds", "threads", "rss_kb")})
    rep.figure(tag, "daemon_peak", {k: peak[k] for k in ("fds", "threads", "rss_kb")})
    rep.figure(tag, "daemon_2s_after_close", {k: after[k] for k in ("fds", "threads", "rss_kb")})
    rep.figure(tag, "state_json_while_held", {"status": during.get("state", (None,))[0],
                                              "seconds": during.get("state", (None, None))[1]})
    rep.figure(tag, "samples_every_0.25s_first_last", [samples[0], samples[-1]] if samples else [])
    rep.check(tag, "fds bounded while %d connections are held" % n, peak["fds"] - before["fds"] < fd_bound,
              "%d before, peak %d (+%d; bound +%d), threads %d -> peak %d, RSS %.1f -> peak %.1f MB" % (
                  before["fds"], peak["fds"], peak["fds"] - before["fds"], fd_bound, before["threads"],
                  peak["threads"], mb(before["rss_kb"]), mb(peak["rss_kb"])))
    rep.check(tag, "/state.json answers within 30 s after they are closed", status == 200,
              "HTTP %s in %s s after closing them" % (status, took))
    return {"before": before, "peak": peak, "after": after, "state_after": (status, took), "state_during": during.get("state")}


# --- d: a page that never reads -----------------------------------------------------------------------

def scenario_d(rep, d, hold_s=60, tag="d", rss_bound_mb=20, slow_pages=1, warm_s=40):
    # The daemon's RSS climbs in its first half minute (caches, the first of every drawing): the
    # baseline is taken after one pass over the recording (~33 s), so what grows is the page's.
    while d.figures()["t_s"] < warm_s:
        time.sleep(1)
    reader = SseClient(d.base, d.token, name="reader").start_stream(10)
    slow = [SseClient(d.base, d.token, read=False, rcvbuf=4096, name="slow%d" % i).start_stream() for i in range(slow_pages)]
    for s in slow:
        s.connected.wait(10)
    before = d.figures()
    views_before = reader.views
    samples = []
    t0 = time.monotonic()
    while time.monotonic() - t0 < hold_s:
        time.sleep(5)
        f = d.figures()
        samples.append({"t": round(time.monotonic() - t0), "rss_mb": mb(f["rss_kb"]), "snapshots_written": f["snapshots_written"],
                        "reader_views": reader.views, "fds": f["fds"], "threads": f["threads"]})
    after = d.figures()
    drained = [s.drain(3) for s in slow]
    for s in slow:
        s.stop()
    reader.stop()
    growth_mb = (max(x["rss_mb"] for x in samples) * 1024 - before["rss_kb"]) / 1024
    rep.figure(tag, "samples_every_5s", samples)
    rep.figure(tag, "slow_pages_drained_after", [{"bytes": b, "views": v, "closed_by_server": c} for b, v, c in drained])
    rep.check(tag, "RSS grows < %d MB with %d page(s) not reading for %d s" % (rss_bound_mb, slow_pages, hold_s),
              growth_mb < rss_bound_mb, "%.1f MB before, max %.1f MB (+%.1f MB)" % (
                  mb(before["rss_kb"]), max(x["rss_mb"] for x in samples), growth_mb))
    rep.check(tag, "frames go on (snapshots written keep rising)", after["snapshots_written"] > before["snapshots_written"],
              "snapshots written %d -> %d over %d s (%.2f/s); a reading page got %d views meanwhile" % (
                  before["snapshots_written"], after["snapshots_written"], hold_s,
                  (after["snapshots_written"] - before["snapshots_written"]) / hold_s, reader.views - views_before))
    return {"before": before, "after": after, "samples": samples, "drained": drained}


# --- e: 25 event streams ------------------------------------------------------------------------------

def open_streams(d, n, prefix="page"):
    pages = [SseClient(d.base, d.token, name="%s%d" % (prefix, i)) for i in range(n)]
    for p in pages:
        p.start()
    for p in pages:
        p.answered.wait(30)
    return pages


def scenario_e(rep, d, n=25, already=0, tag="e", keep=False):
    t0 = time.monotonic()
    pages = open_streams(d, n)
    took = time.monotonic() - t0
    ok = [p for p in pages if p.status == 200]
    busy = [p for p in pages if p.status == 503]
    other = [(p.name, p.status, p.error) for p in pages if p.status not in (200, 503)]
    want = MAX_PAGES - already
    rep.figure(tag, "streams", {"asked": n, "already_open": already, "accepted": len(ok), "busy_503": len(busy),
                                "other": other, "all_answered_in_s": round(took, 2)})
    rep.check(tag, "%d streams: exactly %d accepted, the rest 503" % (n, want),
              len(ok) == want and len(busy) == n - want and not other,
              "%d accepted, %d got 503, %d other%s" % (len(ok), len(busy), len(other), (" %r" % other[:3]) if other else ""))
    if not keep:
        time.sleep(1)
        for p in pages:
            p.stop()
        rep.figure(tag, "seconds_until_a_page_is_accepted_after_the_20_closed", slot_freed_after(d))
    return pages


def slot_freed_after(d, limit_s=60):
    """Right after pages closed: tries a new page every second until one is accepted. The server
    learns of a closed page only when a write to it fails (a view, or a ping every 15 s)."""
    t0 = time.monotonic()
    refused = 0
    while time.monotonic() - t0 < limit_s:
        q = SseClient(d.base, d.token, name="probe").start_stream(10)
        status = q.status
        q.stop()
        if status == 200:
            return {"seconds": round(time.monotonic() - t0, 1), "refused_503_meanwhile": refused}
        refused += 1
        time.sleep(1)
    return {"seconds": None, "refused_503_meanwhile": refused, "note": "none accepted within %d s" % limit_s}


# --- a: nothing lost ----------------------------------------------------------------------------------

# What differs by run in an exported event (looked at in real exports): its time (at_ms), and a
# command's `entropy`, the random number drawn for it when it was taken (kept so that a replay rolls
# the same dice: engine/src/flow_module.cpp). seq and group are the log's own order, equal in equal
# games. A die rolled from that entropy would differ too, and show as a difference.
RUN_FIELDS = ("at_ms", "entropy")


def without_run_fields(x):
    if isinstance(x, dict):
        return {k: without_run_fields(v) for k, v in x.items() if k not in RUN_FIELDS}
    if isinstance(x, list):
        return [without_run_fields(v) for v in x]
    return x


def comparable(events):
    return [without_run_fields(e) for e in events]


def board_of(view):
    """A view without what differs by run or by clock: the toast too, which goes after a few seconds
    of the wall clock, so the slower abused run's last view may no longer show it."""
    v = {k: x for k, x in view.items() if k not in ("run", "version", "sent_ms", "drawing_ms", "advance_in_ms", "toast")}
    for t in v.get("timers") or []:
        t.pop("remaining_ms", None)
    return v


def snapshot_names(d):
    out = []
    for root, _, files in os.walk(d.snapshot_dir):
        out += [os.path.relpath(os.path.join(root, f), d.snapshot_dir) for f in files]
    return sorted(out)


def run_to_end(d, timeout_s=180):
    t0 = time.monotonic()
    d.wait_for_log("the recording has ended", timeout_s)
    return time.monotonic() - t0


def quiet_run(rep, tag="a", linger=True):
    with WatchedDaemon(loop=False) as d:
        ended_s = run_to_end(d)
        state = json.loads(raw_get(d.base, "/state.json?token=%s" % urllib.parse.quote(d.token))[2])
        f = d.figures()
        if linger:
            # The recording over, nothing is published: how long do 20 closed pages keep their places?
            pages = open_streams(d, MAX_PAGES)
            time.sleep(1)
            for p in pages:
                p.stop()
            rep.figure(tag, "idle_daemon_seconds_until_a_page_is_accepted_after_20_closed", slot_freed_after(d))
        t0 = time.monotonic()
        rc = d.stop()
        stop_s = time.monotonic() - t0
        events = d.export()
        names = snapshot_names(d)
        rep.figure(tag, "quiet_run", {"ended_after_s": round(ended_s, 1), "stop_s": round(stop_s, 2), "exit": rc,
                                      "events": len(events), "snapshots": len(names), "views_published": state["version"],
                                      "rss_mb_at_end": mb(f["rss_kb"]), "cpu_s": round(f["cpu_s"], 2)})
        return {"events": events, "snapshots": names, "board": board_of(state), "rc": rc}


class Abuse:
    """b-e going on together, in threads, until told to stop."""

    def __init__(self, d):
        self.d = d
        self.halt = threading.Event()
        self.b_results = []
        self.c_results = []
        self.threads = []
        self.slow = self.reader = None
        self.streams = []

    def start(self):
        d = self.d
        # d: a stuck page and a reading one, first, so they hold two of the 20 places.
        self.slow = SseClient(d.base, d.token, read=False, rcvbuf=4096, name="slow").start_stream()
        self.reader = SseClient(d.base, d.token, name="reader").start_stream(10)
        # e: 25 more streams.
        self.streams = open_streams(d, 25, "stream")
        for fn in (self._b, self._c):
            t = threading.Thread(target=fn, daemon=True)
            t.start()
            self.threads.append(t)

    def _b(self):
        while not self.halt.is_set():
            try:
                self.b_results.append(big_header(self.d.base, self.d.token))
            except OSError as e:
                self.b_results.append({"error": "%s: %s" % (type(e).__name__, e)})

    def _c(self):
        while not self.halt.is_set():
            before = self.d.figures()
            socks = open_many(self.d.base, 1000)
            peak_fds = peak_threads = 0
            t0 = time.monotonic()
            while time.monotonic() - t0 < 10 and not self.halt.is_set():
                f = self.d.figures()
                peak_fds, peak_threads = max(peak_fds, f["fds"]), max(peak_threads, f["threads"])
                time.sleep(0.25)
            for s in socks:
                s.close()
            status, took = timed_state(self.d.base, self.d.token, 30)
            self.c_results.append({"fds_before": before["fds"], "peak_fds": peak_fds, "peak_threads": peak_threads,
                                   "state_after_close": status, "seconds": took})

    def stop(self):
        self.halt.set()
        for t in self.threads:
            t.join(60)


def abused_run(rep, quiet, tag="a"):
    with WatchedDaemon(loop=False) as d:
        abuse = Abuse(d)
        abuse.start()
        ended_s = run_to_end(d)
        abuse.stop()
        accepted = [p for p in abuse.streams if p.status == 200]
        busy = [p for p in abuse.streams if p.status == 503]
        state = json.loads(raw_get(d.base, "/state.json?token=%s" % urllib.parse.quote(d.token), 30)[2])
        # Every reading page ends on the last view (waited for: the pages may be a moment behind).
        readers = accepted + [abuse.reader]
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and any((p.last_view or {}).get("version") != state["version"] for p in readers):
            time.sleep(0.2)
        behind = [(p.name, (p.last_view or {}).get("version"), p.error) for p in readers
                  if (p.last_view or {}).get("version") != state["version"]]
        f = d.figures()
        # Stopped with the 20 pages (one of them stuck) still connected.
        t0 = time.monotonic()
        rc = d.stop()
        stop_s = time.monotonic() - t0
        for p in abuse.streams + [abuse.reader, abuse.slow]:
            p.stop()
        events = d.export()
        names = snapshot_names(d)
        views = sorted(p.views for p in readers)
        b_closed = [r for r in abuse.b_results if r.get("ended") in ("BrokenPipeError", "ConnectionResetError")]
        rep.figure(tag, "abused_run", {
            "ended_after_s": round(ended_s, 1), "stop_s_with_20_pages_open": round(stop_s, 2), "exit": rc,
            "events": len(events), "snapshots": len(names), "views_published": state["version"],
            "views_per_reading_page_min_median_max": [views[0], views[len(views) // 2], views[-1]],
            "rss_mb_at_end": mb(f["rss_kb"]), "cpu_s": round(f["cpu_s"], 2),
            "b_attempts": len(abuse.b_results), "b_max_bytes_before_close": max([r.get("bytes_sent", 0) for r in abuse.b_results] or [0]),
            "b_results": abuse.b_results[:5], "c_rounds": abuse.c_results})
        diff = first_difference(comparable(quiet["events"]), comparable(events))
        rep.check(tag, "the abused run's export has the quiet run's events", diff is None,
                  "%d events each, equal without %s" % (len(events), ", ".join(RUN_FIELDS)) if diff is None else diff)
        rep.check(tag, "the same snapshots", names == quiet["snapshots"],
                  "%d snapshots each, same names" % len(names) if names == quiet["snapshots"] else
                  "quiet %d, abused %d; only in quiet: %s; only in abused: %s" % (
                      len(quiet["snapshots"]), len(names), sorted(set(quiet["snapshots"]) - set(names))[:5],
                      sorted(set(names) - set(quiet["snapshots"]))[:5]))
        rep.check(tag, "the same final board", board_of(state) == quiet["board"],
                  "state.json equal but for run, version and times" if board_of(state) == quiet["board"] else
                  first_difference([quiet["board"]], [board_of(state)]))
        rep.check(tag, "exit code 0 after SIGTERM, both runs", rc == 0 and quiet["rc"] == 0,
                  "quiet %s, abused %s (stopped in %.2f s with the pages still open)" % (quiet["rc"], rc, stop_s))
        rep.check(tag, "streams during the abuse: 20 open at once, the rest 503", len(accepted) + 2 == MAX_PAGES and len(busy) == 25 - len(accepted),
                  "a stuck page + a reading page + %d of 25 accepted, %d got 503" % (len(accepted), len(busy)))
        rep.check(tag, "every reading page got the last view", not behind,
                  "%d pages on version %s" % (len(readers), state["version"]) if not behind else "behind: %r" % behind[:5])
        # An attempt that could not even connect (its connect timed out while a round of c held
        # 1,000 connections: the documented cost of having no per-client limit) sent no header.
        b_sent = [r for r in abuse.b_results if "error" not in r]
        rep.check(tag, "every 1 GB header during the abuse was closed before 1 MB", b_closed and len(b_closed) == len(b_sent)
                  and all(r["bytes_sent"] < MB for r in b_closed),
                  "%d of %d attempts that connected closed (%d could not connect), the most sent %d bytes" % (
                      len(b_closed), len(b_sent), len(abuse.b_results) - len(b_sent),
                      max([r.get("bytes_sent", 0) for r in abuse.b_results] or [0])))
        rep.check(tag, "every round of 1,000 connections: fds bounded and /state.json answered after",
                  abuse.c_results and all(r["peak_fds"] - r["fds_before"] < 200 and r["state_after_close"] == 200 for r in abuse.c_results),
                  "; ".join("fds %d->%d, state.json %s in %s s" % (r["fds_before"], r["peak_fds"], r["state_after_close"], r["seconds"])
                            for r in abuse.c_results))


def first_difference(a, b):
    if len(a) != len(b):
        return "%d events vs %d" % (len(a), len(b)) + ("; " + first_difference(a[:min(len(a), len(b))], b[:min(len(a), len(b))])
                                                      if a[:min(len(a), len(b))] != b[:min(len(a), len(b))] else "")
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            # Down to the first key that differs, so the message shows the difference itself.
            where = ""
            while isinstance(x, dict) and isinstance(y, dict):
                key = next((k for k in sorted(set(x) | set(y)) if x.get(k) != y.get(k)), None)
                if key is None:
                    break
                where += "." + key
                x, y = x.get(key), y.get(key)
            return "item %d differs at %s:\n    quiet:  %s\n    abused: %s" % (
                i, where or "the top", json.dumps(x, sort_keys=True)[:600], json.dumps(y, sort_keys=True)[:600])
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", default="a,b,c,d,e", help="scenarios to run, e.g. b,c (default all)")
    ap.add_argument("--report", default=os.path.join(tempfile.gettempdir(), "seneschal-abuse-report.json"))
    ap.add_argument("--slow-seconds", type=float, default=60, help="d: how long the page does not read")
    args = ap.parse_args(argv)
    only = set(args.only.split(","))
    rep = Report()
    t0 = time.monotonic()
    try:
        if only & set("bcde"):
            print("== b-e, each alone, on a looped daemon", flush=True)
            with WatchedDaemon(loop=True) as d:
                d.wait_for_log("snapshot ", 30)
                rep.figure("daemon", "looped_at_start", d.figures())
                if "e" in only:
                    scenario_e(rep, d)
                if "b" in only:
                    scenario_b(rep, d)
                if "c" in only:
                    scenario_c(rep, d)
                if "d" in only:
                    scenario_d(rep, d, hold_s=args.slow_seconds)
                rep.figure("daemon", "looped_at_end", d.figures(with_events=True))
                rc = d.stop()
                rep.check("daemon", "the looped daemon exits 0 on SIGTERM", rc == 0, "exit %s" % rc)
        if "a" in only:
            print("== a: a quiet run, then an abused one", flush=True)
            quiet = quiet_run(rep)
            abused_run(rep, quiet)
    except Exception as e:  # noqa: BLE001 - said as a failure, with the report still written
        rep.check("run", "the checks ran to the end", False, "%s: %s" % (type(e).__name__, e))
    failed = rep.failed()
    with open(args.report, "w") as f:
        json.dump({"passed": not failed, "seconds": round(time.monotonic() - t0, 1), "checks": rep.checks,
                   "figures": rep.figures}, f, indent=1, default=str)
    print("report: %s (%.0f s)" % (args.report, time.monotonic() - t0))
    if failed:
        print("FAILED: %s" % "; ".join("[%s] %s" % (c["scenario"], c["name"]) for c in failed))
        return 1
    print("all %d checks passed" % len(rep.checks))
    return 0


if __name__ == "__main__":
    sys.exit(main())
