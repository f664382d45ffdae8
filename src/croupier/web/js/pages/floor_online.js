// The floor's console for the tournaments online (#/floor/tournaments lists them beside the
// live events; #/floor/tournaments/online/<id> runs one): create one from a preset and a
// structure (the live editor's levels and breaks), copy one, start it, pause and resume the
// clock, add or remove time, move a player, see and apply the balancing suggestion,
// hand-for-hand on or off, cancel (every entry refunded); its tables, players and chip
// counts; its decisions (the floor's log). Everything goes through /api/tournaments/...
import { ApiError, get, post } from "../api.js";
import { styles } from "../styles.js";
import { h, replace, toast } from "../dom.js";
import { keepTyped, watchEdits } from "../keep.js";
import { addWords, money, num, t } from "../i18n.js";
import { WORDS } from "../words/floor_online.js";
import { clockWidget } from "../clock_widget.js";
import { periodRow, readPeriods } from "./floor_live.js";

addWords(WORDS);

const BASE = "/api/tournaments";
const REFRESH_MS = 3000;

function field(label, input, help) {
  const id = input.id || `o-${Math.random().toString(36).slice(2, 8)}`;
  input.id = id;
  return h("div", { class: "field" }, h("label", { for: id }, label), input, help ? h("span", { class: "help" }, help) : null);
}

function numberInput(id, value, attrs = {}) {
  return h("input", { type: "number", id, value: value ?? "", min: 0, step: 1, inputmode: "numeric", ...attrs });
}

function intOrNull(value) {
  if (value === "" || value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n) : null;
}

async function send(path, body) {
  try {
    return await post(path, body);
  } catch (error) {
    toast(error instanceof ApiError ? error.message : String(error), "error");
    return null;
  }
}

const stateName = (state) => t(`online.state.${state}`);
/** A decision's name, with what matters of its order (on or off, the seconds, who moved). */
function opText(d) {
  const args = d.args || {};
  if (d.what === "hand-for-hand" && args.on !== undefined) return args.on ? t("online.hfh_on") : t("online.hfh_off");
  if (d.what === "time" && args.seconds) return `${t("online.op.time")} ${args.seconds > 0 ? "+" : ""}${num(args.seconds)} s`;
  if (d.what === "move" && args.player) return `${t("online.op.move")}: ${args.player} → ${args.table}`;
  return t(`online.op.${d.what}`);
}

const tableNumber = (name) => name.split("@").pop();
const tourUrl = (id) => `#/floor/tournaments/online/${encodeURIComponent(id)}`;

// ------------------------------------------------------------------ the list
/** The panel of the tournaments online for the console's tournaments list. */
export function onlinePanel() {
  const box = h("section", { class: "panel", "aria-labelledby": "online-list-title", id: "online-panel" }, h("h2", { id: "online-list-title" }, t("online.title")));
  (async () => {
    let lobby;
    let presets;
    try {
      lobby = (await get(BASE)).tournaments;
      presets = (await get(`${BASE}/presets`)).presets;
    } catch (error) {
      box.append(h("p", { class: "muted", id: "online-unavailable" }, error instanceof ApiError ? error.message : String(error)));
      return;
    }
    const rows = lobby.map((e) =>
      h(
        "tr",
        { "data-tournament": e.id },
        h("td", {}, h("a", { href: tourUrl(e.id) }, e.name)),
        h("td", {}, h("span", { class: `tag state-${e.state}` }, stateName(e.state))),
        h("td", {}, t(`online.kind.${e.kind}`)),
        h("td", { class: "num" }, `${num(e.entrants)}/${num(e.max_players)}`),
        h("td", { class: "num" }, num(e.remaining)),
        h("td", { class: "num" }, e.level ? num(e.level) : "—"),
        h("td", { class: "num" }, money(e.prize_pool)),
      ),
    );
    box.append(
      h("p", { class: "muted" }, t("online.intro")),
      rows.length
        ? h(
            "div",
            { class: "scroll" },
            h(
              "table",
              { class: "data", id: "online-tournaments" },
              h("thead", {}, h("tr", {}, ["online.name", "online.state", "online.kind", "online.entrants", "online.remaining", "online.level", "online.pool"].map((k) => h("th", { scope: "col" }, t(k))))),
              h("tbody", {}, rows),
            ),
          )
        : h("p", { class: "muted" }, t("online.none")),
      createForm(presets),
    );
  })();
  return box;
}

function createForm(presets) {
  const names = Object.keys(presets);
  const preset = h("select", { id: "on-preset" }, names.map((p) => h("option", { value: p }, p)));
  const name = h("input", { type: "text", id: "on-name", required: true, maxlength: 80 });
  const kind = h("select", { id: "on-kind" }, h("option", { value: "sit-and-go" }, t("online.kind.sit-and-go")), h("option", { value: "scheduled" }, t("online.kind.scheduled")));
  const max = numberInput("on-max", 9, { min: 2, max: 1000 });
  const size = numberInput("on-size", null, { min: 2, max: 10 });
  const when = numberInput("on-start-when", null, { min: 2, max: 1000 });
  const startsAt = h("input", { type: "datetime-local", id: "on-starts-at" });
  const stack = numberInput("on-stack", null);
  const late = numberInput("on-late", null);
  const buyIn = numberInput("on-buy-in", null, { step: "0.01" });
  const fee = numberInput("on-fee", null, { step: "0.01" });
  const reason = h("input", { type: "text", id: "on-reason", maxlength: 500, placeholder: t("online.reason_placeholder") });
  const periods = h("tbody", { id: "on-periods" });
  function fill() {
    const s = presets[preset.value];
    stack.value = s.starting_stack;
    late.value = s.late_registration_levels;
    buyIn.value = (s.buy_in / 100).toFixed(2);
    fee.value = (s.fee / 100).toFixed(2);
    size.value = s.table_size;
    const rows = [];
    for (const level of s.levels) {
      rows.push(periodRow(level));
      const pause = s.breaks.find((b) => b.after_level === level.level);
      if (pause) rows.push(periodRow({ break: pause.minutes }));
    }
    replace(periods, rows);
  }
  preset.addEventListener("change", fill);
  fill();
  const whenField = field(t("online.start_when"), when, t("online.start_when_help"));
  const atField = field(t("online.starts_at"), startsAt, t("online.starts_at_help"));
  function showKind() {
    whenField.hidden = kind.value !== "sit-and-go";
    atField.hidden = kind.value === "sit-and-go";
  }
  kind.addEventListener("change", showKind);
  showKind();
  const cents = (input) => (input.value === "" ? null : Math.round(Number(input.value) * 100));
  return h(
    "details",
    { class: "online-new", id: "online-new" },
    h("summary", { id: "online-new-summary" }, h("strong", {}, t("online.new"))),
    h(
    "form",
    {
      id: "online-create",
      class: "live-create",
      onsubmit: async (event) => {
        event.preventDefault();
        const levels = [];
        const breaks = [];
        for (const p of readPeriods(periods)) {
          if (p.break !== undefined) {
            if (levels.length && p.break) breaks.push({ after_level: levels.length, minutes: p.break });
          } else if (p.big_blind) levels.push({ small_blind: p.small_blind || 0, big_blind: p.big_blind, ante: p.ante || 0, minutes: p.minutes || 20 });
        }
        const structure = { levels, breaks };
        if (intOrNull(stack.value) !== null) structure.starting_stack = intOrNull(stack.value);
        if (intOrNull(late.value) !== null) structure.late_registration_levels = intOrNull(late.value);
        const body = { preset: preset.value, name: name.value.trim(), kind: kind.value, max_players: intOrNull(max.value), table_size: intOrNull(size.value), structure, buy_in: cents(buyIn), fee: cents(fee), reason: reason.value.trim() || t("online.created") };
        if (kind.value === "sit-and-go") body.start_when = intOrNull(when.value) || body.max_players;
        else if (startsAt.value) body.starts_at = new Date(startsAt.value).getTime() / 1000;
        for (const [key, value] of Object.entries(body)) if (value === null || value === "") delete body[key];
        const made = await send(BASE, body);
        if (made) location.hash = tourUrl(made.id);
      },
    },
    h("div", { class: "grid-fields" }, field(t("online.name"), name), field(t("live.preset"), preset), field(t("online.kind"), kind), field(t("online.reason"), reason)),
    h(
      "div",
      { class: "grid-fields" },
      field(t("online.max_players"), max),
      field(t("live.table_size"), size),
      whenField,
      atField,
      field(t("live.starting_stack"), stack),
      field(t("live.late_levels"), late),
      field(t("live.buy_in"), buyIn),
      field(t("live.fee"), fee),
    ),
    h("h3", {}, t("live.structure")),
    h(
      "div",
      { class: "scroll structure-scroll" },
      h(
        "table",
        { class: "data structure-editor" },
        h("thead", {}, h("tr", {}, ["live.small_blind", "live.big_blind", "live.ante", "live.minutes"].map((k) => h("th", { scope: "col" }, t(k))), h("th", {}, ""))),
        periods,
      ),
    ),
    h(
      "div",
      { class: "row" },
      h("button", { type: "button", id: "on-add-level", onclick: () => {
        const last = readPeriods(periods).filter((p) => p.big_blind).pop() || { small_blind: 25, big_blind: 50, ante: 0, minutes: 20 };
        periods.append(periodRow({ small_blind: last.small_blind * 2, big_blind: last.big_blind * 2, ante: last.ante * 2, minutes: last.minutes }));
      } }, t("live.add_level")),
      h("button", { type: "button", id: "on-add-break", onclick: () => periods.append(periodRow({ break: 10 })) }, t("live.add_break")),
      h("button", { type: "submit", class: "primary", id: "on-create" }, t("online.create")),
    ),
    ),
  );
}

// ------------------------------------------------------------ one tournament
/** #/floor/tournaments/online/<id>: the console of one tournament online. */
export async function renderOnline(main, id) {
  styles("floor_live");
  const url = `${BASE}/${encodeURIComponent(id)}`;
  let view = await get(`${url}/floor`);
  let decisions = (await get(`${url}/decisions`)).decisions;
  const body = h("div", { class: "live-body online-body", id: "online-body" });
  main.append(body);
  const reason = h("input", { type: "text", id: "op-reason", maxlength: 500, placeholder: t("online.reason_placeholder") });
  const seconds = numberInput("op-seconds", 60, { min: 1, max: 3600 });

  async function reload() {
    view = await get(`${url}/floor`);
    decisions = (await get(`${url}/decisions`)).decisions;
    draw();
  }
  async function op(path, data, label) {
    const why = reason.value.trim() || label;
    const done = await send(`${url}/${path}`, { ...data, reason: why });
    if (done) {
      reason.value = "";
      if (done.moves) toast(done.moves.length ? t("online.balanced", { count: done.moves.length }) : t("online.nothing_to_balance"), "ok");
      await reload();
    }
    return done;
  }

  function draw() {
    body.dataset.state = view.state;
    body.dataset.paused = String(!view.clock.running);
    const running = view.state === "running";
    replace(
      body,
      h(
        "div",
        { class: "live-head" },
        h("h2", { class: "live-title", id: "online-name" }, view.name),
        h("span", { class: `tag state-${view.state}`, id: "online-state" }, stateName(view.state)),
        h("a", { href: "#/floor/tournaments" }, t("online.back")),
        h("a", { href: `/clock/${encodeURIComponent(view.id)}`, target: "_blank", rel: "noopener", id: "online-wall-link" }, t("live.open_wall")),
        h("button", { type: "button", id: "op-copy", onclick: async () => {
          const made = await send(`${url}/copy`, { reason: reason.value.trim() || t("online.copied") });
          if (made) location.hash = tourUrl(made.id);
        } }, t("online.copy")),
      ),
      h(
        "div",
        { class: "live-grid" },
        h("div", { class: "live-col" }, clockPanel(running), running ? tablesPanel() : null, running ? balancePanel() : null),
        h("div", { class: "live-col" }, playersPanel(), logPanel()),
      ),
    );
  }

  function clockPanel(running) {
    const c = view.clock;
    const registering = view.state === "registering";
    return h(
      "section",
      { class: "panel", "aria-labelledby": "op-clock-title" },
      h("h2", { id: "op-clock-title" }, t("live.clock")),
      h("div", { class: "live-clock", id: "online-clock" }, clockWidget(c)),
      h("p", { class: "muted" }, t("online.summary", { entrants: num(view.entrants), remaining: num(view.remaining), pool: money(view.prize_pool) })),
      field(t("online.reason"), reason, t("online.reason_help")),
      registering
        ? h(
            "div",
            { class: "row" },
            h("button", { type: "button", class: "primary", id: "op-start", disabled: view.entrants < 2, onclick: () => op("start", {}, t("online.start")) }, t("online.start")),
            h("button", { type: "button", class: "danger", id: "op-cancel", onclick: () => {
              if (confirm(t("online.cancel_confirm"))) op("cancel", {}, t("online.cancel"));
            } }, t("online.cancel")),
          )
        : null,
      running
        ? h(
            "div",
            { class: "row clock-controls" },
            c.running
              ? h("button", { type: "button", id: "op-pause", onclick: () => op("pause", {}, t("live.pause")) }, t("live.pause"))
              : h("button", { type: "button", class: "primary", id: "op-resume", disabled: view.hand_for_hand, onclick: () => op("resume", {}, t("live.resume")) }, t("live.resume")),
            field(t("live.seconds"), seconds),
            h("button", { type: "button", id: "op-add", onclick: () => op("time", { seconds: intOrNull(seconds.value) || 0 }, t("live.add_time")) }, t("live.add_time")),
            h("button", { type: "button", id: "op-remove", onclick: () => op("time", { seconds: -(intOrNull(seconds.value) || 0) }, t("live.remove_time")) }, t("live.remove_time")),
            h("button", { type: "button", id: "op-hfh", "aria-pressed": String(view.hand_for_hand), onclick: () => op("hand-for-hand", { on: !view.hand_for_hand }, t("online.hand_for_hand")) }, view.hand_for_hand ? t("online.hfh_off") : t("online.hfh_on")),
          )
        : null,
    );
  }

  function byTable() {
    const tables = {};
    for (const p of view.players) if (p.table) (tables[p.table] ||= []).push(p);
    for (const list of Object.values(tables)) list.sort((a, b) => a.seat - b.seat);
    return tables;
  }

  function tablesPanel() {
    const seated = byTable();
    const player = h("select", { id: "op-move-player" }, h("option", { value: "" }, t("live.choose")), view.players.filter((p) => p.status === "playing").map((p) => h("option", { value: p.player }, `${p.player} · ${p.table}/${p.seat}`)));
    const table = numberInput("op-move-table", null, { min: 1 });
    const seat = numberInput("op-move-seat", null, { min: 1, max: 10 });
    return h(
      "section",
      { class: "panel", "aria-labelledby": "op-tables-title" },
      h("h2", { id: "op-tables-title" }, t("live.tables")),
      h(
        "div",
        { class: "live-tables", id: "online-tables" },
        view.tables.map((tb) =>
          h(
            "div",
            { class: "table-card", "data-table": tb.table },
            h("h3", {}, t("online.table_n", { number: tb.number }), tb.playing ? " " : null, tb.playing ? h("span", { class: "tag" }, t("online.in_hand")) : null),
            h("p", { class: "muted" }, t("online.table_line", { players: num(tb.players), chips: num(tb.chips) })),
            h("ul", { class: "plain seats" }, (seated[tb.table] || []).map((p) => h("li", {}, h("span", { class: "muted" }, t("online.seat_n", { seat: p.seat })), " ", h("strong", {}, p.player), " ", h("span", { class: "num" }, num(p.chips))))),
          ),
        ),
      ),
      h(
        "form",
        { class: "row", id: "op-move-form", onsubmit: (e) => {
          e.preventDefault();
          if (!player.value) return toast(t("live.choose_player"), "error");
          const data = { player: player.value, table: intOrNull(table.value) || 0 };
          if (intOrNull(seat.value)) data.seat = intOrNull(seat.value);
          return op("move", data, t("live.move"));
        } },
        field(t("live.move_player"), player),
        field(t("live.to_table"), table),
        field(t("online.seat_optional"), seat),
        h("button", { type: "submit", id: "op-move" }, t("live.move")),
      ),
    );
  }

  function balancePanel() {
    const b = view.balancing;
    const lines = [];
    if (b.final) lines.push(t("online.final_due"));
    if (b.break) lines.push(t("online.break_due", { table: tableNumber(b.break) }));
    if (b.move) lines.push(t("online.move_due", { from_table: tableNumber(b.move.from_table), to_table: tableNumber(b.move.table) }));
    return h(
      "section",
      { class: `panel${lines.length ? " attention" : ""}`, "aria-labelledby": "op-balance-title", id: "online-balance" },
      h("h2", { id: "op-balance-title" }, t("online.balancing")),
      h("p", {}, t("online.difference", { difference: num(b.difference) }), " · ", Object.entries(b.counts).map(([table, count]) => t("online.count_line", { number: tableNumber(table), count })).join(", ")),
      lines.length ? h("ul", { id: "online-suggestion" }, lines.map((l) => h("li", {}, l))) : h("p", { class: "muted", id: "online-balanced" }, t("online.balanced_now")),
      h("p", { class: "muted" }, t("online.balance_help")),
      h("button", { type: "button", id: "op-balance", onclick: () => op("balance", {}, t("online.apply_balance")) }, t("online.apply_balance")),
    );
  }

  function playersPanel() {
    return h(
      "section",
      { class: "panel", "aria-labelledby": "op-players-title" },
      h("h2", { id: "op-players-title" }, t("live.players"), " ", h("span", { class: "muted" }, num(view.players.length))),
      view.players.length
        ? h(
            "div",
            { class: "scroll" },
            h(
              "table",
              { class: "data", id: "online-players" },
              h("thead", {}, h("tr", {}, ["online.player", "online.status", "online.where", "live.chips", "online.place", "online.prize"].map((k) => h("th", { scope: "col" }, t(k))))),
              h(
                "tbody",
                {},
                view.players.map((p) =>
                  h(
                    "tr",
                    { "data-player": p.player },
                    h("td", {}, p.player),
                    h("td", {}, t(`online.status.${p.status}`)),
                    h("td", {}, p.table ? `${p.table.split("@").pop()}/${p.seat}` : "—"),
                    h("td", { class: "num" }, num(p.chips)),
                    h("td", { class: "num" }, p.place ? num(p.place) : ""),
                    h("td", { class: "num" }, p.prize ? money(p.prize) : ""),
                  ),
                ),
              ),
            ),
          )
        : h("p", { class: "muted" }, t("online.no_players")),
    );
  }

  function logPanel() {
    return h(
      "section",
      { class: "panel", "aria-labelledby": "op-log-title" },
      h("h2", { id: "op-log-title" }, t("online.decisions"), " ", h("a", { href: "#/floor/log", class: "small" }, t("online.whole_log"))),
      decisions.length
        ? h(
            "ol",
            { class: "plain log", id: "online-decisions", reversed: true },
            [...decisions].reverse().map((d) =>
              h(
                "li",
                { "data-what": d.what },
                h("time", { datetime: String(d.at) }, typeof d.at === "number" ? new Date(d.at * 1000).toLocaleString() : new Date(d.at).toLocaleString()),
                " ",
                h("strong", {}, d.by),
                d.role ? h("span", { class: "muted" }, ` (${d.role})`) : null,
                " · ",
                h("span", { class: "tag" }, opText(d)),
                " ",
                d.why,
              ),
            ),
          )
        : h("p", { class: "muted" }, t("online.no_decisions")),
    );
  }

  draw();
  watchEdits(body);
  const timer = setInterval(async () => {
    if (!body.isConnected) return clearInterval(timer);
    if (document.activeElement && body.contains(document.activeElement) && ["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement.tagName)) return;
    try {
      await keepTyped(body, reload);
    } catch {
      /* the next refresh tries again */
    }
  }, REFRESH_MS);
  return null;
}
