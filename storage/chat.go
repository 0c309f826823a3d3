package storage

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// A chat's entry in bucketGames holds in one value what a change of the
// chat writes besides its timer: the highest update id applied to the
// chat, its newest log entries (the tail, logtail.go) and its game record.
// Each bucket a commit touches costs a leaf page, the branch pages above it
// and the root's page of buckets, because bbolt copies pages on write; with
// the three in one value, an update writes one path instead of three:
// about 16 KB less per update (BenchmarkDiskPerUpdate).
//
// The value is a format byte (whether a game record follows, and whether
// the chat's timer entry is known), the update id, the moment of the
// chat's entry in the timer index (schema 11; timers.go) and the tail's
// length as uvarints, the tail, then the record:
//
//	[entryGame|entryNoGame][last update][len(tail)][tail][record]
//	[entryGameT|entryNoGameT][last update][indexed][len(tail)][tail][record]
//
// Files from before schema 10 keep the record alone (JSON, so its first
// byte is '{', never a format byte), the update id in bucketLastUpdate and
// the tail in bucketLogTail. Those are read where they are and move into
// the entry the first time the chat changes, so an upgrade rewrites no
// file at once. An entry of schema 10 (no moment) keeps its format until
// the chat's deadline is set through Deadline: its timer entry is where
// the bot's record says its deadline is.
const (
	entryGame    byte = 0x01 // a game record follows (it may be empty)
	entryNoGame  byte = 0x02 // the chat has no game
	entryGameT   byte = 0x03 // entryGame, with the timer index's moment
	entryNoGameT byte = 0x04 // entryNoGame, with the timer index's moment
)

func isEntry(v []byte) bool { return len(v) > 0 && v[0] >= entryGame && v[0] <= entryNoGameT }

var errEntry = errors.New("storage: unreadable chat entry")

// chatEntry is a chat's entry; its slices may be views into bbolt's memory.
type chatEntry struct {
	lastUpdate uint64
	tail       []byte // logtail.go's value; nil: none
	game       bool   // record is the chat's game record
	record     []byte
	// timed says that indexed is known: the moment of the chat's entry in
	// the timer index that Deadline keeps (0: none). Without it, the
	// index holds the deadline the bot's record names (timers.go).
	timed   bool
	indexed uint64
}

// readEntry decodes a stored value. A value without the format byte is a
// record stored before schema 10.
func readEntry(v []byte) (chatEntry, error) {
	if v == nil {
		return chatEntry{}, nil
	}
	if !isEntry(v) {
		return chatEntry{game: true, record: v}, nil
	}
	e := chatEntry{game: v[0] == entryGame || v[0] == entryGameT, timed: v[0] >= entryGameT}
	rest := v[1:]
	last, n := binary.Uvarint(rest)
	if n <= 0 {
		return e, errEntry
	}
	e.lastUpdate, rest = last, rest[n:]
	if e.timed {
		at, n := binary.Uvarint(rest)
		if n <= 0 {
			return e, errEntry
		}
		e.indexed, rest = at, rest[n:]
	}
	l, n := binary.Uvarint(rest)
	if n <= 0 || uint64(len(rest)-n) < l {
		return e, errEntry
	}
	rest = rest[n:]
	if l > 0 {
		e.tail = rest[:l]
	}
	e.record = rest[l:]
	if !e.game && len(e.record) > 0 {
		return e, errEntry
	}
	return e, nil
}

// empty says the entry holds nothing. One that notes its index moment
// is kept even without one: without the note, the index would be taken
// to hold the bot's deadline (schema 10's entries).
func (e chatEntry) empty() bool {
	return e.lastUpdate == 0 && len(e.tail) == 0 && !e.game && !e.timed
}

// encode builds a new value: it copies the views out of bbolt's memory.
func (e chatEntry) encode() []byte {
	v := make([]byte, 0, 1+3*binary.MaxVarintLen64+len(e.tail)+len(e.record))
	format := entryNoGame
	if e.game {
		format = entryGame
	}
	if e.timed {
		format += entryGameT - entryGame
	}
	v = append(v, format)
	v = binary.AppendUvarint(v, e.lastUpdate)
	if e.timed {
		v = binary.AppendUvarint(v, e.indexed)
	}
	v = binary.AppendUvarint(v, uint64(len(e.tail)))
	v = append(v, e.tail...)
	if !e.game {
		return v
	}
	return append(v, e.record...)
}

// entry reads the chat's entry, with what a file from before schema 10
// keeps elsewhere while the chat has not changed since: putEntry drops
// that in the write that makes the entry, so a value in the entry's
// format means there is none.
func (t *Tx) entry(chat int64) (chatEntry, error) {
	key := chatKey(chat)
	v := t.bucket(bucketGames).Get(key)
	e, err := readEntry(v)
	if err != nil {
		return e, fmt.Errorf("%w (chat %d)", err, chat)
	}
	if !isEntry(v) {
		e.lastUpdate = readU64(t.bucket(bucketLastUpdate).Get(key))
		e.tail = t.bucket(bucketLogTail).Get(key)
	}
	return e, nil
}

// putEntry stores the chat's entry (or deletes an empty one) and drops
// what a file from before schema 10 kept elsewhere, now in the entry.
func (t *Tx) putEntry(chat int64, e chatEntry) error {
	key := chatKey(chat)
	var v []byte
	if !e.empty() {
		v = e.encode() // before the deletes below: e may view what they drop
	}
	games := t.bucket(bucketGames)
	if !isEntry(games.Get(key)) {
		for _, legacy := range [][]byte{bucketLastUpdate, bucketLogTail} {
			if b := t.bucket(legacy); b.Get(key) != nil {
				if err := b.Delete(key); err != nil {
					return err
				}
			}
		}
	}
	if v == nil {
		return games.Delete(key)
	}
	return games.Put(key, v)
}

// record is the chat's game record (a view), if it has one.
func (t *Tx) record(chat int64) ([]byte, bool) {
	v := t.bucket(bucketGames).Get(chatKey(chat))
	if v == nil {
		return nil, false
	}
	e, err := readEntry(v)
	if err != nil {
		// Handed over as it is: decoding it fails where the record is
		// used, instead of the game quietly vanishing.
		return v, true
	}
	return e.record, e.game
}

// ChatWrite is what a change stores in a chat's entry, written together so
// that the entry is encoded and put once.
type ChatWrite struct {
	// UpdateID is the update the change applies (0: none); like
	// SetLastUpdate, it never moves the chat's last update back.
	UpdateID int
	Logs     [][]byte // entries to append to the chat's log
	Record   []byte   // the chat's new game record (nil: unchanged)
	// Deadline, if set, is the chat's deadline after the change, for the
	// timer index (timers.go).
	Deadline *Deadline
}

// WriteChat stores w in the chat's entry: SetLastUpdate, AppendLog for
// each entry and PutGame in one write.
func (t *Tx) WriteChat(chat int64, w ChatWrite) error {
	if err := t.writeChat(chat, w); err != nil {
		return fmt.Errorf("storage: write chat %d: %w", chat, err)
	}
	return nil
}

func (t *Tx) writeChat(chat int64, w ChatWrite) error {
	e, err := t.entry(chat)
	if err != nil {
		return err
	}
	changed := false
	if u := uint64(max(w.UpdateID, 0)); u > e.lastUpdate {
		e.lastUpdate, changed = u, true
	}
	for _, entry := range w.Logs {
		if _, err := t.appendTail(chat, &e, entry); err != nil {
			return err
		}
		changed = true
	}
	if w.Record != nil {
		e.game, e.record, changed = true, w.Record, true
	}
	if w.Deadline != nil {
		moved, err := t.setDeadline(chat, &e, *w.Deadline)
		if err != nil {
			return err
		}
		changed = changed || moved
	}
	if !changed {
		return nil
	}
	return t.putEntry(chat, e)
}
