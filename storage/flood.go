package storage

import (
	"fmt"

	bolt "go.etcd.io/bbolt"
)

var bucketFlood = []byte("flood") // chat key → the Telegram client's flood state for the chat (opaque)

// The flood state is what the Telegram client must remember across a
// restart to stay within Telegram's limits: a 429's end and the calls of
// the last minute, per chat. It is small, written every few seconds at
// most, and only for chats whose state changed.

// LoadFlood returns every chat's saved flood state.
func (s *Store) LoadFlood() (map[int64][]byte, error) {
	out := map[int64][]byte{}
	err := s.db.View(func(btx *bolt.Tx) error {
		return btx.Bucket(bucketFlood).ForEach(func(k, v []byte) error {
			if len(k) == 8 {
				out[chatFromKey(k)] = clone(v)
			}
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("storage: load flood state: %w", err)
	}
	return out, nil
}

// SaveFlood stores the given chats' flood states (a nil value deletes one)
// in the next group commit, so it rarely costs a disk sync of its own.
func (s *Store) SaveFlood(states map[int64][]byte) error {
	err := s.Batch(func(tx *Tx) error {
		b := tx.bucket(bucketFlood)
		for chat, v := range states {
			var err error
			if v == nil {
				err = b.Delete(chatKey(chat))
			} else {
				err = b.Put(chatKey(chat), clone(v))
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("storage: save flood state: %w", err)
	}
	return nil
}
