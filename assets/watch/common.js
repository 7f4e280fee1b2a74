// What the board and the overlay share: the token, the event stream and its status, the timers'
// clock, the device's palette and a DOM helper. The server pastes this file and the page's own
// script into one <script> element, so everything here lives in the one global `SW`.
//
// Text from the table (seat names, card titles, prompts) only ever goes in through textContent:
// a card could be named "<img onerror=...>". Never innerHTML.
"use strict";

const SW = (() => {
  const params = new URLSearchParams(location.search);
  const token = params.get("token") || "";
  const query = "?token=" + encodeURIComponent(token);

  // The device's palette (display/src/palette.cpp), as CSS colours.
  const rgb = (r, g, b) => ({ r, g, b, css: `rgb(${r}, ${g}, ${b})` });
  const palette = {
    text: rgb(242, 244, 247),
    textOnColour: rgb(10, 12, 16),
    alarmFirst: rgb(213, 94, 0),   // refused: vermillion
    alarmSecond: rgb(240, 228, 66), // winner: yellow
    urgent: rgb(213, 94, 0),
  };
  // Okabe-Ito, in palette.cpp's order: orange, sky blue, bluish green, reddish purple, yellow, blue.
  const SEATS = [rgb(230, 159, 0), rgb(86, 180, 233), rgb(0, 158, 115), rgb(204, 121, 167),
                 rgb(240, 228, 66), rgb(0, 114, 178)];
  const seatColour = (i) => SEATS[((i % SEATS.length) + SEATS.length) % SEATS.length];

  // palette::ink_on: dark or light text on a fill, whichever contrasts more (WCAG luminance).
  const luminance = (c) => {
    const lin = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
  };
  const contrast = (a, b) => {
    const la = luminance(a), lb = luminance(b);
    return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
  };
  const inkOn = (fill) => (contrast(palette.textOnColour, fill) >= contrast(palette.text, fill)
    ? palette.textOnColour : palette.text);

  // Gives an element its seat's colours as CSS variables (CSSOM is allowed under the page's CSP;
  // a style="" attribute in the markup would not be).
  const paintSeat = (element, index) => {
    const colour = seatColour(index);
    element.style.setProperty("--seat", colour.css);
    element.style.setProperty("--seat-ink", inkOn(colour).css);
  };

  // createElement with a class and text; children appended in order.
  const el = (tag, className, text, ...children) => {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined && text !== null && text !== "") e.textContent = String(text);
    for (const child of children) if (child) e.appendChild(child);
    return e;
  };
  const clear = (element) => { while (element.firstChild) element.removeChild(element.firstChild); };

  // clock_text (display/src/clock.cpp): whole seconds rounded up, m:ss or h:mm:ss.
  const clock = (ms) => {
    const s = Math.ceil(Math.max(0, ms) / 1000);
    const two = (v) => (v < 10 ? "0" : "") + v;
    const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
    return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
  };

  // A timer as it stands now: remaining_ms was read when the daemon drew the view; the page counts
  // down from the moment the view *arrived*, on its own monotonic clock (a phone's wall clock is
  // not the Pi's, so sent_ms is never used for this).
  let arrivedAt = performance.now();
  const remaining = (timer) => {
    if (!timer.running || timer.alarm) return timer.remaining_ms;
    return Math.max(0, timer.remaining_ms - (performance.now() - arrivedAt));
  };
  const elapsed = () => performance.now() - arrivedAt;  // since the current view arrived
  const URGENT_MS = 30000;  // clock.hpp kUrgentMs
  // alarm_flash_phase: the fill alternates every half second.
  const alarmPhase = () => Math.floor(performance.now() / 500) % 2 === 1;
  const alarmFill = () => (alarmPhase() ? palette.alarmSecond : palette.alarmFirst);

  // Timers before the rest: an alarm, then running (least left first), then paused (timers_by_urgency).
  const byUrgency = (timers) => timers.map((t, i) => i).sort((a, b) => {
    const cls = (t) => (t.alarm ? 0 : t.running ? 1 : 2);
    const ta = timers[a], tb = timers[b];
    return cls(ta) - cls(tb) || ta.remaining_ms - tb.remaining_ms || a - b;
  });

  // glance_seats.cpp key_chips: the counters the module names key; none named, the first two that
  // count something (a word without a digit, a Cutthroat house's name, names and does not count).
  const keyChips = (seat) => {
    const counters = seat.counters || [];
    const keys = counters.filter((c) => c.key);
    return keys.length ? keys : counters.filter((c) => /[0-9]/.test(c.value)).slice(0, 2);
  };
  // A counter that already says the score ("Renown 4" for 4, "CP 3/10" for 3) stands for it.
  const saysScore = (c, score) => c.value === String(score) || c.value.startsWith(score + "/");

  // Ticks the timers four times a second (only while some timer runs or rings).
  const tickers = [];
  setInterval(() => { for (const f of tickers) f(); }, 250);

  // The test hook: what arrived when (received_ms on this browser's wall clock, to compare with the
  // daemon's sent_ms where both clocks agree, e.g. a test on the same machine).
  const hook = { version: null, views: [], state: null };
  window.seneschalWatch = hook;

  let statusEl = null;
  const setStatus = (text, kind) => {
    if (!statusEl) return;
    statusEl.textContent = text;
    statusEl.dataset.kind = kind;
  };

  // The stream. EventSource reconnects by itself after a network error (readyState CONNECTING) but
  // gives up for good on an HTTP error such as 401 (CLOSED). Either way state.json tells a changed
  // token (401) apart from a daemon that is away; then the page stops, or reconnects with backoff.
  const start = ({ onView, status }) => {
    statusEl = status;
    let source = null;
    let retryMs = 1000;
    let retryTimer = null;
    let checking = false;
    let stopped = false;

    const deliver = (view) => {
      arrivedAt = performance.now();
      hook.version = view.version;
      hook.state = view;
      hook.views.push({ version: view.version, sent_ms: view.sent_ms, drawing_ms: view.drawing_ms, received_ms: Date.now() });
      if (hook.views.length > 500) hook.views.splice(0, hook.views.length - 500);
      document.documentElement.dataset.version = String(view.version);
      onView(view);
    };

    const tokenChanged = () => {
      stopped = true;
      if (source) source.close();
      clearTimeout(retryTimer);
      document.body.classList.add("stale");  // what is shown will not change again
      setStatus("This link's token was changed: scan the code on the device again", "token");
    };

    const check = () => {
      if (checking || stopped) return;
      checking = true;
      fetch("state.json" + query, { cache: "no-store" })
        .then((response) => {
          if (response.status === 401) { tokenChanged(); return null; }
          return response.ok ? response.json() : null;
        })
        .then((view) => {
          // The daemon answers: show its view while the stream comes back, if it is newer.
          // A view from another run of the daemon (it restarted) is newer whatever its version.
          const newer = view && (hook.state === null || view.run !== hook.state.run || view.version > hook.version);
          if (view && !stopped && newer) deliver(view);
        })
        .catch(() => {})  // the daemon is away: keep trying
        .finally(() => {
          checking = false;
          if (!stopped && source && source.readyState === EventSource.CLOSED) {
            clearTimeout(retryTimer);
            retryTimer = setTimeout(connect, retryMs);
            retryMs = Math.min(retryMs * 2, 15000);
          }
        });
    };

    // The server sends a view or a ping at least every 15 s: a stream silent for 35 s is a
    // network that went away without saying so (a phone's Wi-Fi asleep), and is opened again.
    let heardAt = performance.now();
    setInterval(() => {
      if (stopped || !source || performance.now() - heardAt < 35000) return;
      heardAt = performance.now();
      setStatus("reconnecting\u2026", "reconnecting");
      connect();
    }, 5000);

    const connect = () => {
      if (stopped) return;
      if (source) source.close();
      heardAt = performance.now();
      source = new EventSource("events" + query);
      source.addEventListener("ping", () => { heardAt = performance.now(); });
      // "live" only once a view has come (the server sends one at once): an open stream alone
      // shows nothing yet.
      source.addEventListener("view", (event) => {
        heardAt = performance.now();
        retryMs = 1000;
        setStatus("live", "live");
        let view;
        try { view = JSON.parse(event.data); } catch (e) { return; }
        // The stream's order is the daemon's, so every view it sends is taken, even one with a lower
        // version (a restarted daemon counts again from the start).
        deliver(view);
      });
      source.addEventListener("error", () => {
        if (stopped) return;
        setStatus("reconnecting\u2026", "reconnecting");
        check();
      });
    };

    setStatus("connecting\u2026", "connecting");
    connect();
  };

  return { token, params, palette, seatColour, inkOn, paintSeat, el, clear, clock, remaining, elapsed, URGENT_MS,
           alarmPhase, alarmFill, byUrgency, keyChips, saysScore, tickers, start };
})();
