// The player's hand histories (PKG-15): his own hands, newest first, a page at a time, each
// with its table's name, its time, his cards, the board, the pot and his result; filters by
// table (the server's) and by result (this page's); each hand to read in his language, to
// replay on a drawn table, or to download as text with the deck commitment's proofs for
// `croupier verify`.
import { ApiError, get } from "../api.js";
import { cardEl, cardsName } from "../cards.js";
import { h, newId, replace } from "../dom.js";
import { amount, has, t, when } from "../i18n.js";
import { historyEl, historyText } from "../table/history.js";
import { handFileName, saveFile } from "../download.js";
import { replayer } from "./replayer.js";

const PAGE = 25;

/** How players know a table: its name, or "Table 2 · Sunday sit-and-go". */
export function tableTitle(title, table) {
  if (!title) return table;
  if (title.tournament) return title.number != null ? `${t("tn.table_n", { n: title.number })} · ${title.tournament}` : title.tournament;
  return title.name || table;
}

function resultEl(x) {
  if (x.result == null) return h("span", { class: "muted" }, "—");
  const sign = x.result > 0 ? "+" : x.result < 0 ? "−" : "";
  const cls = x.result > 0 ? "hand-won" : x.result < 0 ? "hand-lost" : "muted";
  return h("span", { class: cls }, `${sign}${amount(Math.abs(x.result), x.unit)}`);
}

function cardsCell(cards) {
  if (!cards || !cards.length) return h("span", { class: "muted" }, "—");
  return h("span", { class: "cards", role: "group", "aria-label": cardsName(cards) }, cards.map((c) => cardEl(c, { small: true })));
}

/** Draw the hand histories page. */
export async function render(main) {
  const reader = h("div", { id: "hand-text" });
  main.append(h("h1", {}, t("hands.title")));
  const state = { table: "", result: "", cursors: [null], at: 0, replay: null };
  let data;
  const load = async () => {
    const q = new URLSearchParams({ limit: String(PAGE) });
    const before = state.cursors[state.at];
    if (before != null) q.set("before", String(before));
    if (state.table) q.set("table", state.table);
    return get(`/api/hands?${q}`);
  };
  try {
    data = await load();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      main.append(h("p", { class: "notice" }, t("hands.unavailable")));
      return;
    }
    throw error;
  }
  if (!(data.hands || []).length && !state.table) {
    main.append(h("p", { class: "muted" }, t("hands.none")));
    return;
  }
  const tableId = newId("hf");
  const resultId = newId("hf");
  const tableBox = h(
    "select",
    { id: tableId, name: "table" },
    h("option", { value: "" }, t("hands.all_tables")),
    (data.tables || []).map((x) => h("option", { value: x.table }, tableTitle(x.title, x.table))),
  );
  const resultBox = h(
    "select",
    { id: resultId, name: "result" },
    ["", "won", "lost", "showdown"].map((v) => h("option", { value: v }, t(v ? `hands.only_${v}` : "hands.all_results"))),
  );
  const filters = h(
    "form",
    { class: "row hand-filters", role: "search", "aria-label": t("hands.filters"), onsubmit: (e) => e.preventDefault() },
    h("div", { class: "field" }, h("label", { for: tableId }, t("hands.table")), tableBox),
    h("div", { class: "field" }, h("label", { for: resultId }, t("hands.result")), resultBox),
  );
  const body = h("tbody");
  const status = h("p", { class: "muted hand-count", "aria-live": "polite" });
  const newer = h("button", { type: "button", class: "hands-newer" }, t("hands.newer"));
  const older = h("button", { type: "button", class: "hands-older" }, t("hands.older"));
  const pager = h("nav", { class: "row hand-pager", "aria-label": t("hands.pages") }, newer, older, status);
  const keep = (x) => {
    if (state.result === "won") return x.result > 0;
    if (state.result === "lost") return x.result < 0;
    if (state.result === "showdown") return x.board && x.board.length === 5;
    return true;
  };
  const openHand = async (x, mode) => {
    const found = await get(`/api/hands/${x.id}`);
    if (state.replay) state.replay.stop();
    state.replay = null;
    const title = tableTitle(x.title, x.table);
    if (mode === "replay") {
      state.replay = replayer(found, found.players?.[String(x.seat)], title);
      replace(reader, state.replay.el);
      state.replay.el.querySelector(".rp-forward").focus();
      return;
    }
    const told = found.events ? historyEl({ ...found, table: title }, found.unit === "chips" ? "chips" : "cents") : null;
    replace(
      reader,
      told,
      h("details", { class: "original", open: !told }, h("summary", {}, t("hist.original")), h("pre", { class: "rules-text history-text", tabindex: "0", lang: "en" }, found.text)),
    );
    (told || reader.querySelector("pre")).focus();
  };
  // The downloads, made here in the player's language from the hand as he saw it: its
  // history told from its events (the server's English text where it has none), and the
  // deck's proofs for `croupier verify` labelled with the table's name and the hand's number;
  // the files named from them (never the table's id).
  const download = async (x, proofs) => {
    const found = await get(`/api/hands/${x.id}`);
    const title = tableTitle(x.title, x.table);
    const name = handFileName(title, x.number, { proofs });
    if (proofs && !found.proofs) {
      replace(reader, h("p", { class: "notice", role: "status" }, t("hands.no_proofs")));
    } else if (proofs) {
      const data = { ...found.proofs, hand: t("hist.head", { table: title, n: x.number }) };
      saveFile(name, `${JSON.stringify(data, null, 2)}\n`, "application/json");
    } else {
      const text = found.events ? historyText({ ...found, table: title }, found.unit === "chips" ? "chips" : "cents") : found.text;
      saveFile(name, text);
    }
  };
  const row = (x) => {
    const title = tableTitle(x.title, x.table);
    return h(
      "tr",
      { "data-hand-id": String(x.id), "data-status": x.status },
      h("th", { scope: "row", class: "hand-table" }, title, h("span", { class: "muted" }, ` #${x.number}`)),
      h("td", { "data-label": t("hands.started") }, when(x.started_at)),
      h("td", { "data-label": t("hands.your_cards") }, cardsCell(x.cards)),
      h("td", { "data-label": t("hands.board") }, cardsCell(x.board)),
      h("td", { class: "num", "data-label": t("hands.pot") }, x.pot != null ? amount(x.pot, x.unit) : "—"),
      h(
        "td",
        { class: "num", "data-label": t("hands.result") },
        h("span", {}, resultEl(x), x.status !== "ended" && has(`hands.status.${x.status}`) ? h("span", { class: "muted" }, ` (${t(`hands.status.${x.status}`)})`) : null),
      ),
      h(
        "td",
        { class: "row-actions" },
        h(
          "div",
          { class: "row hand-actions" },
          h("button", { type: "button", class: "hand-replay", "aria-label": `${t("hands.replay")}: ${title} #${x.number}`, onclick: () => openHand(x, "replay") }, t("hands.replay")),
          h("button", { type: "button", class: "hand-read", "aria-label": `${t("hands.read")}: ${title} #${x.number}`, onclick: () => openHand(x, "read") }, t("hands.read")),
          h("button", { type: "button", class: "hand-text", "aria-label": `${t("hands.download_text")}: ${title} #${x.number}`, onclick: () => download(x, false) }, t("hands.download_text")),
          h("button", { type: "button", class: "hand-proofs", title: t("hands.proofs_help"), "aria-label": `${t("hands.proofs")}: ${title} #${x.number}`, onclick: () => download(x, true) }, t("hands.proofs")),
        ),
      ),
    );
  };
  const draw = () => {
    const shown = (data.hands || []).filter(keep);
    replace(body, shown.length ? shown.map(row) : h("tr", {}, h("td", { colspan: "7", class: "muted" }, t("hands.none_match"))));
    newer.disabled = state.at === 0;
    older.disabled = !data.more;
    status.textContent = t("hands.page_n", { n: state.at + 1 });
  };
  const reload = async () => {
    data = await load();
    draw();
  };
  tableBox.addEventListener("change", () => {
    state.table = tableBox.value;
    state.cursors = [null];
    state.at = 0;
    reload();
  });
  resultBox.addEventListener("change", () => {
    state.result = resultBox.value;
    draw();
  });
  newer.addEventListener("click", () => {
    if (state.at > 0) state.at -= 1;
    reload();
  });
  older.addEventListener("click", () => {
    const list = data.hands || [];
    if (!data.more || !list.length) return;
    state.cursors[state.at + 1] = list[list.length - 1].id;
    state.at += 1;
    reload();
  });
  main.append(
    filters,
    h(
      "div",
      { class: "scroll", tabindex: "0", role: "region", "aria-label": t("hands.title") },
      h(
        "table",
        { class: "data stacked", id: "hands" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            ["hands.table", "hands.started", "hands.your_cards", "hands.board", "hands.pot", "hands.result"].map((k, i) => h("th", { scope: "col", class: i >= 4 ? "num" : null }, t(k))),
            h("th", { scope: "col" }, h("span", { class: "sr-only" }, t("hands.actions"))),
          ),
        ),
        body,
      ),
    ),
    pager,
    reader,
  );
  draw();
}
