// The database-unavailable banner: while the server says its database cannot be used
// (GET /api/health: "unavailable"), every page shows why, in the player's language, and
// that nothing moves meanwhile; it goes away by itself once the server says "ok" again.
// The health is asked every 15 s, every 3 s while the database is away, and at once when an
// answer of the server says "database_unavailable" (api.js sends the event).
import { h } from "./dom.js";
import { onLang, t } from "./i18n.js";

const CALM_MS = 15000;
const AWAY_MS = 3000;
let away = false;
let timer = null;

function banner() {
  let node = document.getElementById("outage");
  if (!node) {
    node = h("div", { id: "outage", class: "outage-banner", role: "alert", hidden: "" });
    const main = document.getElementById("main");
    if (main && main.parentNode) main.parentNode.insertBefore(node, main);
    else document.body.prepend(node);
  }
  return node;
}

function render() {
  const node = banner();
  if (away) {
    node.replaceChildren(h("strong", {}, t("outage.title")), " ", t("outage.banner"));
    node.hidden = false;
  } else {
    node.replaceChildren();
    node.hidden = true;
  }
}

async function check() {
  clearTimeout(timer);
  let unavailable = away;
  try {
    const response = await fetch("/api/health", { headers: { Accept: "application/json" } });
    const data = await response.json();
    unavailable = data.status === "unavailable";
  } catch {
    /* the server itself is unreachable: the connection's indicator says so */
  }
  if (unavailable !== away) {
    away = unavailable;
    render();
  }
  timer = setTimeout(check, away ? AWAY_MS : CALM_MS);
}

/** Start watching the server's health (once, at the client's start). */
export function startOutageBanner() {
  onLang(render);
  window.addEventListener("croupier:database-unavailable", check);
  check();
}
