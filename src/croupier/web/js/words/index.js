// The words of each part of the client beyond the core dictionaries (i18n_en/fr/it.js): one
// module per part, each exporting WORDS = { en: {...}, fr: {...}, it: {...} }. The players'
// parts are here (i18n.js merges them into every language); the floor's console and the
// live events add theirs when their module loads (`addWords`: floor.js, floor_live.js,
// standings.js, clock_widget.js), so that a player's pages never download them.
import { WORDS as TOURNAMENTS } from "./tournaments.js";
import { WORDS as HISTORIES } from "./histories.js";
import { WORDS as PENALTIES } from "./penalties.js";
import { WORDS as NOTICES } from "./notices.js";

/** The header's link to the floor's console (shown to the floor before its words load). */
const FLOOR_LINK = {
  en: { "nav.floor": "Floor" },
  fr: { "nav.floor": "Direction" },
  it: { "nav.floor": "Direzione" },
};

export const PARTS = [TOURNAMENTS, HISTORIES, PENALTIES, FLOOR_LINK, NOTICES];
