package storage

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// filledFile writes a database of about a megabyte and closes it.
func filledFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "bot.db")
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	mustUpdate(t, s, func(tx *Tx) error {
		for i := range 250 {
			if err := tx.PutGame(int64(-i-1), bytes.Repeat([]byte{byte(i)}, 4000)); err != nil {
				return err
			}
		}
		return nil
	})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func digest(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}

// refused checks that Open refuses path as damaged, says how to restore a
// backup, and leaves the file exactly as it was.
func refused(t *testing.T, path string) {
	t.Helper()
	before := digest(t, path)
	s, err := Open(path, Options{NoSync: true})
	if err == nil {
		s.Close()
		t.Fatal("a damaged file was opened")
	}
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "backup") {
		t.Fatalf("Open: %v, want ErrCorrupt with how to restore a backup", err)
	}
	if digest(t, path) != before {
		t.Fatal("the damaged file was changed")
	}
}

func TestTruncatedFileIsRefused(t *testing.T) {
	path := filledFile(t)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	m, ok := readMeta(f, 0)
	if m1, ok1 := readMeta(f, int64(m.pageSize)); !ok || (ok1 && m1.txid > m.txid) {
		m, ok = m1, ok1
	}
	f.Close()
	if !ok {
		t.Fatal("no header")
	}
	used := int64(m.pgid) * int64(m.pageSize)
	// bbolt grows the file ahead of use; losing only that tail loses nothing.
	if err := os.Truncate(path, used); err != nil {
		t.Fatal(err)
	}
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatalf("the pages in use are all there: %v", err)
	}
	s.Close()
	for _, size := range []int64{used / 2, used - 4096, 8192, 100} {
		if err := os.Truncate(path, size); err != nil {
			t.Fatal(err)
		}
		refused(t, path)
	}
}

func TestEmptyFileIsNotMadeANewDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db")
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	refused(t, path)
	if info, _ := os.Stat(path); info.Size() != 0 {
		t.Fatalf("the empty file grew to %d bytes", info.Size())
	}
}

func TestGarbageFileIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db")
	if err := os.WriteFile(path, bytes.Repeat([]byte("not a database "), 2000), 0o600); err != nil {
		t.Fatal(err)
	}
	refused(t, path)
}

func TestOneDamagedHeaderIsSurvivable(t *testing.T) {
	// bbolt keeps two header pages for this: a torn write of one leaves
	// the other, and the file still opens with its data.
	path := filledFile(t)
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt(bytes.Repeat([]byte{0xff}, 64), boltPageHeader); err != nil {
		t.Fatal(err)
	}
	f.Close()
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatalf("one bad header: %v", err)
	}
	defer s.Close()
	mustView(t, s, func(tx *Tx) error {
		if g, ok := tx.Game(-250); !ok || len(g) != 4000 {
			t.Fatalf("game after a header was damaged: %d bytes, %v", len(g), ok)
		}
		return nil
	})
}
