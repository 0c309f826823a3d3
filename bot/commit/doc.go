// Package commit is the commit path: the one way a chat's stored state
// changes (Path.Change).
//
// It owns:
//   - the update applied once: a short read transaction skips an update
//     whose id the chat (or the chat it came from, ChangeVia) already
//     stored, and the change stores the update id with its result;
//   - group commit: the change function runs and its result is encoded in
//     the caller's goroutine, then storage.Store.Batch (one transaction
//     and one fsync shared by concurrent chats) checks that the record and
//     settings are still what was read and only writes — the record, its
//     log entries, the update id, the getUpdates offset
//     (Options.Offset), the chat's deadline for the timer index and the
//     messages the change owes its chat (Options.Owed, kept in storage
//     until delivered); a record changed meanwhile makes the change run
//     again on the newer one, so the change function has no side effects;
//   - the end of a game: its archive with the action log, and the
//     players' statistics (Options.GameEnd) in the same transaction;
//   - the record and settings caches (cache.go): decoded values of
//     recently changed chats, used only when their bytes are the stored
//     ones, kept immutable and handed out as copies;
//   - the chats' locks (locks.go): one change of a chat at a time, and
//     what runs once the lock is released (Path.Later).
//
// It does not decide what a change means — that is the chat layer's
// (package bot) and the kinds' work, done in the function given to
// Change — nor what the chat layer adds inside a commit: the re-planned
// timer (Options.Rearm, Options.ActingSeat), the stamp in the index of
// recent changes (Options.Restamp), the kept messages (Options.Owed) and
// the statistics (Options.GameEnd) are hooks given to New. It imports
// neither package bot nor a kind of game: it knows a kit.Record and
// kit.Change, and storage.
package commit
