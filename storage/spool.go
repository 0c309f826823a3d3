package storage

import (
	"encoding/binary"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

var bucketSpool = []byte("spool") // big-endian update_id → the update as Telegram sent it

// The spool holds Telegram updates that the poller confirmed before they
// were handled (a full page of updates in flight hides newer ones, and only
// confirming it shows them). It is written only then, and emptied once the
// handlers are past it, so it is almost always empty.

// SpoolUpdates stores updates durably (one transaction, synced).
func (s *Store) SpoolUpdates(updates map[int][]byte) error {
	err := s.Update(func(tx *Tx) error {
		b := tx.bucket(bucketSpool)
		for id, u := range updates {
			if err := b.Put(u64(uint64(id)), clone(u)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("storage: spool updates: %w", err)
	}
	return nil
}

// SpooledUpdates returns every spooled update by update_id.
func (s *Store) SpooledUpdates() (map[int][]byte, error) {
	out := map[int][]byte{}
	err := s.db.View(func(btx *bolt.Tx) error {
		return btx.Bucket(bucketSpool).ForEach(func(k, v []byte) error {
			if len(k) == 8 {
				out[int(binary.BigEndian.Uint64(k))] = clone(v)
			}
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("storage: read spooled updates: %w", err)
	}
	return out, nil
}

// UnspoolUpdates deletes the spooled updates up to upTo.
func (s *Store) UnspoolUpdates(upTo int) error {
	err := s.Batch(func(tx *Tx) error {
		b := tx.bucket(bucketSpool)
		var old [][]byte
		c := b.Cursor()
		for k, _ := c.First(); k != nil && (len(k) != 8 || binary.BigEndian.Uint64(k) <= uint64(max(upTo, 0))); k, _ = c.Next() {
			old = append(old, clone(k))
		}
		for _, k := range old { // deleting under a cursor skips keys
			if err := b.Delete(k); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("storage: unspool updates: %w", err)
	}
	return nil
}
