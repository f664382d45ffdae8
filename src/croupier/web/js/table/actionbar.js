// The action bar, from the legal actions the server sends (its `to_act.legal`): one fixed
// layout (Fold left, Check or Call middle, Bet or Raise right), the sizing with presets that
// fit the street and the game, amounts snapped to the table's unit, show or muck at the
// showdown. And the pre-actions offered before one's
// turn (check/fold, check or call N, call any), which the next turn honours or drops.
import { h, newId } from "../dom.js";
import { amount, lang, t } from "../i18n.js";

/** The table's betting unit: amounts snap to it (the small blind, at a cash table in cents,
 * in a tournament in chips), at least 1. */
export function stepOf(info) {
  const sb = Number(info?.small_blind) || 0;
  return sb > 0 ? sb : 1;
}

/** `v` snapped to a multiple of `step` within [min, max] (min and max themselves stay: an
 * all-in or a minimum raise need not be on the grid). */
export function snap(v, step, min, max) {
  const near = Math.round(v / step) * step;
  return Math.max(min, Math.min(max, near));
}

/** The sizes offered for a bet or raise, fitting the street and the game: 2.5×, 3× and pot
 * before the flop; ⅓, ½, ⅔, ¾ and pot after it; the maximum (all-in, or pot-limit's pot).
 * Each is [name, value] within the legal range, snapped to the step, none twice. Returns
 * {min, max, presets} or null when no bet or raise is open; fixed-limit has min == max.
 * pot: the chips in the middle and in front of the players; a raise of a fraction f of the
 * pot is to the bet faced plus f times the pot after calling. */
export function sizes(legal, pot, { street = "flop", step = 1, version = "no-limit", bigBlind = 0 } = {}) {
  if (legal.min_raise_to == null) return null;
  const min = legal.min_raise_to;
  const max = legal.max_raise_to ?? min;
  const call = legal.call || 0;
  const level = (legal.bet || 0) + call;
  const after = pot + call;
  const out = [["min", min]];
  const add = (name, raw) => {
    const v = snap(raw, step, min, max);
    if (v > min && v < max && !out.some(([, x]) => x === v)) out.push([name, v]);
  };
  if (version !== "fixed-limit") {
    if (street === "preflop") {
      const base = Math.max(level, bigBlind);
      add("x2.5", base * 2.5);
      add("x3", base * 3);
    } else {
      add("third", level + after / 3);
      add("half", level + after / 2);
      add("two_thirds", level + (after * 2) / 3);
      add("three_quarters", level + (after * 3) / 4);
    }
    if (version !== "pot-limit") add("pot", level + after);
  }
  if (max > min) out.push(["max", max]);
  return { min, max, presets: out };
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

const PRESET_LABEL = {
  min: "act.min",
  "x2.5": "act.x2_5",
  x3: "act.x3",
  third: "act.third_pot",
  half: "act.half_pot",
  two_thirds: "act.two_thirds_pot",
  three_quarters: "act.three_quarters_pot",
  pot: "act.pot",
};

/** The bar for a player whose turn it is: always three places, Fold on the left, Check or
 * Call in the middle, Bet or Raise (or All-in) on the right, a place left empty (greyed)
 * when its action is not open; the sizing below. ctx: {unit, pot, step, street, version,
 * bigBlind, foldWhenFree: "ask" | "off", send(action, amount)}.
 * Returns {el, fold(), checkOrCall(), raise(), focusAmount(), focusMain()} for the keyboard. */
export function renderActions(legal, ctx) {
  const { unit, send } = ctx;
  const api = { el: null, fold: null, checkOrCall: null, raise: null, focusAmount: null, focusMain: null };
  if (legal.show || legal.muck) {
    const buttons = [];
    if (legal.muck) buttons.push(h("button", { type: "button", class: "muck slot-left", "data-action": "muck", onclick: () => send("muck") }, t("act.muck")));
    if (legal.show) buttons.push(h("button", { type: "button", class: "show slot-mid", "data-action": "show", onclick: () => send("show") }, t("act.show")));
    api.el = h("div", { class: "bar-body" }, h("div", { class: "main-buttons" }, buttons));
    api.checkOrCall = () => legal.show && send("show");
    api.fold = () => legal.muck && send("muck");
    api.focusMain = () => (api.el.querySelector(".show") || api.el.querySelector("button"))?.focus();
    return api;
  }
  // Left: Fold. When checking is free it asks once ("Fold anyway?") or is greyed (a setting).
  const free = Boolean(legal.check);
  const foldOff = !legal.fold || (free && ctx.foldWhenFree === "off");
  const foldButton = h("button", { type: "button", class: "fold slot-left", "data-action": "fold", "aria-keyshortcuts": "f", disabled: foldOff }, t("act.fold"), " ", key("f"));
  let asked = false;
  const fold = () => {
    if (foldOff) return;
    if (free && !asked) {
      asked = true;
      foldButton.classList.add("asking");
      foldButton.setAttribute("data-confirm", "1");
      foldButton.replaceChildren(t("act.fold_free"), " ", key("f"));
      foldButton.focus();
      return;
    }
    send("fold");
  };
  foldButton.addEventListener("click", fold);
  if (!foldOff) api.fold = fold;
  // Middle: Check or Call.
  let midButton;
  if (legal.check) {
    midButton = h("button", { type: "button", class: "check slot-mid", "data-action": "check", "aria-keyshortcuts": "c", onclick: () => send("check") }, t("act.check"), " ", key("c"));
    api.checkOrCall = () => send("check");
  } else if (legal.call != null) {
    const allIn = legal.call >= legal.stack;
    const label = allIn ? t("act.all_in", { amount: amount(legal.call, unit) }) : t("act.call", { amount: amount(legal.call, unit) });
    midButton = h("button", { type: "button", class: "call slot-mid", "data-action": "call", "aria-keyshortcuts": "c", onclick: () => send("call") }, label, " ", key("c"));
    api.checkOrCall = () => send("call");
  } else {
    midButton = h("button", { type: "button", class: "check slot-mid", disabled: true, "aria-hidden": "true", tabindex: "-1" }, t("act.check"));
  }
  // Right: Bet or Raise with its sizing, or All-in when only that is left.
  const step = ctx.step || 1;
  const range = sizes(legal, ctx.pot, { street: ctx.street, step, version: ctx.version, bigBlind: ctx.bigBlind });
  let rightButton;
  let sizing = null;
  if (range) {
    const verb = legal.facing_bet ? "raise" : "bet";
    const labelKey = legal.facing_bet ? "act.raise" : "act.bet";
    let value = range.min;
    rightButton = h("button", { type: "button", class: `${verb} slot-right`, "data-action": verb, "aria-keyshortcuts": "r" });
    const boxId = newId("amount");
    const helpId = `${boxId}-help`;
    const box = h("input", {
      id: boxId,
      type: "text",
      inputmode: unit === "chips" ? "numeric" : "decimal",
      autocomplete: "off",
      "aria-describedby": helpId,
      "aria-keyshortcuts": "a",
      value: formatBox(value, unit),
      class: "amount-box",
    });
    // The slider moves in steps of the table's unit from the minimum; its last step is the
    // maximum itself (an all-in need not be on the grid).
    const slots = Math.max(1, Math.ceil((range.max - range.min) / step));
    const slider = h("input", {
      type: "range",
      min: "0",
      max: String(slots),
      step: "1",
      value: "0",
      "aria-label": t("act.slider"),
      "aria-valuetext": amount(value, unit),
      class: "amount-slider",
    });
    const fromSlot = (k) => (k >= slots ? range.max : snap(range.min + k * step, step, range.min, range.max));
    const toSlot = (v) => (v >= range.max ? slots : Math.max(0, Math.round((v - range.min) / step)));
    const problem = h("span", { class: "error", role: "alert", hidden: true });
    const setValue = (v, from) => {
      value = v;
      if (from !== "box") box.value = formatBox(v, unit);
      if (from !== "slider") slider.value = String(toSlot(v));
      slider.setAttribute("aria-valuetext", amount(v, unit));
      const allIn = legal.all_in != null && v >= legal.all_in;
      rightButton.replaceChildren(allIn ? t("act.all_in", { amount: amount(v, unit) }) : t(labelKey, { amount: amount(v, unit) }), " ", key("r"));
      rightButton.dataset.amount = String(v);
      problem.hidden = true;
      box.removeAttribute("aria-invalid");
    };
    setValue(value);
    const stepBy = (k) => {
      const typed = parseAmount(box.value, unit);
      const from = Number.isFinite(typed) ? Math.max(range.min, Math.min(range.max, typed)) : value;
      let next;
      if (k > 0) next = from >= range.max ? range.max : snap(Math.floor(from / step) * step + step, step, range.min, range.max);
      else next = from <= range.min ? range.min : snap(Math.ceil(from / step) * step - step, step, range.min, range.max);
      setValue(next);
    };
    slider.addEventListener("input", () => setValue(fromSlot(Number(slider.value)), "slider"));
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
    rightButton.addEventListener("click", submit);
    box.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        submit();
      } else if (event.key === "ArrowUp" || event.key === "ArrowDown") {
        event.preventDefault();
        stepBy(event.key === "ArrowUp" ? 1 : -1);
      }
    });
    const wheel = (event) => {
      event.preventDefault();
      stepBy(event.deltaY < 0 ? 1 : -1);
    };
    box.addEventListener("wheel", wheel, { passive: false });
    slider.addEventListener("wheel", wheel, { passive: false });
    api.raise = submit;
    api.focusAmount = () => {
      box.focus();
      box.select();
    };
    api.stepBy = stepBy;
    if (range.max > range.min) {
      const preset = ([name, v]) => {
        const labelText = name === "max" ? (legal.all_in != null && range.max >= legal.all_in ? t("act.max") : t("act.pot")) : t(PRESET_LABEL[name]);
        return h("button", { type: "button", "data-size": name, "data-amount": String(v), onclick: () => setValue(v), "aria-label": `${labelText}: ${amount(v, unit)}` }, labelText);
      };
      sizing = h(
        "div",
        { class: "sizing" },
        h("div", { class: "presets", role: "group", "aria-label": t("act.slider") }, range.presets.map(preset)),
        h(
          "div",
          { class: "amount" },
          slider,
          h("label", { for: boxId, class: "sr-only" }, t("act.amount")),
          box,
          h("span", { id: helpId, class: "sr-only" }, t("act.amount_help", { min: amount(range.min, unit), max: amount(range.max, unit) })),
        ),
        problem,
      );
    }
  } else if (legal.all_in != null && legal.call != null && legal.all_in > (legal.bet || 0) + legal.call) {
    rightButton = h("button", { type: "button", class: "allin slot-right", "data-action": "all_in", "aria-keyshortcuts": "r", onclick: () => send("all_in") }, t("act.all_in", { amount: amount(legal.all_in, unit) }), " ", key("r"));
    api.raise = () => send("all_in");
  } else {
    rightButton = h("button", { type: "button", class: "raise slot-right", disabled: true, "aria-hidden": "true", tabindex: "-1" }, t("act.raise_none"));
  }
  const notes = [];
  if (!range && legal.why_no_raise) notes.push(h("p", { class: "hint why" }, t("act.no_raise", { why: legal.why_no_raise })));
  api.el = h("div", { class: "bar-body" }, h("div", { class: "main-buttons" }, foldButton, midButton, rightButton), sizing, notes, h("p", { class: "sr-only keys" }, t("act.keys")));
  api.focusMain = () => {
    const target = [midButton, rightButton].find((b) => b && !b.disabled);
    if (target) target.focus();
  };
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
