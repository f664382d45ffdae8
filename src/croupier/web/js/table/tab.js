// One open table: the view built from its frames, and its page (the felt, the action bar,
// the seat's controls, the panels). Frames: "table" (a fresh view), "update" (new events and
// the new state), "you" (the player's own part after a reconnection), "chat".
import { cardEl, cardsName } from "../cards.js";
import { h, newId, replace } from "../dom.js";
import { amount, money, t } from "../i18n.js";
import { getPrefs } from "../prefs.js";
import { setBalance } from "../session.js";
import * as sound from "../sound.js";
import { connection } from "../ws.js";
import { facing, formatBox, parseAmount, preActionMove, renderActions, renderPreActions, stepOf } from "./actionbar.js";
import { tournamentPanel, tournamentTableTitle } from "../tournaments/strip.js";
import { historyEl, historyText } from "./history.js";
import { me } from "../session.js";
import { eventLine, infoPanel, ita50Panel, logPanel, namesOf } from "./panels.js";
import { sizeOf } from "./sizes.js";
import { chipStack, displayOf, potTotal, renderFelt } from "./view.js";
import { TableNotices } from "./notices.js";
import { showdownEl, syncMuckLosing } from "./showdown.js";
import { bustedEl } from "./busted.js";
import { handFileName, saveFile } from "../download.js";
import { me as session } from "../session.js";

const NARROW = window.matchMedia("(max-width: 699px)");
const HISTORY_KEPT = 10;

function errorText(error) {
  const key = `err.${error.code}`;
  const known = ["not_seated", "not_your_turn", "stale", "rate_limited", "unauthenticated", "unavailable"];
  return known.includes(error.code) ? `${t(key)} ${error.message}` : error.message;
}

export class TableTab {
  constructor(name, { onChange }) {
    this.name = name;
    this.onChange = onChange;
    this.view = { table: name, seq: null, hand: null, events: [], info: null, state: null, you: null };
    this.receivedAt = Date.now();
    this.lines = [];
    this.toSay = []; // the lines of this update, for the screen readers (announce)
    this.chat = [];
    this.finished = [];
    this.pre = null;
    this.actionKey = "";
    this.actions = null;
    this.seatKey = "";
    this.sending = false;
    this.missing = false;
    this.notices = new TableNotices(name); // the floor's decisions here (notices.js)
    this.busted = null; // a tournament's `busted` frame for this table (busted.js)
    // What the player typed or chose in the seat panel (buy-in, "post now", rebuy), kept
    // across every redraw until it is used: an update never overwrites it.
    this.drafts = {};
    this.root = h("section", { class: "table-page", "data-table": name, "aria-label": t("table.title", { name }) });
    this.build();
  }

  // ------------------------------------------------------------------ frames
  /** Ask the server for the table (a fresh view, or what was missed since the last frame). */
  watch() {
    if (this.view.size == null) {
      sizeOf(this.name).then((size) => {
        if (size) {
          this.view.size = size;
          this.render(true);
        }
      }, () => {});
    }
    const since = this.view.seq;
    return connection.send("watch", since == null ? { table: this.name } : { table: this.name, since }).catch((error) => {
      if (since != null && error.code === "bad_message") {
        // A sequence number the server does not take back: ask for a fresh view instead.
        this.view.seq = null;
        return this.watch();
      }
      if (error.code === "not_found") {
        this.missing = true;
        this.render();
      }
    });
  }

  /** Apply one frame of this table's stream. */
  apply(frame) {
    const v = this.view;
    if (frame.type === "notice" || frame.type === "busted") {
      if (frame.type === "busted") this.busted = frame;
      else this.notices.add(frame);
      this.render();
      return;
    }
    if (frame.type === "table") {
      this.notices.load(frame.notices);
      this.view = { size: this.view.size, table: this.name, seq: frame.seq, hand: frame.hand, events: frame.events || [], info: frame.info, state: frame.state, you: frame.you ?? null };
      this.lines = this.linesOf(this.view.events);
      if (this.view.events.some((e) => e.type === "ended" || e.type === "voided")) this.addFinished(frame.hand);
    } else if (frame.type === "update") {
      if (v.seq != null && frame.seq <= v.seq) return;
      const events = frame.events || [];
      const start = events.map((e) => e.type).lastIndexOf("started");
      const before = start < 0 ? events : events.slice(0, start);
      const shownHand = start < 0 ? frame.hand ?? v.hand : v.hand;
      for (const e of before) this.logEvent(e, v.events);
      v.events = v.events.concat(before);
      if (before.some((e) => e.type === "ended" || e.type === "voided")) this.addFinished(shownHand);
      if (start >= 0) {
        v.events = events.slice(start);
        this.lines = [t("log.started", { n: frame.hand })];
        this.toSay.push(this.lines[0]);
        for (const e of v.events.slice(1)) this.logEvent(e, v.events);
        this.pre = null;
      }
      v.seq = frame.seq;
      v.hand = frame.hand ?? v.hand;
      v.state = frame.state;
      v.info = frame.info || v.info;
      if ("you" in frame) v.you = frame.you;
      // No longer seated (busted out of a tournament, gone from the table): the public frames
      // have no `you`; his part of the hands before is not his part of this one.
      else if (v.you && !(frame.state?.seats || []).some((x) => x.player === v.you.player)) v.you = null;
    } else if (frame.type === "you") {
      v.you = frame.you;
      if (frame.seq != null) v.seq = Math.max(v.seq ?? 0, frame.seq);
    } else if (frame.type === "chat") {
      this.chat.push({ player: frame.player, text: frame.text, at: frame.at });
      this.chat = this.chat.slice(-100);
      if (frame.seq != null) v.seq = Math.max(v.seq ?? 0, frame.seq);
      this.renderChat();
      return;
    }
    if (this.view.you && this.view.you.balance != null) setBalance(this.view.you.balance);
    if (this.pendingRebuy && this.view.state && this.view.state.hand == null) {
      const value = this.pendingRebuy;
      this.pendingRebuy = null;
      this.rebuy(value);
    }
    this.receivedAt = Date.now();
    this.missing = false;
    this.render();
    this.announce(frame.type === "update");
  }

  /** Tell screen readers what this update brought: the actions, the board, the results in
   * words, and "Your turn" when the turn comes to the player (a fresh view says nothing:
   * its log is on the page). */
  announce(fresh) {
    const said = fresh ? this.toSay.slice(-8) : [];
    this.toSay = [];
    const d = displayOf(this.view);
    const mine = d.turn && d.me != null && d.turn.seat === d.me ? `${d.hand}|${(this.view.events || []).length}` : null;
    if (mine && mine !== this.turnSaid) said.push(t("table.your_turn"));
    this.turnSaid = mine;
    if (said.length) this.sayEl.textContent = said.map((l) => l.replace(/[.\s]+$/, "")).join(". ") + ".";
  }

  /** The log told again in the page's language (after the player changed it). */
  relog() {
    this.lines = this.linesOf(this.view.events || []);
  }

  linesOf(events) {
    const names = namesOf(events, this.view.state?.seats);
    const unit = this.unit();
    return events.map((e) => eventLine(e, names, unit)).filter(Boolean);
  }

  logEvent(e, events) {
    sound.forEvent(e);
    const line = eventLine(e, namesOf(events.concat([e]), this.view.state?.seats), this.unit());
    if (line) {
      this.lines.push(line);
      this.toSay.push(line);
    }
    this.lines = this.lines.slice(-200);
  }

  addFinished(number) {
    if (number == null || this.finished.includes(number)) return;
    this.finished.unshift(number);
    this.finished = this.finished.slice(0, HISTORY_KEPT);
  }

  unit() {
    return this.view.info?.unit === "chips" ? "chips" : "cents";
  }

  /** Whether it is this player's turn here (for the tabs' marker). */
  myTurn() {
    const d = this.view.state ? displayOf(this.view) : null;
    return Boolean(d && d.turn && d.me != null && d.turn.seat === d.me);
  }

  // ----------------------------------------------------------------- commands
  async send(type, fields = {}, { quiet = false } = {}) {
    try {
      const result = await connection.send(type, { table: this.name, ...fields });
      if (result && result.balance != null) setBalance(result.balance);
      return result;
    } catch (error) {
      if (!quiet) this.note(t("act.refused", { message: errorText(error) }), "error");
      throw error;
    }
  }

  act(action, value) {
    const d = displayOf(this.view);
    if (d.hand == null || this.sending) return;
    const fields = { hand: d.hand, action };
    if (value != null && (action === "bet" || action === "raise")) fields.amount = value;
    this.sending = true;
    // The next turn gets a fresh bar, even with the same legal actions as this one.
    this.actionKey = "";
    // The keyboard stays on the action bar: after the action, and at the next turn.
    if (this.barEl.contains(document.activeElement)) this.barEl.focus({ preventScroll: true });
    this.send("act", fields)
      .catch(() => {})
      .finally(() => {
        this.sending = false;
      });
  }

  // ------------------------------------------------------------------- page
  build() {
    this.headEl = h("div", { class: "table-head" });
    this.feltBox = h("div", { class: "felt-box" });
    this.myCardsEl = h("div", { class: "my-cards", "aria-live": "polite" });
    // Whose turn it is, on screen; screen readers hear it from the announcer (sayEl), with
    // the actions and the results, once each.
    this.turnEl = h("p", { class: "turn-line", "aria-live": "off" });
    this.bankEl = h("div", { class: "bank-line" });
    this.sayEl = h("p", { class: "sr-only table-say", role: "log", "aria-live": "polite", "aria-atomic": "true" });
    this.actionsEl = h("div", { class: "bar-slot" });
    this.askEl = h("div", { class: "ask" });
    this.noteEl = h("div", { class: "table-note", role: "status", "aria-live": "polite" });
    this.barEl = h("section", { class: "actions", "aria-label": t("act.bar"), tabindex: "-1" }, this.turnEl, this.bankEl, this.notices.banner, this.noteEl, this.actionsEl, this.askEl, (this.showdownSlot = h("div", { class: "showdown-slot" })), (this.bustedSlot = h("div", { class: "busted-slot" })));
    this.seatEl = h("section", { class: "panel seat-panel" });
    this.ita50El = h("div");
    this.infoEl = h("div");
    this.historyEl = h("section", { class: "panel history" });
    this.chatList = h("ul", { class: "chat-lines", "aria-live": "polite" });
    const chatId = newId("chat");
    this.chatInput = h("input", { type: "text", id: chatId, maxlength: 200, autocomplete: "off" });
    this.chatLabel = h("label", { for: chatId, class: "sr-only" });
    this.chatButton = h("button", { type: "submit" });
    this.chatTitle = h("h2", {});
    const chatForm = h("form", { class: "chat-form" }, this.chatLabel, this.chatInput, this.chatButton);
    chatForm.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.chatInput.value.trim();
      if (!text) return;
      this.send("chat", { text }).then(() => {
        this.chatInput.value = "";
      }, () => {});
    });
    this.chatEl = h("section", { class: "panel chat" }, this.chatTitle, this.chatList, chatForm);
    this.logEl = h("div");
    this.barMain = h("div", { class: "table-main bar-main" }, h("div", { class: "bar-row" }, this.myCardsEl, this.barEl));
    this.root.append(
      h("div", { class: "table-main" }, this.headEl, this.feltBox, this.sayEl),
      this.barMain,
      h("div", { class: "side" }, this.seatEl, this.ita50El, this.infoEl, this.notices.panel, this.historyEl, this.chatEl, this.logEl),
    );
    NARROW.addEventListener("change", () => this.render());
    // The felt takes the height the window leaves: below the header and the tabs
    // (--table-top), above the action bar (--bar-h), measured as they change.
    if (window.ResizeObserver) {
      new ResizeObserver(() => this.fit()).observe(this.barMain);
    }
    window.addEventListener("resize", () => this.fit());
  }

  /** Size the felt to the window (the CSS reads --table-top and --bar-h). */
  fit() {
    if (!this.root.isConnected) return;
    const top = this.root.getBoundingClientRect().top + window.scrollY;
    this.root.style.setProperty("--table-top", `${Math.round(top)}px`);
    const beside = getComputedStyle(this.barMain).gridColumnStart === "2";
    this.root.style.setProperty("--bar-h", beside ? "0px" : `${Math.ceil(this.barMain.getBoundingClientRect().height)}px`);
  }

  /** Draw everything again (a frame came, or the language changed). */
  render(force = false) {
    if (force) {
      this.actionKey = "";
      this.seatKey = "";
    }
    this.root.setAttribute("aria-label", t("table.title", { name: this.name }));
    if (this.missing) {
      replace(this.headEl, h("h1", {}, t("table.title", { name: this.name })), h("p", { class: "error" }, t("table.not_found", { name: this.name })));
      return;
    }
    if (!this.view.state) {
      replace(this.headEl, h("h1", {}, t("table.title", { name: this.name })), h("p", { class: "muted" }, t("common.loading")));
      return;
    }
    const d = displayOf(this.view);
    const info = this.view.info || {};
    replace(
      this.headEl,
      h("h1", {}, info.tournament ? tournamentTableTitle(info.tournament, this.name) : t("table.title", { name: this.name })),
      h("span", { class: "muted" }, [info.game, info.version, info.stakes].filter(Boolean).join(" · ")),
      d.me == null ? h("span", { class: "muted" }, t("table.spectating")) : null,
    );
    this.drawFelt(d);
    replace(
      this.myCardsEl,
      d.myCards && d.myCards.length
        ? [h("span", { class: "muted" }, `${t("table.your_cards")}: `), h("span", { class: "cards", role: "group", "aria-label": `${t("table.your_cards")}: ${cardsName(d.myCards)}` }, d.myCards.map((c) => cardEl(c)))]
        : [],
    );
    this.renderTurn(d);
    this.notices.render(this.view.you?.player ?? session().user?.screen_name ?? null);
    replace(this.showdownSlot, showdownEl(this, d));
    replace(this.bustedSlot, bustedEl(this));
    syncMuckLosing(this);
    this.root.classList.toggle("my-turn", Boolean(d.turn && d.me != null && d.turn.seat === d.me));
    this.renderSeatPanel(d);
    replace(this.ita50El, ita50Panel(d, d.turn && d.turn.seat === d.me ? d.turn.legal : null));
    replace(this.infoEl, infoPanel(info, this.name, this.view.size));
    this.renderHistory();
    this.renderChat();
    replace(this.logEl, logPanel(this.lines.slice(-60), this.name));
    this.fit();
    this.onChange(this);
  }

  /** Draw the felt again, with its movement: the board's new cards turn over, the bets of a
   * street that ended go to the pot, the pot goes to its winners (none of it when the
   * player's settings or system ask for no animation: the page's no-animations class). */
  drawFelt(d) {
    const seen = this.boardSeen && this.boardSeen.hand === d.hand ? this.boardSeen.cards : new Set();
    const fresh = new Set(d.board.filter((c) => !seen.has(c)));
    if (!this.boardSeen || this.boardSeen.hand !== d.hand) fresh.clear(); // a view opened mid-hand
    this.boardSeen = { hand: d.hand, cards: new Set(d.board) };
    const moving = !document.documentElement.classList.contains("no-animations");
    const dealing = this.dealtNow(d, moving);
    const old = this.feltBox.querySelector(".felt-wrap");
    const leaving = old ? [...old.querySelectorAll(".bet-chip")].filter((el) => !d.seats.some((s) => String(s.seat) === el.dataset.betSeat && s.bet)) : [];
    const felt = renderFelt(this.view, { receivedAt: this.receivedAt, narrow: NARROW.matches, fresh, dealing });
    replace(this.feltBox, felt);
    if (moving && leaving.length) {
      for (const chip of leaving) {
        chip.removeAttribute("role");
        chip.setAttribute("aria-hidden", "true");
        chip.classList.add("gone");
        felt.append(chip);
      }
      requestAnimationFrame(() => requestAnimationFrame(() => leaving.forEach((c) => c.classList.add("to-pot"))));
      setTimeout(() => leaving.forEach((c) => c.remove()), 900);
    }
    const wonKey = Object.keys(d.won).length ? `${d.hand}` : null;
    if (wonKey && this.wonShown !== wonKey) {
      this.wonShown = wonKey;
      if (moving) {
        for (const seat of Object.keys(d.won)) {
          const box = felt.querySelector(`.seat[data-seat="${seat}"]`);
          if (!box) continue;
          const push = h("span", { class: "win-chips", "aria-hidden": "true", "data-win-seat": seat, style: { left: box.style.left, top: box.style.top } }, chipStack(5, 1));
          felt.append(push);
          setTimeout(() => push.remove(), 1500);
        }
      }
    }
  }

  /** The seats dealt in since the last drawing, each with its place in the deal (from the
   * seat after the button): their cards fly in. None for a view opened mid-hand, and none
   * at all when the player or the system asks for no animation. */
  dealtNow(d, moving) {
    const holding = d.hand == null ? [] : d.seats.filter((s) => s.dealt_in && !s.folded && !s.mucked).map((s) => s.seat);
    const first = this.dealtSeen === undefined;
    const seen = this.dealtSeen && this.dealtSeen.hand === d.hand ? this.dealtSeen.seats : new Set();
    this.dealtSeen = { hand: d.hand, seats: new Set([...seen, ...holding]) };
    const dealing = new Map();
    if (first || !moving) return dealing;
    const fresh = holding.filter((seat) => !seen.has(seat));
    const after = (seat) => (seat - (d.button ?? 0) + 100 * d.maxSeats) % d.maxSeats;
    fresh.sort((a, b) => after(a) - after(b)).forEach((seat, i) => dealing.set(seat, i));
    return dealing;
  }

  renderTurn(d) {
    const mine = d.turn && d.me != null && d.turn.seat === d.me;
    const who = d.turn ? d.seats.find((s) => s.seat === d.turn.seat)?.player : null;
    if (mine) this.turnEl.textContent = t("table.your_turn");
    else if (d.turn && who) this.turnEl.textContent = t("table.their_turn", { name: who });
    else if (d.phase === "ended" || d.phase === "voided") this.turnEl.textContent = t(d.phase === "voided" ? "nt.phase_voided" : "table.phase.ended");
    else this.turnEl.textContent = d.hand == null ? t("table.waiting_hand") : "";
    this.renderBank(mine ? d.turn.clock : null);
    const legal = mine ? d.turn.legal : null;
    const key = mine ? `${d.hand}|${(this.view.events || []).length}|${JSON.stringify(legal)}|${this.unit()}` : `pre|${d.hand}|${d.me}|${facing(d.seats, d.me)}|${Boolean(this.pre)}|${d.phase}`;
    if (key !== this.actionKey) {
      const wasMine = this.actionKey.startsWith(`${d.hand}|`);
      this.actionKey = key;
      if (mine) {
        if (this.tryPreAction(legal)) return;
        const info = this.view.info || {};
        this.actions = renderActions(legal, {
          unit: this.unit(),
          pot: potTotal(d),
          step: stepOf(info),
          street: d.street,
          version: info.version,
          bigBlind: info.big_blind || 0,
          foldWhenFree: getPrefs().greyFreeFold ? "off" : "ask",
          send: (action, value) => this.act(action, value),
        });
        replace(this.actionsEl, this.actions.el);
        if (!wasMine) sound.yourTurn();
        this.focusBar();
      } else {
        this.actions = null;
        replace(this.actionsEl, this.preActionsEl(d));
      }
    }
    this.renderAsk(d);
  }

  /** The player's time bank at his turn, in his bar: what is left, and once his clock runs
   * (the clock called, or a room's clock running by itself) a button that puts it in play;
   * nothing while it runs (his seat's clock says so). Drawn again only when it changes. */
  renderBank(clock) {
    const left = clock && clock.phase !== "time-bank" && clock.time_bank_in == null ? Math.round(clock.time_bank || 0) : 0;
    const usable = left > 0 && (clock.phase === "on-the-clock" || clock.phase === "countdown");
    const key = left ? `${left}|${usable}` : "";
    if (key === this.bankKey) return;
    this.bankKey = key;
    if (!left) return this.bankEl.replaceChildren();
    const text = t("table.time_bank", { seconds: left });
    if (!usable) return this.bankEl.replaceChildren(h("span", { class: "hint bank" }, text));
    const use = h("button", { type: "button", class: "use-bank", "data-control": "time-bank" }, t("table.use_time_bank"), ` (${left} s)`);
    use.onclick = () => this.send("time_bank").then(() => {}, () => {});
    this.bankEl.replaceChildren(use);
  }

  /** At the player's turn the keyboard lands on the action bar (Check or Call, never Fold),
   * unless he is typing somewhere else (the chat, another table's box). */
  focusBar(force = false) {
    const active = document.activeElement;
    const busy = active && active !== document.body && !this.barEl.contains(active) && active.matches("input, textarea, select, [contenteditable]");
    const elsewhere = active && active.closest && active.closest(".table-page") && !this.root.contains(active);
    if (((busy || elsewhere) && !force) || !this.actions || !this.root.isConnected) return;
    this.actions.focusMain();
  }

  preActionsEl(d) {
    const me = d.seats.find((s) => s.seat === d.me);
    if (!me || !d.live || d.phase !== "betting" || !me.dealt_in || me.folded || me.all_in) return null;
    const toCall = facing(d.seats, d.me);
    if (this.pre && (this.pre.kind === "call" || this.pre.kind === "check") && this.pre.amount !== toCall) {
      this.pre = null;
      this.note(t("act.pre_dropped"));
    }
    return renderPreActions({
      unit: this.unit(),
      toCall,
      chosen: this.pre,
      choose: (pre) => {
        this.pre = pre ? { ...pre, hand: d.hand } : null;
        this.actionKey = "";
        this.render();
      },
    });
  }

  tryPreAction(legal) {
    const pre = this.pre;
    this.pre = null;
    if (!pre) return false;
    const move = preActionMove(pre, legal);
    if (!move) {
      this.note(t("act.pre_dropped"));
      return false;
    }
    replace(this.actionsEl, h("p", { class: "hint" }, t("act.pre_done", { action: t(`act.${move === "call" ? "pre_call_any" : move}`) })));
    this.act(move);
    return true;
  }

  renderAsk(d) {
    // RRP-5: after a showdown, a player dealt in may ask to see a hand that was called and
    // not shown (mucked, or not yet tabled).
    const me = d.seats.find((s) => s.seat === d.me);
    const offers = [];
    if (me && me.dealt_in && (d.phase === "ended" || d.phase === "showdown")) {
      const reachedShowdown = d.board.length === 5 || d.phase === "showdown";
      for (const s of d.seats) {
        if (s.seat === d.me || !s.dealt_in || s.folded || (s.cards && s.cards.length) || !reachedShowdown) continue;
        if (!s.mucked && d.phase === "showdown") continue;
        offers.push(
          h(
            "button",
            { type: "button", class: "ask-see", "data-seat": String(s.seat), title: t("show.ask_help"), onclick: () => this.send("ask_to_see", { hand: d.hand, seat: s.seat }).then(() => {}, () => {}) },
            t("show.ask", { name: s.player }),
          ),
        );
      }
    }
    replace(this.askEl, offers.length ? h("div", { class: "row" }, offers) : null);
  }

  renderSeatPanel(d) {
    const me = d.seats.find((s) => s.seat === d.me);
    const info = this.view.info || {};
    if (info.tournament) {
      // A tournament seats its players and sells its chips itself: its panel, not the cash
      // table's buy-in, rebuy and leave.
      if (!this.tourPanel || this.tourPanel.id !== info.tournament) {
        if (this.tourPanel) this.tourPanel.stop();
        this.tourPanel = tournamentPanel(info.tournament);
      }
      if (this.seatEl.firstChild !== this.tourPanel.el) replace(this.seatEl, this.tourPanel.el);
      return;
    }
    const waiting = this.view.state?.waiting || [];
    const suspended = this.view.you?.suspended || null;
    const closed = info.status === "closed" || this.notices.closed();
    const key = JSON.stringify([d.me, me?.stack === 0, me?.sitting_out, me?.leaving, me?.missed, d.live, waiting.length, info.min_buy_in, info.max_buy_in, d.seats.length, suspended?.hands_left, closed]);
    if (key === this.seatKey) return;
    this.seatKey = key;
    const unit = this.unit();
    const m = (v) => amount(v, unit);
    if (!me && closed) {
      replace(this.seatEl, h("p", { class: "notice", "data-closed": "1" }, t("nt.closed_seat")));
      return;
    }
    if (!me) {
      const boxId = newId("buyin");
      const postId = newId("post");
      const box = this.draft(h("input", { type: "text", inputmode: "decimal", id: boxId, "data-draft": "buy_in", value: info.max_buy_in != null ? formatBox(info.max_buy_in, unit) : "", "aria-describedby": `${boxId}-help` }));
      const post = this.draft(h("input", { type: "checkbox", id: postId, "data-draft": "post" }));
      const full = info.max_players != null && d.seats.length >= info.max_players;
      const sit = h("button", { type: "button", class: "primary", id: `sit-${this.name}`, disabled: full }, t("seat.sit_down"));
      sit.addEventListener("click", async () => {
        const value = parseAmount(box.value, unit);
        if (!Number.isFinite(value) || value <= 0) {
          box.setAttribute("aria-invalid", "true");
          box.focus();
          return;
        }
        const result = await this.send("sit", { buy_in: value, post: post.checked }).catch(() => null);
        if (result) {
          delete this.drafts.buy_in;
          delete this.drafts.post;
        }
        if (result) this.note(t("seat.sat", { table: this.name, seat: result.seat }), "ok");
      });
      const list = h("button", { type: "button", class: "join-list" }, t("lobby.join_list"));
      list.addEventListener("click", async () => {
        const value = parseAmount(box.value, unit);
        const fields = { table: this.name };
        if (Number.isFinite(value) && value > 0) fields.buy_in = value;
        const result = await connection.send("join_waiting_list", fields).catch((error) => {
          this.note(t("act.refused", { message: errorText(error) }), "error");
          return null;
        });
        if (result) this.note(t("lobby.on_list", { n: result.number, table: this.name }), "ok");
      });
      this.replaceKeepingFocus(
        this.seatEl,
        h("h2", {}, t("seat.buy_in")),
        h(
          "div",
          { class: "seat-controls" },
          h("label", { for: boxId }, t("seat.buy_in_amount")),
          box,
          h("span", { id: `${boxId}-help`, class: "hint" }, info.min_buy_in != null ? t("seat.buy_in_range", { min: m(info.min_buy_in), max: m(info.max_buy_in), balance: money(this.balance()) }) : ""),
        ),
        h("div", { class: "check" }, post, h("label", { for: postId }, t("seat.post_now"))),
        h("div", { class: "row" }, sit, full || waiting.length ? list : null),
        waiting.length ? h("p", { class: "muted" }, `${t("lobby.waiting")}: ${waiting.join(", ")}`) : null,
      );
      return;
    }
    const controls = [];
    if (me.sitting_out && me.stack === 0) {
      controls.push(h("p", { class: "notice" }, t("seat.rebuy_first")));
    } else if (me.sitting_out && suspended) {
      // Suspended by the floor: never offered a sit-in he would be refused.
      controls.push(h("p", { class: "notice", "data-suspended": String(suspended.hands_left) }, t("nt.suspended_seat", { hands: suspended.hands_left, hands_word: t(suspended.hands_left === 1 ? "nt.hand" : "nt.hands") })));
    } else if (me.sitting_out) {
      controls.push(
        h("button", { type: "button", class: "primary", "data-control": "sit-in-post", onclick: () => this.send("sit_in", { post: true }).then(() => this.note(t("seat.back"), "ok"), () => {}) }, t("seat.post_bb")),
        h("button", { type: "button", "data-control": "sit-in-wait", onclick: () => this.send("sit_in", { post: false }).then(() => this.note(t("seat.back"), "ok"), () => {}) }, t("seat.wait_bb")),
      );
    } else {
      controls.push(h("button", { type: "button", "data-control": "sit-out", onclick: () => this.send("sit_out").then(() => {}, () => {}) }, t("seat.sit_out")));
    }
    const rebuyId = newId("rebuy");
    const rebuyBox = this.draft(h("input", { type: "text", inputmode: "decimal", id: rebuyId, "data-draft": "rebuy", value: info.min_buy_in != null ? formatBox(Math.min(info.max_rebuy ?? info.min_buy_in, info.min_buy_in), unit) : "" }));
    const rebuy = h("button", { type: "button", "data-control": "rebuy" }, t("seat.rebuy"));
    rebuy.addEventListener("click", async () => {
      const value = parseAmount(rebuyBox.value, unit);
      if (!Number.isFinite(value) || value <= 0) {
        rebuyBox.setAttribute("aria-invalid", "true");
        rebuyBox.focus();
        return;
      }
      const now = displayOf(this.view);
      const mine = now.seats.find((s) => s.seat === now.me);
      if (now.live && mine && mine.dealt_in) {
        // CAS-11: chips are added between hands; the rebuy goes in when this hand ends.
        this.pendingRebuy = value;
        this.note(t("seat.rebuy_later", { amount: m(value) }));
        return;
      }
      this.rebuy(value);
    });
    const leave = h("button", { type: "button", class: "danger", "data-control": "leave" }, t("seat.leave"));
    leave.addEventListener("click", async () => {
      if (!window.confirm(t("seat.leave_confirm", { name: this.name }))) return;
      await this.send("leave").catch(() => null);
    });
    this.replaceKeepingFocus(
      this.seatEl,
      h("h2", {}, t("table.seat", { n: me.seat })),
      h("div", { class: "seat-controls" }, controls),
      h("div", { class: "seat-controls" }, h("label", { for: rebuyId }, t("seat.rebuy_amount")), rebuyBox, rebuy),
      h("p", { class: "hint" }, t("seat.rebuy_between"), info.max_rebuy != null ? ` ${t("info.rebuy")} ${m(info.max_rebuy)}.` : ""),
      h("div", { class: "seat-controls" }, leave),
    );
  }

  /** An input of the seat panel that remembers what the player typed or ticked (its
   * data-draft name): drawn again with that, never with the default. */
  draft(input) {
    const name = input.dataset.draft;
    const kept = this.drafts[name];
    if (kept !== undefined) {
      if (input.type === "checkbox") input.checked = kept;
      else input.value = kept;
    }
    const keep = () => {
      this.drafts[name] = input.type === "checkbox" ? input.checked : input.value;
    };
    input.addEventListener("input", keep);
    input.addEventListener("change", keep);
    return input;
  }

  /** Replace el's children, the focus and the caret staying in the input the player was in
   * (matched by its data-draft name). */
  replaceKeepingFocus(el, ...children) {
    const active = document.activeElement;
    const inside = active && el.contains(active);
    const name = inside ? active.dataset?.draft : null;
    const id = inside && !name ? active.id : "";
    const caret = name && active.type === "text" ? [active.selectionStart, active.selectionEnd] : null;
    replace(el, ...children);
    // the focus stays where the player had it: on his draft, or on the control of that id
    // (the Sit down button a player tabbed to, when a hand's end redraws the seat's controls)
    const again = name ? el.querySelector(`[data-draft="${name}"]`) : id ? el.querySelector(`#${CSS.escape(id)}`) : null;
    if (!again) return;
    again.focus({ preventScroll: true });
    if (caret) again.setSelectionRange(caret[0], caret[1]);
  }

  async rebuy(value) {
    const result = await this.send("rebuy", { amount: value }).catch(() => null);
    if (result) delete this.drafts.rebuy;
    if (result) this.note(t("seat.rebought", { amount: amount(value, this.unit()) }), "ok");
  }

  /** A message about this table, shown in its action bar (not over the page) until the next
   * one or for a while; errors are also said at once to screen readers. */
  note(text, kind = "info") {
    const line = h("p", { class: `note note-${kind}` }, text);
    replace(this.noteEl, line);
    if (kind === "error") {
      const alerts = document.getElementById("alerts");
      if (alerts) alerts.textContent = text;
    }
    clearTimeout(this.noteTimer);
    this.noteTimer = setTimeout(() => {
      if (line.isConnected) line.remove();
    }, kind === "error" ? 10000 : 6000);
  }

  balance() {
    // the header's balance, always (the session's); the table's word only before it is known
    return me().balance ?? this.view.you?.balance ?? connection.state.welcome?.balance ?? 0;
  }

  renderHistory() {
    const items = this.finished.map((n) =>
      h(
        "li",
        {},
        h("button", { type: "button", class: "linklike", "data-hand": String(n), onclick: () => this.showHistory(n) }, t("history.read", { n })),
        " ",
        h("button", { type: "button", class: "linklike", "aria-label": t("history.download", { n }), onclick: () => this.downloadHistory(n) }, t("common.download")),
      ),
    );
    replace(
      this.historyEl,
      h("h2", {}, t("history.title")),
      items.length ? h("ul", { class: "plain" }, items) : h("p", { class: "muted" }, t("history.none")),
      this.historyFound ? historyEl(this.historyFound, this.unit()) : null,
      this.historyFound?.text
        ? h("details", { class: "original" }, h("summary", {}, t("hist.original")), h("pre", { class: "rules-text history-text", tabindex: "0", lang: "en" }, this.historyFound.text))
        : null,
    );
  }

  async fetchHistory(n) {
    return connection.send("history", { table: this.name, hand: n });
  }

  async showHistory(n) {
    try {
      const found = await this.fetchHistory(n);
      this.historyFound = found;
      this.renderHistory();
    } catch (error) {
      this.note(t("act.refused", { message: errorText(error) }), "error");
    }
  }

  async downloadHistory(n) {
    try {
      const found = await this.fetchHistory(n);
      const text = found.events ? historyText(found, this.unit()) : found.text;
      // named from the table as the player knows it (a tournament's "Table 2 · ..."), never its id
      const info = this.view?.info || {};
      const title = info.tournament ? tournamentTableTitle(info.tournament, this.name) : this.name;
      saveFile(handFileName(title, n), text);
    } catch (error) {
      this.note(t("act.refused", { message: errorText(error) }), "error");
    }
  }

  renderChat() {
    this.chatTitle.textContent = t("chat.title");
    this.chatLabel.textContent = t("chat.say");
    this.chatButton.textContent = t("chat.send");
    replace(this.chatList, this.chat.slice(-50).map((c) => h("li", {}, h("strong", {}, `${c.player}: `), c.text)));
    this.chatList.scrollTop = this.chatList.scrollHeight;
  }

  /** The keyboard: f fold, c check or call, r bet or raise, a the amount box. */
  key(letter) {
    const a = this.actions;
    if (!a) return false;
    if (letter === "f" && a.fold) a.fold();
    else if (letter === "c" && a.checkOrCall) a.checkOrCall();
    else if (letter === "r" && a.raise) a.raise();
    else if (letter === "a" && a.focusAmount) a.focusAmount();
    else if ((letter === "arrowup" || letter === "arrowdown") && a.stepBy) a.stepBy(letter === "arrowup" ? 1 : -1);
    else return false;
    return true;
  }

  /** Stop what this table follows beyond its own frames (its tournament's view). */
  close() {
    if (this.tourPanel) this.tourPanel.stop();
    this.tourPanel = null;
  }

  /** What the client holds of this table (for the page's self-checks and tests). */
  snapshot() {
    return { view: this.view, lines: this.lines, chat: this.chat, dom: this.root.outerHTML.length };
  }
}
