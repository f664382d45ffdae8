// Building the page: h("button", {class: "x", onclick: fn}, "text", child) makes an element.
// Text always goes in as text (never as HTML): nothing a player types can become markup.
import { t } from "./i18n.js";

/** An element with attributes (on* are listeners; class, for, aria-*, data-* as attributes)
 * and children (strings, numbers, elements, arrays; null and false are skipped). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key === "style") {
      // style text would be an inline style, which the page's security policy refuses
      if (typeof value !== "object") throw new TypeError(`h("${tag}"): style must be an object, not text`);
      Object.assign(el.style, value);
    } else if (key === "value") {
      el.value = value;
    } else if (key === "checked" || key === "disabled" || key === "hidden" || key === "selected") {
      el[key] = Boolean(value);
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

/** Replace all of el's children. */
export function replace(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** A short message in a corner of the screen (read by screen readers): at most three at
 * once (the oldest goes), each closed by its × or by itself after a few seconds. */
export function toast(text, kind = "info") {
  const box = document.getElementById("toasts");
  if (!box) return;
  while (box.children.length >= 3) box.firstElementChild.remove();
  const item = h("div", { class: `toast toast-${kind}` }, h("span", {}, text));
  item.append(h("button", { type: "button", class: "toast-close", "aria-label": t("common.close"), onclick: () => item.remove() }, "×"));
  box.appendChild(item);
  setTimeout(() => item.remove(), kind === "error" ? 7000 : 3500);
  if (kind === "error") {
    const alerts = document.getElementById("alerts");
    if (alerts) alerts.textContent = text;
  }
}

let uid = 0;
/** A fresh id for label/aria links. */
export function newId(prefix = "id") {
  uid += 1;
  return `${prefix}-${uid}`;
}
