// Package votes owns /pause, /resume and /kick: who may vote, the count,
// the vote's message and what a vote that passed does.
//
// A chat admin decides at once; otherwise the players vote by sending the
// command or pressing "Agree" under the vote's message, and the majority
// decides (of the active players for a pause or resume, of the other
// active players for a kick; computers do not vote). Votes are clock
// state, kept in the record (kit.Clock.Votes) until they pass or the thing
// voted on is done, stored without a new revision so the buttons on screen
// stay valid.
//
// Each vote in progress has one message, a slot vote:<game>:<kind><seat>
// (messages.go) whose count each vote updates; when the vote ends — it
// passed, the game moved on from whom it was about, or the game ended — it
// loses its button and says how it ended, so no live button stays behind.
//
// Votes change a chat only inside a change the chat layer runs (kit.Change)
// and ask it for the rest through Host: the kind playing the record (who is
// active, whom the game waits for, who may resign), the clock, and making a
// kicked seat leave. The commands and the "Agree" press arrive in package
// bot (pause.go), which calls Votes.Vote.
package votes
