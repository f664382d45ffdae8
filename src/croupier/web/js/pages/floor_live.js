// The floor's console for live events (#/floor/tournaments, #/floor/tournaments/<id>): the
// director creates a tournament from a preset and a structure, registers the players, draws
// the seats, runs the clock, enters busts (who knocked whom out), chip counts, corrections
// and penalties; croupier keeps the seats, balancing, standings and payouts, and says which
// moves to make. Every answer of the server is the whole console view: the page redraws.
import { ApiError, get, post } from "../api.js";
import { styles } from "../styles.js";
import { h, replace, toast } from "../dom.js";
import { keepTyped, watchEdits } from "../keep.js";
import { addWords, has, money, num, t } from "../i18n.js";
import { me } from "../session.js";
import { clockWidget } from "../clock_widget.js";
import { WORDS } from "../words/floor_live.js";

addWords(WORDS); // and the clock's and championship's (clock_widget.js)

const BASE = "/api/floor/live";
const REFRESH_MS = 5000;

function field(label, input, help) {
  const id = input.id || `f-${Math.random().toString(36).slice(2, 8)}`;
  input.id = id;
  return h("div", { class: "field" }, h("label", { for: id }, label), input, help ? h("span", { class: "help" }, help) : null);
}

function numberInput(name, value, attrs = {}) {
  return h("input", { type: "number", name, id: attrs.id || `f-${name}`, value: value ?? "", min: 0, step: 1, inputmode: "numeric", ...attrs });
}

function intOrNull(value) {
  if (value === "" || value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n) : null;
}

function actionName(action) {
  const key = `live.action.${action}`;
  return has(key) ? t(key) : action;
}

function staff() {
  const user = me().user;
  return user && (user.role === "floor" || user.role === "admin");
}

function refused(main) {
  main.append(h("h2", {}, t("live.title")), h("p", { class: "error", role: "alert" }, t("live.staff_only")));
}

async function act(path, body, onView) {
  try {
    const view = await post(path, body);
    if (onView) onView(view);
    return view;
  } catch (error) {
    toast(error instanceof ApiError ? error.message : String(error), "error");
    return null;
  }
}

/** The console's tournaments section (floor.js calls it for #/floor/tournaments[/<id>]). */
export async function render(el, params, rest = "") {
  if (rest.startsWith("online/")) {
    if (!staff()) return refused(el);
    return (await import("./floor_online.js")).renderOnline(el, decodeURIComponent(rest.slice(7)));
  }
  return rest ? renderEvent(el, decodeURIComponent(rest)) : renderList(el);
}

// ------------------------------------------------------------------ the list
/** #/floor/tournaments: the live tournaments, a new one, the seasons. */
export async function renderList(main) {
  styles("floor_live");
  if (!staff()) return refused(main);
  const data = await get(BASE);
  const seasons = await get("/api/floor/seasons");
  const rows = data.events.map((e) =>
    h(
      "tr",
      { "data-event": e.id },
      h("td", {}, h("a", { href: `#/floor/tournaments/${encodeURIComponent(e.id)}` }, e.name)),
      h("td", {}, t(`live.phase.${e.phase}`)),
      h("td", { class: "num" }, num(e.entries)),
      h("td", { class: "num" }, num(e.players_left)),
      h("td", { class: "num" }, num(e.level)),
      h("td", {}, e.winner || ""),
    ),
  );
  main.append(
    h("h2", { class: "live-title" }, t("live.title")),
    h("p", { class: "muted" }, t("live.intro")),
    h(
      "section",
      { class: "panel", "aria-labelledby": "live-list-title" },
      h("h2", { id: "live-list-title" }, t("live.events")),
      rows.length
        ? h(
            "div",
            { class: "scroll" },
            h(
              "table",
              { class: "data", id: "live-events" },
              h(
                "thead",
                {},
                h(
                  "tr",
                  {},
                  ["live.name", "live.phase", "live.entries", "live.players_left", "live.level", "live.winner"].map((k) => h("th", { scope: "col" }, t(k))),
                ),
              ),
              h("tbody", {}, rows),
            ),
          )
        : h("p", { class: "muted" }, t("live.no_events")),
    ),
    (await import("./floor_online.js")).onlinePanel(),
    seasonsPanel(seasons, main),
    createForm(data),
  );
}

export function periodRow(period) {
  const isBreak = period.break !== undefined;
  const row = h("tr", { class: isBreak ? "period break" : "period level", "data-kind": isBreak ? "break" : "level" });
  const remove = h("button", { type: "button", class: "danger", "aria-label": t("live.remove_period"), onclick: () => row.remove() }, "✕");
  if (isBreak) {
    row.append(
      h("td", { colspan: 3 }, t("live.break")),
      h("td", {}, numberInput("minutes", period.break, { id: null, "aria-label": t("live.minutes"), class: "small" })),
      h("td", {}, remove),
    );
  } else {
    row.append(
      h("td", {}, numberInput("small_blind", period.small_blind, { id: null, "aria-label": t("live.small_blind"), class: "small" })),
      h("td", {}, numberInput("big_blind", period.big_blind, { id: null, "aria-label": t("live.big_blind"), class: "small" })),
      h("td", {}, numberInput("ante", period.ante, { id: null, "aria-label": t("live.ante"), class: "small" })),
      h("td", {}, numberInput("minutes", period.minutes, { id: null, "aria-label": t("live.minutes"), class: "small" })),
      h("td", {}, remove),
    );
  }
  return row;
}

export function readPeriods(body) {
  return [...body.querySelectorAll("tr.period")].map((row) => {
    const value = (name) => intOrNull(row.querySelector(`[name=${name}]`).value);
    if (row.dataset.kind === "break") return { break: value("minutes") };
    return { small_blind: value("small_blind"), big_blind: value("big_blind"), ante: value("ante") || 0, minutes: value("minutes") };
  });
}

function createForm(data) {
  const presets = data.presets;
  const preset = h("select", { name: "preset", id: "new-preset" }, presets.map((p) => h("option", { value: p }, p)));
  const name = h("input", { type: "text", name: "name", id: "new-name", required: true, maxlength: 80 });
  const stack = numberInput("starting_stack", null, { id: "new-stack" });
  const late = numberInput("late_levels", null, { id: "new-late" });
  const buyIn = numberInput("buy_in", null, { id: "new-buy-in", step: "0.01" });
  const fee = numberInput("fee", null, { id: "new-fee", step: "0.01" });
  const size = numberInput("table_size", null, { id: "new-size", min: 2, max: 22 });
  const places = numberInput("places", null, { id: "new-places", min: 1 });
  const guarantee = numberInput("guarantee", null, { id: "new-guarantee", step: "1" });
  const payouts = h("input", { type: "text", name: "payouts", id: "new-payouts", placeholder: "50, 30, 20" });
  const ko = h(
    "select",
    { name: "knockout", id: "new-ko" },
    h("option", { value: "" }, t("live.ko.none")),
    h("option", { value: "points" }, t("live.ko.points")),
    h("option", { value: "bounty" }, t("live.ko.bounty")),
    h("option", { value: "progressive" }, t("live.ko.progressive")),
  );
  const bounty = numberInput("bounty", null, { id: "new-bounty" });
  const rebuyLevels = numberInput("rebuy_levels", null, { id: "new-rebuy-levels" });
  const rebuyStack = numberInput("rebuy_stack", null, { id: "new-rebuy-stack" });
  const rebuyPrice = numberInput("rebuy_price", null, { id: "new-rebuy-price", step: "0.01" });
  const addOnStack = numberInput("add_on_stack", null, { id: "new-add-on-stack" });
  const addOnPrice = numberInput("add_on_price", null, { id: "new-add-on-price", step: "0.01" });
  const periods = h("tbody", { id: "new-periods" });
  const cents = (input) => (input.value === "" ? null : Math.round(Number(input.value) * 100));
  function fill() {
    const s = data.preset_settings[preset.value];
    stack.value = s.starting_stack;
    late.value = s.late_levels;
    buyIn.value = (s.buy_in / 100).toFixed(2);
    fee.value = (s.fee / 100).toFixed(2);
    size.value = s.table_size;
    ko.value = !s.knockout ? "" : s.knockout.points ? "points" : s.knockout.progressive ? "progressive" : "bounty";
    bounty.value = s.knockout ? (s.knockout.points ? s.knockout.bounty : s.knockout.bounty / 100) : "";
    rebuyLevels.value = s.rebuy ? s.rebuy.until_level : "";
    rebuyStack.value = s.rebuy ? s.rebuy.stack : "";
    rebuyPrice.value = s.rebuy ? (s.rebuy.price / 100).toFixed(2) : "";
    addOnStack.value = s.add_on ? s.add_on.stack : "";
    addOnPrice.value = s.add_on ? (s.add_on.price / 100).toFixed(2) : "";
    replace(periods, s.levels.map(periodRow));
  }
  preset.addEventListener("change", fill);
  fill();
  const form = h(
    "form",
    {
      class: "live-create",
      id: "live-create",
      onsubmit: async (event) => {
        event.preventDefault();
        const body = {
          name: name.value.trim(),
          preset: preset.value,
          levels: readPeriods(periods),
          starting_stack: intOrNull(stack.value),
          late_levels: intOrNull(late.value),
          buy_in: cents(buyIn),
          fee: cents(fee),
          table_size: intOrNull(size.value),
          places: intOrNull(places.value),
          guarantee: cents(guarantee) || 0,
          payouts: payouts.value.trim() ? payouts.value.split(/[\s,;]+/).filter(Boolean) : null,
        };
        if (ko.value) {
          const points = ko.value === "points";
          body.knockout = { bounty: points ? intOrNull(bounty.value) : cents(bounty), points, progressive: ko.value === "progressive" };
        } else body.knockout = null;
        if (rebuyLevels.value) body.rebuy = { until_level: intOrNull(rebuyLevels.value), stack: intOrNull(rebuyStack.value), price: cents(rebuyPrice), threshold: intOrNull(rebuyStack.value) };
        if (addOnStack.value) body.add_on = { after_level: intOrNull(rebuyLevels.value) || 1, stack: intOrNull(addOnStack.value), price: cents(addOnPrice) };
        for (const [key, value] of Object.entries(body)) if (value === null && key !== "knockout") delete body[key];
        const view = await act(BASE, body);
        if (view) location.hash = `#/floor/tournaments/${encodeURIComponent(view.id)}`;
      },
    },
    h("div", { class: "grid-fields" }, field(t("live.name"), name), field(t("live.preset"), preset, t("live.preset_help"))),
    h(
      "div",
      { class: "grid-fields" },
      field(t("live.starting_stack"), stack),
      field(t("live.late_levels"), late),
      field(t("live.buy_in"), buyIn),
      field(t("live.fee"), fee),
      field(t("live.table_size"), size),
      field(t("live.places"), places, t("live.places_help")),
      field(t("live.guarantee"), guarantee),
      field(t("live.payout_table"), payouts, t("live.payout_table_help")),
    ),
    h(
      "div",
      { class: "grid-fields" },
      field(t("live.knockout"), ko),
      field(t("live.bounty"), bounty, t("live.bounty_help")),
      field(t("live.rebuy_levels"), rebuyLevels),
      field(t("live.rebuy_stack"), rebuyStack),
      field(t("live.rebuy_price"), rebuyPrice),
      field(t("live.add_on_stack"), addOnStack),
      field(t("live.add_on_price"), addOnPrice),
    ),
    h("h3", {}, t("live.structure")),
    h(
      "div",
      { class: "scroll structure-scroll" },
      h(
        "table",
        { class: "data structure-editor" },
        h(
          "thead",
          {},
          h("tr", {}, ["live.small_blind", "live.big_blind", "live.ante", "live.minutes"].map((k) => h("th", { scope: "col" }, t(k))), h("th", {}, "")),
        ),
        periods,
      ),
    ),
    h(
      "div",
      { class: "row" },
      h("button", { type: "button", id: "add-level", onclick: () => {
        const last = readPeriods(periods).filter((p) => p.big_blind).pop() || { small_blind: 25, big_blind: 50, ante: 0, minutes: 20 };
        periods.append(periodRow({ small_blind: last.small_blind * 2, big_blind: last.big_blind * 2, ante: last.ante * 2, minutes: last.minutes }));
        periods.lastElementChild.scrollIntoView({ block: "nearest" });
      } }, t("live.add_level")),
      h("button", { type: "button", id: "add-break", onclick: () => {
        periods.append(periodRow({ break: 10 }));
        periods.lastElementChild.scrollIntoView({ block: "nearest" });
      } }, t("live.add_break")),
      h("button", { type: "submit", class: "primary", id: "create-submit" }, t("live.create")),
    ),
  );
  return h("section", { class: "panel", "aria-labelledby": "live-new-title" }, h("h2", { id: "live-new-title" }, t("live.new")), form);
}

function seasonsPanel(data, main) {
  const name = h("input", { type: "text", id: "season-name", maxlength: 64, required: true });
  const formula = h("select", { id: "season-formula" }, data.formulas.map((f) => h("option", { value: f }, t(`live.formula.${f}`))));
  const ko = numberInput("knockout_points", 0, { id: "season-ko" });
  return h(
    "section",
    { class: "panel", "aria-labelledby": "seasons-title" },
    h("h2", { id: "seasons-title" }, t("live.seasons")),
    data.seasons.length
      ? h(
          "ul",
          { id: "season-list" },
          data.seasons.map((s) =>
            h("li", {}, h("a", { href: `#/standings/${encodeURIComponent(s.name)}` }, s.name), " · ", t("live.season_events", { count: s.events })),
          ),
        )
      : h("p", { class: "muted" }, t("live.no_seasons")),
    h(
      "form",
      {
        class: "row",
        id: "season-create",
        onsubmit: async (event) => {
          event.preventDefault();
          const made = await act("/api/floor/seasons", { name: name.value.trim(), points: formula.value, knockout_points: intOrNull(ko.value) || 0 });
          if (made) {
            toast(t("live.season_made", { name: made.name }), "ok");
            main.replaceChildren();
            renderList(main);
          }
        },
      },
      field(t("live.season_name"), name),
      field(t("live.formula"), formula),
      field(t("live.ko_points"), ko, t("live.ko_points_help")),
      h("button", { type: "submit" }, t("live.season_create")),
    ),
  );
}

// ----------------------------------------------------------------- one event
/** #/floor/tournaments/<id>: the console of one live tournament. */
export async function renderEvent(main, id) {
  styles("floor_live");
  if (!staff()) return refused(main);
  const url = `${BASE}/${encodeURIComponent(id)}`;
  let view = await get(url);
  let seasons = (await get("/api/floor/seasons")).seasons;
  let faults = null;
  const clockBox = h("div", { class: "live-clock", id: "live-clock" });
  const body = h("div", { class: "live-body" });
  main.append(body);

  let epoch = 0; // bumped by every answer of an action: a refresh begun before it is stale
  function show(next) {
    epoch += 1;
    const same = next.journal_count === drawn && next.phase === view.phase;
    view = next;
    if (same) drawClock(); // a refresh drew this very state already
    else draw();
  }
  const send = (path, data) => act(`${url}/${path}`, data, show);

  function drawClock() {
    replace(clockBox, clockWidget(view.clock));
  }

  let drawn = -1; // the journal count of the view on the page
  function draw() {
    drawn = view.journal_count;
    body.dataset.journal = String(drawn);
    drawClock();
    const running = view.phase === "running";
    replace(
      body,
      h(
        "div",
        { class: "live-head" },
        h("h2", { class: "live-title", id: "live-name" }, view.name),
        h("span", { class: `tag phase-${view.phase}`, id: "live-phase" }, t(`live.phase.${view.phase}`)),
        h("a", { href: "#/floor/tournaments" }, t("live.back")),
        h("a", { href: `/clock/${encodeURIComponent(view.id)}`, target: "_blank", rel: "noopener", id: "wall-link" }, t("live.open_wall")),
      ),
      h("div", { class: "live-grid" }, h("div", { class: "live-col" }, clockPanel(), running ? movesPanel() : null, running ? bustPanel() : null, tablesPanel(), view.phase !== "registration" ? countsPanel() : null), h("div", { class: "live-col" }, registerPanel(), resultsPanel(), running ? penaltyPanel() : null, exportsPanel(), logPanel())),
    );
  }

  function clockPanel() {
    const seconds = numberInput("seconds", 60, { id: "clock-seconds", min: 1 });
    const message = h("input", { type: "text", id: "clock-message", value: view.message, maxlength: 200 });
    const running = view.phase === "running";
    const c = view.clock;
    return h(
      "section",
      { class: "panel", "aria-labelledby": "clock-title" },
      h("h2", { id: "clock-title" }, t("live.clock")),
      clockBox,
      running
        ? h(
            "div",
            { class: "row clock-controls" },
            c.running
              ? h("button", { type: "button", id: "clock-pause", onclick: () => send("clock", { action: "pause" }) }, t("live.pause"))
              : h("button", { type: "button", class: "primary", id: "clock-resume", onclick: () => send("clock", { action: "resume" }) }, t("live.resume")),
            field(t("live.seconds"), seconds),
            h("button", { type: "button", id: "clock-add", onclick: () => send("clock", { action: "add", seconds: intOrNull(seconds.value) || 0 }) }, t("live.add_time")),
            h("button", { type: "button", id: "clock-remove", onclick: () => send("clock", { action: "remove", seconds: intOrNull(seconds.value) || 0 }) }, t("live.remove_time")),
            h("button", { type: "button", id: "clock-next", onclick: () => send("clock", { action: "next" }) }, t("live.next_period")),
          )
        : null,
      h(
        "form",
        { class: "row", id: "message-form", onsubmit: (e) => { e.preventDefault(); send("message", { text: message.value }); } },
        field(t("live.message"), message, t("live.message_help")),
        h("button", { type: "submit" }, t("live.show_message")),
      ),
      view.hand_for_hand
        ? h("p", { class: "notice", id: "hfh-notice" }, t("live.hand_for_hand_on"), " ", h("button", { type: "button", id: "hfh-close", onclick: () => send("hand", {}) }, t("live.hand_done")))
        : null,
    );
  }

  function registerPanel() {
    const names = h("textarea", { id: "reg-names", rows: 4, placeholder: t("live.names_placeholder") });
    const adult = h("input", { type: "checkbox", id: "reg-adult" });
    const account = h("input", { type: "text", id: "reg-account", maxlength: 32 });
    const open = view.phase === "registration" || view.late_registration_open;
    const entries = view.entries_list;
    return h(
      "section",
      { class: "panel", "aria-labelledby": "reg-title" },
      h("h2", { id: "reg-title" }, t("live.registration"), " ", h("span", { class: "muted", id: "reg-count" }, t("live.entries_n", { count: entries.length }))),
      h("p", { class: "muted" }, t("live.pool_line", { pool: money(view.pool.total), buy_in: money(view.buy_in), fee: money(view.fee) }), view.pool.overlay ? ` · ${t("live.overlay", { amount: money(view.pool.overlay) })}` : ""),
      open
        ? h(
            "form",
            {
              id: "reg-form",
              class: "stack",
              onsubmit: async (e) => {
                e.preventDefault();
                if (!adult.checked) return toast(t("live.adult_needed"), "error");
                const list = names.value.split(/\n|,/).map((n) => n.trim()).filter(Boolean);
                const data = account.value.trim() ? { account: account.value.trim(), adult: adult.checked } : { names: list, adult: adult.checked };
                await send("register", data);
              },
            },
            field(t("live.names"), names, t("live.names_help")),
            field(t("live.account"), account, t("live.account_help")),
            h("label", { class: "check" }, adult, h("span", {}, t("live.adult"))),
            h("div", { class: "row" }, h("button", { type: "submit", id: "reg-submit" }, t("live.register")), view.phase === "registration" ? h("button", { type: "button", class: "primary", id: "start", disabled: entries.length < 2, onclick: () => send("start", {}) }, t("live.start")) : null),
          )
        : h("p", { class: "muted" }, t("live.registration_closed")),
      entries.length
        ? h(
            "details",
            { id: "entries" },
            h("summary", {}, t("live.entries_list")),
            h(
              "ul",
              { class: "plain entries" },
              entries.map((e) =>
                h(
                  "li",
                  {},
                  e.player,
                  e.account ? h("span", { class: "tag" }, t("live.online_account")) : null,
                  !e.arrived ? h("button", { type: "button", class: "small", onclick: () => send("arrive", { player: e.player }) }, t("live.arrived")) : null,
                  e.rebuys ? h("span", { class: "tag" }, t("live.rebuys_n", { count: e.rebuys })) : null,
                  e.add_on ? h("span", { class: "tag" }, t("live.add_on")) : null,
                ),
              ),
            ),
          )
        : null,
    );
  }

  function playerOptions(list, blank) {
    const where = {};
    for (const table of view.tables) for (const s of table.seats) if (s.player) where[s.player] = t("live.where", { table: table.number, seat: s.seat });
    const label = (p) => (where[p] ? `${p} · ${where[p]}` : p);
    return [blank ? h("option", { value: "" }, blank) : null, ...[...list].sort((a, b) => a.localeCompare(b)).map((p) => h("option", { value: p }, label(p)))];
  }

  function movesPanel() {
    const moves = view.moves_todo;
    return h(
      "section",
      { class: `panel${moves.length ? " attention" : ""}`, "aria-labelledby": "moves-title", id: "moves-panel" },
      h("h2", { id: "moves-title" }, t("live.moves")),
      moves.length
        ? h(
            "ol",
            { id: "moves" },
            moves.map((m) =>
              h(
                "li",
                { "data-player": m.player },
                h("strong", {}, m.player),
                " ",
                t("live.move_line", { from_table: m.from_table, from_seat: m.from_seat, to_table: m.to_table, to_seat: m.to_seat }),
                " ",
                h("span", { class: "tag" }, t(`live.reason.${m.reason}`)),
                " ",
                h("button", { type: "button", class: "small", onclick: () => send("moves-done", { player: m.player }) }, t("live.move_done")),
              ),
            ),
          )
        : h("p", { class: "muted", id: "no-moves" }, t("live.no_moves")),
      moves.length > 1 ? h("button", { type: "button", id: "moves-all-done", onclick: () => send("moves-done", {}) }, t("live.all_moves_done")) : null,
      h("p", { class: "muted" }, t("live.balance_help")),
      h("div", { class: "row" }, h("button", { type: "button", id: "balance", onclick: () => send("balance", {}) }, t("live.balance"))),
    );
  }

  function bustPanel() {
    const still = view.still_in;
    const victim = h("select", { id: "bust-player", required: true }, playerOptions(still, t("live.choose")));
    const by = h("select", { id: "bust-by" }, playerOptions(still, t("live.nobody")));
    const second = h("select", { id: "bust-player-2" }, playerOptions(still, t("live.nobody")));
    return h(
      "section",
      { class: "panel", "aria-labelledby": "bust-title" },
      h("h2", { id: "bust-title" }, t("live.bust")),
      h(
        "form",
        {
          id: "bust-form",
          class: "row",
          onsubmit: (e) => {
            e.preventDefault();
            if (!victim.value) return toast(t("live.choose_busted"), "error");
            const players = [victim.value, second.value].filter(Boolean);
            return send("bust", { players, by: by.value ? [by.value] : [] });
          },
        },
        field(t("live.busted"), victim),
        field(t("live.by"), by),
        field(t("live.busted_too"), second),
        h("button", { type: "submit", class: "primary", id: "bust-submit" }, t("live.enter_bust")),
      ),
      h("p", { class: "help muted" }, t("live.by_help"), " ", t("live.busted_too_help")),
    );
  }

  function tablesPanel() {
    if (view.phase !== "running") return null;
    return h(
      "section",
      { class: "panel", "aria-labelledby": "tables-title" },
      h("h2", { id: "tables-title" }, t("live.tables"), " ", h("span", { class: "muted" }, t(view.tables.length === 1 ? "live.tables_line_one" : "live.tables_line", { tables: view.tables.length, players: view.players_left }))),
      h("div", { class: "live-tables", id: "tables" }, view.tables.map(tableCard)),
      bustedMayRebuy(),
      moveForm(),
    );
  }

  // busted during the rebuy period: not ranked yet, he may rebuy (back in play) or decline
  function bustedMayRebuy() {
    const busted = view.busted_may_rebuy || [];
    if (!busted.length) return null;
    return h(
      "ul",
      { class: "plain", id: "busted-may-rebuy" },
      busted.map((player) =>
        h(
          "li",
          { "data-player": player },
          player,
          " ",
          h("span", { class: "tag warn" }, t("live.busted_may_rebuy")),
          " ",
          h("button", { type: "button", class: "small", onclick: () => send("rebuy", { player }) }, t("live.rebuy_busted")),
          " ",
          h("button", { type: "button", class: "small", onclick: () => send("decline-rebuy", { player }) }, t("live.decline_rebuy")),
        ),
      ),
    );
  }

  function moveForm() {
    const player = h("select", { id: "move-player" }, playerOptions(view.still_in, t("live.choose")));
    const table = numberInput("table", null, { id: "move-table", min: 1 });
    const seat = numberInput("seat", null, { id: "move-seat", min: 1 });
    const reason = h("input", { type: "text", id: "move-reason", maxlength: 300 });
    return h(
      "form",
      {
        class: "row",
        id: "move-form",
        onsubmit: (e) => {
          e.preventDefault();
          if (!player.value) return toast(t("live.choose_player"), "error");
          return send("move", { player: player.value, table: intOrNull(table.value) || 0, seat: intOrNull(seat.value) || 0, reason: reason.value });
        },
      },
      field(t("live.move_player"), player),
      field(t("live.to_table"), table),
      field(t("live.to_seat"), seat),
      field(t("live.reason"), reason),
      h("button", { type: "submit", id: "move-submit" }, t("live.move")),
    );
  }

  function tableCard(table) {
    const button = h(
      "select",
      { "aria-label": t("live.button_at", { table: table.number }), onchange: (e) => send("button", { table: table.number, seat: Number(e.target.value) }) },
      h("option", { value: "" }, t("live.button_unknown")),
      table.seats.filter((s) => s.player).map((s) => h("option", { value: s.seat, selected: s.seat === table.button }, t("live.seat_n", { seat: s.seat }))),
    );
    return h(
      "div",
      { class: "live-table", "data-table": table.number },
      h("h3", {}, t("live.table_n", { table: table.number }), " ", h("span", { class: "muted" }, t("live.players_n", { count: table.players }))),
      h(
        "table",
        { class: "data seats" },
        h(
          "tbody",
          {},
          table.seats.map((s) =>
            h(
              "tr",
              { class: s.player ? "" : "free", "data-seat": s.seat },
              h("td", { class: "num" }, s.seat, s.seat === table.button ? h("span", { class: "marker-text", title: t("live.button") }, " Ⓓ") : null),
              h("td", {}, s.player || h("span", { class: "muted" }, t("live.free"))),
              h("td", { class: "num" }, s.player ? num(s.stack) : ""),
              h(
                "td",
                {},
                s.counted ? h("span", { class: "tag warn" }, t("live.counted", { chips: num(s.counted) })) : null,
                s.suspended ? h("span", { class: "tag warn" }, t("live.suspended_n", { hands: s.suspended })) : null,
                s.absent && !s.suspended ? h("span", { class: "tag off" }, t("live.absent")) : null,
                s.player && s.player === table.next_big_blind ? h("span", { class: "tag" }, t("live.next_bb")) : null,
                s.can_rebuy ? h("button", { type: "button", class: "small", onclick: () => send("rebuy", { player: s.player }) }, t("live.rebuy")) : null,
                s.player && view.add_on_open && !view.entries_list.find((e) => e.player === s.player)?.add_on
                  ? h("button", { type: "button", class: "small", onclick: () => send("add-on", { player: s.player }) }, t("live.add_on"))
                  : null,
              ),
            ),
          ),
        ),
      ),
      h(
        "div",
        { class: "row" },
        button,
        h("button", { type: "button", class: "small", onclick: () => send("hand", { table: table.number }) }, t("live.hand_played")),
        view.tables.length > 1 ? h("button", { type: "button", class: "small danger", onclick: () => send("break-table", { table: table.number }) }, t("live.break_table")) : null,
      ),
    );
  }

  function countsPanel() {
    const player = h("select", { id: "count-player" }, playerOptions(view.still_in, t("live.choose")));
    const chips = numberInput("chips", null, { id: "count-chips", min: 1 });
    const reason = h("input", { type: "text", id: "count-reason", maxlength: 300 });
    const pending = view.pending_counts;
    const off = view.chip_discrepancy;
    return h(
      "section",
      { class: `panel${pending.length ? " attention" : ""}`, "aria-labelledby": "counts-title" },
      h("h2", { id: "counts-title" }, t("live.counts")),
      h("p", { id: "chips-line" }, t("live.chips_line", { expected: num(view.chips_expected), counted: num(view.chips_in_play) })),
      pending.length
        ? h(
            "div",
            { class: "error", role: "alert", id: "count-flag" },
            t("live.counts_off", { chips: num(Math.abs(off)), way: off < 0 ? t("live.too_many") : t("live.too_few") }),
            h("ul", {}, pending.map(([p, c]) => h("li", {}, `${p}: ${num(c)}`))),
          )
        : null,
      h(
        "form",
        { class: "row", id: "count-form", onsubmit: (e) => { e.preventDefault(); if (player.value) send("counts", { counts: { [player.value]: intOrNull(chips.value) } }); } },
        field(t("live.player"), player),
        field(t("live.chips"), chips),
        h("button", { type: "submit", id: "count-submit" }, t("live.enter_count")),
      ),
      pending.length
        ? h(
            "div",
            { class: "row" },
            field(t("live.reason"), reason),
            h("button", { type: "button", id: "count-accept", onclick: () => send("counts/accept", { reason: reason.value }) }, t("live.accept_counts")),
            h("button", { type: "button", id: "count-discard", onclick: () => send("counts/discard", { reason: reason.value }) }, t("live.discard_counts")),
          )
        : null,
    );
  }

  function resultsPanel() {
    const finishes = view.finishes;
    const prizes = Object.fromEntries(view.results.map((r) => [r.player, r]));
    const pick = h("select", { id: "season-pick" }, seasons.map((s) => h("option", { value: s.name }, s.name)));
    return h(
      "section",
      { class: "panel", "aria-labelledby": "results-title", id: "results-panel" },
      h("h2", { id: "results-title" }, t("live.standings")),
      view.winner ? h("p", { class: "ok", id: "winner" }, t("live.winner_is", { player: view.winner })) : null,
      finishes.length
        ? h(
            "div",
            { class: "scroll" },
            h(
              "table",
              { class: "data", id: "finishes" },
              h("thead", {}, h("tr", {}, ["live.place", "live.player", "live.by", "live.prize", "live.bounty_col", ""].map((k) => h("th", { scope: "col" }, k ? t(k) : "")))),
              h(
                "tbody",
                {},
                finishes.map((f, k) =>
                  h(
                    "tr",
                    { "data-player": f.player },
                    h("td", { class: "num" }, f.shared > 1 ? `${f.place}=` : f.place),
                    h("td", {}, f.player, f.kind === "disqualified" ? h("span", { class: "tag warn" }, t("live.disqualified")) : null, f.kind === "no-show" ? h("span", { class: "tag off" }, t("live.no_show")) : null),
                    h("td", {}, f.by.join(", ")),
                    h("td", { class: "num" }, prizes[f.player]?.prize ? money(prizes[f.player].prize) : ""),
                    h("td", { class: "num" }, prizes[f.player]?.bounty ? (view.knockout?.points ? num(prizes[f.player].bounty) : money(prizes[f.player].bounty)) : ""),
                    h("td", {}, !view.in_season && f.undoable && k === finishes.findIndex((x) => x.undoable) ? h("button", { type: "button", class: "small", title: t("live.undo"), "aria-label": t("live.undo_bust", { player: f.player }), onclick: () => send("undo-bust", { player: f.player, reason: "" }) }, "↶") : null),
                  ),
                ),
              ),
            ),
          )
        : h("p", { class: "muted" }, t("live.no_busts")),
      view.phase === "finished" && !view.in_season && seasons.length
        ? h("div", { class: "row", id: "to-season" }, field(t("live.season"), pick), h("button", { type: "button", id: "season-add", onclick: () => send("season", { season: pick.value }) }, t("live.add_to_season")))
        : null,
      view.in_season ? h("p", {}, h("a", { href: `#/standings/${encodeURIComponent(view.season)}`, id: "season-link" }, t("live.in_season", { season: view.season }))) : null,
    );
  }

  function penaltyPanel() {
    const player = h("select", { id: "pen-player" }, playerOptions(view.still_in, t("live.choose")));
    const fault = h("select", { id: "pen-fault" }, (faults || []).map((f) => h("option", { value: f }, t(`live.fault.${f}`))));
    const sanction = h("select", { id: "pen-sanction" }, h("option", { value: "" }, t("live.sanction.next")), ["warning", "suspension", "disqualification"].map((s) => h("option", { value: s }, t(`live.sanction.${s}`))));
    const orbits = numberInput("orbits", 1, { id: "pen-orbits", min: 1, max: 4 });
    const reason = h("input", { type: "text", id: "pen-reason", maxlength: 300, required: true });
    return h(
      "section",
      { class: "panel", "aria-labelledby": "pen-title" },
      h("h2", { id: "pen-title" }, t("live.penalties")),
      h("p", { class: "muted" }, t("live.penalties_help")),
      h(
        "form",
        {
          class: "grid-fields",
          id: "pen-form",
          onsubmit: (e) => {
            e.preventDefault();
            if (!player.value) return toast(t("live.choose_player"), "error");
            return send("penalty", { player: player.value, fault: fault.value, sanction: sanction.value || null, orbits: intOrNull(orbits.value) || 1, reason: reason.value });
          },
        },
        field(t("live.player"), player),
        field(t("live.fault"), fault),
        field(t("live.sanction"), sanction),
        field(t("live.orbits"), orbits),
        field(t("live.reason"), reason),
        h("button", { type: "submit", id: "pen-submit", class: "danger" }, t("live.penalize")),
      ),
    );
  }

  function exportsPanel() {
    const link = (what, key) => h("li", {}, h("a", { href: `${url}/export/${what}`, target: what.endsWith(".html") ? "_blank" : null, rel: "noopener", download: what.endsWith(".csv") ? "" : null }, t(key)));
    return h(
      "section",
      { class: "panel", "aria-labelledby": "exports-title" },
      h("h2", { id: "exports-title" }, t("live.exports")),
      h("ul", { id: "exports" }, link("results.html", "live.export.results_page"), link("results.csv", "live.export.results_csv"), link("seating.html", "live.export.seating_page"), link("seating.csv", "live.export.seating_csv"), link("seat-cards.html", "live.export.seat_cards")),
      h(
        "form",
        {
          class: "row",
          onsubmit: async (e) => {
            e.preventDefault();
            const copy = await act(`${url}/copy`, { name: e.target.elements.copyname.value.trim() });
            if (copy) location.hash = `#/floor/tournaments/${encodeURIComponent(copy.id)}`;
          },
        },
        field(t("live.copy_name"), h("input", { type: "text", name: "copyname", id: "copy-name", required: true, maxlength: 80 })),
        h("button", { type: "submit", id: "copy-submit" }, t("live.copy")),
      ),
    );
  }

  function logPanel() {
    return h(
      "section",
      { class: "panel", "aria-labelledby": "log-title" },
      h("h2", { id: "log-title" }, t("live.log")),
      view.decisions.length
        ? h("ol", { class: "log", id: "decisions" }, view.decisions.map((d) => h("li", {}, h("strong", {}, t(`live.sanction.${d.sanction}`)), ` · ${[d.players.join(", "), t(`live.fault.${d.fault}`), d.reason, d.detail, d.director].filter(Boolean).join(" · ")}`)))
        : null,
      h(
        "ol",
        { class: "log", id: "journal", reversed: true },
        [...view.journal].reverse().map((j) => h("li", {}, h("span", { class: "muted" }, `${j.at.slice(11, 19)} L${j.level} ${j.by} · `), `${actionName(j.action)}${j.detail ? `: ${j.detail}` : ""}${j.reason ? ` (${j.reason})` : ""}`)),
      ),
    );
  }

  const lists = await get(BASE);
  faults = lists.faults;
  draw();
  watchEdits(body);
  const timer = setInterval(async () => {
    if (!body.isConnected) return;
    try {
      const began = epoch;
      const fresh = await get(url);
      if (began !== epoch || !body.isConnected) return;
      view = fresh;
      const typing = body.contains(document.activeElement) && /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName);
      if (view.journal_count !== drawn && !typing) keepTyped(body, draw);
      else drawClock();
    } catch {
      /* the next refresh tries again */
    }
  }, REFRESH_MS);
  seasons = seasons || [];
  return () => clearInterval(timer);
}
