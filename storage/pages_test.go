package storage

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// olderFile is filledFile as a version before pageSize wrote it: the same
// buckets and keys in a file of 4 KB pages.
func olderFile(t *testing.T) string {
	t.Helper()
	src, err := bolt.Open(filledFile(t), 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	path := filepath.Join(t.TempDir(), "old.db")
	dst, err := bolt.Open(path, 0o600, &bolt.Options{PageSize: 4096, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := bolt.Compact(dst, src, 0); err != nil {
		t.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
	if ps, _ := filePageSize(path); ps != 4096 {
		t.Fatalf("the older file has %d-byte pages", ps)
	}
	return path
}

// sameGames checks that s holds filledFile's games, the pending bucket's
// sequence goes on from where it was, and the store takes new writes.
func sameGames(t *testing.T, s *Store) {
	t.Helper()
	mustView(t, s, func(tx *Tx) error {
		for i := range 250 {
			g, ok := tx.Game(int64(-i - 1))
			if !ok || !bytes.Equal(g, bytes.Repeat([]byte{byte(i)}, 4000)) {
				t.Fatalf("game %d: %d bytes, %v", -i-1, len(g), ok)
			}
		}
		return nil
	})
	mustUpdate(t, s, func(tx *Tx) error { return tx.PutGame(-1000, []byte("new")) })
}

func TestOpenRepagesAFileWithLargerPages(t *testing.T) {
	t.Parallel()
	path := olderFile(t)
	var from int
	var repageErr error
	s, err := Open(path, Options{NoSync: true, OnRepage: func(f int, err error) { from, repageErr = f, err }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if from != 4096 || repageErr != nil {
		t.Fatalf("OnRepage told %d, %v; want 4096, nil", from, repageErr)
	}
	if ps, _ := filePageSize(path); ps != pageSize {
		t.Fatalf("page size after Open: %d, want %d", ps, pageSize)
	}
	if _, err := os.Stat(path + ".repage"); !os.IsNotExist(err) {
		t.Fatalf("the copy is left beside the file: %v", err)
	}
	sameGames(t, s)
}

func TestNewFileHasSmallPagesAndIsNotRepaged(t *testing.T) {
	t.Parallel()
	path := filledFile(t)
	if ps, _ := filePageSize(path); ps != pageSize {
		t.Fatalf("a new file has %d-byte pages, want %d", ps, pageSize)
	}
	told := false
	s, err := Open(path, Options{NoSync: true, OnRepage: func(int, error) { told = true }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if told {
		t.Fatal("a file with pageSize pages was converted again")
	}
	sameGames(t, s)
}

// A copy that cannot be made leaves the file as it was, in use.
func TestRepageFailureKeepsTheOldFile(t *testing.T) {
	t.Parallel()
	path := olderFile(t)
	// A directory where the copy would go, with something in it so that
	// the start's cleanup cannot remove it: bbolt cannot create the copy.
	if err := os.MkdirAll(filepath.Join(path+".repage", "x"), 0o700); err != nil {
		t.Fatal(err)
	}
	var repageErr error
	s, err := Open(path, Options{NoSync: true, OnRepage: func(_ int, err error) { repageErr = err }})
	if err != nil {
		t.Fatalf("Open after a failed conversion: %v", err)
	}
	defer s.Close()
	if repageErr == nil {
		t.Fatal("OnRepage was not told of the failure")
	}
	if ps, _ := filePageSize(path); ps != 4096 {
		t.Fatalf("page size after a failed conversion: %d, want the old 4096", ps)
	}
	sameGames(t, s)
}

// A kill during a conversion leaves the old file and a partial copy: the
// next start removes the copy and converts again.
func TestRepageAfterAKilledConversion(t *testing.T) {
	t.Parallel()
	path := olderFile(t)
	if err := os.WriteFile(path+".repage", []byte("half a copy"), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if ps, _ := filePageSize(path); ps != pageSize {
		t.Fatalf("page size: %d, want %d", ps, pageSize)
	}
	sameGames(t, s)
}
