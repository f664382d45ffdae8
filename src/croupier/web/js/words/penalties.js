// The words of the penalties part: the standings link in the header, the live rebuy after a
// bust, the bounty of a knock-out tournament in the lobby.
export const WORDS = {
  en: {
    "nav.standings": "Standings",
    "live.rebuy_busted": "Rebuy (busted)",
    "live.busted_may_rebuy": "busted: may rebuy",
    "live.decline_rebuy": "No rebuy",
    "lobby.bounty": "bounty {amount}",
    "lobby.bounty_progressive": "progressive bounty {amount}",
  },
  fr: {
    "nav.standings": "Classement",
    "live.rebuy_busted": "Recave (éliminé)",
    "live.busted_may_rebuy": "éliminé : peut se recaver",
    "live.decline_rebuy": "Pas de recave",
    "lobby.bounty": "prime {amount}",
    "lobby.bounty_progressive": "prime progressive {amount}",
  },
  it: {
    "nav.standings": "Classifica",
    "live.rebuy_busted": "Rebuy (eliminato)",
    "live.busted_may_rebuy": "eliminato: può fare rebuy",
    "live.decline_rebuy": "Nessun rebuy",
    "lobby.bounty": "taglia {amount}",
    "lobby.bounty_progressive": "taglia progressiva {amount}",
  },
};
