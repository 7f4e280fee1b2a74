// The board: what the device's own screen draws (display/src/*.cpp), laid out for a browser.
// Every view is drawn whole and at once, so the DOM always matches window.seneschalWatch.state.
"use strict";

(() => {
  const { el, clear } = SW;
  const $ = (id) => document.getElementById(id);
  const SVG = "http://www.w3.org/2000/svg";
  const svg = (tag, attrs) => {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
    return e;
  };
  const LOG_LINES = 12;
  let current = null;

  // banner.cpp headline(): the game's own headline, else "Turn N – Phase".
  const headline = (v) => {
    if (v.headline) return v.headline;
    if (!(v.turn > 0)) return v.phase || v.game_title || "Seneschal";
    return "Turn " + v.turn + (v.phase ? " \u2013 " + v.phase : "");
  };

  function renderBanner(v) {
    $("headline").textContent = headline(v);
    $("game-title").textContent = v.game_title || "";
    document.title = (v.game_title || "Seneschal") + " \u2013 " + headline(v);
    const seats = v.seats || [];
    const acting = seats.findIndex((s) => s.acting);
    const pill = $("acting-pill");
    pill.hidden = acting < 0;
    if (acting >= 0) {
      pill.textContent = seats[acting].name + " to act";
      SW.paintSeat(pill, acting);
    }
    $("prompt-text").textContent = v.prompt || "";
    const options = $("options");
    clear(options);
    (v.options || []).forEach((text, i) => {
      const li = el("li", i === v.highlighted ? "highlighted" : "", text);
      if (i === v.highlighted) li.setAttribute("aria-current", "true");
      options.appendChild(li);
    });
    options.hidden = options.childElementCount === 0;
    // The device's button legend, in words: what OK and PASS do now.
    const hints = $("hints");
    clear(hints);
    const hint = (key, text) => hints.appendChild(el("span", "hint", null, el("kbd", "", key), el("span", "", text)));
    if (v.ok_hint) hint("OK", v.ok_hint);
    if (v.pass_hint) hint("PASS", v.pass_hint);
    if (v.wants_number) hints.appendChild(el("span", "hint", "a number is asked for"));
    if (v.advance_in_ms !== null && v.advance_in_ms !== undefined) {
      hints.appendChild(el("span", "hint advance", null));
    }
    hints.hidden = hints.childElementCount === 0;
  }

  function renderToast(v) {
    const box = $("toast");
    clear(box);
    box.hidden = !v.toast;
    if (!v.toast) return;
    const verdict = ["accepted", "refused", "warned"].includes(v.toast.verdict) ? v.toast.verdict : "warned";
    box.dataset.verdict = verdict;
    const mark = { accepted: "\u2713", refused: "\u2717", warned: "!" }[verdict];
    box.append(el("span", "toast-mark", mark), el("div", "toast-words", null,
      el("strong", "toast-title", v.toast.title), el("span", "toast-detail", v.toast.detail)));
  }

  function cardIcon(item) {
    const icon = el("span", "card-icon");
    // Turned as the card lies; a dot in the top corner tells upside down from upright.
    icon.style.transform = `rotate(${((item.quarter || 0) % 360 + 360) % 360}deg)`;
    if ((item.quarter || 0) % 360 >= 180) icon.classList.add("dotted");
    return icon;
  }

  function renderItem(item) {
    const li = el("li", "item" + (item.muted ? " muted" : "") + (item.icon === "card" ? " card" : ""));
    if (item.icon === "card") li.appendChild(el("span", "mark", null, cardIcon(item)));
    else if (item.icon === "done") li.appendChild(el("span", "mark done", "\u2713"));
    else if (item.icon === "open") li.appendChild(el("span", "mark open", "\u25C7"));
    const title = el("span", "item-title", item.title);
    if (item.short) title.title = item.title;
    li.appendChild(title);
    if (item.count !== null && item.count !== undefined) {
      const right = el("span", "item-count");
      if (item.pips && item.count > 0) {
        const pips = el("span", "pips");
        for (let i = 0; i < Math.min(item.count, 6); i++) pips.appendChild(el("span", "pip"));
        right.appendChild(pips);
      }
      right.appendChild(el("span", "count", item.count));
      li.appendChild(right);
    } else if (item.note) {
      li.appendChild(el("span", "item-note", item.note));
    }
    return li;
  }

  function renderSeat(v, seat, index, scored) {
    const panel = el("article", "seat" + (seat.acting ? " acting" : "") + (seat.eliminated ? " eliminated" : ""));
    panel.dataset.seat = String(index);
    SW.paintSeat(panel, index);
    const chips = SW.keyChips(seat);
    const scoreChip = chips.find((c) => SW.saysScore(c, seat.score));

    const head = el("div", "seat-head");
    // A long name is set smaller before it wraps (the device shrinks a name before it cuts it).
    const name = el("span", "seat-name" + ([...seat.name].length > 16 ? " long" : ""), seat.name);
    const id = el("div", "seat-id", null, name);
    if (seat.subtitle) id.appendChild(el("span", "seat-subtitle", seat.subtitle));
    head.appendChild(id);
    if (!scoreChip) {
      // The bare score beside the name, as on a scoreboard; not before anyone has scored.
      const score = el("span", "seat-score", seat.score);
      score.hidden = !scored;
      head.appendChild(score);
    }
    panel.appendChild(head);
    if (seat.acting) panel.appendChild(el("span", "turn-pill", "to act"));

    const badges = seat.badges || [];
    if (badges.length || seat.eliminated) {
      const row = el("div", "badges");
      for (const b of badges) {
        const badge = el("span", "badge " + (b.tone === "muted" ? "muted" : "highlight"), b.label);
        row.appendChild(badge);
      }
      panel.appendChild(row);
    }
    if (chips.length) {
      const row = el("div", "key-counters");
      for (const c of chips) {
        const value = el("span", "value" + (c === scoreChip ? " seat-score" : ""), c.value);
        row.appendChild(el("span", "counter key", null, c.label ? el("span", "label", c.label) : null, value));
      }
      panel.appendChild(row);
    }
    const others = (seat.counters || []).filter((c) => !chips.includes(c));
    if (others.length) {
      const row = el("div", "counters");
      for (const c of others) row.appendChild(el("span", "counter", null, el("span", "label", c.label), el("span", "value", c.value)));
      panel.appendChild(row);
    }
    for (const list of seat.lists || []) {
      if (!list.items || !list.items.length) continue;
      const box = el("div", "list");
      if (list.heading) box.appendChild(el("h3", "", list.heading));
      const ul = el("ul");
      for (const item of list.items) ul.appendChild(renderItem(item));
      box.appendChild(ul);
      panel.appendChild(box);
    }
    return panel;
  }

  function renderSeats(v) {
    const seats = v.seats || [];
    const box = $("seats");
    clear(box);
    box.dataset.count = String(seats.length);
    const scored = seats.some((s) => s.score !== 0);
    seats.forEach((seat, i) => box.appendChild(renderSeat(v, seat, i, scored)));
  }

  // Timers: a ring per timer, the most urgent first; the digits and rings tick between views.
  let timerParts = [];
  function renderTimers(v) {
    const box = $("timers");
    clear(box);
    timerParts = [];
    const timers = v.timers || [];
    box.hidden = timers.length === 0;
    const C = 2 * Math.PI * 42;
    for (const index of SW.byUrgency(timers)) {
      const t = timers[index];
      const ring = svg("svg", { viewBox: "0 0 100 100", class: "ring", "aria-hidden": "true" });
      ring.appendChild(svg("circle", { cx: 50, cy: 50, r: 42, class: "track" }));
      const arc = svg("circle", { cx: 50, cy: 50, r: 42, class: "arc", transform: "rotate(-90 50 50)",
                                  "stroke-dasharray": C.toFixed(2) });
      ring.appendChild(arc);
      const digits = el("span", "digits");
      const status = el("span", "timer-status");
      const node = el("div", "timer", null, el("span", "timer-name", t.name),
                      el("div", "dial", null, ring, digits), status);
      box.appendChild(node);
      timerParts.push({ t, node, arc, digits, status, C });
    }
    tickTimers();
  }
  function tickTimers() {
    for (const p of timerParts) {
      const left = SW.remaining(p.t);
      p.digits.textContent = SW.clock(p.t.alarm ? 0 : left);
      p.digits.classList.toggle("long", p.digits.textContent.length > 5);  // h:mm:ss in the ring
      const fraction = p.t.alarm || left <= 0 ? 0 : p.t.total_ms > 0 ? Math.min(1, left / p.t.total_ms) : 1;
      p.arc.setAttribute("stroke-dashoffset", (p.C * (1 - fraction)).toFixed(2));
      p.node.classList.toggle("paused", !p.t.running && !p.t.alarm);
      p.node.classList.toggle("urgent", p.t.running && !p.t.alarm && left <= SW.URGENT_MS);
      p.node.classList.toggle("alarm", !!p.t.alarm);
      if (p.t.alarm) {
        // Both flash colours are light, so only the fill changes and the words hold still.
        const fill = SW.alarmFill();
        p.node.style.setProperty("--alarm-fill", fill.css);
        p.node.style.setProperty("--alarm-ink", SW.inkOn(fill).css);
      }
      p.status.textContent = p.t.alarm ? "Time! OK stops the alarm" : p.t.running ? "" : "paused";
    }
    const advance = document.querySelector("#hints .advance");
    if (advance && current) {
      const s = Math.ceil(Math.max(0, current.advance_in_ms - SW.elapsed()) / 1000);
      advance.textContent = `OK by itself in ${s} s`;
    }
  }
  SW.tickers.push(tickTimers);

  function renderLog(v) {
    const log = $("log");
    clear(log);
    for (const line of (v.log || []).slice(-LOG_LINES)) log.appendChild(el("li", "", line));
    $("log-panel").hidden = !(v.log || []).length;
  }

  // final_scores.cpp standings: seats grouped by team, winners' groups first, then by best score.
  function standings(v) {
    const seats = v.seats || [];
    const won = (i) => (v.winner_seats || []).includes(i);
    const groups = [];
    seats.forEach((s, i) => {
      const same = s.team >= 0 ? groups.find((g) => seats[g[0]].team === s.team) : null;
      if (same) same.push(i); else groups.push([i]);
    });
    for (const g of groups) g.sort((a, b) => seats[b].score - seats[a].score);
    const winning = (g) => g.some(won);
    return groups.sort((a, b) => (winning(b) - winning(a)) || seats[b[0]].score - seats[a[0]].score);
  }

  // chart_axis value_ticks: round steps (1, 2, 5 x 10^k), zero always on the scale, at most `most`.
  function valueTicks(low, high, most) {
    if (low === high) high = low + 1;
    for (let k = 0; ; k++) {
      for (const m of [1, 2, 5]) {
        const step = m * Math.pow(10, k);
        const a = Math.floor(low / step), b = Math.ceil(high / step);
        if (b - a + 1 <= most) return Array.from({ length: b - a + 1 }, (_, i) => (a + i) * step);
      }
    }
  }

  // The seats' markers (palette::seat_marker), so lines are told apart without their colours.
  function marker(seat, x, y, r, colour) {
    const shape = ["circle", "square", "triangle", "diamond", "down", "plus"][seat % 6];
    const a = { fill: colour, stroke: "rgb(26, 31, 39)", "stroke-width": 2 };
    const poly = (pts) => svg("polygon", { ...a, points: pts.map((p) => `${(x + p[0] * r).toFixed(1)},${(y + p[1] * r).toFixed(1)}`).join(" ") });
    if (shape === "circle") return svg("circle", { ...a, cx: x, cy: y, r });
    if (shape === "square") return svg("rect", { ...a, x: x - r * 0.85, y: y - r * 0.85, width: r * 1.7, height: r * 1.7 });
    if (shape === "triangle") return poly([[0, -1.1], [1, 0.75], [-1, 0.75]]);
    if (shape === "diamond") return poly([[0, -1.2], [1.1, 0], [0, 1.2], [-1.1, 0]]);
    if (shape === "down") return poly([[0, 1.1], [1, -0.75], [-1, -0.75]]);
    return poly([[-0.35, -1], [0.35, -1], [0.35, -0.35], [1, -0.35], [1, 0.35], [0.35, 0.35], [0.35, 1],
                 [-0.35, 1], [-0.35, 0.35], [-1, 0.35], [-1, -0.35], [-0.35, -0.35]]);
  }

  // A line chart in the figure's own pixels (measured), so its text is the page's size on any screen.
  function drawChart(figure, v, chart) {
    const W = Math.max(260, Math.floor(figure.clientWidth)), H = Math.round(Math.min(250, Math.max(180, W * 0.5)));
    const font = 14, left = 40, right = 14, top = 12, bottom = 40;
    const points = chart.points || [];
    let low = 0, high = 0;
    for (const p of points) for (const x of p.values || []) { low = Math.min(low, x); high = Math.max(high, x); }
    const ticks = valueTicks(low, high, 6);
    const y0 = ticks[0], y1 = ticks[ticks.length - 1];
    const yOf = (x) => top + (H - top - bottom) * (1 - (x - y0) / (y1 - y0));
    const first = points.length ? points[0].turn : 0, last = points.length ? points[points.length - 1].turn : 0;
    const x0 = left + 14, x1 = W - right - 10;
    const xOf = (turn) => (last === first ? (x0 + x1) / 2 : x0 + (turn - first) / (last - first) * (x1 - x0));
    const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": chart.title });
    for (const t of ticks) {
      const y = Math.round(yOf(t)) + 0.5;
      root.appendChild(svg("line", { x1: left, x2: W - right, y1: y, y2: y, class: t === 0 ? "zero" : "grid" }));
      const label = svg("text", { x: left - 8, y: y + font * 0.35, "text-anchor": "end", class: "tick" });
      label.textContent = String(t);
      root.appendChild(label);
    }
    // Turn labels: as many as fit without touching.
    const every = Math.max(1, Math.ceil((points.length * 28) / (x1 - x0)));
    points.forEach((p, i) => {
      if (i % every && i !== points.length - 1) return;
      const label = svg("text", { x: xOf(p.turn), y: H - bottom + font + 8, "text-anchor": "middle", class: "tick" });
      label.textContent = String(p.turn);
      root.appendChild(label);
    });
    const turnWord = svg("text", { x: left - 8, y: H - bottom + font + 8, "text-anchor": "end", class: "tick" });
    turnWord.textContent = "Turn";
    root.appendChild(turnWord);
    // The winners' lines last (on top) and thicker, as tally_chart.cpp draws them.
    const seats = v.seats || [];
    const won = (i) => (v.winner_seats || []).includes(i);
    const order = seats.map((s, i) => i).sort((a, b) => won(a) - won(b));
    for (const markers of [false, true]) {
      for (const i of order) {
        const colour = SW.seatColour(i).css;
        const pts = points.filter((p) => i < (p.values || []).length).map((p) => [xOf(p.turn), yOf(p.values[i])]);
        if (!markers) {
          root.appendChild(svg("polyline", { points: pts.map((q) => q.map((n) => n.toFixed(1)).join(",")).join(" "),
                                             fill: "none", stroke: colour, "stroke-width": won(i) ? 4 : 3,
                                             "stroke-linejoin": "round", "stroke-linecap": "round" }));
        } else {
          const step = Math.max(1, Math.ceil(18 / Math.max(1, (x1 - x0) / Math.max(1, pts.length - 1))));
          pts.forEach((q, k) => { if (k % step === 0 || k === pts.length - 1) root.appendChild(marker(i, q[0], q[1], 5, colour)); });
        }
      }
    }
    figure.appendChild(root);
  }

  function renderEnd(v) {
    const box = $("end");
    const charts = (v.charts || []).filter((c) => (c.points || []).length);
    // As the device: the end card (final scores, charts) only once somebody has won; the module
    // describes its charts all game long.
    const over = !!v.winner;
    box.hidden = !over;
    document.body.classList.toggle("game-over", over);
    const scores = $("final-scores"), chartBox = $("charts");
    clear(scores);
    clear(chartBox);
    if (!over) return;
    $("end-kicker").textContent = "Game over" + (v.victory ? " \u00b7 " + v.victory : "");
    $("winner").textContent = v.winner || "";
    const seats = v.seats || [];
    for (const group of standings(v)) {
      group.forEach((i, k) => {
        const s = seats[i];
        const li = el("li", (v.winner_seats || []).includes(i) ? "won" : "");
        if (group.length > 1) li.classList.add(k === 0 ? "team-first" : "team-more");
        SW.paintSeat(li, i);
        li.append(el("span", "swatch"), el("span", "final-name", s.name));
        if (group.length > 1 && k === 0) {
          li.appendChild(el("span", "together", group.reduce((n, j) => n + seats[j].score, 0) + " together"));
        }
        li.appendChild(el("span", "final-score", s.score));
        scores.appendChild(li);
      });
    }
    // Figures first (so they have a width), then the charts drawn into them.
    const legend = el("ul", "legend");
    seats.forEach((s, i) => {
      const key = el("li", (v.winner_seats || []).includes(i) ? "won" : "");
      const sample = svg("svg", { width: 36, height: 16, viewBox: "0 0 36 16", "aria-hidden": "true" });
      sample.appendChild(svg("line", { x1: 2, x2: 34, y1: 8, y2: 8, stroke: SW.seatColour(i).css, "stroke-width": 3 }));
      sample.appendChild(marker(i, 18, 8, 5, SW.seatColour(i).css));
      key.append(sample, el("span", "", s.name));
      legend.appendChild(key);
    });
    const figures = charts.map((chart) => chartBox.appendChild(el("figure", "chart", null, el("figcaption", "", chart.title))));
    if (charts.length) chartBox.appendChild(legend);
    // Measured only once all are in the grid, so each has its final width.
    charts.forEach((chart, i) => drawChart(figures[i], v, chart));
  }

  function renderNotice(v) {
    const box = $("notice");
    box.hidden = !v.notice;
    if (!v.notice) return;
    box.dataset.failure = String(v.notice.failure !== false);
    $("notice-title").textContent = v.notice.title || "";
    const lines = $("notice-lines");
    clear(lines);
    for (const line of v.notice.lines || []) lines.appendChild(el("li", "", line));
  }

  function render(v) {
    current = v;
    renderBanner(v);
    renderToast(v);
    renderSeats(v);
    renderTimers(v);
    renderLog(v);
    renderEnd(v);
    renderNotice(v);
  }

  // The charts are drawn at the page's width: draw them again when it changes.
  let resizeTimer = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => { if (current) renderEnd(current); }, 150);
  });

  SW.start({ onView: render, status: $("status") });
})();
