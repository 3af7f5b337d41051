// The table page (docs/web.md): follows the match's event stream and puts
// each part the server rendered in its place, and ticks the running clock
// down between events. The clock shown is only a display: the server's
// clock decides every flag, and every event brings its remaining time.
"use strict";

(() => {
  const table = document.getElementById("table");
  if (!table) {
    return;
  }

  // When the clocks' data-ms were read, in this page's monotonic time.
  let since = performance.now();

  const clockText = (ms) => {
    const s = Math.ceil(Math.max(0, ms) / 1000);
    const two = (n) => String(n).padStart(2, "0");
    if (s >= 3600) {
      return `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
    }
    return `${Math.floor(s / 60)}:${two(s % 60)}`;
  };

  const tick = () => {
    const elapsed = performance.now() - since;
    for (const clock of table.querySelectorAll(".clock[data-running='true']")) {
      const ms = Number(clock.dataset.ms) - elapsed;
      const text = clockText(ms);
      if (clock.textContent !== text) {
        clock.textContent = text;
      }
    }
  };
  setInterval(tick, 250);

  const url = table.dataset.events;
  if (!url || !("EventSource" in window)) {
    return;
  }
  const parts = ["board", "players", "score", "moves"];
  const source = new EventSource(url);
  source.addEventListener("state", (event) => {
    let state;
    try {
      state = JSON.parse(event.data);
    } catch {
      return;
    }
    // HTML rendered and escaped by the server (maud).
    for (const part of parts) {
      const element = document.getElementById(part);
      if (element && typeof state[part] === "string") {
        element.innerHTML = state[part];
      }
    }
    for (const text of ["status", "note"]) {
      const element = document.getElementById(text);
      if (element && typeof state[text] === "string") {
        element.textContent = state[text];
      }
    }
    since = performance.now();
    tick();
    const announce = document.getElementById("announce");
    if (announce && state.announce) {
      announce.textContent = state.announce;
    }
    table.dataset.live = String(Boolean(state.live));
    // Whether the page follows the match (the browser tests wait for it).
    table.dataset.stream = state.live ? "open" : "closed";
    if (!state.live) {
      source.close();
    }
  });
  source.addEventListener("error", () => {
    if (source.readyState !== EventSource.CLOSED) {
      table.dataset.stream = "reconnecting";
    }
  });
})();
