package storage

import (
	"encoding/binary"
	"fmt"
)

var bucketRecent = []byte("recent") // chat key → big-endian Unix ms of the chat's last change

// The recent index lists the chats changed lately, so that start-up work
// (showing again what a killed process may not have delivered) reads only
// those chats instead of every stored game.

// MarkRecent records that chat changed at at (Unix ms).
func (t *Tx) MarkRecent(chat, at int64) error {
	v := binary.BigEndian.AppendUint64(nil, uint64(max(at, 0)))
	if err := t.bucket(bucketRecent).Put(chatKey(chat), v); err != nil {
		return fmt.Errorf("storage: mark chat %d recent: %w", chat, err)
	}
	return nil
}

// ForEachRecent calls fn for every chat marked at or after since (Unix ms),
// in chat order, and forgets the older marks. In a View transaction the old
// marks are skipped but not deleted.
func (t *Tx) ForEachRecent(since int64, fn func(chat, at int64) error) error {
	b := t.bucket(bucketRecent)
	var old [][]byte
	err := b.ForEach(func(k, v []byte) error {
		if len(k) != 8 || len(v) != 8 {
			old = append(old, append([]byte(nil), k...))
			return nil
		}
		at := int64(binary.BigEndian.Uint64(v))
		if at < since {
			old = append(old, append([]byte(nil), k...))
			return nil
		}
		return fn(chatFromKey(k), at)
	})
	if err != nil || !t.tx.Writable() {
		return err
	}
	for _, k := range old { // deleting while ForEach walks would skip keys
		if err := b.Delete(k); err != nil {
			return fmt.Errorf("storage: forget recent mark: %w", err)
		}
	}
	return nil
}

// moveRecent gives to the later of both chats' marks and drops from's.
func (t *Tx) moveRecent(from, to int64) error {
	b := t.bucket(bucketRecent)
	fv := b.Get(chatKey(from))
	if fv == nil {
		return nil
	}
	at := readU64(fv)
	if tv := b.Get(chatKey(to)); readU64(tv) > at {
		at = readU64(tv)
	}
	if err := b.Put(chatKey(to), u64(at)); err != nil {
		return err
	}
	return b.Delete(chatKey(from))
}
