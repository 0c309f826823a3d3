// Package ai plays Monopoly for a seat: computer players for the bot's
// empty seats and for the simulator (cmd/monosim).
//
// A Player is a small, deterministic strategy. Decide returns the action a
// seat should take now, chosen from what the engine allows (every action it
// returns passes engine.Game.Check), and Step applies one decision of
// whoever the game waits for, iterating the bidders still in during an
// auction. There is no hidden randomness: the same game played from the
// start by the same fresh Players always gets the same decisions, so
// simulations and replays are reproducible. (A Player's only memory is
// the trade offers it made.)
//
// A decision reads the engine's index of holdings (Game.CompleteSetMask,
// NearSetMask, DeedMask, MortgagedMask, GroupCounts) rather than scanning
// the board, and returns early when there is nothing to decide; Check is asked
// about the best candidate first. The simulator makes a few million of them
// a second, so these shortcuts must keep every decision exactly as it was
// (TestRulesFingerprint, cmd/monosim's TestFingerprint).
//
// The strategy, decision by decision:
//
//   - Buying: buy when the cash left stays above a reserve. The reserve is
//     Player.Reserve plus a share of the rents the opponents' built-up
//     properties charge, so it grows as the board becomes dangerous. A deed
//     that completes the player's colour set, or blocks an opponent from
//     completing one, is always bought when the cash is there.
//   - Auctions: bid up to a valuation (the price; twice the price for a
//     set-completing deed, one and a half times for a blocking one, more
//     for ports and utilities already partly owned), never beyond the cash
//     less the reserve. Bids rise in steps of about a twentieth of the
//     valuation; a building at auction is worth up to twice its price.
//   - Building (only before the roll when the rules say so): on complete,
//     unmortgaged sets, the square with the fewest buildings first and the
//     cheapest house among those, while the cash left stays above the
//     reserve. Mortgages in complete sets are lifted first so that they can
//     be built on; other mortgages are lifted when the player is rich.
//   - Debts: pay as soon as the cash is there; otherwise mortgage deeds
//     outside complete sets (cheapest first), then deeds of unbuilt sets,
//     then sell buildings from the cheapest set, evenly; bankruptcy only
//     when the engine allows it (the debt cannot be raised).
//   - Jail: JailShort leaves at the first chance (a card, else the fine
//     before rolling); JailLong rolls for doubles for as long as the rules
//     allow, the classic late-game choice.
//   - Trades offered to the player: accepted only when the value received
//     clearly exceeds the value given, counting a set that the trade
//     completes for either side; a deed that completes the other side's set
//     is therefore never given away cheaply. A debt credited against a
//     deed (the debtor paying in property) counts as cash given up.
//   - Trades proposed, at the start of the player's turn: a player one
//     deed short of a colour set asks that deed's owner for it, for the
//     least cash the owner's valuation above accepts, or for a deed that
//     completes a set of the owner's no richer than the one it gets plus
//     cash. It pays at most twice the set's printed price and keeps its
//     reserve plus a house on every deed of the set. One open offer at a
//     time, one a turn, and a deal is not offered again to the same owner
//     within ten rounds.
//   - Ending the game by agreement: a computer player votes for it once
//     every other player still in has voted.
//
// The business edition adds (business.go): the jail square's fine is paid
// while businesses are still for sale and the reserve allows it, else the
// turn is skipped (always with JailLong); the gamble square gets a tenth
// of the cash above the reserve, in tens, within the cap (about half the
// Kelly stake of its odds), or nothing; when the bank has run out of the
// branch or corporation it could build, it offers to buy one from the
// opponent whose building is cheapest, at the least that opponent's
// valuation accepts; asked for one, it sells only for clearly more than
// three times its price, and never one it is short of itself. Удача and
// Неудача play themselves on the next rent.
//
// Levels (Player.Level, package engine/level; level.go): all of the above
// is normal, the zero value, and its decisions are pinned by the
// fingerprints. Easy is timid and trusting (double reserve, low bids, no
// proposals, half the margin on offers it gets, no Шанс). Hard (hard.go)
// buys and builds boldly, mortgaging loose deeds to reach three houses,
// bids by the smallest step, stays in jail once the board is built up,
// stakes on the Шанс at half the Kelly fraction of the cash above its full
// reserve and on the casino only when far behind, and looks ahead by
// Monte Carlo rollouts over the engine (rollout.go) for trades: an offer
// is accepted only when playing the acceptance out beats playing the
// refusal out, and the offers it makes are chosen among candidates (the
// missing deed for cash, for a deed that completes a set of the owner's,
// or for a loose deed and cash) by playing each out. Rollouts use dice of
// their own and reshuffled decks, never the game's hidden state; their
// seeds derive from the game, so hard stays reproducible. No level hands
// a person a complete set for less than its printed price on top of the
// deed, nor bids beyond its valuation (exploit_test.go).
package ai
