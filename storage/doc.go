// Package storage owns the bot's bbolt file: which buckets exist, how keys
// are encoded, the schema version and the migrations between versions.
//
// It knows nothing of the engine or of Telegram. Per chat (an int64 id) it
// keeps one game record, an append-only action log, settings, the highest
// Telegram update already applied, archived game records, the Telegram
// client's flood state and the new messages it still owes (pending.go);
// globally it keeps the getUpdates offset and the
// updates the poller spooled. Records are opaque bytes owned by the caller;
// archived ones are stored compressed. A chat's record, last update id and
// newest log entries are one value, its entry (chat.go, logtail.go), so
// that an update rewrites one bucket's pages. The timer index is kept
// lazily (timers.go): a deadline that moves later leaves its entry early,
// and the chat's entry notes where it is. Files have 1 KB pages, since a
// commit writes every page it touches whole; Open converts a file of an
// earlier version once (pages.go). Open refuses a damaged file
// (ErrCorrupt); a change the disk could not take fails with ErrNotSaved.
//
// The point of the package is the transaction: the bot writes the new game
// snapshot, its log entry, the chat's last update id and the global offset in
// one transaction (Tx.WriteChat, through the group commit of Store.Batch), so
// a crash either keeps all of them or none, and a redelivered update can be
// recognised and skipped.
//
// Every byte slice handed out by a Tx is a copy (bbolt's own slices point
// into the memory map and die with the transaction), and every slice handed
// in is copied before it reaches bbolt (bbolt keeps the caller's slice until
// commit), so callers never share memory with the database.
//
// A Tx is valid only inside the function given to Update or View. Never do
// network calls inside one: bbolt allows a single writer, and every chat
// waits behind it.
package storage
