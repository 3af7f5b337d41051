// The table page (docs/web.md): follows the match's event stream and puts
// each part the server rendered in its place, and ticks the running clock
// down between events. The clock shown is only a display: the server's
// clock decides every flag, and every event brings its remaining time.
"use strict";

// Playing by pointing (RULES.md §2a, docs/web.md "Playing"), for a seated
// player on their turn, on top of the page's forms (one per legal move,
// which work without script): a mouse shows the player's disc above the
// column it points at and a click drops it; a touch chooses the column
// with the first tap and drops with a second tap on it; on the keyboard
// the columns are a grid's cells: ← and → choose, Enter drops, a digit
// drops straight into its column. In PopOut a marker (−) under each column
// whose bottom disc the player may pop pops it: a click, two taps, or − or
// P on the chosen column. A drop or pop submits that move's form, so
// the server's rules decide and its answer reloads the table. The words
// come from the server, in the reader's language (data-chosen, data-full).
const pointing = () => {
  // The seated section (a player's page only); fetched again when the
  // turn changes, so the forms follow the match.
  let seated = document.getElementById("seated");
  // The column chosen (its letter), and whether a drop is on its way.
  let chosen = null;
  let sent = false;
  // The kind of pointer that pressed last ("mouse", "touch", "pen").
  let pointer = "mouse";
  // Which fetch of the seated section is the newest.
  let fetches = 0;

  const svg = () => document.querySelector("#board svg.board");
  const columns = () => [...document.querySelectorAll("#board .column")];
  const column = (letter) =>
    columns().find((c) => c.dataset.column === letter) ?? null;

  // The seated forms' buttons of one kind of move ("drop", "pop"), by
  // column letter.
  const buttons = (kind) => {
    const found = new Map();
    if (!seated) {
      return found;
    }
    const pattern = new RegExp(`:${kind}:([a-z])$`);
    for (const button of seated.querySelectorAll("form button[name='play']")) {
      const m = pattern.exec(button.value);
      if (m) {
        found.set(m[1], button);
      }
    }
    return found;
  };
  const drops = () => buttons("drop");
  const pops = () => buttons("pop");
  const playable = () => !sent && (drops().size > 0 || pops().size > 0);
  // The pop marker tapped once (touch), waiting for its second tap.
  let popChosen = null;

  const say = (key, letter) => {
    const words = seated?.dataset[key];
    const announce = document.getElementById("announce");
    if (words && announce) {
      announce.textContent = words.replaceAll("{column}", letter);
    }
  };

  // The hover disc in the board's picture (a clone of the server's).
  const disc = () => svg()?.querySelector("g.hover") ?? null;

  const show = (letter) => {
    const hover = disc();
    const target = letter ? column(letter) : null;
    const hit = target?.querySelector("rect.hit");
    for (const c of columns()) {
      c.setAttribute("aria-selected", String(c === target));
      c.classList.toggle("chosen", c === target);
    }
    if (!hover) {
      return;
    }
    if (!hit || !playable()) {
      hover.setAttribute("visibility", "hidden");
      return;
    }
    const x = Number(hit.getAttribute("x")) + Number(hit.getAttribute("width")) / 2;
    hover.setAttribute("transform", `translate(${x} ${hover.dataset.y})`);
    hover.setAttribute("visibility", "visible");
    hover.dataset.over = letter;
  };

  // Chooses column `letter` if a disc can go there; says so if `aloud`.
  const choose = (letter, aloud) => {
    if (!playable()) {
      return false;
    }
    if (!drops().has(letter)) {
      chosen = null;
      show(null);
      if (aloud) {
        say("full", letter);
      }
      return false;
    }
    chosen = letter;
    show(letter);
    if (aloud) {
      say("chosen", letter);
    }
    return true;
  };

  // Submits `button`'s form (the server decides); after a move made with
  // the keys the focus comes back to column `letter` once the page reloads.
  const send = (button, letter, byKeys) => {
    sent = true;
    if (byKeys) {
      try {
        sessionStorage.setItem("fourbot-focus", letter);
      } catch {
        // No storage: the focus is not given back after the reload.
      }
    }
    button.form.requestSubmit(button);
  };

  // Drops into column `letter`.
  const drop = (letter, byKeys) => {
    if (!playable()) {
      return;
    }
    const button = drops().get(letter);
    if (!button) {
      say("full", letter);
      return;
    }
    chosen = letter;
    show(letter);
    send(button, letter, byKeys);
  };

  // Pops the player's bottom disc of column `letter` (PopOut).
  const pop = (letter, byKeys) => {
    if (!playable()) {
      return;
    }
    const button = pops().get(letter);
    if (!button) {
      say("noPop", letter);
      return;
    }
    send(button, letter, byKeys);
  };

  // Draws a pop marker under each column whose bottom disc may be popped
  // (a clone of the server's), with room for them under the board.
  const markers = (board) => {
    for (const old of board.querySelectorAll("g.pop-marker")) {
      old.remove();
    }
    const template = document.getElementById("pop-marker");
    const marker = template?.content.querySelector("g.pop-marker");
    const open = sent ? new Map() : pops();
    if (!marker || open.size === 0) {
      return;
    }
    if (!board.dataset.footroom) {
      const [x, y, w, h] = board.getAttribute("viewBox").split(" ").map(Number);
      const room = Number(marker.dataset.footroom);
      board.setAttribute("viewBox", `${x} ${y} ${w} ${h + room}`);
      board.dataset.footroom = String(room);
    }
    for (const [letter] of open) {
      const hit = column(letter)?.querySelector("rect.hit");
      if (!hit) {
        continue;
      }
      const x = Number(hit.getAttribute("x")) + Number(hit.getAttribute("width")) / 2;
      const copy = marker.cloneNode(true);
      copy.setAttribute("transform", `translate(${x} ${marker.dataset.y})`);
      copy.setAttribute("aria-hidden", "true");
      copy.dataset.pop = letter;
      copy.classList.toggle("chosen", letter === popChosen);
      board.appendChild(copy);
    }
  };

  // Makes the board (drawn anew by the page or an event) playable: room
  // above it for the disc, the disc, the columns focusable.
  const prepare = (focus) => {
    const board = svg();
    if (!board || !seated) {
      return;
    }
    const template = document.getElementById("hover-disc");
    const hover = template?.content.querySelector("g.hover");
    if (hover && !board.dataset.headroom) {
      const [x, y, w, h] = board.getAttribute("viewBox").split(" ").map(Number);
      const room = Number(hover.dataset.headroom);
      board.setAttribute("viewBox", `${x} ${y - room} ${w} ${h + room}`);
      board.dataset.headroom = String(room);
    }
    if (hover && !disc()) {
      const copy = hover.cloneNode(true);
      copy.setAttribute("visibility", "hidden");
      copy.setAttribute("pointer-events", "none");
      copy.setAttribute("aria-hidden", "true");
      board.appendChild(copy);
    }
    markers(board);
    const on = playable();
    board.setAttribute("aria-readonly", String(!on));
    document.getElementById("board")?.classList.toggle("playable", on);
    const all = columns();
    const first = focus ?? chosen ?? [...drops().keys()][0] ?? all[0]?.dataset.column;
    for (const c of all) {
      c.setAttribute("tabindex", c.dataset.column === first ? "0" : "-1");
    }
    if (focus) {
      column(focus)?.focus();
    }
    if (chosen && on && drops().has(chosen)) {
      show(chosen);
    } else {
      chosen = null;
      show(null);
    }
  };

  // The turn of an event: fetches the seated section again if it was
  // drawn for another.
  const follow = async (turn) => {
    if (!seated || seated.dataset.turn === turn || sent) {
      return;
    }
    const mine = ++fetches;
    let fresh;
    try {
      const answer = await fetch(location.href, {
        credentials: "same-origin",
        cache: "no-store",
      });
      if (!answer.ok) {
        return;
      }
      const page = new DOMParser().parseFromString(await answer.text(), "text/html");
      fresh = page.getElementById("seated");
    } catch {
      return;
    }
    if (!fresh || mine !== fetches || !seated.isConnected) {
      return;
    }
    const focused = document.activeElement?.closest?.("#board .column")?.dataset.column;
    seated.replaceWith(fresh);
    seated = fresh;
    // The new section's disc may be of another colour (colours swap in
    // the next game): drawn anew.
    disc()?.remove();
    prepare(focused ?? null);
  };

  const area = document.getElementById("board");
  const letterAt = (event) => event.target.closest?.(".column")?.dataset.column ?? null;
  const popAt = (event) => event.target.closest?.("g.pop-marker")?.dataset.pop ?? null;
  if (area && seated) {
    area.addEventListener("pointerdown", (event) => {
      pointer = event.pointerType || "mouse";
    });
    area.addEventListener("pointermove", (event) => {
      if (event.pointerType !== "mouse" || !playable()) {
        return;
      }
      const letter = letterAt(event);
      if (letter && letter !== chosen) {
        choose(letter, false);
      }
    });
    area.addEventListener("pointerleave", (event) => {
      if (event.pointerType === "mouse" && playable()) {
        chosen = null;
        show(null);
      }
    });
    area.addEventListener("click", (event) => {
      const popped = popAt(event);
      if (popped && playable()) {
        // A mouse pops at once; a touch marks the marker first.
        const kind = event.pointerType || pointer;
        if (kind === "mouse" || popChosen === popped) {
          pop(popped, false);
        } else {
          popChosen = popped;
          for (const m of document.querySelectorAll("#board g.pop-marker")) {
            m.classList.toggle("chosen", m.dataset.pop === popped);
          }
          say("popChosen", popped);
        }
        return;
      }
      popChosen = null;
      const letter = letterAt(event);
      if (!letter || !playable()) {
        return;
      }
      const kind = event.pointerType || pointer;
      if (kind === "mouse") {
        drop(letter, false);
      } else if (chosen === letter) {
        drop(letter, false);
      } else {
        choose(letter, true);
      }
    });
    area.addEventListener("focusin", (event) => {
      const letter = letterAt(event);
      if (letter && playable() && event.target.matches(":focus-visible")) {
        choose(letter, true);
      }
    });
    document.addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey) {
        return;
      }
      // Off their turn the arrows still go from column to column (each
      // says what is in it); nothing is chosen or dropped.
      const on = playable();
      const all = columns();
      const inBoard = document.activeElement?.closest?.("#board .column");
      if (/^[1-9]$/.test(event.key)) {
        const target = on ? all[Number(event.key) - 1] : null;
        if (target && !event.target.closest?.("input, textarea, select")) {
          event.preventDefault();
          drop(target.dataset.column, true);
        }
        return;
      }
      if (!inBoard) {
        return;
      }
      if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
        event.preventDefault();
        const letters = all.map((c) => c.dataset.column);
        const legal = on ? [...drops().keys(), ...pops().keys()] : letters;
        const from = letters.indexOf(chosen ?? inBoard.dataset.column);
        const step = event.key === "ArrowRight" ? 1 : -1;
        for (let i = from + step; i >= 0 && i < letters.length; i += step) {
          if (legal.includes(letters[i])) {
            for (const c of all) {
              c.setAttribute("tabindex", c.dataset.column === letters[i] ? "0" : "-1");
            }
            column(letters[i])?.focus();
            if (on) {
              choose(letters[i], true);
            }
            break;
          }
        }
      } else if (on && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        drop(chosen ?? inBoard.dataset.column, true);
      } else if (on && (event.key === "-" || event.key === "p" || event.key === "P")) {
        event.preventDefault();
        pop(chosen ?? inBoard.dataset.column, true);
      }
    });
  }

  // Back to this page from the browser's history (its memory of the page):
  // the drop sent from it is history too.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && sent) {
      sent = false;
      prepare(null);
    }
  });

  // After a drop made with the keys the page reloads: the focus goes
  // back to the board.
  let back = null;
  try {
    back = sessionStorage.getItem("fourbot-focus");
    sessionStorage.removeItem("fourbot-focus");
  } catch {
    back = null;
  }
  let once = back;
  return {
    prepare: (focus) => {
      prepare(focus ?? once);
      once = null;
    },
    follow,
  };
};

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

  const point = pointing();
  point.prepare(null);

  const url = table.dataset.events;
  if (!url || !("EventSource" in window)) {
    return;
  }
  // "result": only in the last state of a match that is over (how it
  // ended, the rating changes, the export and the replays).
  const parts = ["board", "players", "score", "moves", "result"];
  const source = new EventSource(url);
  source.addEventListener("state", (event) => {
    let state;
    try {
      state = JSON.parse(event.data);
    } catch {
      return;
    }
    // The column that has the keyboard's focus, to give it back after the
    // board is drawn anew.
    const focused = document.activeElement?.closest?.("#board .column")?.dataset.column;
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
    point.prepare(focused);
    if (typeof state.turn === "string") {
      point.follow(state.turn);
    }
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
