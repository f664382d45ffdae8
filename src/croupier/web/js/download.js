// Files the page gives the player (a hand's history, its proofs): made in the page, in his
// language, named from what he knows (the table's name and the hand's number), in safe ASCII.
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** A name safe in any file system, in ASCII: accents dropped, every other run of signs
 * a dash, lower case ("Table 2 · Tournoi d'été" → "table-2-tournoi-d-ete"). */
export function slug(text) {
  const plain = String(text || "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase();
  return plain.slice(0, 80).replace(/-+$/, "") || "table";
}

/** A hand's file name: "casino-fr-1-main-12.txt", "table-2-sunday-sit-and-go-hand-3-proofs.json". */
export function handFileName(title, number, { proofs = false } = {}) {
  const base = `${slug(title)}-${slug(t("hands.file_hand"))}-${number}`;
  return proofs ? `${base}-${slug(t("hands.file_proofs"))}.json` : `${base}.txt`;
}

/** Give the player a file made in the page. */
export function saveFile(name, body, type = "text/plain;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([body], { type }));
  const link = h("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
