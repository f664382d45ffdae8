"""Checks run on any page of the browser tests: no text wider than its box (the overflow
check), and axe-core's accessibility rules (no critical and no serious violation)."""

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


def overflows(page: Page, root: str = "body") -> list[str]:
    """Every element under ``root`` whose content is wider than its box."""
    found: list[str] = page.evaluate(OVERFLOWS, root)
    return found


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
