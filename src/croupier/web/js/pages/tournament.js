// A tournament's page (#/tournament/ID): its lobby, live from the `tournament` and
// `tournament_update` frames: the clock (level, blinds, time left, next level and break),
// the entrants, the prize pool, the payouts, the players with their chips and places, the
// tables, and the player's own part: his place, his table (a link to it), the rebuy and
// add-on offers when they open, his result and prize at the end. Register or unregister
// while it is registering.
import { get } from "../api.js";
import { h, replace, toast } from "../dom.js";
import { has, money, num, t } from "../i18n.js";
import { me } from "../session.js";
import { connection } from "../ws.js";
import { buyInText, startText, stateText, structureText } from "../tournaments/list.js";
import { answer, clockText, entryOf, follow, learnEntries, levelText, offersOf, placeText, register, resultOf, unregister } from "../tournaments/store.js";

function tableNumber(view, name) {
  return (view.tables || []).find((x) => x.table === name)?.number ?? null;
}

function clockEl(seconds, view) {
  const attrs = { class: "t-clock", role: "timer" };
  if (seconds != null && !view.paused) attrs["data-ends-at"] = String(Math.round(view.receivedAt + seconds * 1000));
  return h("span", attrs, clockText(seconds));
}

function clockPanel(view, entry) {
  const rows = [];
  if (view.state === "finished" || view.state === "cancelled") {
    rows.push(h("p", { class: "t-level" }, stateText(view.state)));
  } else if (!view.level) {
    const first = view.next_level || entry?.levels?.[0];
    rows.push(h("p", { class: "t-level" }, t("tn.not_started", { level: levelText(first) })));
    if (entry) rows.push(h("p", { class: "muted" }, t("common.labelled", { label: t("lobby.start"), value: startText(entry) })));
  } else {
    rows.push(h("p", { class: "t-level" }, view.on_break ? t("tn.on_break") : levelText(view.level)));
    rows.push(h("p", { class: "t-time" }, h("span", { class: "muted" }, `${t(view.on_break ? "tn.break_left" : "tn.time_left")} `), clockEl(view.time_left, view)));
    if (view.next_level) rows.push(h("p", { class: "muted" }, t("tn.next_level", { level: levelText(view.next_level) })));
    if (view.next_break_in != null && !view.on_break) rows.push(h("p", { class: "muted" }, t("tn.next_break", { time: clockText(view.next_break_in) })));
  }
  const tags = [];
  if (view.paused) tags.push(h("span", { class: "tag warn" }, `⏸ ${t("tn.paused")}`));
  if (view.hand_for_hand) tags.push(h("span", { class: "tag warn" }, t("tn.hand_for_hand")));
  if (view.late_registration) tags.push(h("span", { class: "tag" }, t("tn.late_reg")));
  if (view.rebuy_open) tags.push(h("span", { class: "tag" }, t("tn.rebuy_period")));
  if (view.add_on_open) tags.push(h("span", { class: "tag" }, t("tn.add_on_period")));
  return h("section", { class: "panel t-clock-panel", "aria-labelledby": "t-clock-title" }, h("h2", { id: "t-clock-title" }, t("tn.clock")), rows, tags.length ? h("p", { class: "row" }, tags) : null);
}

function factsPanel(view, entry) {
  const rows = [];
  const row = (label, value, key) => rows.push(h("dt", {}, label), h("dd", { "data-fact": key }, value));
  if (entry) row(t("tn.buy_in"), buyInText(entry), "buy_in");
  row(t("tn.entrants"), entry ? t("tn.of", { n: num(view.entrants), max: num(entry.max_players) }) : num(view.entrants), "entrants");
  row(t("tn.remaining"), num(view.remaining), "remaining");
  row(t("tn.prize_pool"), money(view.prize_pool), "prize_pool");
  if (view.average_stack != null) row(t("tn.average"), t("tn.chips_n", { n: num(view.average_stack) }), "average");
  if (entry) {
    row(t("tn.starting_stack"), t("tn.chips_n", { n: num(entry.starting_stack) }), "stack");
    row(t("lobby.structure"), structureText(entry), "structure");
  }
  return h("section", { class: "panel", "aria-labelledby": "t-facts-title" }, h("h2", { id: "t-facts-title" }, t("tn.facts")), h("dl", { class: "info" }, rows));
}

function youPanel(view, id, entry) {
  const you = view.you;
  const result = resultOf(id);
  const items = [];
  if (result) {
    const won = result.place === 1;
    items.push(
      h(
        "div",
        { class: `t-result${won ? " won" : ""}`, role: "status", id: "t-result" },
        h("p", { class: "t-result-head" }, won ? `🏆 ${t("tn.winner")}` : t("tn.result_title")),
        h("p", {}, result.prize ? t("tn.result_prize", { place: placeText(result.place), entrants: result.entrants, prize: money(result.prize) }) : t("tn.result", { place: placeText(result.place), entrants: result.entrants })),
      ),
    );
  }
  if (!you || !you.registered) {
    items.push(h("p", { class: "muted" }, t("tn.not_registered")));
    const open = view.state === "registering" || view.late_registration;
    if (open) {
      items.push(
        h(
          "button",
          {
            type: "button",
            class: "primary",
            id: "t-register",
            onclick: async () => {
              try {
                const r = await register(id);
                toast(t("tn.registered_ok", { name: view.name, balance: money(r.balance) }), "ok");
              } catch (error) {
                toast(t("act.refused", { message: error.message }), "error");
              }
            },
          },
          t("tn.register"),
          entry ? ` (${buyInText(entry)})` : "",
        ),
      );
    }
  } else {
    const status = has(`tn.status.${you.status}`) ? t(`tn.status.${you.status}`) : you.status;
    items.push(h("p", { class: "t-status" }, h("strong", {}, status)));
    if (you.status === "playing" || you.status === "pending") {
      if (you.place != null) items.push(h("p", { class: "t-place", id: "t-place" }, t("tn.your_place", { place: placeText(you.place), left: num(view.remaining) })));
      items.push(h("p", {}, t("tn.your_chips", { chips: num(you.chips) })));
    } else if ((you.status === "out" || you.status === "winner") && you.place != null && !result) {
      items.push(h("p", { class: "t-place", id: "t-place" }, t("tn.your_finish", { place: placeText(you.place) }), you.prize ? ` — ${money(you.prize)}` : ""));
    }
    if (you.table) {
      const n = tableNumber(view, you.table);
      items.push(
        h("p", {}, t("tn.your_table", { table: n != null ? t("tn.table_n", { n }) : you.table, seat: you.seat })),
        h("a", { class: "button primary", id: "t-go-table", href: `#/table/${encodeURIComponent(you.table)}` }, t("tn.go_table")),
      );
    }
    if (view.state === "registering") {
      items.push(
        h(
          "button",
          {
            type: "button",
            id: "t-unregister",
            onclick: async () => {
              try {
                const r = await unregister(id);
                toast(t("tn.unregistered_ok", { name: view.name, amount: money(r.refund ?? 0) }), "ok");
              } catch (error) {
                toast(t("act.refused", { message: error.message }), "error");
              }
            },
          },
          t("tn.unregister"),
        ),
      );
    }
  }
  return h("section", { class: "panel t-you", "aria-labelledby": "t-you-title" }, h("h2", { id: "t-you-title" }, t("tn.you")), items);
}

/** The offers open to the player (rebuy, add-on): take or decline; also on his table. */
export function offersPanel(view, id) {
  const offers = offersOf(view);
  if (!offers.length) return null;
  return h(
    "section",
    { class: "panel t-offers", "aria-labelledby": `t-offers-${id}`, role: "region" },
    h("h2", { id: `t-offers-${id}` }, t("tn.offers")),
    offers.map((o) => {
      const rebuy = o.kind === "rebuy";
      const done = (text) => toast(text, "ok");
      return h(
        "div",
        { class: "t-offer", "data-offer": o.kind },
        h("p", {}, t(rebuy ? "tn.offer_rebuy" : "tn.offer_add_on", { chips: num(o.chips), price: money(o.price) })),
        o.endsAt ? h("p", { class: "muted" }, `${t("tn.answer_within")} `, h("span", { class: "t-clock", role: "timer", "data-ends-at": String(Math.round(o.endsAt)) }, clockText((o.endsAt - Date.now()) / 1000))) : null,
        h(
          "div",
          { class: "row" },
          h(
            "button",
            {
              type: "button",
              class: "primary",
              "data-accept": o.kind,
              onclick: () =>
                answer(id, o.kind, true).then(
                  (r) => done(t(rebuy ? "tn.rebought" : "tn.added_on", { chips: num(r.chips ?? o.chips) })),
                  (error) => toast(t("act.refused", { message: error.message }), "error"),
                ),
            },
            t(rebuy ? "tn.take_rebuy" : "tn.take_add_on", { price: money(o.price) }),
          ),
          h(
            "button",
            {
              type: "button",
              "data-decline": o.kind,
              onclick: () => answer(id, o.kind, false).then(() => done(t("tn.declined")), (error) => toast(t("act.refused", { message: error.message }), "error")),
            },
            t("tn.decline"),
          ),
        ),
      );
    }),
  );
}

function playersPanel(view) {
  const user = me().user?.screen_name;
  const playing = (p) => p.status === "playing" || p.status === "pending" || p.status === "registered";
  const players = [...(view.players || [])].sort((a, b) => {
    if (playing(a) !== playing(b)) return playing(a) ? -1 : 1;
    if (playing(a)) return b.chips - a.chips || a.player.localeCompare(b.player);
    return (a.place ?? 999) - (b.place ?? 999);
  });
  // Ranked by chips, equal stacks equal ranks (1, 1, 3 ...).
  const stacks = players.filter(playing).map((p) => p.chips);
  const rows = players.map((p) => {
    const alive = playing(p);
    const rank = 1 + stacks.filter((c) => c > p.chips).length;
    const n = p.table ? tableNumber(view, p.table) : null;
    const status = has(`tn.status.${p.status}`) ? t(`tn.status.${p.status}`) : p.status;
    return h(
      "tr",
      { "data-player": p.player, class: p.player === user ? "mine" : "" },
      h("td", { class: "num", "data-label": t("tn.col.rank") }, alive ? (view.state === "registering" ? "" : String(rank)) : placeText(p.place)),
      h("th", { scope: "row" }, p.player, p.player === user ? ` (${t("table.you")})` : ""),
      h("td", { class: "num", "data-label": t("tn.col.chips") }, alive || p.status === "winner" ? num(p.chips) : "—"),
      h("td", { class: "opt", "data-label": t("tn.col.table") }, p.table ? (n != null ? t("tn.seat_at", { n, seat: p.seat }) : p.table) : "—"),
      h("td", { "data-label": t("tn.col.status") }, status),
      h("td", { class: "num opt", "data-label": t("tn.col.prize") }, p.prize ? money(p.prize) : "—"),
    );
  });
  return h(
    "section",
    { class: "panel t-players", "aria-labelledby": "t-players-title" },
    h("h2", { id: "t-players-title" }, t("tn.players"), " ", h("span", { class: "muted" }, `(${num(view.remaining)}/${num(view.entrants)})`)),
    rows.length
      ? h(
          "div",
          { class: "scroll" },
          h(
            "table",
            { class: "data compact", id: "t-players" },
            h("thead", {}, h("tr", {}, ["tn.col.rank", "tn.col.player", "tn.col.chips", "tn.col.table", "tn.col.status", "tn.col.prize"].map((k, i) => h("th", { scope: "col", class: `${[0, 2, 5].includes(i) ? "num" : ""}${[3, 5].includes(i) ? " opt" : ""}` }, t(k))))),
            h("tbody", {}, rows),
          ),
        )
      : h("p", { class: "muted" }, t("tn.nobody")),
  );
}

function tablesPanel(view) {
  const mine = view.you?.table;
  const tables = view.tables || [];
  return h(
    "section",
    { class: "panel t-tables", "aria-labelledby": "t-tables-title" },
    h("h2", { id: "t-tables-title" }, t("tn.tables")),
    tables.length
      ? h(
          "ul",
          { class: "plain t-table-list" },
          tables.map((x) =>
            h(
              "li",
              { "data-t-table": x.table, class: x.table === mine ? "mine" : "" },
              h("span", {}, h("strong", {}, t("tn.table_n", { n: x.number })), x.final ? ` (${t("tn.final")})` : "", x.table === mine ? ` — ${t("tn.you")}` : ""),
              h("span", { class: "muted" }, `${t("common.labelled", { label: t("tn.col.players"), value: num(x.players) })} · ${t("tn.chips_n", { n: num(x.chips) })}`),
              h("a", { class: "button", href: `#/table/${encodeURIComponent(x.table)}`, "aria-label": `${t("tn.watch")}: ${t("tn.table_n", { n: x.number })}` }, x.table === mine ? t("tn.go_table") : t("tn.watch")),
            ),
          ),
        )
      : h("p", { class: "muted" }, view.state === "registering" ? t("tn.no_tables") : t("tn.no_tables_now")),
  );
}

function payoutsPanel(view) {
  const payouts = view.payouts || [];
  return h(
    "section",
    { class: "panel t-payouts", "aria-labelledby": "t-payouts-title" },
    h("h2", { id: "t-payouts-title" }, t("tn.payouts")),
    payouts.length
      ? h(
          "table",
          { class: "data", id: "t-payouts" },
          h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("tn.col.place")), h("th", { scope: "col", class: "num" }, t("tn.col.prize")))),
          h(
            "tbody",
            {},
            payouts.map((p) => h("tr", { class: view.you?.place === p.place && view.you?.status !== "playing" ? "mine" : "" }, h("td", {}, placeText(p.place)), h("td", { class: "num" }, money(p.amount)))),
          ),
        )
      : h("p", { class: "muted" }, "—"),
  );
}

function structurePanel(entry) {
  if (!entry || !entry.levels) return null;
  const breaks = new Map((entry.breaks || []).map((b) => [b.after_level, b]));
  const rows = [];
  for (const l of entry.levels) {
    rows.push(h("tr", {}, h("td", { class: "num" }, String(l.level)), h("td", { class: "num" }, `${num(l.small_blind)}/${num(l.big_blind)}`), h("td", { class: "num" }, l.ante ? num(l.ante) : "—"), h("td", { class: "num" }, num(l.minutes))));
    const pause = breaks.get(l.level);
    if (pause) rows.push(h("tr", { class: "break" }, h("td", { colspan: 4 }, t("tn.break_row", { minutes: num(pause.minutes) }))));
  }
  return h(
    "details",
    { class: "panel t-structure" },
    h("summary", {}, h("strong", {}, t("tn.structure_title"))),
    h(
      "table",
      { class: "data" },
      h("thead", {}, h("tr", {}, ["tn.col.level", "tn.col.blinds", "tn.col.ante", "tn.col.minutes"].map((k) => h("th", { scope: "col", class: "num" }, t(k))))),
      h("tbody", {}, rows),
    ),
  );
}

/** Draw a tournament's page; returns a function that stops following it. */
export function render(main, id) {
  let entry = entryOf(id);
  let view = null;
  const box = h("div", { class: "t-page", "data-tournament": id });
  main.append(box);
  replace(box, h("h1", {}, t("tn.title", { name: id })), h("p", { class: "muted" }, t("common.loading")));

  function draw() {
    if (!view) return;
    if (view.missing) {
      replace(box, h("h1", {}, t("tn.title", { name: id })), h("p", { class: "error" }, view.code === "not_found" ? t("tn.not_found", { id }) : view.error), h("a", { href: "#/lobby" }, t("tn.back")));
      return;
    }
    const kind = entry && has(`tn.kind.${entry.kind}`) ? t(`tn.kind.${entry.kind}`) : "";
    const winner = (view.players || []).find((p) => p.status === "winner");
    replace(
      box,
      h(
        "div",
        { class: "t-head" },
        h("h1", {}, t("tn.title", { name: view.name || id })),
        h("span", { class: `tag t-state state-${view.state}` }, stateText(view.state)),
        h("span", { class: "muted" }, [kind, view.preset].filter(Boolean).join(" · ")),
        h("a", { href: "#/lobby", class: "t-back" }, t("tn.back")),
      ),
      winner && view.state === "finished" ? h("p", { class: "notice", id: "t-winner" }, t("tn.winner_is", { name: winner.player })) : null,
      h(
        "div",
        { class: "t-grid" },
        h("div", { class: "t-col" }, offersPanel(view, id), youPanel(view, id, entry), clockPanel(view, entry), factsPanel(view, entry), payoutsPanel(view)),
        h("div", { class: "t-col wide" }, playersPanel(view), tablesPanel(view), structurePanel(entry)),
      ),
    );
    document.title = `${view.name || id} · croupier`;
  }

  const stop = follow(id, (next) => {
    view = next;
    draw();
  });
  // The lobby's entry (buy-in, fee, structure): over HTTP, or the lobby's answer.
  get("/api/tournaments")
    .catch(() => connection.send("lobby", { watch: false }))
    .then(
      (data) => {
        learnEntries(data.tournaments);
        entry = entryOf(id) || entry;
        draw();
      },
      () => {},
    );
  return stop;
}
