// The floor's console, cash part: open a table, each table's card (its players, waiting list,
// rake box; call the next player, announce the last three hands, close, void the hand in
// play), players (move, mute, penalties), the waiting lists, the chips set aside and the
// orphan register, the daily report; and the floor's log (filter, page back, export CSV).
import { get, post } from "../api.js";
import { h, replace, toast } from "../dom.js";
import { keepTyped, watchEdits } from "../keep.js";
import { addWords, has, money, t, when } from "../i18n.js";
import { WORDS } from "../words/floor_cash.js";

addWords(WORDS);

const REFRESH_MS = 2000;

function field(label, input, help) {
  const id = input.id || `f-${Math.random().toString(36).slice(2)}`;
  input.id = id;
  return h("div", { class: "field" }, h("label", { for: id }, label), input, help ? h("p", { class: "help" }, help) : null);
}

function euros(input) {
  const text = String(input.value || "").trim().replace(",", ".");
  if (!text) return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) return NaN;
  return Math.round(value * 100);
}

async function act(what, fn) {
  try {
    const result = await fn();
    return result;
  } catch (error) {
    toast(t("floor.refused", { message: error.message || String(error) }), "error");
    return null;
  } finally {
    if (what) what();
  }
}

function actionName(action) {
  const key = `floor.action.${action}`;
  return has(key) ? t(key) : action;
}

function statusText(table) {
  if (table.status === "closing") return t("floor.table.status.closing", { left: table.info.hands_left ?? 0 });
  return t(`floor.table.status.${table.status}`);
}

function setOptions(select, values, keep = true) {
  const old = select.value;
  replace(select, ...values.map(([value, label]) => h("option", { value }, label)));
  if (keep && values.some(([v]) => v === old)) select.value = old;
}

// ------------------------------------------------------------------- cash
/** Draw the cash part of the console in `el`; returns its cleanup. */
export async function renderCash(el) {
  let data = await get("/api/floor/cash");
  const tablesBox = h("div", { class: "floor-tables", id: "floor-tables" });
  const waitingBox = h("div", { id: "floor-waiting" });
  const chipsBox = h("div", { id: "floor-chips" });
  const penaltiesBox = h("div", { id: "floor-penalties" });
  const playerSelects = [];
  const tableSelects = [];

  async function refresh() {
    data = await get("/api/floor/cash");
    draw();
  }

  // -------- open a table
  const name = h("input", { type: "text", name: "table", id: "open-table", required: true, maxlength: 32, autocomplete: "off" });
  const preset = h("select", { name: "preset", id: "open-preset" }, data.presets.map((p) => h("option", { value: p }, p)));
  const version = h("select", { name: "version", id: "open-version" }, data.versions.map((v) => h("option", { value: v }, t(`floor.version.${v}`))));
  const small = h("input", { type: "number", name: "small_blind", id: "open-small", min: "0.01", step: "0.01", value: "1" });
  const big = h("input", { type: "number", name: "big_blind", id: "open-big", min: "0.01", step: "0.01", value: "2" });
  const seats = h("input", { type: "number", name: "seats", id: "open-seats", min: "2", max: "10", step: "1", value: "6" });
  const minBuy = h("input", { type: "number", name: "min_buy_in", id: "open-min", min: "0.01", step: "0.01" });
  const maxBuy = h("input", { type: "number", name: "max_buy_in", id: "open-max", min: "0.01", step: "0.01" });
  const option = h("input", { type: "checkbox", name: "option", id: "open-option" });
  const floorCalls = h("input", { type: "checkbox", name: "floor_calls", id: "open-floor-calls", checked: true });
  preset.addEventListener("change", () => {
    version.disabled = preset.value === "pokerkings";
    option.disabled = preset.value === "pokerkings";
  });
  const openForm = h(
    "form",
    { class: "stack floor-open", id: "floor-open", novalidate: true },
    h("div", { class: "floor-grid" },
      field(t("floor.open.name"), name),
      field(t("floor.open.preset"), preset),
      field(t("floor.open.version"), version),
      field(t("floor.open.small_blind"), small),
      field(t("floor.open.big_blind"), big),
      field(t("floor.open.seats"), seats),
      field(t("floor.open.min_buy_in"), minBuy),
      field(t("floor.open.max_buy_in"), maxBuy),
    ),
    h("p", { class: "help muted" }, t("floor.open.limits_help")),
    h("label", { class: "check" }, option, t("floor.open.option")),
    h("label", { class: "check" }, floorCalls, t("floor.open.floor_calls")),
    h("button", { type: "submit", class: "primary", id: "open-submit" }, t("floor.open.submit")),
  );
  openForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = {
      table: name.value.trim(),
      preset: preset.value,
      version: preset.value === "pokerkings" ? "fixed-limit" : version.value,
      small_blind: euros(small),
      big_blind: euros(big),
      seats: Number(seats.value),
      option: option.checked && preset.value !== "pokerkings",
      floor_calls: floorCalls.checked,
    };
    const low = euros(minBuy);
    const high = euros(maxBuy);
    if (low !== null) body.min_buy_in = low;
    if (high !== null) body.max_buy_in = high;
    for (const key of ["small_blind", "big_blind", "min_buy_in", "max_buy_in"]) {
      if (Number.isNaN(body[key])) body[key] = -1; // the server says what is wrong
    }
    const done = await act(null, () => post("/api/floor/cash/tables", body));
    if (done) {
      toast(t("floor.open.done", { table: done.table, session: done.session }), "ok");
      name.value = "";
      await refresh();
    }
  });

  // -------- a table's card
  function tableCard(table) {
    const why = h("input", { type: "text", id: `why-${table.table}`, maxlength: 1000, autocomplete: "off" });
    const say = (what) => t("floor.done", { what });
    const button = (id, label, onclick, attrs = {}) =>
      h("button", { type: "button", id: `${id}-${table.table}`, onclick, ...attrs }, label);
    const closed = table.status === "closed";
    const rows = table.seated.map((s) =>
      h(
        "tr",
        { dataset: { player: s.player } },
        h("td", { class: "num" }, String(s.seat)),
        h("td", {}, s.player),
        h("td", { class: "num" }, money(s.stack)),
        h(
          "td",
          {},
          [
            s.suspended !== null ? t("floor.table.suspended", { hands: s.suspended }) : null,
            s.sitting_out && s.suspended === null ? t("floor.table.away") : null,
            !s.sitting_out ? t("floor.table.playing") : null,
            !s.online ? t("floor.table.offline") : null,
          ].filter(Boolean).join(" · "),
        ),
      ),
    );
    const reconcileOut = h("p", { class: "muted", id: `rake-${table.table}`, "aria-live": "polite" });
    return h(
      "section",
      { class: `panel floor-table status-${table.status}`, dataset: { table: table.table }, "aria-labelledby": `t-${table.table}` },
      h("h3", { id: `t-${table.table}` }, `${table.table} · ${table.game} ${t(`floor.version.${table.version}`)} ${table.stakes}`),
      h("p", { class: "floor-status" },
        h("strong", { class: "tag" }, statusText(table)), " ",
        closed ? null : [
          t("floor.table.players", { taken: table.taken, seats: table.seats }), " · ",
          table.hand ? t("floor.table.hand", { hand: table.hand }) : t("floor.table.between"), " · ",
          table.floor_calls ? t("floor.table.calls_floor") : t("floor.table.calls_table"),
        ]),
      h("dl", { class: "info floor-figures" },
        h("dt", {}, t("floor.table.rake_box")), h("dd", { class: "rake-box" }, money(table.rake_box)),
        h("dt", {}, t("floor.table.hands_played")), h("dd", {}, String(table.hands_played)),
        h("dt", {}, t("floor.table.waiting")),
        h("dd", { class: "waiting-names" }, table.waiting_list.length ? table.waiting_list.join(", ") : t("floor.table.nobody_waits"))),
      table.seated.length
        ? h("div", { class: "scroll" }, h("table", { class: "data" },
            h("thead", {}, h("tr", {},
              h("th", { scope: "col", class: "num" }, t("floor.table.seat")),
              h("th", { scope: "col" }, t("floor.table.player")),
              h("th", { scope: "col", class: "num" }, t("floor.table.stack")),
              h("th", { scope: "col" }, t("floor.table.state")))),
            h("tbody", {}, rows)))
        : h("p", { class: "muted" }, t("floor.table.empty")),
      field(t("floor.why"), why),
      h(
        "div",
        { class: "row floor-actions" },
        button("call", t("floor.table.call"), async () => {
          const done = await act(null, () => post(`/api/floor/cash/tables/${encodeURIComponent(table.table)}/call`, {}));
          if (done) {
            toast(t("floor.table.called", { player: done.player, table: table.table, seat: done.seat }), "ok");
            if (done.skipped.length) toast(t("floor.table.skipped", { names: done.skipped.join(", ") }));
            await refresh();
          }
        }, { disabled: closed || !table.waiting_list.length, class: "primary" }),
        button("announce", t("floor.table.announce"), async () => {
          const done = await act(null, () => post(`/api/floor/cash/tables/${encodeURIComponent(table.table)}/announce`, { why: why.value }));
          if (done) {
            toast(say(t("floor.table.announce")), "ok");
            await refresh();
          }
        }, { disabled: table.status !== "open" }),
        button("close", t("floor.table.close"), async () => {
          const done = await act(null, () => post(`/api/floor/cash/tables/${encodeURIComponent(table.table)}/close`, { why: why.value }));
          if (done) {
            toast(t("floor.table.closed_cashed", { table: table.table }), "ok");
            await refresh();
          }
        }, { disabled: closed, class: "danger" }),
        button("void", t("floor.table.void"), async () => {
          if (!why.value.trim()) {
            toast(t("floor.why_needed"), "error");
            why.focus();
            return;
          }
          const done = await act(null, () =>
            post(`/api/floor/cash/tables/${encodeURIComponent(table.table)}/void`, { hand: table.hand, why: why.value }));
          if (done) {
            toast(say(t("floor.table.void")), "ok");
            why.value = "";
            await refresh();
          }
        }, { disabled: !table.hand, class: "danger" }),
        closed ? button("reopen", t("floor.table.reopen"), async () => {
          const info = table.info;
          const limit = info.game === "pokerkings";
          const body = {
            table: table.table,
            preset: info.game,
            version: info.version,
            small_blind: limit ? info.small_bet : info.small_blind,
            big_blind: limit ? info.big_bet : info.big_blind,
            seats: table.seats,
            min_buy_in: info.min_buy_in,
            max_buy_in: info.max_buy_in,
            option: Boolean(info.option),
            floor_calls: table.floor_calls,
            why: why.value,
          };
          const done = await act(null, () => post("/api/floor/cash/tables", body));
          if (done) {
            toast(t("floor.open.done", { table: done.table, session: done.session }), "ok");
            await refresh();
          }
        }, { class: "primary" }) : null,
        button("calls", table.floor_calls ? t("floor.table.toggle_calls") : t("floor.table.toggle_floor"), async () => {
          const done = await act(null, () =>
            post(`/api/floor/cash/tables/${encodeURIComponent(table.table)}/calls`, { floor_calls: !table.floor_calls }));
          if (done) await refresh();
        }, { disabled: closed }),
        button("reconcile", t("floor.table.reconcile"), async () => {
          const got = await act(null, () => get(`/api/floor/cash/tables/${encodeURIComponent(table.table)}/rake`));
          if (got) {
            const words = { table: table.table, box: money(got.rake_box), ledger: money(got.ledger), hands: money(got.hands) };
            reconcileOut.textContent = t(got.reconciled && got.room_balanced ? "floor.table.reconciled" : "floor.table.not_reconciled", words);
            reconcileOut.className = got.reconciled ? "ok" : "error";
          }
        }),
        h("a", { class: "button", id: `ledger-${table.table}`, href: `/api/floor/cash/tables/${encodeURIComponent(table.table)}/ledger?format=csv`, download: `ledger-${table.table}.csv` }, t("floor.table.ledger")),
      ),
      reconcileOut,
    );
  }

  // -------- players: move, mute, penalties
  const movePlayer = h("select", { id: "move-player", name: "player" });
  const moveTable = h("select", { id: "move-table", name: "table" });
  const moveSeat = h("input", { type: "number", id: "move-seat", min: "1", max: "10", step: "1" });
  const moveWhy = h("input", { type: "text", id: "move-why", maxlength: 1000 });
  playerSelects.push(movePlayer);
  tableSelects.push(moveTable);
  const moveForm = h("form", { class: "stack", id: "floor-move" },
    h("h3", {}, t("floor.move.title")),
    h("div", { class: "floor-grid" },
      field(t("floor.players.player"), movePlayer),
      field(t("floor.move.to"), moveTable),
      field(t("floor.move.seat"), moveSeat),
      field(t("floor.why"), moveWhy)),
    h("button", { type: "submit" }, t("floor.move.submit")));
  moveForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { player: movePlayer.value, table: moveTable.value, why: moveWhy.value };
    if (moveSeat.value) body.seat = Number(moveSeat.value);
    const done = await act(null, () => post("/api/floor/cash/move", body));
    if (done) {
      toast(t("floor.move.done", { player: done.player, table: done.table, seat: done.seat }), "ok");
      await refresh();
    }
  });

  const penaltyPlayer = h("input", { type: "text", id: "penalty-player", list: "floor-player-names", maxlength: 32, autocomplete: "off" });
  const names = h("datalist", { id: "floor-player-names" });
  const kind = h("select", { id: "penalty-kind" },
    ["warning", "suspension", "disqualification", "lift"].map((k) => h("option", { value: k }, t(`floor.penalty.${k}`))));
  const orbits = h("input", { type: "number", id: "penalty-orbits", min: "1", max: "50", step: "1", value: "1" });
  const place = h("input", { type: "text", id: "penalty-place", maxlength: 80, autocomplete: "off" });
  const penaltyWhy = h("input", { type: "text", id: "penalty-why", maxlength: 1000, required: true });
  const syncKind = () => {
    orbits.disabled = kind.value !== "suspension";
  };
  kind.addEventListener("change", syncKind);
  syncKind();
  const penaltyForm = h("form", { class: "stack", id: "floor-penalty", novalidate: true },
    h("h3", {}, t("floor.penalty.title")),
    h("div", { class: "floor-grid" },
      field(t("floor.players.player"), penaltyPlayer),
      field(t("floor.penalty.kind"), kind),
      field(t("floor.penalty.orbits"), orbits),
      field(t("floor.penalty.place"), place),
      field(t("floor.why"), penaltyWhy)),
    names,
    h("div", { class: "row" },
      h("button", { type: "submit", class: "primary", id: "penalty-submit" }, t("floor.penalty.submit")),
      h("button", { type: "button", id: "mute-on", onclick: () => mute(true) }, t("floor.mute.mute")),
      h("button", { type: "button", id: "mute-off", onclick: () => mute(false) }, t("floor.mute.unmute"))));
  async function mute(on) {
    const done = await act(null, () => post("/api/floor/cash/mute", { player: penaltyPlayer.value.trim(), muted: on, why: penaltyWhy.value }));
    if (done) {
      toast(t("floor.done", { what: on ? t("floor.mute.mute") : t("floor.mute.unmute") }), "ok");
      await refresh();
    }
  }
  penaltyForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!penaltyWhy.value.trim()) {
      toast(t("floor.why_needed"), "error");
      penaltyWhy.focus();
      return;
    }
    const body = { player: penaltyPlayer.value.trim(), kind: kind.value, why: penaltyWhy.value, place: place.value.trim() };
    if (kind.value === "suspension") body.orbits = Number(orbits.value);
    const done = await act(null, () => post("/api/floor/penalties", body));
    if (done) {
      toast(t("floor.done", { what: t(`floor.penalty.${kind.value}`) }), "ok");
      penaltyWhy.value = "";
      await refresh();
    }
  });

  // -------- the daily report
  const day = h("input", { type: "date", id: "report-date", value: new Date().toISOString().slice(0, 10) });
  const csvLink = h("a", { class: "button", id: "report-csv" }, t("floor.report.csv"));
  const printLink = h("a", { class: "button", id: "report-print", target: "_blank", rel: "noopener" }, t("floor.report.print"));
  const syncReport = () => {
    const lang = document.documentElement.lang || "en";
    csvLink.href = `/api/floor/cash/report?date=${day.value}&format=csv`;
    csvLink.setAttribute("download", `cash-report-${day.value}.csv`);
    printLink.href = `/api/floor/cash/report?date=${day.value}&format=html&lang=${lang}`;
  };
  day.addEventListener("change", syncReport);
  syncReport();

  function draw() {
    replace(tablesBox, data.tables.length ? data.tables.map(tableCard) : h("p", { class: "muted" }, t("floor.tables.none")));
    const seated = data.tables.flatMap((tb) => tb.seated.map((s) => s.player));
    const listed = data.waiting.map((w) => w.player);
    const everyone = [...new Set([...seated, ...listed])].sort();
    for (const select of playerSelects) setOptions(select, seated.sort().map((p) => [p, p]));
    for (const select of tableSelects) setOptions(select, data.tables.filter((tb) => tb.status === "open").map((tb) => [tb.table, tb.table]));
    replace(names, ...everyone.map((p) => h("option", { value: p })));
    replace(
      waitingBox,
      data.waiting.length
        ? h("div", { class: "scroll" }, h("table", { class: "data stacked", id: "waiting-table" },
            h("thead", {}, h("tr", {},
              h("th", { scope: "col", class: "num" }, t("floor.waiting.number")),
              h("th", { scope: "col" }, t("floor.players.player")),
              h("th", { scope: "col" }, t("floor.waiting.for")),
              h("th", { scope: "col", class: "num" }, t("floor.waiting.buy_in")),
              h("th", { scope: "col" }, t("floor.waiting.online")),
              h("th", { scope: "col" }, h("span", { class: "sr-only" }, t("floor.waiting.remove"))))),
            h("tbody", {}, data.waiting.map((w) =>
              h("tr", { dataset: { player: w.player } },
                h("td", { class: "num", "data-label": t("floor.waiting.number") }, String(w.number)),
                h("td", { "data-label": t("floor.players.player") }, w.player),
                h("td", { "data-label": t("floor.waiting.for") }, w.table || t("floor.waiting.stakes", { stakes: w.stakes })),
                h("td", { class: "num", "data-label": t("floor.waiting.buy_in") }, w.buy_in ? money(w.buy_in) : "—"),
                h("td", { "data-label": t("floor.waiting.online") }, w.online ? t("floor.yes") : t("floor.no")),
                h("td", { class: "row-actions" }, h("button", { type: "button", class: "linklike", onclick: async () => {
                  const done = await act(null, () => post("/api/floor/cash/unlist", { player: w.player }));
                  if (done) await refresh();
                } }, t("floor.waiting.remove"))))))))
        : h("p", { class: "muted" }, t("floor.table.nobody_waits")),
    );
    const chips = [
      ...data.set_aside.map((c) => ({ ...c, where: c.table })),
      ...data.orphans.map((c) => ({ ...c, where: t("floor.chips.orphan") })),
    ];
    replace(
      chipsBox,
      chips.length
        ? h("div", { class: "scroll" }, h("table", { class: "data", id: "chips-table" },
            h("thead", {}, h("tr", {},
              h("th", { scope: "col" }, t("floor.players.player")),
              h("th", { scope: "col" }, t("floor.chips.where")),
              h("th", { scope: "col", class: "num" }, t("floor.chips.amount")),
              h("th", { scope: "col" }, h("span", { class: "sr-only" }, t("floor.chips.return"))))),
            h("tbody", {}, chips.map((c) =>
              h("tr", {},
                h("td", {}, c.player),
                h("td", {}, c.where),
                h("td", { class: "num" }, money(c.amount)),
                h("td", {}, h("button", { type: "button", onclick: async () => {
                  const done = await act(null, () => post("/api/floor/cash/return-chips", { player: c.player }));
                  if (done) {
                    toast(t("floor.chips.returned", { amount: money(done.returned), player: c.player }), "ok");
                    await refresh();
                  }
                } }, t("floor.chips.return"))))))))
        : h("p", { class: "muted" }, t("floor.chips.none")),
    );
    const inForce = [
      ...data.suspensions.map((s) => `${s.player}: ${t("floor.table.suspended", { hands: s.hands_left })} (${s.table})`),
      ...data.barred.map((p) => `${p}: ${t("floor.penalty.barred")}`),
      ...data.muted.map((p) => `${p}: ${t("floor.action.muted")}`),
    ];
    replace(penaltiesBox, inForce.length ? h("ul", { class: "plain" }, inForce.map((line) => h("li", {}, line))) : h("p", { class: "muted" }, t("floor.penalty.none")));
  }

  const section = (id, title, ...children) =>
    h("section", { class: "floor-section", "aria-labelledby": id }, h("h2", { id }, title), ...children);
  const jumps = [
    ["floor-tables-title", "floor.tables.title"],
    ["floor-open-title", "floor.open.title"],
    ["floor-players-title", "floor.players.title"],
    ["floor-waiting-title", "floor.waiting.title"],
    ["floor-chips-title", "floor.chips.title"],
    ["floor-report-title", "floor.report.title"],
  ];
  el.append(
    h("nav", { class: "floor-jumps", "aria-label": t("floor.jump") },
      jumps.map(([id, key]) => h("a", { href: "#", onclick: (event) => {
        event.preventDefault();
        document.getElementById(id)?.scrollIntoView({ block: "start" });
      } }, t(key).replace(/ \(CAS-[0-9]+\)$/, "")))),
    section("floor-tables-title", t("floor.tables.title"), tablesBox),
    h("div", { class: "floor-columns" },
      section("floor-open-title", t("floor.open.title"), h("div", { class: "panel" }, openForm)),
      section("floor-players-title", t("floor.players.title"),
        h("div", { class: "panel" }, penaltyForm, h("h3", {}, t("floor.penalty.in_force")), penaltiesBox),
        h("div", { class: "panel" }, moveForm))),
    section("floor-waiting-title", t("floor.waiting.title"), waitingBox),
    section("floor-chips-title", t("floor.chips.title"), chipsBox),
    section("floor-report-title", t("floor.report.title"),
      h("div", { class: "panel row floor-report" }, field(t("floor.report.date"), day), csvLink, printLink)),
  );
  draw();
  watchEdits(el);
  const busy = () => el.contains(document.activeElement) && document.activeElement.matches("input, select, textarea");
  const timer = setInterval(async () => {
    if (!el.isConnected || busy()) return;
    try {
      await keepTyped(el, refresh);
    } catch {
      /* the next tick tries again */
    }
  }, REFRESH_MS);
  return () => clearInterval(timer);
}

// -------------------------------------------------------------------- log
const MONEY_KEYS = new Set(["rake_box", "amount", "small_blind", "big_blind", "min_buy_in", "max_buy_in", "cash_out", "returned"]);
const MONEY_MAPS = new Set(["stacks_returned", "cashed_out"]);

function describe(detail) {
  const parts = [];
  for (const [key, value] of Object.entries(detail)) {
    if (value === null || value === "" || (Array.isArray(value) && !value.length)) continue;
    let shown;
    if (MONEY_KEYS.has(key) && typeof value === "number") shown = money(value);
    else if (MONEY_MAPS.has(key) && typeof value === "object") {
      shown = Object.entries(value).map(([who, cents]) => `${who} ${money(cents)}`).join(", ") || "—";
    } else if (typeof value === "boolean") shown = value ? t("floor.yes") : t("floor.no");
    else if (Array.isArray(value)) shown = value.join(", ");
    else if (typeof value === "object") shown = JSON.stringify(value);
    else shown = String(value);
    parts.push(`${key.replace(/_/g, " ")}: ${shown}`);
  }
  return parts.join(" · ");
}

const ACTIONS = [
  "table_opened", "last_hands_announced", "table_closed", "called", "waiting_removed", "moved",
  "muted", "unmuted", "hand_voided", "chips_returned", "warning", "suspension", "suspension_served",
  "disqualification", "penalty_lifted", "floor_calls", "table_calls",
];
const KINDS = ["table", "tournament", "player", "hand", "room", "event", "season"];

/** Draw the floor's log in `el`, filtered by `params` (the hash's query). */
export async function renderLog(el, params = {}) {
  const kind = h("select", { id: "log-kind", name: "subject_kind" },
    h("option", { value: "" }, t("floor.log.any")),
    KINDS.map((k) => h("option", { value: k }, t(`floor.log.kind.${k}`))));
  const subject = h("input", { type: "text", id: "log-subject", name: "subject_id", maxlength: 64, autocomplete: "off" });
  const action = h("select", { id: "log-action", name: "action" },
    h("option", { value: "" }, t("floor.log.any")),
    ACTIONS.map((a) => h("option", { value: a }, actionName(a))));
  const who = h("input", { type: "text", id: "log-who", name: "who", maxlength: 32, autocomplete: "off" });
  const text = h("input", { type: "search", id: "log-text", name: "text", maxlength: 100 });
  const since = h("input", { type: "date", id: "log-since", name: "since" });
  const inputs = [kind, subject, action, who, text, since];
  for (const input of inputs) {
    if (!params[input.name]) continue;
    if (input === action && !ACTIONS.includes(params.action)) action.append(h("option", { value: params.action }, params.action));
    input.value = params[input.name];
  }
  const body = h("tbody");
  const more = h("button", { type: "button", id: "log-older", hidden: true }, t("floor.log.older"));
  const csv = h("a", { class: "button", id: "log-csv" }, t("floor.log.csv"));
  let oldest = null;

  function query(extra = {}) {
    const q = new URLSearchParams();
    for (const input of inputs) if (input.value.trim()) q.set(input.name, input.value.trim());
    for (const [k, v] of Object.entries(extra)) q.set(k, v);
    return q.toString();
  }

  async function load(reset) {
    if (reset) {
      body.replaceChildren();
      oldest = null;
    }
    const extra = { limit: "100" };
    if (oldest) extra.before = String(oldest);
    const data = await act(null, () => get(`/api/floor/log?${query(extra)}`));
    if (!data) return;
    for (const d of data.decisions) {
      const detail = describe(d.detail || {});
      body.append(
        h("tr", { dataset: { action: d.action, id: String(d.id) } },
          h("td", { "data-label": t("floor.log.when") }, when(d.at)),
          h("td", { "data-label": t("floor.log.who") }, h("span", {}, d.who, h("span", { class: "muted" }, ` (${d.role})`))),
          h("td", { "data-label": t("floor.log.subject") }, `${t(`floor.log.kind.${d.subject_kind}`)} ${d.subject_id}`),
          h("td", { "data-label": t("floor.log.place") }, d.place.replace(":", " ")),
          h("td", { "data-label": t("floor.log.action") }, h("strong", {}, actionName(d.action))),
          h("td", { class: "floor-why", "data-label": t("floor.log.why") }, d.why || null),
          h("td", { class: "muted floor-detail", "data-label": t("floor.log.detail") }, detail || null)),
      );
      oldest = d.id;
    }
    more.hidden = data.decisions.length < 100;
    if (!body.children.length) body.append(h("tr", {}, h("td", { colspan: 7 }, t("floor.log.none"))));
    csv.href = `/api/floor/log?${query({ format: "csv", limit: "5000" })}`;
    csv.setAttribute("download", "floor-log.csv");
  }

  const form = h("form", { class: "panel filters floor-filters", id: "log-filters" },
    h("div", { class: "floor-grid" },
      field(t("floor.log.subject_kind"), kind),
      field(t("floor.log.subject_id"), subject),
      field(t("floor.log.action"), action),
      field(t("floor.log.who"), who),
      field(t("floor.log.text"), text),
      field(t("floor.log.since"), since)),
    h("div", { class: "row" }, h("button", { type: "submit", class: "primary", id: "log-apply" }, t("floor.log.apply")), csv));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    load(true);
  });
  more.addEventListener("click", () => load(false));
  el.append(
    h("h2", { id: "floor-log-title" }, t("floor.log.title")),
    form,
    h("div", { class: "scroll" },
      h("table", { class: "data stacked", id: "floor-log" },
        h("thead", {}, h("tr", {},
          h("th", { scope: "col" }, t("floor.log.when")),
          h("th", { scope: "col" }, t("floor.log.who")),
          h("th", { scope: "col" }, t("floor.log.subject")),
          h("th", { scope: "col" }, t("floor.log.place")),
          h("th", { scope: "col" }, t("floor.log.action")),
          h("th", { scope: "col" }, t("floor.log.why")),
          h("th", { scope: "col" }, t("floor.log.detail")))),
        body)),
    more,
  );
  await load(true);
  return null;
}
