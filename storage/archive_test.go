package storage

import (
	"bytes"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// upgradeFrom writes a file at path as the program that knew the schema
// only up to version v would (write puts data of that time into it), then
// opens it with the current one.
func upgradeFrom(t *testing.T, path string, v int, write func(btx *bolt.Tx) error) *Store {
	t.Helper()
	old := defaultSchema
	old.migrations, old.buckets = migrations[:v], nil
	s, err := open(path, Options{NoSync: true}, old)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.db.Update(write); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if s, err = Open(path, Options{NoSync: true}); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestArchivesAreCompressedAndOldOnesStillRead(t *testing.T) {
	archive, _, _ := finishedGame(t)
	path := filepath.Join(t.TempDir(), "bot.db")
	// A file from before compressed archives: version 6, a game archived
	// as plain JSON.
	const chat = -42
	s := upgradeFrom(t, path, 6, func(btx *bolt.Tx) error {
		_, err := appendSeq(btx.Bucket(bucketArchive), chat, archive)
		return err
	})
	defer s.Close()
	small := []byte(`{}`) // compressing it would make it bigger
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.Archive(chat, archive); err != nil {
			return err
		}
		return tx.Archive(chat, small)
	})
	var got [][]byte
	mustView(t, s, func(tx *Tx) error {
		return tx.ForEachArchive(chat, func(_ uint64, d []byte) error { got = append(got, d); return nil })
	})
	if len(got) != 3 || !bytes.Equal(got[0], archive) || !bytes.Equal(got[1], archive) || !bytes.Equal(got[2], small) {
		t.Fatalf("read back %d archives; equal: %v %v %v", len(got),
			len(got) > 0 && bytes.Equal(got[0], archive), len(got) > 1 && bytes.Equal(got[1], archive), len(got) > 2 && bytes.Equal(got[2], small))
	}
	mustView(t, s, func(tx *Tx) error {
		stored := tx.bucket(bucketArchive).Bucket(chatKey(chat)).Get(seqKey(2))
		if len(stored)*8 > len(archive) {
			t.Fatalf("a %d-byte game is stored in %d bytes", len(archive), len(stored))
		}
		return nil
	})
}
