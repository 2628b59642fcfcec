// The board inside Discord (an Activity): Discord's Embedded App SDK (vendored, unchanged)
// shakes hands with the client, asks it to authorize this player (scope identify), and the
// server trades the code for who they are and where the Activity runs. Then the channel's game
// page is fetched into this one and runs the same board code as in a browser (game.js), seated
// where the player plays the game, watching otherwise. Every path is the Activity's own:
// Discord's proxy maps them under /activity on the server.
import { DiscordSDK } from "/static/vendor/discord-embedded-app-sdk/index.mjs";

const root = document.getElementById("activity");
const said = document.getElementById("activity-said");
const say = (text) => {
  said.textContent = text || "";
  said.hidden = !text;
};

// The game page's content, in place of the sign-in's sentence.
const show = async (signed) => {
  const headers = signed.credential ? { "x-dama-seat": signed.credential } : {};
  const page = await fetch("/game/" + signed.key + "?lang=" + encodeURIComponent(signed.lang), { headers });
  if (!page.ok) {
    say(root.dataset.failed);
    return;
  }
  const doc = new DOMParser().parseFromString(await page.text(), "text/html");
  const main = doc.querySelector("main");
  if (!main) {
    say(root.dataset.failed);
    return;
  }
  document.documentElement.lang = doc.documentElement.lang;
  document.title = doc.title;
  root.append(...main.childNodes);
  window.damaGame(signed.credential || "");
};

const signIn = async () => {
  const client = root.dataset.clientId;
  if (!client) {
    say(root.dataset.notSetUp);
    return;
  }
  let sdk;
  try {
    sdk = new DiscordSDK(client, { disableConsoleLogOverride: true });
  } catch (e) {
    // No frame_id in the address: not opened by Discord.
    say(root.dataset.outside);
    return;
  }
  await sdk.ready();
  let code;
  try {
    ({ code } = await sdk.commands.authorize({
      client_id: client,
      response_type: "code",
      state: "",
      prompt: "none",
      scope: ["identify"],
    }));
  } catch (e) {
    say(root.dataset.refused);
    return;
  }
  const answer = await fetch("/sign-in", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code, instance: sdk.instanceId }),
  });
  if (!answer.ok) {
    say(await answer.text());
    return;
  }
  const signed = await answer.json();
  say(signed.said);
  if (signed.key) await show(signed);
};

signIn().catch(() => say(root.dataset.failed));
