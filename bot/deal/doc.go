// Package deal is Monopoly Deal (engine/deal) as a kind of game the chat
// layer hosts (bot.Kind): the lobby's start, the public table in the group,
// each player's private hand in their own chat with the bot — its buttons,
// targets, payments and Just Say No answers —, timeouts and the final
// standings; and Deal as an edition of /settings, with its one house rule
// (a free Just Say No on one's turn) and its /rules and /stats lines
// (settings.go). Inline mode (inline.go) lists a person's moves in the
// group's input, one per card.
//
// Hidden information never reaches the group: the table message is built
// from the engine's public view (hand sizes, never hands) and public events
// only; a hand message is built from its seat's own View and goes only to
// that person's private chat. The group's message carries a link that
// opens the private chat (a /start payload naming the group and the game);
// from then on the hand message is edited in place.
//
// Hand buttons carry the group (kit.WithChat) and, instead of the record's
// revision, a key of what the seat could do when the message was drawn
// (handKey): a press is refused as outdated exactly when the hand's
// choices changed, so other players' moves do not make every hand's
// buttons stale — and hand messages are edited only when they change.
//
// Computer seats (seats.go) are played by engine/deal/dealai through the
// chat's clock, like the board's: a pause, then one move per change,
// answers first. They have no private chat, so their hands are shown
// nowhere.
//
// Absent players: each person the game waits for misses the turn when its
// deadline passes — an action's targets too, not the player whose action
// it was —, and a person's own move, though made in the private chat or
// inline, clears their count (act). A player removed for missed turns or
// by a /kick vote, or who confirms /leave (leave.go), leaves through the
// engine (deal.ActResign, RULES.md):
// hand, bank and table go to the discard pile, the game goes on without
// them, and the last one left wins; their hand message closes.
//
// The code is in parts, each a type over one shared core (deal.go: the
// host, the catalog, the config, the people of running games, and the
// parts by name): plays (play.go: act, apply, absorb; computer seats;
// /leave), texts (the table, hands, card names, stakes: render.go,
// hand.go, card_names.go, stake.go) and hands (the private hand and inline
// mode: private.go, private_link.go, inline.go). Kind (kind.go)
// implements bot.Kind, keeping the record's bookkeeping and handing play,
// texts and hands to the parts. The files stand in
// layers, each above what it uses (go run ./cmd/layers -v ./bot/deal: no
// arrow runs back up).
package deal
