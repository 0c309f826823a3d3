package storage

import (
	"bytes"
	"errors"
	"path/filepath"
	"syscall"
	"testing"
)

func TestFailedWritesAreNotSavedAndRefusalsAreNot(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "bot.db"), Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	refusal := errors.New("the change refuses itself")
	for name, write := range map[string]func(func(*Tx) error) error{"Update": s.Update, "Batch": s.Batch} {
		if err := write(func(*Tx) error { return refusal }); err != refusal {
			t.Fatalf("%s: fn's own error came back as %v", name, err)
		}
	}
	// The database gives out under a change (here: closed; a full disk or
	// an I/O error at commit come back the same way).
	s.Close()
	for name, write := range map[string]func(func(*Tx) error) error{"Update": s.Update, "Batch": s.Batch} {
		err := write(func(tx *Tx) error { return tx.PutGame(-1, []byte("x")) })
		if !errors.Is(err, ErrNotSaved) {
			t.Fatalf("%s on a database that cannot write: %v, want ErrNotSaved", name, err)
		}
	}
}

// TestAFullDiskLosesTheChangeOnlyAndRecovers fills the "disk" with the
// file size limit (RLIMIT_FSIZE: writes past it fail with EFBIG, as they
// would with ENOSPC, since Go ignores SIGXFSZ).
func TestAFullDiskLosesTheChangeOnlyAndRecovers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	mustUpdate(t, s, func(tx *Tx) error { return tx.PutGame(-1, []byte("before")) })
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Skip(err)
	}
	// bbolt grows the file ahead in big steps, so the limit cuts inside
	// it: no write may reach past the first 256 KiB.
	full := lim
	full.Cur = 256 << 10
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &full); err != nil {
		t.Skip(err)
	}
	big := bytes.Repeat([]byte("x"), 4<<20) // needs the file to grow
	err = s.Batch(func(tx *Tx) error {
		if err := tx.PutGame(-1, []byte("after")); err != nil {
			return err
		}
		return tx.PutGame(-2, big)
	})
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Fatal(err)
	}
	if !errors.Is(err, ErrNotSaved) || !errors.Is(err, syscall.EFBIG) {
		t.Fatalf("a write to a full disk: %v, want ErrNotSaved for EFBIG", err)
	}
	mustView(t, s, func(tx *Tx) error {
		if g, _ := tx.Game(-1); string(g) != "before" {
			t.Fatalf("after the failed write the game is %q", g)
		}
		if _, ok := tx.Game(-2); ok {
			t.Fatal("half of the failed change was stored")
		}
		return nil
	})
	// Space is back: the same change goes through.
	mustUpdate(t, s, func(tx *Tx) error { return tx.PutGame(-2, big) })
	s.Close()
	s, err = Open(path, Options{})
	if err != nil {
		t.Fatalf("reopening after the full disk: %v", err)
	}
	mustView(t, s, func(tx *Tx) error {
		if g, _ := tx.Game(-2); len(g) != len(big) {
			t.Fatalf("the change saved after the disk had room again reads back %d bytes", len(g))
		}
		return nil
	})
}
