"""Checks run on any page of the browser tests: no text wider than its box (the overflow
check, and inside a table's felt no text cut, spilling out of its seat or off the felt, and
no seat over another seat, the board, the pots, the winners' line, a bet or the dealer
button), and axe-core's accessibility rules (no critical and no serious violation)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

OVERFLOWS = """(root) => {
  // Every shown element whose content is wider than its box (text cut or spilling out),
  // but for boxes that scroll (a wide table in its scroll box) and the screen readers' text.
  const out = [];
  const clipped = (el) => {
    // inside a box cut to nothing on purpose (a table's header kept for screen readers)
    for (let a = el; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if ((s.clip && s.clip !== 'auto') || (s.clipPath && s.clipPath !== 'none')) return true;
    }
    return false;
  };
  const scope = document.querySelector(root) || document.body;
  const doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth + 1) {
    const wide = [...scope.querySelectorAll('*')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1
        && !e.parentElement.closest('.scroll, [data-scroll]'))
      .slice(0, 3).map((e) => e.tagName.toLowerCase() + '.' + [...e.classList].join('.'));
    out.push(`the page: ${doc.scrollWidth} px wide in a ${window.innerWidth} px window: ${wide}`);
  }
  for (const el of scope.querySelectorAll('*')) {
    if (!el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'contents') continue;
    if (['auto', 'scroll'].includes(style.overflowX)) continue;
    if (el.closest('.sr-only, svg, [aria-hidden="true"]') || clipped(el)) continue;
    if (el.clientWidth < 2) continue;
    const text = el.matches('input, select, textarea')
      || [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!text) continue;
    if (el.scrollWidth > el.clientWidth + 1) {
      const what = (el.value || el.placeholder || el.textContent || '').trim().slice(0, 40);
      const name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
        + [...el.classList].map((c) => '.' + c).join('');
      out.push(`${name}: ${el.scrollWidth} > ${el.clientWidth} px "${what}"`);
    }
  }
  return out;
}"""


FELT = """(root) => {
  // Inside each felt (.felt-wrap) under root: every text cut (its content wider or taller
  // than its box), spilling out of its seat or off the felt; every seat over another seat,
  // the middle (board, pots, winners, hand number, street) or a marker (the button, a bet).
  const out = [];
  const scope = document.querySelector(root) || document.body;
  const box = (e) => e.getBoundingClientRect();
  const shown = (e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden'
    && !e.closest('.sr-only');
  const name = (e) => e.tagName.toLowerCase() + [...e.classList].map((c) => '.' + c).join('')
    + (e.dataset.seat ? `[${e.dataset.seat}]` : '');
  const what = (e) => (e.textContent || '').trim().slice(0, 30);
  const cover = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1
    && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
  const felts = scope.matches('.felt-wrap') ? [scope] : scope.querySelectorAll('.felt-wrap');
  for (const felt of felts) {
    if (!shown(felt)) continue;
    const frame = box(felt);
    const seats = [...felt.querySelectorAll(':scope > .seat')].filter(shown);
    for (const el of felt.querySelectorAll('*')) {
      if (!shown(el) || el.closest('[aria-hidden="true"]:not(.cards)')) continue;
      const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      if (!text) continue;
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
        out.push(`${name(el)} cut: ${el.scrollWidth} > ${el.clientWidth} px "${what(el)}"`);
      }
      const s = getComputedStyle(el);
      if (s.overflowY !== 'visible' && el.scrollHeight > el.clientHeight + 1) {
        out.push(`${name(el)} cut: ${el.scrollHeight} > ${el.clientHeight} px high "${what(el)}"`);
      }
      // the text itself (its line boxes), not the element's box
      const range = document.createRange(); range.selectNodeContents(el);
      const r = range.getBoundingClientRect();
      const seat = el.closest('.seat');
      if (seat && seat !== el && r.width && !inside(r, box(seat))) {
        out.push(`${name(el)} spills out of ${name(seat)}: "${what(el)}"`);
      }
      if (r.width && !inside(r, frame)) out.push(`${name(el)} off the felt: "${what(el)}"`);
    }
    const others = [...felt.querySelectorAll(
      '.centre .board, .centre .pot, .centre .winners li, .centre .hand-no, .centre .street-name,'
      + ' :scope > .marker, :scope > .bet-chip:not(.gone):not(.to-pot)')].filter(shown);
    seats.forEach((seat, i) => {
      const b = box(seat);
      if (!inside(b, frame)) out.push(`${name(seat)} off the felt`);
      for (const other of seats.slice(i + 1)) {
        if (cover(b, box(other))) out.push(`${name(seat)} over ${name(other)}`);
      }
      for (const other of others) {
        if (cover(b, box(other))) out.push(`${name(seat)} over ${name(other)} "${what(other)}"`);
      }
    });
    // a button drawn on its seat clear of the seat's words (name, stack, tags, clock)
    for (const mark of felt.querySelectorAll('.seat .marker')) {
      for (const word of mark.closest('.seat').querySelectorAll('.name, .stack, .tag, .clock')) {
        const words = [...word.childNodes].filter((n) => n.nodeType === 3 && n.textContent.trim());
        for (const node of words) {
          const range = document.createRange(); range.selectNodeContents(node);
          if (cover(box(mark), range.getBoundingClientRect())) {
            out.push(`${name(mark)} over the words of its seat "${node.textContent.trim()}"`);
          }
        }
      }
    }
    // the button and the bets clear of the middle and of one another
    const marks = others.filter((e) => !e.closest('.centre'));
    const middle = others.filter((e) => e.closest('.centre'));
    marks.forEach((m, i) => {
      for (const other of [...marks.slice(i + 1), ...middle]) {
        if (cover(box(m), box(other))) out.push(`${name(m)} over ${name(other)} "${what(other)}"`);
      }
    });
  }
  return out;
}"""


def overflows(page: Page, root: str = "body") -> list[str]:
    """Every element under ``root`` whose content is wider than its box, and every fault of
    a table's felt under it (:func:`felt_problems`)."""
    found: list[str] = page.evaluate(OVERFLOWS, root)
    return found + felt_problems(page, root)


def felt_problems(page: Page, root: str = "body") -> list[str]:
    """Inside every table's felt under ``root``: a text cut, spilling out of its seat or off
    the felt; a seat over another seat, the board, a pot, the winners, the dealer button or
    a bet; the button or a bet over the middle or one another."""
    found: list[str] = page.evaluate(FELT, root)
    return [f"felt: {p}" for p in found]


@cache
def _axe_source() -> str:
    return AXE.read_text(encoding="utf-8")


def axe_problems(page: Page, *, include: str | None = None) -> list[str]:
    """axe-core's critical and serious violations on the page (each rule with its first
    nodes), run in the page (``evaluate``: the page's own security policy is untouched)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_axe_source() + "\n;undefined")
    result: dict[str, Any] = page.evaluate(
        """async (include) => {
          const r = await axe.run(include ? document.querySelector(include) : document,
            { resultTypes: ['violations'] });
          return r.violations.filter((v) => ['critical', 'serious'].includes(v.impact))
            .map((v) => ({ id: v.id, impact: v.impact,
              nodes: v.nodes.slice(0, 3).map((n) =>
                n.target.join(' ') + ' ' + (n.failureSummary || '').slice(0, 160)) }));
        }""",
        include,
    )
    return [f"{v['impact']} {v['id']}: {v['nodes']}" for v in result]
