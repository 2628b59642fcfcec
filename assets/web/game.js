// A game page: stepping through the moves (buttons, the move list, the arrow keys) and, while
// the game runs, following it live (server-sent events; the browser reconnects by itself). On a
// page signed in as a player (data-seat), playing on the board: click or drag a piece to a
// marked square, or type the move. Without this script every link still works as a plain page.
// Inside Discord's Activity (activity.js) the same board runs on the page it fetched, its
// session sent with each request in the page's header (a frame inside Discord keeps no cookie).
"use strict";
(() => {
// `credential`: the Activity's session, or null where the cookie holds it (a browser).
const start = (credential) => {
  const game = document.getElementById("game");
  if (!game) return;
  const embedded = credential !== null || !!document.getElementById("activity");
  const seated = credential ? { "x-dama-seat": credential } : {};
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

  let wanted = ply; // the ply shown, or being fetched to be shown
  let generation = 0; // bumped when the moves change: boards fetched before are stale
  const go = async (to) => {
    to = Math.max(0, Math.min(plies, to));
    wanted = to;
    let svg = boards.get(to);
    if (svg === undefined) {
      const asked = generation;
      const response = await fetch("/game/" + key + "/board/" + to + query(""), { headers: seated });
      if (!response.ok || asked !== generation) return;
      svg = await response.text();
      if (asked !== generation) return;
      boards.set(to, svg);
      const said = response.headers.get("x-dama-status");
      if (said) statuses.set(to, decodeURIComponent(said));
    }
    // A newer step (or move) asked for another board meanwhile: that one is shown.
    if (wanted !== to) return;
    ply = to;
    board.innerHTML = svg;
    onBoard();
    game.dataset.ply = String(ply);
    const said = ply === plies && state ? liveStatus(state) : statuses.get(ply);
    if (said) status.textContent = said;
    markCurrent();
    // Inside Discord the address keeps the query Discord gave it.
    if (!embedded) history.replaceState(null, "", query("ply=" + ply));
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
    onTick();
  };

  // The status line the server sent, in the page's language.
  const liveStatus = (s) => s.status && (s.status[document.documentElement.lang] || s.status.en);

  let onState = () => {}; // the board's controls, on a seated page
  let onTick = () => {}; // and its low-time warning
  let onBoard = () => {}; // and its marks, on a new picture

  const apply = (next) => {
    const wasAtEnd = wanted === plies;
    const moved = next.ply !== plies || (state && next.moves.at(-1) !== state.moves.at(-1));
    state = next;
    received = Date.now();
    if (moved) {
      plies = next.ply;
      game.dataset.plies = String(plies);
      boards.clear();
      statuses.clear();
      generation += 1;
      // The new board came with the move: shown without asking for it.
      const drawn = next.boards && next.boards[game.dataset.flipped === "true" ? "black" : "white"];
      const svg = drawn && (drawn[document.documentElement.lang] || drawn.en);
      if (svg) boards.set(plies, svg);
      rebuildMoves(next.moves);
      if (wasAtEnd || wanted > plies) go(plies);
      else markCurrent();
    }
    const text = liveStatus(next);
    if (text && ply === plies && status.textContent !== text) status.textContent = text;
    game.dataset.running = String(next.running);
    // The ratings, as a rated game's end changes them.
    for (const [side, text] of Object.entries(next.ratings || {})) {
      const line = document.querySelector(".player." + side);
      if (!line || !text) continue;
      let rating = line.querySelector(".rating");
      if (!rating) {
        rating = document.createElement("span");
        rating.className = "rating";
        line.querySelector(".name").after(" ", rating);
      }
      if (rating.textContent !== text) rating.textContent = text;
    }
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
    // The offers, resigning and the sound work through this script: shown only with it.
    for (const part of form.querySelectorAll(".acts, .sound")) part.hidden = false;
    const words = form.dataset; // the sentences the page shows as the game goes
    const said = document.getElementById("play-said");
    const input = document.getElementById("play-move");
    const routes = document.getElementById("routes");
    const offer = document.getElementById("offer");
    const sound = document.getElementById("sound");
    const square = Number(game.dataset.square);
    const margin = Number(game.dataset.margin);
    const flipped = game.dataset.flipped === "true";
    const NS = "http://www.w3.org/2000/svg";
    const other = seat === "white" ? "black" : "white";
    let selected = null;
    let premove = null; // { from, to } or { text }: one move queued while the opponent thinks
    let sending = false;
    let downAt = null;
    board.classList.add("seated");
    // The moves this player may make now (whichever position the page shows).
    const legalNow = () => (state && state.running && state.toMove === seat ? state.legal || [] : []);
    // The moves the board offers to click: the same, while it shows the newest position.
    const legal = () => (ply === plies ? legalNow() : []);
    const waiting = () => !!(ply === plies && state && state.running && state.toMove !== seat);
    // The squares of this player's pieces, from the position's FEN ("W:Wa3,Kb4:Bc6").
    const mine = () => {
      const own = new Set();
      if (!state || !state.fen) return own;
      for (const part of state.fen.split(":").slice(1)) {
        if (part[0] !== (seat === "white" ? "W" : "B")) continue;
        for (const p of part.slice(1).split(",")) if (p) own.add(p.replace(/^K/, ""));
      }
      return own;
    };
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
      if (premove && premove.from) {
        mark(premove.from, "pre");
        mark(premove.to, "pre");
      }
      if (!selected) return;
      mark(selected, "from");
      for (const m of legal()) if (from(m) === selected) mark(to(m), "dest");
    };
    const post = (path, body) =>
      fetch("/game/" + key + path + query(""), {
        method: "POST",
        headers: { "x-dama-seat": credential || "1", "content-type": "text/plain; charset=utf-8" },
        body,
        credentials: "same-origin",
      });
    // Sends a move; `dropped` is said instead of the server's refusal (a premove).
    const send = async (text, dropped) => {
      if (sending || !text) return;
      sending = true;
      said.textContent = "";
      try {
        const answer = await post("/move", text);
        if (answer.ok) input.value = "";
        else said.textContent = dropped && answer.status === 422 ? dropped : await answer.text();
      } catch (e) {
        said.textContent = "…";
      } finally {
        sending = false;
      }
    };
    // A capture with several routes to one square asks which, never guesses.
    const choose = (a, b, dropped) => {
      const options = legalNow().filter((m) => from(m) === a && to(m) === b);
      selected = null;
      clearMarks();
      if (options.length === 1) {
        send(options[0]);
        return;
      }
      if (options.length === 0) {
        if (dropped) said.textContent = dropped;
        return;
      }
      for (const old of routes.querySelectorAll("button")) old.remove();
      for (const option of options) {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = option;
        button.addEventListener("click", () => {
          routes.hidden = true;
          send(option);
        });
        // Pointing at (or tabbing to) a route shows its squares on the board.
        const showRoute = () => {
          clearMarks();
          for (const name of squaresOf(option)) mark(name, "route");
        };
        button.addEventListener("mouseenter", showRoute);
        button.addEventListener("focus", showRoute);
        button.addEventListener("mouseleave", showSelection);
        button.addEventListener("blur", showSelection);
        routes.append(button);
      }
      routes.hidden = false;
    };
    const goes = (a, b) => legal().some((m) => from(m) === a && to(m) === b);
    const queue = (next) => {
      premove = next;
      selected = null;
      const text = next.text || next.from + "-" + next.to;
      said.textContent = words.premove.replace("%s", text);
      showSelection();
    };
    const unqueue = () => {
      if (!premove) return;
      premove = null;
      said.textContent = "";
    };
    board.addEventListener("pointerdown", (event) => {
      const name = squareAt(event);
      downAt = name;
      if (!name) return;
      if (waiting()) {
        // The opponent's turn: a premove, from one of this player's pieces.
        if (selected && name !== selected) {
          downAt = null;
          queue({ from: selected, to: name });
          return;
        }
        const was = premove && premove.from === name;
        unqueue();
        selected = !was && mine().has(name) ? name : null;
        showSelection();
        if (selected) event.preventDefault();
        return;
      }
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
      if (selected && downAt === selected && name && name !== selected) {
        if (waiting()) queue({ from: selected, to: name });
        else if (goes(selected, name)) choose(selected, name);
      }
      downAt = null;
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      if (waiting()) {
        input.value = "";
        queue({ text });
      } else send(text);
    });

    // Offers, resignation, berserk: the game's buttons in Discord, by the same rules.
    const acts = {};
    const title = document.title;
    for (const button of form.querySelectorAll("button.act")) acts[button.id.slice(4)] = button;
    const resignAgain = () => {
      acts.resign.dataset.act = "resign";
      acts.resign.textContent = acts.resign.dataset.label;
    };
    acts.resign.dataset.label = acts.resign.textContent;
    acts.takeback.dataset.label = acts.takeback.textContent;
    for (const button of Object.values(acts)) {
      button.addEventListener("click", async () => {
        said.textContent = "";
        try {
          const answer = await post("/act", button.dataset.act);
          if (answer.status === 204) {
            resignAgain();
            return;
          }
          said.textContent = await answer.text();
          if (answer.headers.get("x-dama-confirm") === "resign!") {
            acts.resign.dataset.act = "resign!";
            acts.resign.textContent = words.confirmResign;
          }
        } catch (e) {
          said.textContent = "…";
        }
      });
    }
    const showActs = () => {
      const running = !!(state && state.running);
      for (const button of Object.values(acts)) button.disabled = !running;
      const offers = (state && state.offers) || {};
      const lines = [];
      acts.draw.textContent = offers.draw === other ? words.drawAccept : words.draw;
      acts.draw.disabled = !running || offers.draw === seat;
      if (offers.draw === seat) lines.push(words.drawOffered);
      if (offers.draw === other) lines.push(words.drawAsked);
      acts.takeback.textContent = offers.takeback === other ? words.takebackAccept : acts.takeback.dataset.label;
      acts.takeback.disabled = !running || offers.takeback === seat || (state && state.ply === 0);
      if (offers.takeback === seat) lines.push(words.takebackOffered);
      if (offers.takeback === other) lines.push(words.takebackAsked);
      offer.textContent = lines.join(" ");
      // The opponent's offer is announced in the tab's title too (a tab in the background).
      const asked = [];
      if (offers.draw === other) asked.push(words.drawAsked);
      if (offers.takeback === other) asked.push(words.takebackAsked);
      document.title = asked.length ? asked.join(" ") + " · " + title : title;
      acts.berserk.hidden = !(running && (state.berserk || []).includes(seat));
    };

    // Sound (off unless asked for, remembered in this browser): a move, and low time.
    let audio = null;
    sound.checked = localStorage.getItem("dama-sound") === "on";
    sound.addEventListener("change", () => localStorage.setItem("dama-sound", sound.checked ? "on" : "off"));
    const beep = (hz, ms) => {
      if (!sound.checked) return;
      try {
        audio = audio || new AudioContext();
        const tone = audio.createOscillator();
        const gain = audio.createGain();
        tone.frequency.value = hz;
        gain.gain.value = 0.08;
        tone.connect(gain).connect(audio.destination);
        tone.start();
        tone.stop(audio.currentTime + ms / 1000);
      } catch (e) {
        sound.checked = false;
      }
    };
    let warned = -1; // the ply at which low time was last sounded
    onTick = () => {
      if (!state || !state.left || !state.running || state.toMove !== seat || warned === state.ply) return;
      const left = state.left[seat === "white" ? 0 : 1] - (Date.now() - received);
      if (left < 10000) {
        warned = state.ply;
        beep(880, 120);
      }
    };

    onBoard = showSelection;
    let seenPly = plies;
    onState = () => {
      const moved = state && state.ply !== seenPly;
      // A refusal is about the position it was made in.
      if (moved && !premove) said.textContent = "";
      if (moved) {
        resignAgain();
        beep(state.toMove === seat ? 660 : 520, 70);
      }
      seenPly = state ? state.ply : seenPly;
      routes.hidden = true;
      if (!state || !state.running) {
        premove = null;
        selected = null;
      }
      if (selected && !waiting() && !legal().some((m) => from(m) === selected)) selected = null;
      // The opponent moved: the premove is played now if it is legal, and dropped if not.
      if (premove && legalNow().length) {
        const queued = premove;
        premove = null;
        const text = queued.text || queued.from + "-" + queued.to;
        const dropped = words.premoveDropped.replace("%s", text);
        said.textContent = "";
        if (queued.text) send(queued.text, dropped);
        else choose(queued.from, queued.to, dropped);
      }
      showSelection();
      showActs();
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
};
window.damaGame = start;
if (!document.getElementById("activity")) start(null);
})();
