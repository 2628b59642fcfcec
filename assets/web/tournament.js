// A tournament's page: read again whenever the tournament changes (a round paired, a game
// started or ended, a player joining), told by server-sent events; the browser reconnects by
// itself. Without this script the page stays as it was read.
"use strict";
(() => {
  const root = document.getElementById("tournament");
  if (!root) return;
  let seen = root.dataset.version;
  const source = new EventSource("/tournament/" + root.dataset.id + "/events");
  source.addEventListener("version", async (event) => {
    if (event.data === seen) return;
    seen = event.data;
    try {
      const response = await fetch(location.href, { headers: { Accept: "text/html" } });
      if (!response.ok) return;
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = page.getElementById("tournament");
      if (!fresh) return;
      // The rounds the reader opened or closed stay so.
      const open = new Map(
        [...root.querySelectorAll("details[data-round]")].map((d) => [d.dataset.round, d.open]),
      );
      root.replaceChildren(...document.adoptNode(fresh).childNodes);
      for (const d of root.querySelectorAll("details[data-round]")) {
        if (open.has(d.dataset.round)) d.open = open.get(d.dataset.round);
      }
      if (fresh.dataset.live !== "true") source.close();
    } catch (_) {
      // The next change tries again.
    }
  });
})();
