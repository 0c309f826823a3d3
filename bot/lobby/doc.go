// Package lobby owns a game gathering players: opening it, its buttons
// (join, leave, start, cancel with a confirmation, ⚙️ More), its computer
// seats and their levels (seats.go), its moments — it closes by itself
// after a wait that depends on the pace, and starts by itself at a moment
// its creator chose (Wait, ClosesAt, Next, Lobby.Due) — and its message's
// text and keyboard (render.go).
//
// The lobby changes a chat only inside a change the chat layer runs
// (kit.Change) and asks it for the rest through Host, implemented by
// package bot: the clock, the chat's options for the lobby's edition and
// the kind that plays it, the kinds' offers (how many seats, the lobby's
// text), starting the kind's game and its clock, the refusals the chat
// layer words, the settings menu behind ⚙️ More and the 🔔 button. The
// presses arrive in package bot (callbacks.go), which routes the lobby's
// ops (Ops) here. 🔁 Rematch after a game opens a lobby of the same players
// (rematch.go); package bot finds the game that ended among the chat's
// archives (bot/rematch.go). The 🔔 list of people told of the next lobby
// stays in package bot (lobby_notify.go): it sends private messages.
package lobby
