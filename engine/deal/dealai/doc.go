// Package dealai plays Monopoly Deal for a seat: computer players for the
// bot's empty seats and for the simulator (cmd/monosim -edition deal), at
// three levels (level.go): easy, normal and hard.
//
// Decide returns the normal level's action for a seat now; Step applies
// the decision of whoever the game waits for; a Player (or DecideLevel)
// decides at any level. A player is a pure function of what its seat may
// see (its own hand and the public table: never another hand or the draw
// pile), with no memory, so simulations replay exactly: the hard level's
// random deals of the unseen cards come from a generator seeded by that
// view. A decision allocates nothing once a Player's scratch space is
// grown.
//
// Easy (easy.go) plays like a beginner: the cards of its hand in order,
// money first, no Double The Rent, debts aimed at the next player, a Just
// Say No only against a Deal Breaker. Hard (search.go, candidates.go)
// weighs Normal's choice against the other sensible moves by playing each
// out in many random deals of the cards it cannot see. No level spends a
// Just Say No on a debt of 2M or less, and every level pays a debt around
// its complete sets when its bank and loose properties cover it.
//
// The normal strategy, decision by decision:
//
//   - Play (up to 3 cards): a property or wild that completes a set first;
//     then a Deal Breaker on the opponents' best complete set; Pass Go while
//     two plays are left; a Sly Deal or Forced Deal for the card that brings
//     a set of its own closest to complete; the rent of its best colour
//     (with Double The Rent when the rent is 3M or more), from the richest
//     opponent for the any-colour card; Debt Collector and Birthday when
//     someone can pay; other properties, on the colour they bring closest to
//     a set; a house, then a hotel; money to the bank; action cards to the
//     bank while the bank holds under 5M (Just Say No and Deal Breaker are
//     kept). Otherwise it ends the turn.
//   - Wilds are re-coloured (free) when that completes a set and breaks
//     none.
//   - Answers: a Just Say No against a Deal Breaker, against a steal of a
//     card in a set one card short, or a debt of 5M or more; the actor
//     counters a Just Say No only to save a Deal Breaker or a debt of 5M or
//     more. A debt is paid with the least useful cards: money first, then
//     properties far from a set, cards of complete sets last.
//   - Discards: the least useful card (small money and Pass Go first,
//     properties, Just Say No and Deal Breaker last).
package dealai
