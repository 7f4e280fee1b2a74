// The overlay: the chosen seats (?seat=Mark&seat=1: a name, any case, or a 0-based index; none:
// every seat) and the running timers, in a bar at the bottom or (&layout=left) a column at the left.
"use strict";

(() => {
  const { el, clear } = SW;
  const bar = document.getElementById("bar");
  const layout = SW.params.get("layout") === "left" ? "left" : "bottom";
  document.body.classList.add("layout-" + layout);
  const wanted = SW.params.getAll("seat").map((s) => s.trim()).filter((s) => s !== "");

  // A name first (a seat could be called "2"), then an index; each seat once, in the order asked.
  function chosen(seats) {
    if (!wanted.length) return seats.map((s, i) => i);
    const picked = [];
    for (const w of wanted) {
      let i = seats.findIndex((s) => s.name.toLowerCase() === w.toLowerCase());
      if (i < 0 && /^[0-9]+$/.test(w) && Number(w) < seats.length) i = Number(w);
      if (i >= 0 && !picked.includes(i)) picked.push(i);
    }
    return picked;
  }

  function seatPlate(seat, index, scored) {
    const plate = el("section", "plate seat" + (seat.acting ? " acting" : "") + (seat.eliminated ? " eliminated" : ""));
    plate.dataset.seat = String(index);
    SW.paintSeat(plate, index);
    const chips = SW.keyChips(seat);
    const scoreChip = chips.find((c) => SW.saysScore(c, seat.score));
    const line = el("div", "line", null, el("span", "seat-name" + ([...seat.name].length > 14 ? " long" : ""), seat.name));
    if (!scoreChip && scored) line.appendChild(el("span", "seat-score", seat.score));
    plate.appendChild(line);
    if (chips.length) {
      const row = el("div", "chips");
      for (const c of chips) {
        row.appendChild(el("span", "chip", null, c.label ? el("span", "label", c.label) : null,
                           el("span", "value" + (c === scoreChip ? " seat-score" : ""), c.value)));
      }
      plate.appendChild(row);
    }
    return plate;
  }

  let timerParts = [];
  function render(v) {
    clear(bar);
    const seats = v.seats || [];
    const scored = seats.some((s) => s.score !== 0);
    for (const i of chosen(seats)) bar.appendChild(seatPlate(seats[i], i, scored));
    // Running timers (and one that rings); a paused timer says nothing to a viewer.
    timerParts = [];
    const timers = v.timers || [];
    for (const i of SW.byUrgency(timers)) {
      const t = timers[i];
      if (!t.running && !t.alarm) continue;
      const digits = el("span", "digits");
      const plate = el("section", "plate timer-plate timer", null, el("div", "timer-name", t.name), digits);
      bar.appendChild(plate);
      timerParts.push({ t, plate, digits });
    }
    tick();
  }
  function tick() {
    for (const p of timerParts) {
      const left = SW.remaining(p.t);
      p.digits.textContent = SW.clock(p.t.alarm ? 0 : left);
      p.plate.classList.toggle("urgent", !p.t.alarm && left <= SW.URGENT_MS);
      p.plate.classList.toggle("alarm", !!p.t.alarm);
      if (p.t.alarm) {
        const fill = SW.alarmFill();
        p.plate.style.setProperty("--alarm-fill", fill.css);
        p.plate.style.setProperty("--alarm-ink", SW.inkOn(fill).css);
      }
    }
  }
  SW.tickers.push(tick);
  SW.start({ onView: render, status: document.getElementById("status") });
})();
