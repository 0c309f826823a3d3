// Package timers owns the games' deadlines: the pace's windows, the
// reminders, missed turns and the kicks they lead to, and the firing of
// the storage timer index.
//
// Every pending decision of a running game has a deadline set by the
// game's pace (kit.Record.Pace). The clock lives in the record
// (kit.Record.Clock), and the chat's next moment — the earliest of a
// reminder, the deadline, an offer's expiry, a lobby's moment and the
// archive of an untouched game — is one entry of the storage timer index
// (storage/timers.go). The commit path re-plans it (Timers.Rearm, its
// commit.Options.Rearm hook) in the same transaction that changes the
// game, deleting the old key, so the index always matches the records: a
// restart loses no deadline and needs no scan, and the runner (Run,
// FireDue) only asks storage for the earliest due entries.
//
// It does not change a chat itself nor know what the game, the lobby or a
// vote means: it reaches the chat layer (package bot) through Host — the
// chat's lock, the commit path, showing a change, the kind that plays, the
// lobby's moments and the kick votes — and the outbox through Outbox, both
// declared here where they are used.
package timers
