package storage

import (
	"bytes"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// openAtVersion opens path as the program that knew only the schema up to
// version v wrote it, to put data in an old format into it.
func openAtVersion(t *testing.T, path string, v int) *Store {
	t.Helper()
	old := defaultSchema
	old.migrations, old.buckets = migrations[:v], nil
	s, err := open(path, Options{NoSync: true}, old)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestArchivesAreCompressedAndOldOnesStillRead(t *testing.T) {
	archive, _, _ := finishedGame(t)
	path := filepath.Join(t.TempDir(), "bot.db")
	// A file from before compressed archives: version 6, a game archived
	// as plain JSON.
	s := openAtVersion(t, path, 6)
	const chat = -42
	if err := s.db.Update(func(btx *bolt.Tx) error {
		_, err := appendSeq(btx.Bucket(bucketArchive), chat, archive)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	s.Close()

	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
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
