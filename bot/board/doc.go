// Package board is the board games (every edition of the board engine,
// engine/) in Telegram: one kind of game the chat layer (package bot)
// hosts through its Kind interface. It owns what its editions offer in
// /settings and how its colour sets read in /stats (settings.go), the
// board's buttons (ops.go),
// play (play.go), turn messages, keyboards and texts (render.go,
// keyboard.go; the turn's events as a phone shows them, turn_lines.go; the
// buy prompt, turn_buy.go; 🏗/🏦/🤝 when useful, turn_buttons.go), deed
// cards (deed.go), auctions in a message of their own whose edits are
// spaced (auction.go), the casino's reels stopping one by one (reels.go),
// history, and trades between players: offers in the group
// (trade_offer.go) composed in a person's private chat (trade_private.go,
// trade_draft.go), buildings bought from another player in them
// (trade_building.go); refusals that name whom the game waits for
// (refusals.go); the board's picture for /board and 🗺 (picture.go,
// drawn by bot/boardimg), computer seats played by engine/ai (seats.go),
// spectators who follow a game (follow.go), and a game's ending: its
// length and highlights from a tally kept as it goes (ending.go) and the
// summary of what a bankrupt hands over (ending_bankrupt.go). Its state
// between changes is bot/board/state, held by the chat's record; it
// changes it only through the host (kit.Host).
//
// The code is in parts, each a type over one shared core (board.go: the
// host's services, the catalog, the config, the picture cache, and the
// parts by name): turns (play, the turn's keyboard, computer seats,
// followers, reels), texts (everything rendered for people), auctions,
// trades, deeds, pictureView and endings. Kind (kind.go) implements
// bot.Kind: it keeps the record's bookkeeping (who is pending, results,
// what to show) and hands play, texts, trades and pictures to the parts.
// The files stand in layers, each above what it uses (go run ./cmd/layers
// -v ./bot/board: no arrow runs back up): the state (stateof.go), ops,
// slots and keys low; the event texts (render_events.go), the picture
// cache (picture_cache.go) and the refusals' table below the texts; play
// (play.go: act and absorb) below the presses that call it (turn_press.go,
// auction_press.go, deed_press.go, trade_press.go, trade_act.go); kind.go
// on top.
package board
