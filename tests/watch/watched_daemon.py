#!/usr/bin/python3
"""The daemon with its watch page on, for the load, abuse and soak scripts (tests/watch/).

  from watched_daemon import WatchedDaemon, SseClient

  with WatchedDaemon(loop=True) as d:          # build/firmware/seneschald --headless ... --watch 127.0.0.1:0
      print(d.base, d.token, d.figures())      # RSS, CPU seconds, fds, threads, log and snapshot bytes...
      page = SseClient(d.base, d.token).start_stream()
      ...
      rc = d.stop()                            # SIGTERM, wait, the exit code (SIGKILL on a timeout)

Only the standard library. Everything read about the daemon comes from /proc (Linux).
"""
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
# The programs: the build tree's, unless the test command names them (ctest does).
DAEMON = os.environ.get("SENESCHALD", os.path.join(REPO, "build", "firmware", "seneschald"))
CLI = os.environ.get("SENESCHAL_CLI", os.path.join(REPO, "build", "firmware", "seneschal"))
# The table's answers to the values the rulebooks do not print, as `make run` gives a fresh state
# folder: without them the bundled recording's game stops at its first question.
ANSWERS = os.path.join(REPO, "assets", "recordings", "first-game", "card-answers.json")
CLK_TCK = os.sysconf("SC_CLK_TCK")
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")

RECORDING_ENDED = "the recording has ended"
WATCH_LINE = re.compile(r"watch page on (http://[0-9.]+:(\d+))/")


class DaemonError(Exception):
    pass


# --- /proc --------------------------------------------------------------------------------------------

def proc_status(pid):
    """/proc/PID/status as {field: text}."""
    out = {}
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            key, _, value = line.partition(":")
            out[key] = value.strip()
    return out


def cpu_seconds(pid):
    """utime + stime of /proc/PID/stat, in seconds."""
    with open("/proc/%d/stat" % pid) as f:
        text = f.read()
    fields = text.rsplit(")", 1)[1].split()  # fields[0] is the state (field 3): utime is field 14
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def fd_count(pid):
    return len(os.listdir("/proc/%d/fd" % pid))


def children(pid):
    """The process's direct children (all its threads')."""
    kids = []
    try:
        for task in os.listdir("/proc/%d/task" % pid):
            try:
                with open("/proc/%d/task/%s/children" % (pid, task)) as f:
                    kids += [int(p) for p in f.read().split()]
            except OSError:
                pass
    except OSError:
        pass
    return kids


def rss_kb(pid):
    return int(proc_status(pid)["VmRSS"].split()[0])


def tree_bytes(path):
    """(bytes, files) of the regular files under path."""
    total = count = 0
    for root, _, files in os.walk(path):
        for name in files:
            try:
                total += os.lstat(os.path.join(root, name)).st_size
                count += 1
            except OSError:
                pass  # pruned while we looked
    return total, count


# --- the daemon ---------------------------------------------------------------------------------------

class WatchedDaemon:
    """build/firmware/seneschald --headless --state-dir DIR --new-game --watch 127.0.0.1:0 [--loop]."""

    def __init__(self, state_dir=None, loop=False, extra_args=(), daemon=DAEMON, keep_dir=False,
                 start_timeout_s=60):
        self.own_dir = state_dir is None
        self.keep_dir = keep_dir
        self.dir = state_dir or tempfile.mkdtemp(prefix="seneschal-watched-")
        os.makedirs(self.dir, exist_ok=True)
        if not os.path.exists(os.path.join(self.dir, "card-answers.json")):
            shutil.copy(ANSWERS, self.dir)
        self.log_path = os.path.join(self.dir, "daemon-stderr.log")
        self.db = os.path.join(self.dir, "seneschal.sqlite")
        self.snapshot_dir = os.path.join(self.dir, "snapshots")
        self.args = [daemon, "--headless", "--state-dir", self.dir, "--new-game", "--watch", "127.0.0.1:0"]
        if loop:
            self.args.append("--loop")
        self.args += list(extra_args)
        self.proc = None
        self.returncode = None
        self.base = self.token = None
        self.port = None
        self.started_at = None
        self._start(start_timeout_s)

    def _start(self, timeout_s):
        self._log = open(self.log_path, "wb")
        # Its own session, so its Xvfb goes with it if it has to be killed.
        self.proc = subprocess.Popen(self.args, stdin=subprocess.DEVNULL, stdout=self._log, stderr=self._log,
                                     start_new_session=True, cwd=REPO)
        self.pid = self.proc.pid
        self.started_at = time.monotonic()
        try:
            match = self.wait_for_log(WATCH_LINE, timeout_s)
            self.base, self.port = match.group(1), int(match.group(2))
            token_file = os.path.join(self.dir, "watch-token")
            with open(token_file) as f:
                self.token = f.readline().strip()
        except BaseException:
            self.kill()
            raise

    # --- its log ---------------------------------------------------------------------------------

    def log_text(self):
        with open(self.log_path, "rb") as f:
            return f.read().decode(errors="replace")

    def wait_for_log(self, pattern, timeout_s):
        """The first match of pattern (a regex or a plain string) in the log; raises on timeout or exit."""
        rx = pattern if hasattr(pattern, "search") else re.compile(re.escape(pattern))
        deadline = time.monotonic() + timeout_s
        while True:
            m = rx.search(self.log_text())
            if m:
                return m
            if self.proc.poll() is not None:
                raise DaemonError("the daemon exited with %s before its log said %r; its log ends:\n%s" % (
                    self.proc.returncode, rx.pattern, self.log_tail()))
            if time.monotonic() > deadline:
                raise DaemonError("no %r in the daemon's log within %s s" % (rx.pattern, timeout_s))
            time.sleep(0.1)

    def log_tail(self, lines=15):
        return "\n".join(self.log_text().splitlines()[-lines:])

    def snapshots_written(self):
        """Snapshots written so far by this run (its log's `snapshot PATH` lines): pruning does not lower it."""
        return sum(1 for line in self.log_text().splitlines() if line.startswith("snapshot "))

    def recording_ended(self):
        return RECORDING_ENDED in self.log_text()

    # --- figures ---------------------------------------------------------------------------------

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def figures(self, with_events=False):
        """The daemon's process figures now, and its frame progress."""
        pid = self.pid
        st = proc_status(pid)
        kids = children(pid)
        kids_rss = 0
        for k in kids:
            try:
                kids_rss += rss_kb(k)
            except (OSError, KeyError):
                pass
        db_bytes = sum(os.path.getsize(p) for p in (self.db, self.db + "-wal") if os.path.exists(p))
        snap_bytes, snap_files = tree_bytes(self.snapshot_dir)
        out = {
            "t_s": round(time.monotonic() - self.started_at, 2),
            "rss_kb": int(st["VmRSS"].split()[0]),
            "cpu_s": cpu_seconds(pid),
            "fds": fd_count(pid),
            "threads": int(st["Threads"]),
            "children_rss_kb": kids_rss,  # its private Xvfb
            "log_bytes": db_bytes,
            "snapshot_bytes": snap_bytes,
            "snapshot_files": snap_files,
            "snapshots_written": self.snapshots_written(),
        }
        if with_events:
            out["events"] = self.event_count()
        return out

    def export(self, timeout_s=60):
        """The game as `seneschal export --db` prints it: one dict per event."""
        r = subprocess.run([CLI, "export", "--db", self.db], capture_output=True, timeout=timeout_s, cwd=REPO)
        if r.returncode != 0:
            raise DaemonError("seneschal export exited %d: %s" % (r.returncode, r.stderr.decode(errors="replace")[-500:]))
        return [json.loads(line) for line in r.stdout.decode().splitlines() if line.strip()]

    def event_count(self):
        return len(self.export())

    # --- ending it -------------------------------------------------------------------------------

    def stop(self, timeout_s=20):
        """SIGTERM, then wait; SIGKILL (the whole session) when it outlives timeout_s. The exit code
        (negative: the signal that ended it)."""
        if self.proc is None:
            return self.returncode
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout_s)
            except subprocess.TimeoutExpired:
                self.kill()
        self.returncode = self.proc.returncode
        self._log.close()
        return self.returncode

    def kill(self):
        if self.proc and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait(10)
        self.returncode = self.proc.returncode if self.proc else None

    def cleanup(self):
        if self.alive():
            self.stop()
        if self.own_dir and not self.keep_dir:
            shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.cleanup()

    def url(self, path):
        return "%s%s?token=%s" % (self.base, path, urllib.parse.quote(self.token))


# --- HTTP by hand -------------------------------------------------------------------------------------

def host_port(base):
    u = urllib.parse.urlsplit(base)
    return u.hostname, u.port


def raw_get(base, path_and_query, timeout_s=10):
    """(status, header bytes, body bytes, seconds) of one GET with Connection: close, read to the end:
    what went over the wire, headers and all."""
    host, port = host_port(base)
    t0 = time.monotonic()
    with socket.create_connection((host, port), timeout=timeout_s) as s:
        s.sendall(("GET %s HTTP/1.1\r\nHost: %s:%d\r\nConnection: close\r\n\r\n" % (path_and_query, host, port)).encode())
        chunks = []
        while True:
            b = s.recv(65536)
            if not b:
                break
            chunks.append(b)
    data = b"".join(chunks)
    head, _, body = data.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/") else None
    return status, len(head) + 4, body, time.monotonic() - t0


class SseClient(threading.Thread):
    """One event-stream page: GET /events?token=T on a socket of its own, in a thread.

    read=True: parses the stream, counting `view` and `ping` events (the last view kept as JSON);
    like a browser's EventSource, it connects again a second later when the server ends a stream
    it had answered 200 (the server ends each after 10 minutes), and counts those reconnections.
    read=False: sends the request and never reads a byte (a stuck page); rcvbuf sets SO_RCVBUF
    before connecting, so the window it offers stays that small.
    """

    def __init__(self, base, token, read=True, rcvbuf=None, name="page", connect_timeout_s=30, path="/events"):
        super().__init__(name=name, daemon=True)
        self.base, self.token, self.read, self.rcvbuf = base, token, read, rcvbuf
        self.connect_timeout_s = connect_timeout_s
        self.path = path
        self.status = None          # HTTP status (readers only)
        self.views = 0
        self.pings = 0
        self.bytes = 0
        self.last_view = None       # the last view's JSON
        self.last_view_at = None    # time.monotonic() it arrived
        self.first_view_bytes = None  # `event: view` ... blank line, as on the wire
        self.closed_by_server = False
        self.reconnects = 0
        self.error = None
        self.connected = threading.Event()
        self.answered = threading.Event()  # the status line is in (or the attempt failed)
        self._halt = threading.Event()
        self.sock = None

    def start_stream(self, wait_s=None):
        self.start()
        if wait_s:
            self.answered.wait(wait_s)
        return self

    def run(self):
        while True:
            self._run_once()
            # EventSource's rule: a stream the server ended after answering 200 is opened again.
            if not (self.read and self.closed_by_server and self.status == 200) or self._halt.wait(1.0):
                return
            self.reconnects += 1
            self.closed_by_server = False

    def _run_once(self):
        try:
            host, port = host_port(self.base)
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            if self.rcvbuf:
                s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, self.rcvbuf)
            s.settimeout(self.connect_timeout_s)
            s.connect((host, port))
            self.sock = s
            s.sendall(("GET %s?token=%s HTTP/1.1\r\nHost: %s:%d\r\nAccept: text/event-stream\r\n\r\n" % (
                self.path, urllib.parse.quote(self.token), host, port)).encode())
            self.connected.set()
            if not self.read:
                self._halt.wait()
                return
            self._read(s)
        except Exception as e:  # noqa: BLE001 - a page's failure is its figure, not the run's end
            if not self._halt.is_set():
                self.error = "%s: %s" % (type(e).__name__, e)
        finally:
            self.connected.set()
            self.answered.set()

    def _read(self, s):
        s.settimeout(0.5)
        buf = b""
        head_done = False
        event = None
        block = b""
        while not self._halt.is_set():
            try:
                b = s.recv(65536)
            except socket.timeout:
                continue
            if not b:
                self.closed_by_server = True
                return
            self.bytes += len(b)
            buf += b
            if not head_done:
                if b"\r\n\r\n" not in buf:
                    continue
                head, _, buf = buf.partition(b"\r\n\r\n")
                self.status = int(head.split(b" ", 2)[1])
                head_done = True
                self.answered.set()
                if self.status != 200:
                    return
            while b"\n" in buf:
                line, _, buf = buf.partition(b"\n")
                block += line + b"\n"
                if line.startswith(b"event: "):
                    event = line[7:].decode()
                elif line.startswith(b"data: ") and event == "view":
                    self.last_view = json.loads(line[6:])
                elif line == b"":
                    if event == "view":
                        self.views += 1
                        self.last_view_at = time.monotonic()
                        if self.first_view_bytes is None:
                            self.first_view_bytes = len(block)
                    elif event == "ping":
                        self.pings += 1
                    event, block = None, b""

    def drain(self, timeout_s=5):
        """For a page that never read: reads what the kernel holds now (counting views) until the
        server closes or nothing comes for timeout_s. Returns (bytes, views, closed by server)."""
        s = self.sock
        if s is None:
            return 0, 0, False
        s.settimeout(timeout_s)
        data = b""
        closed = False
        try:
            while True:
                b = s.recv(65536)
                if not b:
                    closed = True
                    break
                data += b
        except (socket.timeout, OSError):
            pass
        return len(data), data.count(b"event: view\n"), closed

    def stop(self):
        self._halt.set()
        if self.sock:
            try:
                self.sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            try:
                self.sock.close()
            except OSError:
                pass
        self.join(5)
