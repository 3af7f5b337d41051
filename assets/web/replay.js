// The replay of a finished match (docs/web.md, "Replay"). The page works
// without script: every control and every ply of the move list is a link
// (?game=<n>&ply=<k>). With script the keys step too (← →, Home and End
// for the start and the end of the game), and a step fetches that ply's
// page and puts its board, its line, its controls and its move list in
// place without a reload; the address follows (history.replaceState) and
// the live region says where the replay stands. The server draws
// everything (the same SVG as the table); this only moves it in.
"use strict";

(() => {
  const replay = document.getElementById("replay");
  if (!replay) {
    return;
  }
  // The parts a step changes, by id.
  const parts = ["at", "board", "controls", "plies"];
  // Pages fetched, by address (a replay's pages never change): at most
  // this many are kept.
  const kept = new Map();
  const KEEP = 64;
  // The ply asked for last, and whether a fetch is on its way: a step
  // asked while one is fetched waits for it, then the newest is shown.
  let wanted = null;
  let busy = false;

  const ply = () => Number(replay.dataset.ply);
  const plies = () => Number(replay.dataset.plies);

  const address = (n) => {
    const url = new URL(location.href);
    url.searchParams.set("game", replay.dataset.game);
    url.searchParams.set("ply", String(n));
    url.hash = "";
    return url.toString();
  };

  const page = async (url) => {
    if (kept.has(url)) {
      return kept.get(url);
    }
    const answer = await fetch(url, { credentials: "same-origin" });
    if (!answer.ok) {
      const error = new Error(`status ${answer.status}`);
      error.status = answer.status;
      throw error;
    }
    const text = await answer.text();
    if (kept.size >= KEEP) {
      kept.delete(kept.keys().next().value);
    }
    kept.set(url, text);
    return text;
  };

  // Puts the page `text` (of ply `n`) in place of the shown one.
  const show = (n, url, text) => {
    const fresh = new DOMParser().parseFromString(text, "text/html");
    const main = fresh.getElementById("replay");
    if (!main || main.dataset.game !== replay.dataset.game) {
      return false;
    }
    // The focused control or ply link, to give the focus back to its
    // counterpart (the same id) in the new parts.
    const focused = document.activeElement?.id || null;
    for (const id of parts) {
      const old = document.getElementById(id);
      const now = fresh.getElementById(id);
      if (old && now) {
        // HTML rendered and escaped by the server (maud).
        old.innerHTML = now.innerHTML;
      }
    }
    replay.dataset.ply = main.dataset.ply;
    replay.dataset.plies = main.dataset.plies;
    const again = focused ? document.getElementById(focused) : null;
    if (again && again !== document.activeElement) {
      again.focus();
    }
    document.getElementById(`ply-${n}`)?.scrollIntoView?.({ block: "nearest" });
    history.replaceState(null, "", url);
    const announce = document.getElementById("announce");
    const at = document.getElementById("at");
    if (announce && at) {
      announce.textContent = at.textContent;
    }
    return true;
  };

  const go = async (n) => {
    if (!Number.isInteger(n) || n < 0 || n > plies()) {
      return;
    }
    wanted = n;
    if (busy) {
      return;
    }
    busy = true;
    try {
      while (wanted !== null && wanted !== ply()) {
        const target = wanted;
        const url = address(target);
        let text;
        try {
          text = await page(url);
        } catch (error) {
          if (error.status === 429) {
            // Too many steps in a minute: the replay stays where it is
            // (the link itself would show the refusal).
            wanted = null;
            return;
          }
          // Anything else: the link itself.
          location.assign(url);
          return;
        }
        if (!show(target, url, text)) {
          location.assign(url);
          return;
        }
      }
    } finally {
      busy = false;
    }
  };

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    if (event.target.closest?.("input, textarea, select, [contenteditable]")) {
      return;
    }
    const from = wanted ?? ply();
    const to = {
      ArrowLeft: from - 1,
      ArrowRight: from + 1,
      Home: 0,
      End: plies(),
    }[event.key];
    if (to === undefined) {
      return;
    }
    event.preventDefault();
    go(Math.max(0, Math.min(plies(), to)));
  });

  // The controls and the move list's links step in place.
  replay.addEventListener("click", (event) => {
    const link = event.target.closest?.("#controls a[data-ply], #plies a[data-ply]");
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    event.preventDefault();
    go(Number(link.dataset.ply));
  });
})();
