// The words of the penalties part: the standings link in the header, the live rebuy after a bust.
export const WORDS = {
  en: {
    "nav.standings": "Standings",
    "live.rebuy_busted": "Rebuy (busted)",
    "live.busted_may_rebuy": "busted: may rebuy",
    "live.decline_rebuy": "No rebuy",
  },
  fr: {
    "nav.standings": "Classement",
    "live.rebuy_busted": "Recave (éliminé)",
    "live.busted_may_rebuy": "éliminé : peut se recaver",
    "live.decline_rebuy": "Pas de recave",
  },
  it: {
    "nav.standings": "Classifica",
    "live.rebuy_busted": "Rebuy (eliminato)",
    "live.busted_may_rebuy": "eliminato: può fare rebuy",
    "live.decline_rebuy": "Nessun rebuy",
  },
};
