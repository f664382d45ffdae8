// The action bar, from the legal actions the server sends (its `to_act.legal`): fold, check,
// call N, bet or raise with a slider and an amount box (min, half pot, pot, all-in where the
// structure allows), show or muck at the showdown. And the pre-actions offered before one's
// turn (check/fold, check or call N, call any), which the next turn honours or drops.
import { h, newId } from "../dom.js";
import { amount, lang, t } from "../i18n.js";

/** The sizes offered for a bet or raise: {min, half, pot, max}, each within the legal range
 * (null where it falls outside it or equals another). pot: the chips in the middle and in
 * front of the players; a pot-sized raise is to the bet faced plus the pot after calling. */
export function sizes(legal, pot) {
  if (legal.min_raise_to == null) return null;
  const min = legal.min_raise_to;
  const max = legal.max_raise_to ?? min;
  const call = legal.call || 0;
  const level = (legal.bet || 0) + call;
  const after = pot + call;
  const clamp = (x) => Math.max(min, Math.min(max, Math.floor(x)));
  const half = clamp(level + after / 2);
  const full = clamp(level + after);
  return {
    min,
    max,
    half: half > min && half < max ? half : null,
    pot: full > min && full < max && full !== half ? full : null,
  };
}

/** An amount typed by the player ("12,50", "12.50", "1 250") in the table's unit: cents at a
 * cash table (euros typed), chips in a tournament. NaN when it is not a number. */
export function parseAmount(text, unit) {
  const clean = String(text).replace(/[\s\u00a0\u202f€]/g, "");
  if (!clean) return NaN;
  if (unit === "chips") {
    const digits = clean.replace(/[.,']/g, "");
    return /^\d+$/.test(digits) ? Number(digits) : NaN;
  }
  const m = clean.match(/^(\d+)(?:[.,](\d{1,2}))?$/);
  if (!m) {
    const grouped = clean.match(/^(\d{1,3}(?:[.,']\d{3})+)(?:[.,](\d{1,2}))?$/);
    if (!grouped) return NaN;
    return Number(grouped[1].replace(/[.,']/g, "")) * 100 + Number((grouped[2] || "0").padEnd(2, "0"));
  }
  return Number(m[1]) * 100 + Number((m[2] || "0").padEnd(2, "0"));
}

/** An amount as the amount box shows it: "12,50" (fr, it) or "12.50" (en); chips as digits. */
export function formatBox(value, unit) {
  if (unit === "chips") return String(value);
  const text = (value / 100).toFixed(2);
  return lang() === "en" ? text : text.replace(".", ",");
}

function key(letter) {
  return h("kbd", { "aria-hidden": "true" }, letter);
}

/** The bar for a player whose turn it is. ctx: {unit, pot, send(action, amount)}.
 * Returns {el, fold(), checkOrCall(), raise(), focusAmount()} for the keyboard. */
export function renderActions(legal, ctx) {
  const { unit, send } = ctx;
  const buttons = [];
  const api = { el: null, fold: null, checkOrCall: null, raise: null, focusAmount: null };
  if (legal.show || legal.muck) {
    if (legal.show) buttons.push(h("button", { type: "button", class: "show", "data-action": "show", onclick: () => send("show") }, t("act.show")));
    if (legal.muck) buttons.push(h("button", { type: "button", class: "muck", "data-action": "muck", onclick: () => send("muck") }, t("act.muck")));
    api.el = h("div", { class: "main-buttons" }, buttons);
    api.checkOrCall = () => legal.show && send("show");
    api.fold = () => legal.muck && send("muck");
    return api;
  }
  if (legal.fold && (legal.call != null || legal.facing_bet)) {
    const b = h("button", { type: "button", class: "fold", "data-action": "fold", "aria-keyshortcuts": "f", onclick: () => send("fold") }, t("act.fold"), " ", key("f"));
    buttons.push(b);
    api.fold = () => send("fold");
  } else if (legal.fold) {
    // Folding when checking is free is allowed but offered second, not as the first button.
    api.fold = () => send("fold");
  }
  if (legal.check) {
    buttons.push(h("button", { type: "button", class: "check", "data-action": "check", "aria-keyshortcuts": "c", onclick: () => send("check") }, t("act.check"), " ", key("c")));
    api.checkOrCall = () => send("check");
  } else if (legal.call != null) {
    const allIn = legal.call >= legal.stack;
    const label = allIn ? t("act.all_in", { amount: amount(legal.call, unit) }) : t("act.call", { amount: amount(legal.call, unit) });
    buttons.push(h("button", { type: "button", class: "call", "data-action": "call", "aria-keyshortcuts": "c", onclick: () => send("call") }, label, " ", key("c")));
    api.checkOrCall = () => send("call");
  }
  const range = sizes(legal, ctx.pot);
  let sizing = null;
  if (range) {
    const verb = legal.facing_bet ? "raise" : "bet";
    const labelKey = legal.facing_bet ? "act.raise" : "act.bet";
    let value = range.min;
    const raiseButton = h("button", { type: "button", class: verb, "data-action": verb, "aria-keyshortcuts": "r" });
    const boxId = newId("amount");
    const helpId = `${boxId}-help`;
    const box = h("input", {
      id: boxId,
      type: "text",
      inputmode: "decimal",
      autocomplete: "off",
      "aria-describedby": helpId,
      "aria-keyshortcuts": "a",
      value: formatBox(value, unit),
      class: "amount-box",
    });
    const slider = h("input", {
      type: "range",
      min: String(range.min),
      max: String(range.max),
      step: unit === "chips" ? "1" : "1",
      value: String(value),
      "aria-label": t("act.slider"),
      "aria-valuetext": amount(value, unit),
      class: "amount-slider",
    });
    const problem = h("span", { class: "error", role: "alert", hidden: true });
    const setValue = (v, from) => {
      value = v;
      if (from !== "box") box.value = formatBox(v, unit);
      if (from !== "slider") slider.value = String(v);
      slider.setAttribute("aria-valuetext", amount(v, unit));
      const allIn = legal.all_in != null && v >= legal.all_in;
      raiseButton.replaceChildren(allIn ? t("act.all_in", { amount: amount(v, unit) }) : t(labelKey, { amount: amount(v, unit) }), " ", key("r"));
      problem.hidden = true;
      box.removeAttribute("aria-invalid");
    };
    setValue(value);
    slider.addEventListener("input", () => setValue(Number(slider.value), "slider"));
    box.addEventListener("input", () => {
      const v = parseAmount(box.value, unit);
      if (Number.isFinite(v) && v >= range.min && v <= range.max) setValue(v, "box");
    });
    const submit = () => {
      const typed = parseAmount(box.value, unit);
      if (!Number.isFinite(typed) || typed < range.min || typed > range.max) {
        problem.textContent = t("act.bad_amount", { min: amount(range.min, unit), max: amount(range.max, unit) });
        problem.hidden = false;
        box.setAttribute("aria-invalid", "true");
        box.focus();
        return;
      }
      setValue(typed);
      if (legal.all_in != null && typed >= legal.all_in) send("all_in");
      else send(verb, typed);
    };
    raiseButton.addEventListener("click", submit);
    box.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        submit();
      }
    });
    buttons.push(raiseButton);
    api.raise = submit;
    api.focusAmount = () => {
      box.focus();
      box.select();
    };
    const presets = [];
    const preset = (labelText, v, name) =>
      h("button", { type: "button", "data-size": name, onclick: () => setValue(v), "aria-label": `${labelText}: ${amount(v, unit)}` }, labelText);
    if (range.max > range.min) {
      presets.push(preset(t("act.min"), range.min, "min"));
      if (range.half != null) presets.push(preset(t("act.half_pot"), range.half, "half"));
      if (range.pot != null) presets.push(preset(t("act.pot"), range.pot, "pot"));
      presets.push(preset(legal.all_in != null && range.max >= legal.all_in ? t("act.max") : t("act.pot"), range.max, "max"));
      sizing = h(
        "div",
        { class: "sizing" },
        h("div", { class: "presets", role: "group", "aria-label": t("act.slider") }, presets),
        slider,
        h(
          "div",
          { class: "amount" },
          h("label", { for: boxId }, t("act.amount"), " ", key("a")),
          box,
          h("span", { id: helpId, class: "hint" }, t("act.amount_help", { min: amount(range.min, unit), max: amount(range.max, unit) })),
        ),
        problem,
      );
    }
  } else if (legal.all_in != null && legal.call != null && legal.all_in > (legal.bet || 0) + legal.call) {
    buttons.push(h("button", { type: "button", class: "allin", "data-action": "all_in", onclick: () => send("all_in") }, t("act.all_in", { amount: amount(legal.all_in, unit) })));
  }
  if (legal.fold && legal.check) {
    buttons.push(h("button", { type: "button", class: "fold", "data-action": "fold", "aria-keyshortcuts": "f", onclick: () => send("fold") }, t("act.fold"), " ", key("f")));
  }
  const notes = [];
  if (!range && legal.why_no_raise) notes.push(h("p", { class: "hint why" }, t("act.no_raise", { why: legal.why_no_raise })));
  api.el = h("div", { class: "bar-body" }, h("div", { class: "main-buttons" }, buttons), sizing, notes, h("p", { class: "hint keys" }, t("act.keys")));
  return api;
}

/** What the pre-action chosen before one's turn does now, or null when it is dropped:
 * check/fold checks when free and folds otherwise; check and call N hold only while the bet
 * faced is the one they were chosen against; call any calls whatever is bet (or checks). */
export function preActionMove(pre, legal) {
  if (!pre) return null;
  const toCall = legal.call || 0;
  if (pre.kind === "check_fold") return legal.check ? "check" : "fold";
  if (pre.kind === "call_any") return legal.check ? "check" : legal.call != null ? "call" : null;
  if (pre.kind === "check") return legal.check ? "check" : null;
  if (pre.kind === "call") return legal.call != null && toCall === pre.amount ? "call" : null;
  return null;
}

/** The amount the viewer faces now (from the public seats): the biggest bet less his own,
 * at most his stack. */
export function facing(seats, mySeat) {
  const me = seats.find((s) => s.seat === mySeat);
  if (!me) return 0;
  const top = Math.max(0, ...seats.map((s) => s.bet || 0));
  return Math.max(0, Math.min(top - (me.bet || 0), me.stack));
}

/** The pre-action choices for a player in the hand who is not to act. ctx: {unit, toCall,
 * chosen, choose(pre or null)}. */
export function renderPreActions(ctx) {
  const { unit, toCall, chosen, choose } = ctx;
  const options = [{ kind: "check_fold", label: t("act.pre_check_fold") }];
  if (toCall === 0) options.push({ kind: "check", label: t("act.pre_check"), amount: 0 });
  else options.push({ kind: "call", label: t("act.call", { amount: amount(toCall, unit) }), amount: toCall });
  options.push({ kind: "call_any", label: t("act.pre_call_any") });
  return h(
    "fieldset",
    { class: "pre" },
    h("legend", { class: "hint" }, t("act.pre")),
    options.map((o) => {
      const id = newId(`pre-${o.kind}`);
      const input = h("input", {
        type: "checkbox",
        id,
        "data-pre": o.kind,
        checked: chosen && chosen.kind === o.kind,
        onchange: (event) => choose(event.target.checked ? { kind: o.kind, amount: o.amount ?? null } : null),
      });
      return h("label", { for: id }, input, o.label);
    }),
  );
}
