// The cashier: the player's balance and his ledger lines, newest first, paging back.
import { get } from "../api.js";
import { h } from "../dom.js";
import { has, money, t, when } from "../i18n.js";
import { me, refreshMe } from "../session.js";

function kindName(kind) {
  const key = `cashier.kind.${kind}`;
  return has(key) ? t(key) : kind;
}

function accountName(account) {
  const [kind, table] = account.split("@");
  const key = `cashier.account.${kind}`;
  return has(key) ? t(key, { table: table || "" }) : account;
}

// The ledger's memos are the room's own record, in English: a player reads, in his language,
// what the line's kind and account already say, and only the words a person wrote (a
// cashier's reason for a deposit or a withdrawal) or the number of the hand.
function memoText(line) {
  const memo = line.memo || "";
  if (memo === "demo chips for a newcomer") return t("cashier.memo.newcomer");
  const by = /^(deposit|withdrawal) by ([^:]+)(?:: (.*))?$/.exec(memo);
  if (by) return by[3] ? t("cashier.memo.by_reason", { by: by[2], reason: by[3] }) : t("cashier.memo.by", { by: by[2] });
  if (line.kind === "deposit" || line.kind === "withdrawal") return memo;
  const hand = /\bhand (\d+)( again)?$/.exec(memo);
  if (line.kind === "hand" && hand) return t(hand[2] ? "cashier.memo.hand_again" : "cashier.memo.hand", { n: hand[1] });
  return "";
}

function amountCell(cents) {
  return h("td", { class: "num" }, cents < 0 ? h("span", { class: "neg" }, money(-cents)) : `+${money(cents)}`);
}

/** Draw the cashier page. */
export async function render(main) {
  await refreshMe();
  const body = h("tbody");
  const more = h("button", { type: "button", hidden: true }, t("cashier.older"));
  let oldest = null;
  async function load() {
    const query = oldest ? `?limit=50&before=${oldest}` : "?limit=50";
    const data = await get(`/api/me/ledger${query}`);
    for (const line of data.lines) {
      body.append(
        h(
          "tr",
          {},
          h("td", {}, when(line.at)),
          h("td", {}, kindName(line.kind), memoText(line) ? h("span", { class: "muted" }, ` · ${memoText(line)}`) : null),
          h("td", {}, accountName(line.account)),
          amountCell(line.amount),
          h("td", { class: "num muted" }, String(line.number)),
        ),
      );
      oldest = line.number;
    }
    more.hidden = data.lines.length < 50;
    if (!body.children.length) body.append(h("tr", {}, h("td", { colspan: 5 }, t("cashier.no_lines"))));
  }
  more.addEventListener("click", load);
  main.append(
    h("h1", {}, t("cashier.title")),
    h(
      "section",
      { class: "panel", "aria-labelledby": "balance-title" },
      h("h2", { id: "balance-title" }, t("cashier.balance")),
      h("p", { class: "big", id: "cashier-balance" }, h("strong", {}, money(me().balance))),
      h("p", { class: "muted" }, t("cashier.demo")),
    ),
    h(
      "section",
      { "aria-labelledby": "ledger-title" },
      h("h2", { id: "ledger-title" }, t("cashier.ledger")),
      h(
        "div",
        { class: "scroll" },
        h(
          "table",
          { class: "data", id: "ledger" },
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              h("th", { scope: "col" }, t("cashier.when")),
              h("th", { scope: "col" }, t("cashier.what")),
              h("th", { scope: "col" }, t("cashier.account")),
              h("th", { scope: "col", class: "num" }, t("cashier.amount")),
              h("th", { scope: "col", class: "num" }, t("cashier.entry")),
            ),
          ),
          body,
        ),
      ),
      more,
    ),
  );
  await load();
}
