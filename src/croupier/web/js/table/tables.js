// The open tables: several at once, each in its own tab (or all side by side as tiles), each
// with its own state. Frames are routed to their table; the keyboard goes to the table shown;
// one ticker counts down every clock on the page.
import { h, replace, toast } from "../dom.js";
import { money, onLang, t } from "../i18n.js";
import { getPrefs, onPrefs } from "../prefs.js";
import * as sound from "../sound.js";
import { connection } from "../ws.js";
import { TableTab } from "./tab.js";
import { noticeText } from "./notices.js";
import { me, setBalance } from "../session.js";
import { onSeated, snapshot as tournamentsSnapshot, viewOf as tournamentView } from "../tournaments/store.js";
import { tournamentTableLabel, tournamentTableTitle } from "../tournaments/strip.js";

const open = new Map();
let shown = null;
let tiles = false;
let currentPath = "";

function tab(name) {
  let found = open.get(name);
  if (!found) {
    found = new TableTab(name, { onChange: () => renderTabs(currentPath) });
    open.set(name, found);
    found.watch();
  }
  return found;
}

/** The table page (#/table/NAME): opens the table if it is not open yet. */
export function renderTable(main, name) {
  connection.open();
  const found = tab(name);
  shown = found;
  tiles = false;
  main.append(found.root);
  found.render(true);
  renderTabs(`table/${name}`);
  return () => {
    if (shown === found) shown = null;
  };
}

/** Every open table side by side (#/tables). */
export function renderTiles(main) {
  connection.open();
  tiles = true;
  shown = null;
  const grid = h("div", { class: "tiles" });
  for (const found of open.values()) {
    grid.append(h("div", { class: "tile" }, found.root));
    found.render(true);
  }
  main.append(h("h1", {}, t("nav.tiles")), open.size ? grid : h("p", { class: "muted" }, t("lobby.no_tables")));
  return () => {
    tiles = false;
  };
}

/** The strip of open tables' tabs (a marker on those where it is the player's turn). */
export function renderTabs(path = currentPath) {
  currentPath = path;
  const strip = document.getElementById("tabs");
  if (!strip) return;
  strip.hidden = open.size === 0;
  const items = [];
  for (const found of open.values()) {
    const current = path === `table/${found.name}`;
    const turn = found.myTurn();
    items.push(
      h(
        "span",
        { class: `tab${current ? " current" : ""}` },
        h(
          "a",
          { href: `#/table/${encodeURIComponent(found.name)}`, "aria-current": current ? "page" : null, "data-tab": found.name },
          titleOf(found),
          turn ? h("span", { class: "turn-dot", title: t("table.your_turn") }, " ●") : null,
          turn ? h("span", { class: "sr-only" }, ` (${t("table.your_turn")})`) : null,
        ),
        h("button", { type: "button", "aria-label": t("table.close", { name: titleOf(found) }), onclick: () => closeTable(found.name) }, "×"),
      ),
    );
  }
  if (open.size > 1) {
    items.push(h("span", { class: `tab tiles-link${path === "tables" ? " current" : ""}` }, h("a", { href: "#/tables", "aria-current": path === "tables" ? "page" : null }, t("nav.tiles"))));
  }
  replace(strip, ...items);
}

/** Why a player was moved, in words (the server's reason, in English, read for its kind). */
function movedReason(reason) {
  const text = String(reason || "");
  if (/break|broken/i.test(text)) return t("tn.reason.broken");
  if (/balanc/i.test(text)) return t("tn.reason.balancing");
  if (/floor|director/i.test(text)) return t("tn.reason.floor");
  if (/final/i.test(text)) return t("tn.reason.final");
  return text || t("tn.reason.balancing");
}

/** Stop watching a table and close its tab (a seated player stays seated). */
export function closeTable(name) {
  const found = open.get(name);
  if (!found) return;
  open.delete(name);
  found.close();
  connection.send("unwatch", { table: name }).catch(() => {});
  if (shown === found) location.hash = "#/lobby";
  renderTabs();
}

/** Close every table (logging out). */
export function closeAll() {
  for (const found of open.values()) found.close();
  open.clear();
  shown = null;
  renderTabs();
}

/** Open a table's tab and show it. */
export function show(name) {
  tab(name);
  location.hash = `#/table/${encodeURIComponent(name)}`;
}

/** Go to the next open table (after the one shown) where it is the player's turn; false
 * when there is none. In the tiles, the focus goes to that table's action bar. */
export function goToTurn() {
  const all = [...open.values()];
  const from = shown ? all.indexOf(shown) : tiles ? all.findIndex((x) => x.root.contains(document.activeElement)) : -1;
  const order = all.slice(from + 1).concat(all.slice(0, from + 1));
  const next = order.find((x) => x.myTurn() && x !== shown) || order.find((x) => x.myTurn());
  if (!next) return false;
  if (tiles) {
    next.root.scrollIntoView({ block: "nearest" });
    next.focusBar(true);
  } else if (next !== shown) show(next.name);
  else next.focusBar(true);
  return true;
}

/** What the page holds of every open table (its views, logs, chat): for self-checks. */
export function snapshot() {
  const out = {};
  for (const [name, found] of open) out[name] = found.snapshot();
  return out;
}

connection.onMessage((frame) => {
  if (frame.type === "cashed_out") {
    // left during a hand: paid at its settlement, the header's balance follows at once
    setBalance(frame.balance);
    toast(t("seat.cashed_out", { table: frame.table, amount: money(frame.amount) }), "ok");
    return;
  }
  if (frame.type === "called") {
    toast(t("lobby.called", { table: frame.table }), "ok");
    show(frame.table);
    return;
  }
  if (frame.type === "moved") {
    // Balancing or a table broken up (a tournament): taken to the new seat, told why; the
    // old table's tab closes (its frames no longer come).
    const reason = movedReason(frame.reason);
    if (frame.tournament && !frame.from_table) {
      // Not a move: the seat drawn at the start, or a late entry's.
      if (open.has(frame.table)) return;
      const name = tournamentView(frame.tournament)?.name || frame.tournament;
      toast(t("tn.seated", { name, table: tournamentTableLabel(frame.tournament, frame.table), seat: frame.seat }), "ok");
      show(frame.table);
      return;
    }
    const label = (table) => (frame.tournament ? tournamentTableLabel(frame.tournament, table) : table);
    toast(t(frame.tournament ? "tn.moved" : "seat.moved", { table: label(frame.table), seat: frame.seat, reason }), "ok");
    const old = frame.from_table && frame.from_table !== frame.table ? open.get(frame.from_table) : null;
    if (old) {
      open.delete(frame.from_table);
      old.close();
      connection.send("unwatch", { table: frame.from_table }).catch(() => {});
      if (shown === old) shown = null;
    }
    show(frame.table);
    const here = open.get(frame.table);
    if (frame.from_table === frame.table) here.note(t("tn.moved_same", { seat: frame.seat, reason }), "ok");
    else if (frame.from_table) here.note(t("tn.moved_from", { table: label(frame.from_table), reason }), "ok");
    return;
  }
  if (!frame.table || !["table", "update", "you", "chat", "notice", "busted"].includes(frame.type)) return;
  const found = open.get(frame.table);
  // A decision about him at a table not on screen (he was moved from it ...): said here too.
  if (frame.type === "notice" && frame.player && frame.player === me().user?.screen_name && shown !== found) toast(noticeText(frame, frame.player), "info");
  if (found) found.apply(frame);
});

// A tournament one is in starts (or seats him late): he is taken to his table.
onSeated((id, table, seat, view) => {
  if (open.has(table)) return;
  toast(t("tn.seated", { name: view.name || id, table: tournamentTableLabel(id, table), seat }), "ok");
  show(table);
});

connection.onOpen((welcome, again) => {
  for (const found of open.values()) found.watch();
  if (welcome.seated && !open.has(welcome.seated)) tab(welcome.seated);
  if (again) toast(t("link.back"), "ok");
});

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) {
    if (!(target.classList && target.classList.contains("amount-box") && event.key === "Escape")) return;
    target.blur();
    return;
  }
  const letter = event.key.toLowerCase();
  if (letter === "t" && !event.shiftKey) {
    // One key to the next table where it is the player's turn.
    if (goToTurn()) event.preventDefault();
    return;
  }
  if ((letter === "arrowup" || letter === "arrowdown") && !(target && target.closest && target.closest(".actions"))) return;
  if (!["f", "c", "r", "a", "arrowup", "arrowdown"].includes(letter)) return;
  let found = shown;
  if (tiles) {
    found = [...open.values()].find((x) => x.root.contains(document.activeElement)) || [...open.values()].find((x) => x.myTurn());
  }
  if (found && found.key(letter)) event.preventDefault();
});

// One ticker for every clock on the page.
setInterval(() => {
  const now = Date.now();
  for (const el of document.querySelectorAll(".clock[data-ends-at]")) {
    const left = Math.max(0, Math.ceil((Number(el.dataset.endsAt) - now) / 1000));
    const text = t(el.dataset.key || (el.dataset.called ? "table.clock_called" : "table.clock"), { seconds: left });
    if (el.textContent !== text) {
      el.textContent = text;
      el.setAttribute("aria-label", t(el.dataset.key === "table.clock_bank_short" ? "table.clock_bank" : "table.clock_label", { seconds: left }));
      el.classList.toggle("low", left <= 10);
      if (left <= 5 && left > 0 && el.closest(".seat.me")) sound.tick();
    }
  }
  for (const el of document.querySelectorAll(".timebar[data-ends-at]")) {
    const left = Math.max(0, (Number(el.dataset.endsAt) - now) / 1000);
    const fraction = Math.max(0, Math.min(1, left / Number(el.dataset.span || 1)));
    el.firstElementChild.style.transform = `scaleX(${fraction.toFixed(3)})`;
    el.classList.toggle("low", left <= 5);
  }
  turnAlert();
  // at his turn the keyboard is on the action bar: given back to it when nothing holds it
  // (the focused button redrawn away, a click on the page's background)
  if (shown && document.activeElement === document.body && shown.myTurn()) shown.focusBar();
}, 250);

// The tab's title says when it is the player's turn at one of his tables (a setting).
let before = null; // the page's own title, while the tab's title says it is his turn
function turnAlert() {
  const waiting = [...open.values()].filter((x) => x.myTurn());
  const on = waiting.length > 0 && getPrefs().turnTitle !== false;
  if (on) {
    const title = `(${waiting.length}) ${t("table.your_turn_title", { table: titleOf(waiting[0]) })}`;
    if (before === null) before = document.title;
    if (document.title !== title) document.title = title;
  } else if (before !== null) {
    document.title = before;
    before = null;
  }
}

/** A table's name as the player reads it (a tournament's table by the tournament's name). */
function titleOf(found) {
  return found.view.info?.tournament ? tournamentTableTitle(found.view.info.tournament, found.name) : found.name;
}

onLang(() => {
  for (const found of open.values()) {
    found.relog();
    found.render(true);
  }
  renderTabs();
});
onPrefs(() => {
  for (const found of open.values()) found.render(true);
});

window.croupier = Object.freeze({ tables: snapshot, tournaments: tournamentsSnapshot });
