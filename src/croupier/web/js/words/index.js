// The words of each part of the client beyond the core dictionaries (i18n_en/fr/it.js): one
// module per part, each exporting WORDS = { en: {...}, fr: {...}, it: {...} }. A part adds
// one import and one entry to PARTS below; i18n.js merges them into every language.
import { WORDS as TOURNAMENTS } from "./tournaments.js";
import { WORDS as HISTORIES } from "./histories.js";
import { WORDS as FLOOR_CASH } from "./floor_cash.js";
import { WORDS as FLOOR_LIVE } from "./floor_live.js";
import { WORDS as PENALTIES } from "./penalties.js";
import { WORDS as FLOOR_ONLINE } from "./floor_online.js";

export const PARTS = [TOURNAMENTS, HISTORIES, FLOOR_CASH, FLOOR_LIVE, FLOOR_ONLINE, PENALTIES];
