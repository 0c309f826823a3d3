package storage

import (
	"encoding/binary"
	"fmt"
)

var bucketPending = []byte("pending") // chat key ‖ big-endian seq → a message still to send (the caller's bytes)

// The pending bucket holds the new messages a change owes its chat until
// Telegram has accepted them: the change writes them in its own
// transaction, the sender deletes each once it went out, and a start sends
// again whatever is left, so a kill while they wait for the chat's budget
// loses none. It is almost always empty.

// AddPending stores msg as owed to chat, after the chat's earlier ones,
// and returns its sequence number (never reused).
func (t *Tx) AddPending(chat int64, msg []byte) (uint64, error) {
	b := t.bucket(bucketPending)
	seq, err := b.NextSequence()
	if err != nil {
		return 0, fmt.Errorf("storage: add pending message: %w", err)
	}
	if err := b.Put(pendingKey(chat, seq), clone(msg)); err != nil {
		return 0, fmt.Errorf("storage: add pending message: %w", err)
	}
	return seq, nil
}

// DeletePending forgets a message once it was sent (or can never be).
func (t *Tx) DeletePending(chat int64, seq uint64) error {
	if err := t.bucket(bucketPending).Delete(pendingKey(chat, seq)); err != nil {
		return fmt.Errorf("storage: delete pending message: %w", err)
	}
	return nil
}

// ForEachPending calls fn for every owed message, by chat and, within a
// chat, in the order they were added.
func (t *Tx) ForEachPending(fn func(chat int64, seq uint64, msg []byte) error) error {
	return t.bucket(bucketPending).ForEach(func(k, v []byte) error {
		if len(k) != 16 {
			return nil
		}
		return fn(chatFromKey(k[:8]), binary.BigEndian.Uint64(k[8:]), clone(v))
	})
}

// movePending gives from's owed messages to to, keeping their sequence
// numbers (a sender holding one still names it).
func (t *Tx) movePending(from, to int64) error {
	b := t.bucket(bucketPending)
	prefix := chatKey(from)
	var keys, vals [][]byte
	c := b.Cursor()
	for k, v := c.Seek(prefix); k != nil && len(k) == 16 && string(k[:8]) == string(prefix); k, v = c.Next() {
		keys, vals = append(keys, clone(k)), append(vals, clone(v))
	}
	for i, k := range keys { // deleting under a cursor skips keys
		if err := b.Put(pendingKey(to, binary.BigEndian.Uint64(k[8:])), vals[i]); err != nil {
			return err
		}
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

func pendingKey(chat int64, seq uint64) []byte {
	return binary.BigEndian.AppendUint64(chatKey(chat), seq)
}
