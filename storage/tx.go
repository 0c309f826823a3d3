package storage

import (
	"encoding/binary"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// ErrChatInUse is returned (wrapped) by MoveChat when the destination chat
// already has a game: merging two games is not something storage can decide.
var ErrChatInUse = errors.New("storage: destination chat already has a game")

// Tx is one bbolt transaction seen through the bot's records. Open has
// checked that every bucket exists, so methods do not re-check for nil.
type Tx struct {
	tx *bolt.Tx
	// opened are the buckets a read-only transaction opened. bbolt keeps
	// a writable transaction's buckets, but looks a read-only one's up
	// again at every call (a seek in the root and a new Bucket), and a
	// change reads its chat's entry and settings in a View of its own.
	opened [4]openedBucket
}

type openedBucket struct {
	name []byte
	b    *bolt.Bucket
}

func (t *Tx) bucket(name []byte) *bolt.Bucket {
	if t.tx.Writable() {
		return t.tx.Bucket(name)
	}
	for i := range t.opened {
		o := &t.opened[i]
		if o.b == nil {
			o.name, o.b = name, t.tx.Bucket(name)
			return o.b
		}
		if string(o.name) == string(name) {
			return o.b
		}
	}
	return t.tx.Bucket(name)
}

func (t *Tx) get(bucket []byte, chatID int64) ([]byte, bool) {
	v, ok := t.peek(bucket, chatID)
	if !ok {
		return nil, false
	}
	return clone(v), true
}

func (t *Tx) put(bucket []byte, chatID int64, data []byte) error {
	return t.bucket(bucket).Put(chatKey(chatID), clone(data))
}

// Game returns a copy of the chat's game record.
func (t *Tx) Game(chatID int64) ([]byte, bool) {
	v, ok := t.record(chatID)
	if !ok {
		return nil, false
	}
	return clone(v), true
}

// GameBytes is Game without the copy: the slice is bbolt's own memory,
// valid only until the transaction ends and never to be modified. It is
// for comparing or decoding in place, where a copy would be wasted.
func (t *Tx) GameBytes(chatID int64) ([]byte, bool) { return t.record(chatID) }

func (t *Tx) peek(bucket []byte, chatID int64) ([]byte, bool) {
	v := t.bucket(bucket).Get(chatKey(chatID))
	return v, v != nil
}

// PutGame replaces the chat's game record.
func (t *Tx) PutGame(chatID int64, data []byte) error {
	if err := t.putGame(chatID, data); err != nil {
		return fmt.Errorf("storage: put game %d: %w", chatID, err)
	}
	return nil
}

func (t *Tx) putGame(chat int64, data []byte) error {
	e, err := t.entry(chat)
	if err != nil {
		return err
	}
	e.game, e.record = true, data
	return t.putEntry(chat, e)
}

// DeleteGame removes the chat's game record; deleting a missing one is fine.
// The log, settings, archive and last update are left alone (see
// DeleteLog, Archive).
func (t *Tx) DeleteGame(chatID int64) error {
	if err := t.deleteGame(chatID); err != nil {
		return fmt.Errorf("storage: delete game %d: %w", chatID, err)
	}
	return nil
}

func (t *Tx) deleteGame(chat int64) error {
	if _, ok := t.record(chat); !ok {
		return nil
	}
	e, err := t.entry(chat)
	if err != nil {
		return err
	}
	e.game, e.record = false, nil
	return t.putEntry(chat, e)
}

// ForEachGame calls fn for every game in ascending chat id order (negative
// group ids first). fn gets copies; it must not write games, because bbolt
// cursors are undefined under modification — collect ids and write after.
// An error from fn stops the walk and is returned as is.
func (t *Tx) ForEachGame(fn func(chatID int64, data []byte) error) error {
	c := t.bucket(bucketGames).Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		e, err := readEntry(v)
		if err != nil {
			return fmt.Errorf("%w (chat %d)", err, chatFromKey(k))
		}
		if !e.game {
			continue // the chat's update id or log tail, without a game
		}
		if err := fn(chatFromKey(k), clone(e.record)); err != nil {
			return err
		}
	}
	return nil
}

// Logs are one nested bucket per chat under bucketLogs rather than composite
// chat|seq keys in one flat bucket, because:
//   - the bucket's own sequence (NextSequence) is the per-chat counter, with
//     no cursor seek to find the last key;
//   - DeleteLog is one DeleteBucket that frees the pages wholesale, instead
//     of a cursor delete loop (deleting under a bbolt cursor skips keys);
//   - small logs stay inline in the parent page, so idle chats cost little.
// Archive uses the same shape for the same reasons. A chat's newest log
// entries wait in a shared tail bucket first (logtail.go), so most appends
// write one shared page instead of the chat's log pages.

// AppendLog adds entry to the chat's log and returns its sequence number:
// 1 for the first entry after the log was created or deleted.
func (t *Tx) AppendLog(chatID int64, entry []byte) (uint64, error) {
	seq, err := t.appendLog(chatID, entry)
	if err != nil {
		return 0, fmt.Errorf("storage: append log %d: %w", chatID, err)
	}
	return seq, nil
}

// Log calls fn for each entry of the chat's log with seq ≥ fromSeq, in
// order; fn gets copies and must not append to this chat's log. A chat with
// no log is not an error.
func (t *Tx) Log(chatID int64, fromSeq uint64, fn func(seq uint64, entry []byte) error) error {
	if err := walkSeq(t.bucket(bucketLogs), chatID, fromSeq, fn); err != nil {
		return err
	}
	return t.walkTail(chatID, fromSeq, fn)
}

// DeleteLog drops the chat's whole log; the next AppendLog starts at 1.
func (t *Tx) DeleteLog(chatID int64) error {
	err := t.bucket(bucketLogs).DeleteBucket(chatKey(chatID))
	if err == nil || errors.Is(err, bolt.ErrBucketNotFound) {
		err = t.dropTail(chatID)
	}
	if err != nil {
		return fmt.Errorf("storage: delete log %d: %w", chatID, err)
	}
	return nil
}

// Archive appends a finished or abandoned game record to the chat's archive,
// so history survives the bot clearing the live game. Archives are never
// renumbered: the sequence only grows.
func (t *Tx) Archive(chatID int64, data []byte) error {
	packed, err := packArchive(data)
	if err != nil {
		return fmt.Errorf("storage: archive %d: %w", chatID, err)
	}
	if _, err := appendSeq(t.bucket(bucketArchive), chatID, packed); err != nil {
		return fmt.Errorf("storage: archive %d: %w", chatID, err)
	}
	return nil
}

// ForEachArchive calls fn for each archived record of the chat, oldest first.
func (t *Tx) ForEachArchive(chatID int64, fn func(seq uint64, data []byte) error) error {
	return walkSeq(t.bucket(bucketArchive), chatID, 0, func(seq uint64, v []byte) error {
		data, err := unpackArchive(v)
		if err != nil {
			return fmt.Errorf("%w (chat %d, archive %d)", err, chatID, seq)
		}
		return fn(seq, data)
	})
}

// ForEachArchiveNewest calls fn for the chat's archived records, newest
// first, while fn returns true: the bot looks back at the last game or two
// (a rematch, /board after the game) without reading the whole archive.
func (t *Tx) ForEachArchiveNewest(chatID int64, fn func(seq uint64, data []byte) (bool, error)) error {
	b := t.bucket(bucketArchive).Bucket(chatKey(chatID))
	if b == nil {
		return nil
	}
	c := b.Cursor()
	for k, v := c.Last(); k != nil; k, v = c.Prev() {
		seq := readU64(k)
		data, err := unpackArchive(clone(v))
		if err != nil {
			return fmt.Errorf("%w (chat %d, archive %d)", err, chatID, seq)
		}
		if more, err := fn(seq, data); err != nil || !more {
			return err
		}
	}
	return nil
}

func appendSeq(parent *bolt.Bucket, chatID int64, value []byte) (uint64, error) {
	b, err := parent.CreateBucketIfNotExists(chatKey(chatID))
	if err != nil {
		return 0, err
	}
	// Keys only ever grow: pages split full instead of half empty.
	b.FillPercent = 1
	seq, err := b.NextSequence()
	if err != nil {
		return 0, err
	}
	if err := b.Put(seqKey(seq), clone(value)); err != nil {
		return 0, err
	}
	return seq, nil
}

func walkSeq(parent *bolt.Bucket, chatID int64, fromSeq uint64, fn func(uint64, []byte) error) error {
	b := parent.Bucket(chatKey(chatID))
	if b == nil {
		return nil
	}
	c := b.Cursor()
	for k, v := c.Seek(seqKey(fromSeq)); k != nil; k, v = c.Next() {
		if err := fn(readU64(k), clone(v)); err != nil {
			return err
		}
	}
	return nil
}

// Settings returns a copy of the chat's settings record.
func (t *Tx) Settings(chatID int64) ([]byte, bool) { return t.get(bucketSettings, chatID) }

// SettingsBytes is Settings without the copy, with GameBytes' terms.
func (t *Tx) SettingsBytes(chatID int64) ([]byte, bool) { return t.peek(bucketSettings, chatID) }

// PutSettings replaces the chat's settings record.
func (t *Tx) PutSettings(chatID int64, data []byte) error {
	if err := t.put(bucketSettings, chatID, data); err != nil {
		return fmt.Errorf("storage: put settings %d: %w", chatID, err)
	}
	return nil
}

// Offset is the getUpdates offset to poll with next; 0 if never set.
func (t *Tx) Offset() int {
	return int(readU64(t.bucket(bucketMeta).Get(keyOffset)))
}

// SetOffset records the next getUpdates offset. Smaller values are ignored:
// handlers for different chats commit in any order, and a late commit of an
// older update must not make Telegram redeliver everything after it.
func (t *Tx) SetOffset(offset int) error {
	if offset <= t.Offset() {
		return nil
	}
	if err := t.bucket(bucketMeta).Put(keyOffset, u64(uint64(offset))); err != nil {
		return fmt.Errorf("storage: set offset: %w", err)
	}
	return nil
}

// ChatHead is GameBytes and LastUpdate of one chat in one look at its
// entry: a change reads both before its work and again before it writes
// (bot/commit), and each look is a search of the bucket.
func (t *Tx) ChatHead(chatID int64) (record []byte, hasGame bool, lastUpdate int) {
	key := chatKey(chatID)
	v := t.bucket(bucketGames).Get(key)
	if !isEntry(v) {
		// A chat not changed since a file from before schema 10 (chat.go).
		return v, v != nil, int(readU64(t.bucket(bucketLastUpdate).Get(key)))
	}
	last, _ := binary.Uvarint(v[1:]) // 0 for a damaged entry, as LastUpdate
	e, err := readEntry(v)
	if err != nil {
		return v, true, int(last) // as record: decoding it fails where it is used
	}
	return e.record, e.game, int(last)
}

// LastUpdate is the highest Telegram update_id applied to this chat, 0 if
// none. With the game change and this id in one transaction, an update seen
// again after a crash (offset not yet advanced past it) is recognisable.
func (t *Tx) LastUpdate(chatID int64) int {
	key := chatKey(chatID)
	if v := t.bucket(bucketGames).Get(key); isEntry(v) {
		last, _ := binary.Uvarint(v[1:]) // 0 for a damaged entry: entry reports it
		return int(last)
	}
	// A chat not changed since a file from before schema 10 (chat.go).
	return int(readU64(t.bucket(bucketLastUpdate).Get(key)))
}

// SetLastUpdate records updateID as applied to the chat. Like SetOffset it
// never moves backwards: update ids only grow, so a smaller one is stale.
func (t *Tx) SetLastUpdate(chatID int64, updateID int) error {
	if updateID <= t.LastUpdate(chatID) {
		return nil
	}
	e, err := t.entry(chatID)
	if err == nil {
		e.lastUpdate = uint64(updateID)
		err = t.putEntry(chatID, e)
	}
	if err != nil {
		return fmt.Errorf("storage: set last update %d: %w", chatID, err)
	}
	return nil
}

// MoveChat moves everything of chat from to chat to, for a group that
// Telegram upgraded to a supergroup (new id, same people).
//
//   - game: moved; if to already has one, ErrChatInUse and nothing changes.
//   - log: moved with its sequence numbers and counter. A log at to without
//     a game there is debris (the bot deletes both together), and is replaced.
//   - settings: from's replace to's, if from has any.
//   - archive: from's records are appended after to's.
//   - recent mark: to gets the later of the two and from's is dropped, so a
//     restart looks at the game where it now is.
//   - messages owed (pending.go): moved with their sequence numbers, so
//     they and to's keep the order they were added in.
//   - timer: the index entry Deadline keeps moves with the game; one
//     from before schema 11 is the caller's to move (PutTimer).
//   - last update: from keeps its value, so an update for the old id
//     redelivered after a crash is still recognised as applied instead of
//     starting something in a dead chat; to keeps its own. Update ids are
//     global but each chat's lane runs apart, so the supergroup's next
//     update may well be lower than the group's last one: carried over, it
//     would make the supergroup's commands look applied already.
//
// Moving a chat onto itself does nothing.
func (t *Tx) MoveChat(from, to int64) error {
	if from == to {
		return nil
	}
	if err := t.moveChat(from, to); err != nil {
		return fmt.Errorf("storage: move chat %d to %d: %w", from, to, err)
	}
	return nil
}

func (t *Tx) moveChat(from, to int64) error {
	fk, tk := chatKey(from), chatKey(to)

	if _, ok := t.record(to); ok {
		return ErrChatInUse
	}
	if g, ok := t.Game(from); ok {
		if err := t.putGame(to, g); err != nil {
			return err
		}
		if err := t.deleteGame(from); err != nil {
			return err
		}
	}
	if err := t.moveIndexed(from, to); err != nil {
		return err
	}

	logs := t.bucket(bucketLogs)
	if src := logs.Bucket(fk); src != nil || t.hasTail(from) {
		if err := t.DeleteLog(to); err != nil {
			return err
		}
		if err := t.moveTail(from, to); err != nil {
			return err
		}
	}
	if src := logs.Bucket(fk); src != nil {
		dst, err := logs.CreateBucket(tk)
		if err != nil {
			return err
		}
		if err := src.ForEach(func(k, v []byte) error { return dst.Put(clone(k), clone(v)) }); err != nil {
			return err
		}
		if err := dst.SetSequence(src.Sequence()); err != nil {
			return err
		}
		if err := logs.DeleteBucket(fk); err != nil {
			return err
		}
	}

	settings := t.bucket(bucketSettings)
	if s := settings.Get(fk); s != nil {
		if err := settings.Put(tk, clone(s)); err != nil {
			return err
		}
		if err := settings.Delete(fk); err != nil {
			return err
		}
	}

	archive := t.bucket(bucketArchive)
	if src := archive.Bucket(fk); src != nil {
		// Collected first: appendSeq writes the parent bucket, and a cursor
		// walk must not overlap writes it might observe.
		var records [][]byte
		if err := src.ForEach(func(_, v []byte) error {
			records = append(records, clone(v))
			return nil
		}); err != nil {
			return err
		}
		for _, r := range records {
			if _, err := appendSeq(archive, to, r); err != nil {
				return err
			}
		}
		if err := archive.DeleteBucket(fk); err != nil {
			return err
		}
	}

	if err := t.moveChatStats(from, to); err != nil {
		return err
	}
	if err := t.moveRecent(from, to); err != nil {
		return err
	}
	return t.movePending(from, to)
}
