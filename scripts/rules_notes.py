"""What croupier does for each clause: the "what croupier does" column of docs/rules.md."""

from __future__ import annotations

NOTES: dict[str, str] = {
    # ---------------------------------------------------------------- POK (000)
    "POK-2-2": "table: first button by a recorded draw, lowest card (`first_button=lowest-card`)",
    "POK-2-3": "`Deck.shuffled`: Fisher-Yates over `secrets.SystemRandom`, a full deck each hand",
    "POK-2-9": "`Hand.void()` on a hand in progress: every chip back where it was before it",
    "POK-2-10": "tournament tables deal absent players in, take their forced bets, kill the hand"
    " (`absent_players=blinded`, `SeatSetup.absent`)",
    "POK-3-2": "`Table.sit_out` in a tournament: dealt in, blinds taken, hand dead; his blinds"
    " stay in the pot (a player left alone with chips behind wins them)",
    "POK-4-1": "a fold is final: no action brings a folded hand back",
    "POK-4-2": "views never show a folded hand",
    "POK-7-3": "the big blind has not acted when only called: check or raise offered",
    "POK-7-5": "`Table.start_hand` shuffles a new deck for every hand",
    "POK-7-6": "`button_rule=dead-button`: the big blind advances one player; button may be dead",
    "POK-7-11": "heads-up the button posts the small blind, acts first preflop, last after",
    "POK-7-12": "going heads-up under the dead button: the big blind advances, the other player"
    " is the button even twice running",
    "POK-8-1": "check-raise allowed: a player who checked may raise a later bet",
    "POK-8-2": "an accepted action is final (no undo); a refused one changes nothing",
    "POK-8-3": "`Action.raise_to(total)`: a raise is declared with its total",
    "POK-8-5": "opening bet at least the big blind (`Stakes.min_bet`)",
    "POK-8-6": "`short_blind_call=full-blind`: a short big blind is still called in full;"
    " a raise goes to two big blinds",
    "POK-8-7": "`sub_minimum_all_in=call-it`: call the all-in or raise by a big blind",
    "POK-8-8": "`min_raise=last-full-increment`: at least the last full raise, never under the"
    " big blind",
    "POK-8-12": "a player who acted may raise again only when facing a full raise, one or"
    " several short all-ins together (`cumulative_reopen`)",
    "POK-8-13": "`OutOfTurnError`, nothing changes",
    "POK-8-14": "one action, one amount: no second motion",
    "POK-9-1": "`showdown_order=last-aggressor`; when nobody bet, the first to speak on the"
    " last round (not an all-in player); then clockwise",
    "POK-9-3": "`Shown` tables both hole cards to everyone",
    "POK-9-5": "`all_in_hands_face_up`: every hand shown once betting is over with an all-in",
    "POK-9-6": "`odd_chips=one-each-from-button`",
    "POK-9-7": "`pot_order=side-pots-first`",
    "POK-9-10": "a shown hand is never mucked: awards read the cards",
    "POK-12-3": "views never hold an undealt card; the board is dealt only as far as played",
    # ---------------------------------------------------------------- PKG (001)
    "PKG-1": "best five of seven (`croupier.evaluate`)",
    "PKG-3": "hole cards one at a time, two rounds, from the button's left (`deal_start`)",
    "PKG-4": "`pokerkings(lower, upper, small_blind)`: 15-30 with a 7 small blind",
    "PKG-5": "small blind left of the button, big blind left of it",
    "PKG-6": "preflop the first to act faces the big blind: no check",
    "PKG-7": "big blind option: check or raise when only called",
    "PKG-8": "a burn card before flop, turn and river (`burn_cards`)",
    "PKG-9": "postflop the first active player left of the button acts first",
    "PKG-10": "`fixed-limit`: small bet preflop and flop, big bet turn and river",
    "PKG-11": "`raise_cap=4` (a bet and three raises), `lift_cap_heads_up` in cash games;"
    " tournaments capped heads-up (`lift_cap_event_heads_up`: TDA R48 lifts it once the"
    " event is down to two players)",
    "PKG-12": "last bettor or raiser on the river shows first, else the first to act",
    "PKG-13": "a hand won by default is never shown",
    "PKG-14": "`called_hand_must_show`: only the first hand must be shown, others may muck;"
    " `Hand.ask_to_see` shows a mucked hand in the asker's history",
    "PKG-16": "cards speak: the evaluator decides",
    "PKG-17": "`button_rule=moving`: the last small blind gets the button",
    "PKG-18": "`new_players=post-or-wait`: post a live big blind or wait for it",
    "PKG-19": "a newcomer in the big blind seat is the big blind",
    "PKG-20": "a newcomer between the button and the blinds waits for the button",
    "PKG-21": "missed big blind: `ML` marker; back with a live big blind and a dead small blind",
    "PKG-22": "missed small blind: `MS` marker; back with a dead small blind after the button",
    # ---------------------------------------------------------------- ITA (002)
    "ITA-3": "the first button is drawn (a recorded card draw), then moves clockwise",
    "ITA-4": "small blind left of the button, big blind double it, left of it",
    "ITA-5": "`ante_kind=every-player`",
    "ITA-7": "`deal_start=small-blind`: the first card to the small blind",
    "ITA-8": "preflop action starts left of the big blind",
    "ITA-9": "a round ends when bets are matched, one player is left, or all checked",
    "ITA-10": "burn, flop; postflop rounds start with the first active player after the button",
    "ITA-11": "best five of seven at the showdown",
    "ITA-12": "hand ranking with the wheel as the lowest straight",
    "ITA-13": "`odd_chips=one-each-from-button`",
    "ITA-19": "every player pays the blinds each orbit (button rules)",
    "ITA-20": "`button_rule=italian`: small blind eliminated, the button stays a hand",
    "ITA-21": "`button_rule=italian`: big blind eliminated, a hand without small blind, then"
    " the button stays",
    "ITA-22": "the big blind has not acted: he may raise even after a short all-in",
    "ITA-23": "heads-up the button posts the small blind and acts first only preflop; going"
    " heads-up the big blind advances and the other player has the button (no hold)",
    "ITA-24": "`new_players=dealt-in`: a newcomer in the small blind or on the button waits",
    "ITA-25": "`Action.all_in()`",
    "ITA-26": "a bet that is not all-in is at least the previous bet or raise of the round",
    "ITA-27": "declared actions bind; out of turn is refused",
    "ITA-29": "one action with its total",
    "ITA-30": "`Action.put(chips)` read by the 50 % rule",
    "ITA-31": "a short all-in raise does not reopen for players who acted",
    "ITA-32": "no cap in no-limit",
    "ITA-33": "minimum bet the big blind in every round; a short all-in does not lower it",
    "ITA-34": "`min_raise=last-full-increment`, the document's examples as tests",
    "ITA-35": "`sub_minimum_all_in=full-minimum`: enter for the big blind, raise to two",
    "ITA-36": "a declared action is taken as declared",
    "ITA-37": "only shown hands win a contested pot",
    "ITA-38": "mucked hands are dead before the pots are paid",
    "ITA-39": "show one, show all: every shown hand, and a hand asked for (RRP-5), is in every"
    " view (online: in every client's frames)",
    "ITA-40": "pots at each distinct contribution of a player still in; nobody wins more"
    " from an opponent than he put in; unmatched chips go back to whoever put them in",
    "ITA-41": "`pot_order=main-pot-first`",
    "ITA-42": "last bettor shows first; all checked or all-in: the first to act",
    "ITA-43": "dead hand: fold, or `Action.timeout()` facing a bet",
    "ITA-45": "`Hand.void()`; a deck that fails its check is never dealt",
    # ---------------------------------------------------------------- CAS (003)
    "CAS-1": "`Deck.check()`: 52 distinct cards before every hand",
    "CAS-2": "the engine offers the legal actions and takes the rake",
    "CAS-4": "`Table.start_hand` needs two players ready",
    "CAS-5": "at most ten seats (`Rules.max_players`)",
    "CAS-12": "`first_button=highest-club`",
    "CAS-13": "`casino_fr`: big blind between the small blind and twice it",
    "CAS-14": "the option (`straddle`), twice the big blind, third player left of the button",
    "CAS-15": "cards one by one from the button's left",
    "CAS-16": "preflop action starts left of the big blind, or of the option",
    "CAS-17": "`BetsGathered` after each round",
    "CAS-18": "burn then turn, burn then river, a round after each",
    "CAS-19": "an all-in wins the whole pot when everyone folds",
    "CAS-20": "side pots as needed, each with its players",
    "CAS-21": "`showdown_order=first-raiser`",
    "CAS-22": "best five of seven; kickers decide; exact ties split",
    "CAS-23": "`Rake(4 %, step 10 cents)`, taken from each pot before it is paid",
    "CAS-26": "`casino_fr(structure)`: limit, pot-limit or no-limit; pot-limit counts a short"
    " blind as full before the flop (TDA R54-B, `pot_limit_full_blinds`)",
    "CAS-27": "`min_raise=double-the-bet`: raise to at least twice the bet",
    # ------------------------------------------------------- cash-game room (C)
    "PKG-2": "`Session` buy-ins: at least 10 x the lower limit in limit games, shown in `info()`",
    "PKG-23": "ten seats; stakes written lower-upper in the session's information",
    "CAS-6": "`Room.change_seat` refused; only `floor_move`, between hands",
    "CAS-7": "`WaitingList`: called in order, absent names skipped, a random free seat",
    "CAS-8": "`AbsencePolicy`: past the maximum the chips are set aside in the player's name;"
    " unclaimed at the close they go to the orphan register, still claimable",
    "CAS-9": "double-entry `Ledger`: no account below zero, only chips on the table play",
    "CAS-10": "the session's minimum buy-in",
    "CAS-11": "`rebuy` between hands only, up to the house maximum",
    "CAS-24": "a session's terms are locked until it closes (`SessionLockedError`)",
    "CAS-25": "`announce_close`: three more hands, then play stops",
    # ------------------------------------------------------------ tournaments (U)
    "POK-1-3": "`Tournament.start`: seats drawn with `secrets` (a seeded rng only in tests)",
    "POK-1-4": "equal starting stacks; the tournament ends when one player holds every chip",
    "POK-3-1": "late and absent players are dealt in and blinded; no-shows removed at the end"
    " of level 1",
    "POK-6-1": "freezeout: rebuys and add-ons refused",
    "POK-6-2": "`pokcomm-double`: 10,000 chips against the freezeout's 5,000",
    "POK-6-3": "`KnockOut`: points or bounties to whoever takes the last chip; a split pot's"
    " goes to nobody (`shared=False`, pokcomm-ko; seasons unless `shared_knockouts`)",
    "POK-7-1": "balancing as soon as two tables differ by two players, by a fixed procedure",
    "POK-7-2": "the final table is redrawn",
    "POK-7-4": "a new level reaches each table from its next hand (`Table.set_stakes`)",
    "POK-7-7": "the player moved is the next big blind (`Table.plan()`)",
    "POK-7-8": "a newcomer sits at the nearest free seat left of the button",
    "POK-7-9": "a replacement takes the seat's position and obligations at once",
    "POK-7-10": "a moved player may pay the blinds again at his new table",
    "POK-7-13": "an eliminated player leaves the table (`Table.finish_hand`)",
    "POK-9-8": "busts in one hand ranked by stacks at its start (`bust_ranking=by-stack`;"
    " TDA RP-8's shared place as the other option)",
    "ITA-1": "ten-handed tables (`Options.table_size`)",
    "ITA-2": "seats drawn at the start and on rebalancing",
    "ITA-6": "levels on a published `Structure`, applied from the next hand",
    "ITA-14": "no table two players more than another: the player nearest the big blind moves",
    "ITA-15": "the last table breaks when the free seats elsewhere can take its players,"
    " drawn at random",
    "ITA-16": "a moved player is seated at once, at his drawn seat",
    "ITA-17": "the tournament ends when the second-to-last player is eliminated",
    "ITA-18": "`prize_pool` net of fees; `payouts` decreasing, summing exactly, at least 10 % paid",
    # ------------------------------------------------------------ server / platform (S)
    "POK-4-4": "`action_clock`: 30 s, then the clock (by anyone) of 60 s + 10 s; `TurnClock`;"
    " online the table's actor runs it (the house calls it) and times the hand out",
    "ITA-28": "`action_clock`: after 30 s the others call 60 s + 10 s; `TurnClock` folds;"
    " online `call_clock` from an opponent, then `Action.timeout()`",
    "POK-3-3": "online: only a player seated and dealt in acts, for his own seat (found from his"
    " session); a player whose connection is gone past the grace is sat out",
    "POK-5-1": "online: no message shows cards before the showdown; frames carry a player's"
    " own cards only (hidden-cards test over every frame)",
    "POK-11-2": "online: every frame's state has every seat's stack and bet",
    "POK-12-2": "online: `chat_during_hand` (default: only players still in the hand chat);"
    " the floor's `mute`; chat rate-limited",
    "ITA-46": "online: every stack shown exactly, in every view",
    "ITA-50": "online: every view has who is still in, the stacks, and the turn's legal actions"
    " with `can_raise`/`why_no_raise` (whether the bet reopened the betting)",
    "CAS-28": "`Session.info()`; online in the lobby and in every table frame (`info`)",
    # --------------------------------------------------------- floor / director (D)
    "POK-4-5": "`Floor.penalize` for time abuse, on the sanction ladder",
    "POK-10-1": "`Floor` refuses any decision about a hand once the next one has started;"
    " `Hand.void()` refuses a finished hand",
    "POK-12-6": "soft play and collusion: penalties up to removing chips",
    "POK-12-7": "`Floor.chip_dumping`: both players sanctioned at once",
    "POK-13-1": "`Floor.penalize`: warning, suspension (blinds still taken), disqualification",
    "POK-13-2": "`Floor.override`: a director's decision against the written rules, logged",
    "ITA-47": "conduct offences lead to the penalty tools, logged",
    "ITA-48": "improper actions: warning, suspension or expulsion",
    "ITA-49": "`Floor.pots`/`award_pot`: a pot decision before the next hand, pots rebuilt from"
    " the bets",
    "ITA-51": "suspension of 1 to 4 orbits (hands = players at the table), blinds and antes"
    " still paid and left in the pot; disqualification removes the chips",
    # -------------------------------------------------------------- platform (S)
    "POK-1-1": "server: registration needs `accept_rules` and the version in force (GET"
    " /api/rules); the account keeps the version and the moment",
    "POK-1-2": "registration refused without the adult confirmation (server: or a date of"
    " birth of age; a minor's date wins over the confirmation)",
    "CAS-3": "server: registration keeps the full name and a screen name unique in any case;"
    " every page but the public ones needs a session",
    "PKG-15": "`render_text`/`render_view`: each player's own readable hand history; online"
    " `history` and `GET /api/hands` (text, PokerStars, PHH, deck proofs)",
    # ---------------------------------------------------------------- RRP (004)
    "RRP-1": "a contested pot goes only to a hand shown whole",
    "RRP-2": "cards speak: the evaluator reads every shown hand",
    "RRP-4": "mucked hands are killed before the award",
    "RRP-5": "`Hand.ask_to_see(asker, seat)`: a player dealt in sees a called hand not tabled"
    " (mucked, or the unshown winner's), dead; the winner's request once the pots are paid"
    " makes both live and the best wins (`winner_request_live`); never a hand won uncalled",
    "RRP-6": "a shown or asked-for hand is shown to all (`requested_hand=table`); a player"
    " cannot show to one player only",
    "RRP-7": "`pot_order=side-pots-first`: the pot with the fewest players first",
    "RRP-8": "showdown order by the last aggressor; players may muck",
}
