// A game page: stepping through the moves (buttons, the move list, the arrow keys) and, while
// the game runs, following it live (server-sent events; the browser reconnects by itself). On a
// page signed in as a player (data-seat), playing on the board: click or drag a piece to a
// marked square, or type the move. Without this script every link still works as a plain page.
"use strict";
(() => {
  const game = document.getElementById("game");
  if (!game) return;
  const key = game.dataset.key;
  const lang = game.dataset.lang;
  const flipAsked = new URLSearchParams(location.search).get("flip") === "1";
  const board = document.getElementById("board");
  const status = document.getElementById("status");
  const blackFirst = game.dataset.blackFirst === "true";
  let ply = Number(game.dataset.ply);
  let plies = Number(game.dataset.plies);
  let state = null; // the last state the server sent
  let received = 0; // when it arrived (ms)
  const boards = new Map();
  const statuses = new Map(); // the status line of each position fetched
  const point = game.dataset.decimal || ".";

  const query = (extra) => {
    const q = [];
    if (extra) q.push(extra);
    if (flipAsked) q.push("flip=1");
    if (lang) q.push("lang=" + encodeURIComponent(lang));
    return q.length ? "?" + q.join("&") : "";
  };

  const show = (ms) => {
    ms = Math.max(0, ms);
    if (ms < 10000) return Math.floor(ms / 1000) + point + Math.floor((ms % 1000) / 100);
    const s = Math.floor(ms / 1000);
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    const two = (n) => String(n).padStart(2, "0");
    return h > 0 ? h + ":" + two(m) + ":" + two(r) : m + ":" + two(r);
  };

  const markCurrent = () => {
    for (const a of document.querySelectorAll("#moves a[aria-current]")) a.removeAttribute("aria-current");
    const current = document.querySelector('#moves a[data-ply="' + ply + '"]');
    if (current) {
      current.setAttribute("aria-current", "step");
      current.scrollIntoView({ block: "nearest" });
    }
    const links = { first: 0, prev: Math.max(0, ply - 1), next: Math.min(plies, ply + 1), last: plies };
    for (const [id, to] of Object.entries(links)) {
      const a = document.getElementById(id);
      if (a) a.href = query("ply=" + to);
    }
    const flip = document.getElementById("flip");
    if (flip) flip.href = "?ply=" + ply + (flipAsked ? "" : "&flip=1") + (lang ? "&lang=" + encodeURIComponent(lang) : "");
  };

  const go = async (to) => {
    to = Math.max(0, Math.min(plies, to));
    let svg = boards.get(to);
    if (svg === undefined) {
      const response = await fetch("/game/" + key + "/board/" + to + query(""));
      if (!response.ok) return;
      svg = await response.text();
      boards.set(to, svg);
      const said = response.headers.get("x-dama-status");
      if (said) statuses.set(to, decodeURIComponent(said));
    }
    ply = to;
    board.innerHTML = svg;
    game.dataset.ply = String(ply);
    const said = ply === plies && state ? liveStatus(state) : statuses.get(ply);
    if (said) status.textContent = said;
    markCurrent();
    history.replaceState(null, "", query("ply=" + ply));
  };

  const rebuildMoves = (moves) => {
    const list = document.getElementById("moves");
    list.replaceChildren();
    let li = null;
    moves.forEach((text, i) => {
      const index = i + (blackFirst ? 1 : 0);
      if (li === null || index % 2 === 0) {
        li = document.createElement("li");
        li.value = Math.floor(index / 2) + 1;
        if (i === 0 && blackFirst) {
          const skip = document.createElement("span");
          skip.className = "skip";
          skip.textContent = "…";
          li.append(skip);
        }
        list.append(li);
      }
      const a = document.createElement("a");
      a.href = query("ply=" + (i + 1));
      a.dataset.ply = String(i + 1);
      a.textContent = text;
      li.append(a, " ");
    });
  };

  const tick = () => {
    if (!state || !state.left) return;
    for (const side of ["white", "black"]) {
      const clock = document.getElementById("clock-" + side);
      if (!clock) continue;
      let ms = state.left[side === "white" ? 0 : 1];
      const running = state.running && state.toMove === side;
      if (running) ms -= Date.now() - received;
      clock.textContent = show(ms);
      clock.classList.toggle("running", running);
    }
  };

  // The status line the server sent, in the page's language.
  const liveStatus = (s) => s.status && (s.status[document.documentElement.lang] || s.status.en);

  let onState = () => {}; // the board's controls, on a seated page

  const apply = (next) => {
    const wasAtEnd = ply === plies;
    const moved = next.ply !== plies;
    state = next;
    received = Date.now();
    if (moved) {
      plies = next.ply;
      game.dataset.plies = String(plies);
      boards.clear();
      statuses.clear();
      rebuildMoves(next.moves);
      if (wasAtEnd || ply > plies) go(plies);
      else markCurrent();
    }
    const text = liveStatus(next);
    if (text && ply === plies && status.textContent !== text) status.textContent = text;
    game.dataset.running = String(next.running);
    tick();
    onState();
  };

  document.addEventListener("click", (event) => {
    const a = event.target.closest("#moves a[data-ply], .steps a.step:not(#flip)");
    if (!a || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    const to = a.dataset.ply !== undefined ? Number(a.dataset.ply) : Number(new URL(a.href).searchParams.get("ply"));
    go(to);
  });

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input, textarea, select")) return;
    const to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: plies }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    go(to);
  });

  const seat = game.dataset.seat;
  const form = document.getElementById("play");
  if (seat && form) {
    const said = document.getElementById("play-said");
    const input = document.getElementById("play-move");
    const routes = document.getElementById("routes");
    const square = Number(game.dataset.square);
    const margin = Number(game.dataset.margin);
    const flipped = game.dataset.flipped === "true";
    const NS = "http://www.w3.org/2000/svg";
    let selected = null;
    let sending = false;
    let downAt = null;
    board.classList.add("seated");
    // The moves this player may make now: on their turn, at the newest position.
    const legal = () =>
      state && state.running && state.toMove === seat && ply === plies ? state.legal || [] : [];
    const squaresOf = (text) => text.split(/[-x]/);
    const from = (m) => squaresOf(m)[0];
    const to = (m) => squaresOf(m).at(-1);
    const corner = (name) => {
      const file = name.charCodeAt(0) - 97;
      const rank = Number(name.slice(1)) - 1;
      const c = flipped ? 7 - file : file;
      const r = flipped ? rank : 7 - rank;
      return [margin + c * square, margin + r * square];
    };
    const squareAt = (event) => {
      const svg = board.querySelector("svg");
      if (!svg) return null;
      const rect = svg.getBoundingClientRect();
      const size = svg.viewBox.baseVal.width;
      const x = ((event.clientX - rect.left) * size) / rect.width - margin;
      const y = ((event.clientY - rect.top) * size) / rect.height - margin;
      const c = Math.floor(x / square);
      const r = Math.floor(y / square);
      if (c < 0 || c > 7 || r < 0 || r > 7) return null;
      return "abcdefgh"[flipped ? 7 - c : c] + ((flipped ? r : 7 - r) + 1);
    };
    const clearMarks = () => {
      for (const m of board.querySelectorAll(".mark")) m.remove();
    };
    const mark = (name, kind) => {
      const svg = board.querySelector("svg");
      if (!svg) return;
      const [x, y] = corner(name);
      let shape;
      if (kind === "dest") {
        shape = document.createElementNS(NS, "circle");
        shape.setAttribute("cx", x + square / 2);
        shape.setAttribute("cy", y + square / 2);
        shape.setAttribute("r", square * 0.17);
      } else {
        shape = document.createElementNS(NS, "rect");
        shape.setAttribute("x", x + 2);
        shape.setAttribute("y", y + 2);
        shape.setAttribute("width", square - 4);
        shape.setAttribute("height", square - 4);
      }
      shape.setAttribute("class", "mark " + kind);
      shape.dataset.square = name;
      svg.append(shape);
    };
    const showSelection = () => {
      clearMarks();
      if (!selected) return;
      mark(selected, "from");
      for (const m of legal()) if (from(m) === selected) mark(to(m), "dest");
    };
    const send = async (text) => {
      if (sending || !text) return;
      sending = true;
      said.textContent = "";
      try {
        const answer = await fetch("/game/" + key + "/move" + query(""), {
          method: "POST",
          headers: { "x-dama-seat": "1", "content-type": "text/plain; charset=utf-8" },
          body: text,
          credentials: "same-origin",
        });
        if (answer.ok) input.value = "";
        else said.textContent = await answer.text();
      } catch (e) {
        said.textContent = "…";
      } finally {
        sending = false;
      }
    };
    // A capture with several routes to one square asks which, never guesses.
    const choose = (a, b) => {
      const options = legal().filter((m) => from(m) === a && to(m) === b);
      selected = null;
      clearMarks();
      if (options.length === 1) {
        send(options[0]);
        return;
      }
      if (options.length === 0) return;
      for (const old of routes.querySelectorAll("button")) old.remove();
      for (const option of options) {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = option;
        button.addEventListener("click", () => {
          routes.hidden = true;
          send(option);
        });
        routes.append(button);
      }
      routes.hidden = false;
    };
    const goes = (a, b) => legal().some((m) => from(m) === a && to(m) === b);
    board.addEventListener("pointerdown", (event) => {
      const name = squareAt(event);
      downAt = name;
      if (!name) return;
      if (selected && name !== selected && goes(selected, name)) {
        downAt = null;
        choose(selected, name);
        return;
      }
      selected = legal().some((m) => from(m) === name) ? name : null;
      showSelection();
      if (selected) event.preventDefault();
    });
    // A drag: let go on another square.
    board.addEventListener("pointerup", (event) => {
      const name = squareAt(event);
      if (selected && downAt === selected && name && name !== selected && goes(selected, name)) {
        choose(selected, name);
      }
      downAt = null;
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      send(input.value.trim());
    });
    let seenPly = plies;
    onState = () => {
      // A refusal is about the position it was made in.
      if (state && state.ply !== seenPly) said.textContent = "";
      seenPly = state ? state.ply : seenPly;
      routes.hidden = true;
      if (selected && !legal().some((m) => from(m) === selected)) selected = null;
      showSelection();
    };
  }

  if (game.dataset.running === "true") {
    const events = new EventSource("/game/" + key + "/events");
    events.addEventListener("state", (event) => {
      try {
        apply(JSON.parse(event.data));
      } catch (e) {
        console.warn("dama: a live update could not be read", e);
      }
    });
    setInterval(tick, 100);
  }
})();
