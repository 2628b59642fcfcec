// The lobby: read again whenever someone begins or stops waiting in a pool or a game begins
// or ends, told by server-sent events; the browser reconnects by itself. Without this script
// the page stays as it was read.
"use strict";
(() => {
  const root = document.getElementById("lobby");
  if (!root) return;
  let seen = root.dataset.version;
  const source = new EventSource("/play/events");
  source.addEventListener("version", async (event) => {
    if (event.data === seen) return;
    seen = event.data;
    try {
      const response = await fetch(location.href, { headers: { Accept: "text/html" } });
      if (!response.ok) return;
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = page.getElementById("lobby");
      if (!fresh) return;
      root.replaceChildren(...document.adoptNode(fresh).childNodes);
    } catch (_) {
      // The next change tries again.
    }
  });
})();
