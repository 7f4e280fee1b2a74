#!/usr/bin/python3
"""Checks the daemon's watch pages (the board and the stream overlay) in Debian's headless Chromium.

  /usr/bin/python3 tests/watch/browser_check.py --base http://127.0.0.1:PORT --token T \\
      [--expect-change] [--screenshots DIR] [--report FILE.json]

Only the standard library and python3-websocket (Debian's package; no pip, no npm). Chromium is
driven over the DevTools protocol; it is killed and its profile removed however the run ends.
Prints one line per check and exits 0 only when every check passed.

The checks: the token is required (401 without it or with a wrong one, for / and /state.json); the
board at 1280x800 shows the seats state.json names and says "live"; with --expect-change a later
view reaches the page's DOM within 60 s; the overlay at 1920x1080 is transparent but for its plates
(decoded from Chromium's own PNG). The report gives, for every view that arrived after the page had
loaded, received_ms - sent_ms: the delay from the daemon's screen to the page (meaningful only when
the browser's and the daemon's clocks agree, as on one machine).
"""
import argparse
import base64
import json
import os
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import zlib

import websocket  # python3-websocket

CHROMIUM = "/usr/bin/chromium"


class CheckError(Exception):
    pass


class Browser:
    """A headless Chromium and one page target, talked to over CDP."""

    def __init__(self, chromium=CHROMIUM, start_timeout_s=30, command_timeout_s=30):
        self.command_timeout_s = command_timeout_s
        self.tmp = tempfile.mkdtemp(prefix="seneschal-watch-")
        self.log_path = os.path.join(self.tmp, "chromium-stderr.log")
        self.proc = None
        self.ws = None
        self.target_id = None
        self._id = 0
        try:
            self._start(chromium, start_timeout_s)
        except BaseException:
            self.close()
            raise

    def _start(self, chromium, timeout_s):
        profile = os.path.join(self.tmp, "profile")
        os.mkdir(profile)
        self._log = open(self.log_path, "wb")
        # Its own process group, so the renderers and the zygote go with it.
        self.proc = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0",
             "--user-data-dir=" + profile, "--no-first-run", "--no-default-browser-check",
             "--hide-scrollbars", "--mute-audio", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=self._log, stderr=self._log, start_new_session=True)
        port_file = os.path.join(profile, "DevToolsActivePort")
        deadline = time.monotonic() + timeout_s
        while True:
            if self.proc.poll() is not None:
                raise CheckError("chromium exited with %s before it listened" % self.proc.returncode)
            try:
                with open(port_file) as f:
                    lines = f.read().split("\n")
                if len(lines) >= 2 and lines[0].strip() and lines[1].strip():
                    self.port = int(lines[0])
                    break
            except (FileNotFoundError, ValueError):
                pass
            if time.monotonic() > deadline:
                raise CheckError("chromium wrote no DevToolsActivePort within %d s" % timeout_s)
            time.sleep(0.1)
        self.browser_ws = "ws://127.0.0.1:%d%s" % (self.port, lines[1].strip())

    def stderr_tail(self, lines=40):
        """Chromium's last lines on stderr, without the D-Bus complaints a container always has."""
        try:
            with open(self.log_path, "rb") as f:
                text = f.read().decode(errors="replace").splitlines()
        except OSError:
            return ""
        return "\n".join([line for line in text if "dbus" not in line and line.strip()][-lines:])

    # --- the protocol -------------------------------------------------------------------------------

    def _connect(self, url):
        # suppress_origin: Chromium refuses DevTools websockets that carry an Origin it was not told to allow.
        return websocket.create_connection(url, timeout=self.command_timeout_s, suppress_origin=True)

    def _call(self, ws, method, params=None, timeout_s=None):
        self._id += 1
        my_id = self._id
        ws.send(json.dumps({"id": my_id, "method": method, "params": params or {}}))
        deadline = time.monotonic() + (timeout_s or self.command_timeout_s)
        while True:
            ws.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                message = json.loads(ws.recv())
            except websocket.WebSocketTimeoutException:
                raise CheckError("%s: no answer within %s s" % (method, timeout_s or self.command_timeout_s))
            if message.get("id") == my_id:  # events (no id) and others' answers are skipped
                if "error" in message:
                    raise CheckError("%s: %s" % (method, message["error"].get("message", message["error"])))
                return message.get("result", {})

    def call(self, method, params=None, timeout_s=None):
        if self.ws is None:
            raise CheckError("no page open")
        return self._call(self.ws, method, params, timeout_s)

    def open(self, url, width, height, mobile=False, transparent=False, timeout_s=20):
        """A fresh page target at width x height (CSS pixels), loaded with url."""
        browser = self._connect(self.browser_ws)
        try:
            if self.target_id:
                try:
                    self._call(browser, "Target.closeTarget", {"targetId": self.target_id})
                except CheckError:
                    pass
            self.target_id = self._call(browser, "Target.createTarget", {"url": "about:blank"})["targetId"]
        finally:
            browser.close()
        if self.ws:
            self.ws.close()
        with urllib.request.urlopen("http://127.0.0.1:%d/json/list" % self.port, timeout=10) as r:
            targets = json.load(r)
        page = next((t for t in targets if t.get("id") == self.target_id), None)
        if not page:
            raise CheckError("the new page target is not in /json/list")
        self.ws = self._connect(page["webSocketDebuggerUrl"])
        self.call("Page.enable")
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile,
                   "screenWidth": width, "screenHeight": height})
        if mobile:
            self.call("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        if transparent:
            self.call("Emulation.setDefaultBackgroundColorOverride", {"color": {"r": 0, "g": 0, "b": 0, "a": 0}})
        # Anything the page's Content-Security-Policy blocks (a style="" attribute, an inline handler)
        # is kept for csp_violations().
        self.call("Page.addScriptToEvaluateOnNewDocument", {"source": (
            "window.__cspViolations = []; document.addEventListener('securitypolicyviolation', "
            "e => window.__cspViolations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline')));")})
        result = self.call("Page.navigate", {"url": url})
        if result.get("errorText"):
            raise CheckError("navigating to %s: %s" % (url, result["errorText"]))
        self.wait_for("document.readyState === 'complete'", timeout_s, "the page to load")

    def eval(self, js, timeout_s=None):
        """The value of a JavaScript expression (awaited when it is a promise), as JSON."""
        result = self.call("Runtime.evaluate", {"expression": js, "returnByValue": True, "awaitPromise": True},
                           timeout_s)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise CheckError("JavaScript threw: %s" % text)
        return result.get("result", {}).get("value")

    def csp_violations(self):
        return self.eval("window.__cspViolations || []")

    def wait_for(self, js_predicate, timeout_s, what=None):
        """Polls until js_predicate is truthy; returns its value or raises naming what was awaited."""
        deadline = time.monotonic() + timeout_s
        while True:
            value = self.eval(js_predicate)
            if value:
                return value
            if time.monotonic() > deadline:
                raise CheckError("timed out after %s s waiting for %s" % (timeout_s, what or js_predicate))
            time.sleep(0.1)

    def screenshot(self, path=None, full_page=False):
        """A PNG of the viewport (or the whole page); written to path when given; returns its bytes."""
        params = {"format": "png"}
        if full_page:
            size = self.call("Page.getLayoutMetrics")["cssContentSize"]
            params.update(captureBeyondViewport=True,
                          clip={"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1})
        png = base64.b64decode(self.call("Page.captureScreenshot", params, timeout_s=60)["data"])
        if path:
            with open(path, "wb") as f:
                f.write(png)
        return png

    def close(self):
        for ws in (self.ws,):
            try:
                if ws:
                    ws.close()
            except Exception:
                pass
        self.ws = None
        if self.proc and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(5)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                    self.proc.wait(5)
                except (ProcessLookupError, subprocess.TimeoutExpired):
                    pass
        if getattr(self, "_log", None):
            self._log.close()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


# --- PNG ----------------------------------------------------------------------------------------------

def decode_png(data):
    """(width, height, rows of RGBA bytes) of an 8-bit RGB or RGBA PNG, not interlaced."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise CheckError("not a PNG")
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise CheckError("PNG of depth %d, colour type %d, interlace %d: only 8-bit RGB(A) is read" % (depth, colour, interlace))
    bpp = 4 if colour == 6 else 3
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if kind == 1:  # Sub
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif kind == 2:  # Up
            for i in range(stride):
                line[i] = (line[i] + previous[i]) & 0xFF
        elif kind == 3:  # Average
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:  # Paeth
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = previous[i]
                c = previous[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 0xFF
        elif kind != 0:
            raise CheckError("PNG row %d has filter type %d" % (y, kind))
        rows.append(bytes(line) if bpp == 4 else bytes(b for j in range(0, stride, 3) for b in (*line[j:j + 3], 255)))
        previous = line
    return width, height, rows


def alpha_summary(png, corner=64):
    """Shares of the four corner squares' pixels that are fully transparent, and of all pixels that
    are near opaque (alpha >= 192)."""
    width, height, rows = decode_png(png)
    clear = total = 0
    for y in list(range(corner)) + list(range(height - corner, height)):
        row = rows[y]
        for x in list(range(corner)) + list(range(width - corner, width)):
            total += 1
            clear += row[4 * x + 3] == 0
    opaque = sum(1 for row in rows for a in row[3::4] if a >= 192)
    return {"corner_clear": clear / total, "opaque_share": opaque / (width * height), "opaque_pixels": opaque}


# --- the checks ---------------------------------------------------------------------------------------

def http_status(url, timeout_s=10):
    try:
        with urllib.request.urlopen(url, timeout=timeout_s) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def fetch_state(base, token):
    with urllib.request.urlopen("%s/state.json?token=%s" % (base, urllib.parse.quote(token)), timeout=10) as r:
        return json.load(r)


# The page's seats as the DOM shows them, and its status, in one evaluation.
PAGE_NOW = """(() => ({
  names: [...document.querySelectorAll('[data-seat] .seat-name')].map(e => e.textContent),
  status: (document.getElementById('status') || {}).textContent,
  version: window.seneschalWatch && window.seneschalWatch.version,
}))()"""


class Run:
    def __init__(self, args):
        self.args = args
        self.checks = []

    def check(self, name, passed, detail):
        self.checks.append({"name": name, "passed": bool(passed), "detail": detail})
        print("%s %s: %s" % ("PASS" if passed else "FAIL", name, detail), flush=True)
        return passed

    def attempt(self, name, fn):
        """Runs one check; an exception is that check's failure, not the run's end."""
        try:
            passed, detail = fn()
        except (CheckError, OSError, websocket.WebSocketException, ValueError, KeyError) as e:
            passed, detail = False, "%s: %s" % (type(e).__name__, e)
        return self.check(name, passed, detail)

    def token_checks(self):
        base = self.args.base
        for path in ("/", "/state.json"):
            for label, query in (("no token", ""), ("a wrong token", "?token=" + urllib.parse.quote(self.args.token + "-wrong"))):
                self.attempt("401 for %s with %s" % (path, label), lambda: (
                    lambda s: (s == 401, "HTTP %s" % s))(http_status(base + path + query)))

    def board(self, browser):
        a = self.args
        q = "?token=" + urllib.parse.quote(a.token)

        def shows_seats():
            browser.open(a.base + "/" + q, 1280, 800)
            # The stream may move on while we look, so state.json is asked again until the two agree.
            deadline = time.monotonic() + 20
            while True:
                names = [s["name"] for s in fetch_state(a.base, a.token)["seats"]]
                now = browser.eval(PAGE_NOW)
                if now["names"] == names and now["status"] == "live":
                    return True, "%d seats shown (%s), status live, version %s" % (len(names), ", ".join(names), now["version"])
                if time.monotonic() > deadline:
                    return False, "page shows %r with status %r; state.json has %r" % (now["names"], now["status"], names)
                time.sleep(0.25)

        if not self.attempt("board at 1280x800 shows the seats and is live", shows_seats):
            return
        if a.screenshots:
            self.attempt("screenshot board-1280x800.png", lambda: (
                bool(browser.screenshot(os.path.join(a.screenshots, "board-1280x800.png"))), "saved"))
        self.attempt("no table text became markup", lambda: (
            lambda n: (n == 0, "%d img or script elements besides the page's own script" % n))(
                browser.eval("document.querySelectorAll('img').length + document.scripts.length - 1")))
        # The module describes its end charts all game long; like the device, the page shows the
        # end card only once somebody has won.
        self.attempt("the end card only when somebody has won", lambda: (
            lambda r: (r["shown"] == r["won"], "winner %r, end card %s" % (r["winner"], "shown" if r["shown"] else "hidden")))(
                browser.eval("(() => { const w = window.seneschalWatch.state.winner; return {winner: w, won: !!w, "
                             "shown: !document.getElementById('end').hidden}; })()")))
        if a.expect_change:
            self.attempt("a later view reaches the page", lambda: self.change(browser))
        self.attempt("the board breaks no rule of its Content-Security-Policy", lambda: (
            lambda v: (not v, "; ".join(v) or "none blocked"))(browser.csp_violations()))

    def change(self, browser):
        first = browser.eval("(() => { const s = window.seneschalWatch.state; return {v: s.version, "
                             "log: JSON.stringify(s.log), board: JSON.stringify(s.seats)}; })()")
        # One evaluation reads the state and the DOM together: the page draws each view at once, so
        # they cannot be caught between two views.
        js = """(() => {
          const s = window.seneschalWatch.state;
          if (s.version === %d || (JSON.stringify(s.log) === %s && JSON.stringify(s.seats) === %s)) return null;
          const log = [...document.querySelectorAll('#log li')].map(e => e.textContent);
          const names = [...document.querySelectorAll('[data-seat] .seat-name')].map(e => e.textContent);
          const newest = (s.log || []).length ? s.log[s.log.length - 1] : null;
          return {version: s.version, newest, log_shown: newest === null || log.includes(newest),
                  seats_shown: JSON.stringify(names) === JSON.stringify((s.seats || []).map(x => x.name))};
        })()""" % (first["v"], json.dumps(first["log"]), json.dumps(first["board"]))
        seen = browser.wait_for(js, 60, "a view after version %s whose log or board differs" % first["v"])
        ok = seen["log_shown"] and seen["seats_shown"]
        return ok, "version %s -> %s; newest log line %r %s in #log; seats %s" % (
            first["v"], seen["version"], seen["newest"], "is" if seen["log_shown"] else "is NOT",
            "shown" if seen["seats_shown"] else "NOT shown")

    def latencies(self, browser):
        views = browser.eval("window.seneschalWatch ? window.seneschalWatch.views : []") or []
        # The first view comes on connecting: it was drawn whenever the daemon last changed, so its
        # age is no delay. Every later one is.
        out = [dict(v, latency_ms=v["received_ms"] - v["sent_ms"]) for v in views[1:]
               if isinstance(v.get("sent_ms"), (int, float))]
        return out

    def phone(self, browser):
        a = self.args
        q = "?token=" + urllib.parse.quote(a.token)

        def shot():
            browser.open(a.base + "/" + q, 390, 844, mobile=True)
            browser.wait_for("document.getElementById('status').textContent === 'live' && "
                             "document.querySelectorAll('[data-seat]').length > 0", 20, "the phone page's seats")
            # Wide things show as a page wider than the phone: a sideways scroll.
            width = browser.eval("document.documentElement.scrollWidth")
            browser.screenshot(os.path.join(a.screenshots, "board-phone-390x844.png"))
            browser.screenshot(os.path.join(a.screenshots, "board-phone-390x844-full.png"), full_page=True)
            return width <= 390, "saved (and the whole page as -full); page width %d px" % width

        self.attempt("board on a phone at 390x844, nothing wider than the screen", shot)

    def overlay(self, browser):
        a = self.args
        q = "?token=" + urllib.parse.quote(a.token)

        def transparent():
            browser.open(a.base + "/overlay" + q, 1920, 1080, transparent=True)
            browser.wait_for("document.getElementById('status').textContent === 'live' && "
                             "document.querySelectorAll('.plate').length > 0", 20, "the overlay's plates")
            path = os.path.join(a.screenshots, "overlay-1920x1080.png") if a.screenshots else None
            s = alpha_summary(browser.screenshot(path))
            blocked = browser.csp_violations()
            ok = s["corner_clear"] >= 0.95 and s["opaque_pixels"] >= 2000 and not blocked
            return ok, ("CSP blocked: %s; " % "; ".join(blocked) if blocked else "") + "corners %.1f%% transparent (need 95%%), %d near-opaque pixels (%.2f%%; need 2000)%s" % (
                100 * s["corner_clear"], s["opaque_pixels"], 100 * s["opaque_share"], "; saved" if path else "")

        self.attempt("overlay at 1920x1080 is transparent but for its plates", transparent)

    def run(self):
        a = self.args
        if a.screenshots:
            os.makedirs(a.screenshots, exist_ok=True)
        self.token_checks()
        latencies = []
        browser = None
        try:
            browser = Browser()
            self.board(browser)
            latencies = self.latencies(browser) if browser.ws else []
            if a.screenshots:
                self.phone(browser)
            self.overlay(browser)
        except (CheckError, OSError, websocket.WebSocketException) as e:
            self.check("the browser", False, "%s: %s" % (type(e).__name__, e))
        finally:
            failed = [c["name"] for c in self.checks if not c["passed"]]
            if failed and browser:
                print("--- chromium's stderr (last lines) ---\n" + browser.stderr_tail(), file=sys.stderr)
            if browser:
                browser.close()
        if latencies:
            ms = sorted(v["latency_ms"] for v in latencies)
            print("latency, daemon's screen to page: %d views, min %d ms, median %d ms, max %d ms" % (
                len(ms), ms[0], ms[len(ms) // 2], ms[-1]))
        if a.report:
            with open(a.report, "w") as f:
                json.dump({"base": a.base, "passed": not failed, "checks": self.checks, "views": latencies}, f, indent=1)
        if failed:
            print("FAILED: %s" % "; ".join(failed))
            return 1
        print("all %d checks passed" % len(self.checks))
        return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", required=True, help="the server, e.g. http://127.0.0.1:8080")
    ap.add_argument("--token", required=True)
    ap.add_argument("--expect-change", action="store_true", help="wait up to 60 s for a later view to reach the page")
    ap.add_argument("--screenshots", metavar="DIR", help="save board-1280x800.png, board-phone-390x844.png, overlay-1920x1080.png")
    ap.add_argument("--report", metavar="FILE", help="write the checks and the views' delays as JSON")
    args = ap.parse_args(argv)
    args.base = args.base.rstrip("/")
    # SIGTERM (a CI timeout) unwinds like Ctrl-C, so chromium is still killed and its folder removed.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    return Run(args).run()


if __name__ == "__main__":
    sys.exit(main())
