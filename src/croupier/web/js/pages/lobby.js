// The lobby: the cash tables (rules, game, stakes, seats taken, waiting list, average pot,
// hands per hour) and the tournaments, updated live ("lobby_update" frames), sortable and
// filterable; open a table, join a waiting list and be called to a seat.
import { get } from "../api.js";
import { h, newId, replace, toast } from "../dom.js";
import { has, money, num, t } from "../i18n.js";
import { connection } from "../ws.js";
import { learn } from "../table/sizes.js";
import { tournamentList } from "../tournaments/list.js";

const COLUMNS = [
  { key: "table", label: "lobby.table", value: (r) => r.table },
  { key: "preset", label: "lobby.preset", value: (r) => r.game || r.info?.game || "" },
  { key: "game", label: "lobby.game", value: (r) => gameName(r.version || r.info?.version || "") },
  { key: "stakes", label: "lobby.stakes", value: (r) => r.info?.big_blind ?? 0, show: (r) => stakesText(r) },
  { key: "seats", label: "lobby.seats", value: (r) => r.taken ?? 0, show: (r) => t("lobby.seats_taken", { taken: r.taken ?? 0, max: r.seats ?? r.info?.max_players ?? "?" }) + (r.bots?.length ? ` (${t("lobby.bots_n", { n: r.bots.length })})` : ""), num: true },
  { key: "waiting", label: "lobby.waiting", value: (r) => r.waiting ?? 0, show: (r) => num(r.waiting ?? 0), num: true },
  { key: "avg_pot", label: "lobby.avg_pot", value: (r) => r.average_pot ?? -1, show: (r) => (r.average_pot != null ? money(r.average_pot) : "—"), num: true },
  { key: "hands_hour", label: "lobby.hands_hour", value: (r) => r.hands_per_hour ?? -1, show: (r) => (r.hands_per_hour != null ? num(Math.round(r.hands_per_hour)) : "—"), num: true },
];

function gameName(version) {
  const key = `game.${version}`;
  return has(key) ? t(key) : version;
}

function stakesText(r) {
  const info = r.info || {};
  if (info.small_blind != null) return `${money(info.small_blind)} / ${money(info.big_blind)}`;
  return r.stakes || "";
}

/** Draw the lobby; returns a function that stops its live updates. */
export async function render(main) {
  connection.open();
  let rows = [];
  let tournaments = null;
  let sort = { key: "table", dir: 1 };
  const filterId = newId("filter");
  const gameId = newId("game");
  const fullId = newId("full");
  const filter = h("input", { type: "search", id: filterId, placeholder: t("lobby.filter_help") });
  const game = h("select", { id: gameId }, h("option", { value: "" }, t("lobby.game_all")));
  const hideFull = h("input", { type: "checkbox", id: fullId });
  const body = h("tbody");
  const head = h("tr");
  const status = h("p", { class: "muted", role: "status" }, t("common.loading"));
  const tourBox = h("div");
  const tourList = tournamentList();

  function visible() {
    const text = filter.value.trim().toLowerCase();
    return rows
      .filter((r) => !text || [r.table, r.game, r.version, r.stakes, stakesText(r)].join(" ").toLowerCase().includes(text))
      .filter((r) => !game.value || (r.version || r.info?.version) === game.value)
      .filter((r) => !hideFull.checked || (r.taken ?? 0) < (r.seats ?? r.info?.max_players ?? 99))
      .sort((a, b) => {
        const col = COLUMNS.find((c) => c.key === sort.key);
        const x = col.value(a);
        const y = col.value(b);
        return (x < y ? -1 : x > y ? 1 : 0) * sort.dir;
      });
  }

  function drawHead() {
    replace(
      head,
      COLUMNS.map((c) => {
        const active = sort.key === c.key;
        return h(
          "th",
          { scope: "col", class: c.num ? "num" : "", "aria-sort": active ? (sort.dir > 0 ? "ascending" : "descending") : "none" },
          h(
            "button",
            {
              type: "button",
              class: "sort",
              "data-sort": c.key,
              "aria-label": `${t(c.label)}: ${t("lobby.sort_by", { column: t(c.label) })}`,
              onclick: () => {
                sort = { key: c.key, dir: active ? -sort.dir : 1 };
                draw();
              },
            },
            t(c.label),
            active ? (sort.dir > 0 ? " ▲" : " ▼") : "",
          ),
        );
      }),
      h("th", { scope: "col" }, t("lobby.actions")),
    );
  }

  function draw() {
    drawHead();
    const versions = [...new Set(rows.map((r) => r.version || r.info?.version).filter(Boolean))];
    if (game.options.length !== versions.length + 1) {
      const chosen = game.value;
      replace(game, h("option", { value: "" }, t("lobby.game_all")), versions.map((v) => h("option", { value: v }, gameName(v))));
      game.value = chosen;
    }
    const list = visible();
    replace(
      body,
      list.length
        ? list.map((r) =>
            h(
              "tr",
              { "data-table": r.table },
              COLUMNS.map((c) => (c.key === "table" ? h("th", { scope: "row" }, r.table) : h("td", { class: c.num ? "num" : "", "data-label": t(c.label) }, c.show ? c.show(r) : c.value(r)))),
              h(
                "td",
                { class: "row-actions" },
                h(
                  "div",
                  { class: "row" },
                  h("a", { class: "button primary", href: `#/table/${encodeURIComponent(r.table)}`, "data-open": r.table, "aria-label": `${t("lobby.open")} ${r.table}` }, t("lobby.open")),
                  h(
                    "button",
                    {
                      type: "button",
                      "data-list": r.table,
                      "aria-label": `${t("lobby.join_list")}: ${r.table}`,
                      onclick: async () => {
                        try {
                          const result = await connection.send("join_waiting_list", { table: r.table });
                          toast(t("lobby.on_list", { n: result.number, table: r.table }), "ok");
                        } catch (error) {
                          toast(t("act.refused", { message: error.message }), "error");
                        }
                      },
                    },
                    t("lobby.join_list"),
                  ),
                ),
              ),
            ),
          )
        : h("tr", {}, h("td", { colspan: COLUMNS.length + 1 }, t("lobby.no_tables"))),
    );
    drawTournaments();
  }

  function drawTournaments() {
    if (!tournaments) {
      replace(tourBox, h("p", { class: "muted", id: "no-tournaments" }, t("common.loading")));
      return;
    }
    if (tourBox.firstChild !== tourList.el) replace(tourBox, tourList.el);
    tourList.update(tournaments);
  }

  for (const el of [filter, game, hideFull]) el.addEventListener("input", draw);
  main.append(
    h("h1", {}, t("lobby.title")),
    h(
      "section",
      { "aria-labelledby": "cash-title" },
      h("h2", { id: "cash-title" }, t("lobby.cash"), " ", h("span", { class: "muted" }, `(${t("lobby.live")})`)),
      h(
        "div",
        { class: "filters", role: "search" },
        h("div", { class: "field" }, h("label", { for: filterId }, t("lobby.filter")), filter),
        h("div", { class: "field" }, h("label", { for: gameId }, t("lobby.game")), game),
        h("div", { class: "check" }, hideFull, h("label", { for: fullId }, t("lobby.hide_full"))),
      ),
      status,
      h("div", { class: "scroll" }, h("table", { class: "data stacked", id: "cash-tables" }, h("thead", {}, head), body)),
    ),
    h("section", { "aria-labelledby": "tour-title" }, h("h2", { id: "tour-title" }, t("lobby.tournaments")), tourBox),
  );
  draw();
  // The rows drawn from GET /api/lobby while the socket opens (the socket's answer, which
  // also brings the tournaments, replaces them; entries a live update brought are newer).
  let answered = false;
  get("/api/lobby")
    .then((result) => {
      if (answered || !result?.tables) return;
      for (const entry of result.tables) if (!rows.some((r) => r.table === entry.table)) rows.push(entry);
      learn(rows);
      status.textContent = "";
      draw();
    })
    .catch(() => {}); // the socket's answer says what went wrong
  const stop = connection.onMessage((frame) => {
    if (frame.type !== "lobby_update") return;
    learn(frame.tables);
    for (const entry of frame.tables || []) {
      const i = rows.findIndex((r) => r.table === entry.table);
      if (i >= 0) rows[i] = entry;
      else rows.push(entry);
    }
    if (frame.tournaments) tournaments = frame.tournaments;
    draw();
  });
  try {
    const result = await connection.send("lobby", { watch: true });
    answered = true;
    rows = result.tables || [];
    learn(rows);
    tournaments = result.tournaments ?? [];
    status.textContent = "";
    draw();
  } catch (error) {
    status.textContent = t("lobby.unavailable", { message: error.message });
  }
  return () => {
    stop();
    connection.send("lobby", { watch: false }).catch(() => {});
  };
}

