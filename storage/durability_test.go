package storage

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

func TestSecondOpenIsLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db")
	first, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	const timeout = 200 * time.Millisecond
	start := time.Now()
	second, err := Open(path, Options{NoSync: true, LockTimeout: timeout})
	waited := time.Since(start)
	if !errors.Is(err, ErrLocked) {
		if second != nil {
			second.Close()
		}
		t.Fatalf("second Open: %v, want ErrLocked", err)
	}
	// bbolt polls the lock every 50ms and stops when less than one poll of
	// the budget is left, so it may give up up to 50ms early.
	if waited < timeout-60*time.Millisecond || waited > timeout+2*time.Second {
		t.Errorf("second Open gave up after %v, want about %v", waited, timeout)
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	// Once the holder is gone the file opens.
	third, err := Open(path, Options{NoSync: true, LockTimeout: timeout})
	if err != nil {
		t.Fatalf("Open after the holder closed: %v", err)
	}
	third.Close()
}

func TestBackupOpensWithData(t *testing.T) {
	s := openTest(t)
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.PutGame(-77, []byte("game")); err != nil {
			return err
		}
		if _, err := tx.AppendLog(-77, []byte("entry")); err != nil {
			return err
		}
		if err := tx.PutSettings(-77, []byte("lang=en")); err != nil {
			return err
		}
		return tx.SetOffset(555)
	})
	var buf bytes.Buffer
	n, err := s.Backup(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if n != int64(buf.Len()) || n == 0 {
		t.Fatalf("Backup reported %d bytes, wrote %d", n, buf.Len())
	}
	// Writes after the backup are not in it: it is a snapshot.
	mustUpdate(t, s, func(tx *Tx) error { return tx.PutGame(-78, []byte("later")) })

	path := filepath.Join(t.TempDir(), "backup.db")
	if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	b, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatalf("backup does not open: %v", err)
	}
	defer b.Close()
	mustView(t, b, func(tx *Tx) error {
		if g, _ := tx.Game(-77); string(g) != "game" {
			t.Errorf("backup game %q", g)
		}
		if v, _ := tx.Settings(-77); string(v) != "lang=en" {
			t.Errorf("backup settings %q", v)
		}
		if o := tx.Offset(); o != 555 {
			t.Errorf("backup offset %d", o)
		}
		if _, ok := tx.Game(-78); ok {
			t.Error("backup contains a write made after it")
		}
		return nil
	})
	if _, e := readLog(t, b, -77, 0); len(e) != 1 || e[0] != "entry" {
		t.Errorf("backup log %q", e)
	}
}

const crashEnv = "STORAGE_CRASH_DB"

// crashCommits is how many transactions the crashing child commits before
// it dies in the middle of one more.
const crashCommits = 30

// TestCrashHelper is the child process of TestCrashKeepsCommitted; run on
// its own it does nothing.
func TestCrashHelper(t *testing.T) {
	path := os.Getenv(crashEnv)
	if path == "" {
		t.Skip("only runs as the child of TestCrashKeepsCommitted")
	}
	s, err := Open(path, Options{}) // real fsync, as in production
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for i := 1; i <= crashCommits; i++ {
		err := s.Update(func(tx *Tx) error {
			if err := tx.PutGame(-100, []byte(fmt.Sprintf("state %d", i))); err != nil {
				return err
			}
			if _, err := tx.AppendLog(-100, []byte(fmt.Sprintf("action %d", i))); err != nil {
				return err
			}
			if err := tx.SetLastUpdate(-100, 1000+i); err != nil {
				return err
			}
			return tx.SetOffset(1000 + i + 1)
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	// Die halfway through a transaction: no Close, no Sync, no rollback.
	_ = s.Update(func(tx *Tx) error {
		_ = tx.PutGame(-100, []byte("uncommitted"))
		_, _ = tx.AppendLog(-100, []byte("uncommitted"))
		_ = tx.SetOffset(99999)
		os.Exit(3)
		return nil
	})
	os.Exit(1)
}

// TestCrashKeepsCommitted kills a process that holds the store open (it
// never closes or syncs beyond what each commit does) and checks that every
// committed transaction is there and the interrupted one is not. This covers
// a process crash; power loss depends on the disk honouring fdatasync,
// which a test cannot simulate.
func TestCrashKeepsCommitted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashHelper$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashEnv+"="+path)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 3 {
		t.Fatalf("child did not die where planned: %v\n%s", err, out)
	}

	// The dead process's lock is gone with it.
	s, err := Open(path, Options{NoSync: true, LockTimeout: 500 * time.Millisecond})
	if err != nil {
		t.Fatalf("reopen after crash: %v", err)
	}
	defer s.Close()
	mustView(t, s, func(tx *Tx) error {
		if g, _ := tx.Game(-100); string(g) != fmt.Sprintf("state %d", crashCommits) {
			t.Errorf("game after crash %q", g)
		}
		if o := tx.Offset(); o != 1000+crashCommits+1 {
			t.Errorf("offset after crash %d", o)
		}
		if u := tx.LastUpdate(-100); u != 1000+crashCommits {
			t.Errorf("last update after crash %d", u)
		}
		return nil
	})
	seqs, entries := readLog(t, s, -100, 0)
	if len(seqs) != crashCommits || entries[len(entries)-1] != fmt.Sprintf("action %d", crashCommits) {
		t.Errorf("log after crash: %d entries, last %q", len(seqs), entries[len(entries)-1])
	}
}
