// A tournament's page (docs/web.md, "The tournament page"): follows the
// tournament's event stream while it is open or runs and puts each part
// the server rendered (state, winner, standings, rounds) in its place; the
// live region reads what came (a result, a round paired). Without script
// the page is the same, as of its load.
"use strict";

const follow = () => {
  const main = document.getElementById("tournament");
  const url = main?.dataset.events;
  if (!url) {
    return;
  }
  const source = new EventSource(url);
  const put = (id, html) => {
    const element = document.getElementById(id);
    if (element && typeof html === "string") {
      element.innerHTML = html;
    }
  };
  const text = (id, words) => {
    const element = document.getElementById(id);
    if (element) {
      element.textContent = words ?? "";
      element.hidden = !words;
    }
  };
  source.addEventListener("state", (event) => {
    const state = JSON.parse(event.data);
    text("t-state", state.state);
    text("t-winner", state.winner);
    text("t-note", state.note);
    put("t-standings", state.standings);
    put("t-rounds", state.rounds);
    if (state.announce) {
      text("announce", state.announce);
    }
    main.dataset.version = state.version;
    main.dataset.live = String(state.live);
    if (state.live) {
      main.dataset.stream = "open";
    } else {
      // Over: nothing more will come.
      source.close();
      main.dataset.stream = "closed";
    }
  });
  source.addEventListener("error", () => {
    main.dataset.stream =
      source.readyState === EventSource.CLOSED ? "closed" : "reconnecting";
  });
};

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", follow);
} else {
  follow();
}
