package storage

import (
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// rawVersion reads the schema version straight from the file, bypassing
// Open, so the tests check what is on disk rather than what Open believes.
func rawVersion(t *testing.T, path string) uint64 {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v uint64
	if err := db.View(func(tx *bolt.Tx) error {
		v, err = fileVersion(tx)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return v
}

func rawUpdate(t *testing.T, path string, fn func(tx *bolt.Tx) error) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Update(fn); err != nil {
		t.Fatal(err)
	}
}

func TestMigrationsAreConsecutive(t *testing.T) {
	for i, m := range migrations {
		if m.to != uint64(i+1) {
			t.Errorf("migrations[%d] goes to version %d, want %d", i, m.to, i+1)
		}
		if m.fn == nil || m.name == "" {
			t.Errorf("migrations[%d] lacks a name or function", i)
		}
	}
}

func TestSchemaVersionWritten(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db")
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if v := rawVersion(t, path); v != defaultSchema.version() || v == 0 {
		t.Fatalf("schema version on disk %d, want %d", v, defaultSchema.version())
	}
	// Reopening an up-to-date file works and changes nothing.
	s, err = Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if v := rawVersion(t, path); v != defaultSchema.version() {
		t.Fatalf("version after reopen %d", v)
	}
}

func TestNewerSchemaRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db")
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	newer := defaultSchema.version() + 1
	rawUpdate(t, path, func(tx *bolt.Tx) error { return setFileVersion(tx, newer) })

	s, err = Open(path, Options{NoSync: true, LockTimeout: 200 * time.Millisecond})
	if !errors.Is(err, ErrSchemaTooNew) {
		if s != nil {
			s.Close()
		}
		t.Fatalf("Open of a newer file: %v, want ErrSchemaTooNew", err)
	}
	// The refusal released the lock and left the file as it was.
	if v := rawVersion(t, path); v != newer {
		t.Fatalf("refused open changed the version to %d", v)
	}
}

func TestForeignFileRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "other.db")
	rawUpdate(t, path, func(tx *bolt.Tx) error {
		_, err := tx.CreateBucket([]byte("somebody_elses"))
		return err
	})
	if _, err := Open(path, Options{NoSync: true}); !errors.Is(err, ErrForeignFile) {
		t.Fatalf("Open of a foreign bbolt file: %v, want ErrForeignFile", err)
	}
	if v := rawVersion(t, path); v != 0 {
		t.Fatalf("foreign file got a schema version %d", v)
	}
}

// withStep is the default schema plus one more migration.
func withStep(name string, fn func(tx *bolt.Tx) error) schema {
	ms := append([]migration(nil), migrations...)
	ms = append(ms, migration{to: defaultSchema.version() + 1, name: name, fn: fn})
	return schema{migrations: ms, buckets: currentBuckets}
}

func TestMigrationRunsExactlyOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db")
	// A file at the current version with data in it.
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.PutGame(-1, []byte("g1")); err != nil {
			return err
		}
		return tx.PutGame(2, []byte("g2"))
	})
	s.Close()

	// The new step rewrites every game, as a real format change would.
	runs := 0
	sc := withStep("upper-case games", func(tx *bolt.Tx) error {
		runs++
		b := tx.Bucket(bucketGames)
		var keys [][]byte
		_ = b.ForEach(func(k, _ []byte) error { keys = append(keys, clone(k)); return nil })
		for _, k := range keys {
			e, err := readEntry(b.Get(k))
			if err != nil {
				return err
			}
			e.record = append([]byte("G"), e.record[1:]...)
			if err := b.Put(k, e.encode()); err != nil {
				return err
			}
		}
		return nil
	})
	for range 3 {
		s, err := open(path, Options{NoSync: true}, sc)
		if err != nil {
			t.Fatal(err)
		}
		s.Close()
	}
	if runs != 1 {
		t.Fatalf("migration ran %d times over three opens, want 1", runs)
	}
	if v := rawVersion(t, path); v != sc.version() {
		t.Fatalf("version %d after migration, want %d", v, sc.version())
	}
	s, err = open(path, Options{NoSync: true}, sc)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	mustView(t, s, func(tx *Tx) error {
		g1, _ := tx.Game(-1)
		g2, _ := tx.Game(2)
		if string(g1) != "G1" || string(g2) != "G2" {
			t.Errorf("games after migration: %q %q", g1, g2)
		}
		return nil
	})

	// A fresh file runs the whole history once, too.
	runs = 0
	fresh, err := open(filepath.Join(t.TempDir(), "fresh.db"), Options{NoSync: true}, sc)
	if err != nil {
		t.Fatal(err)
	}
	fresh.Close()
	if runs != 1 {
		t.Fatalf("fresh file ran the new migration %d times", runs)
	}
}

func TestFailedMigrationChangesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db")
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	mustUpdate(t, s, func(tx *Tx) error { return tx.PutGame(1, []byte("g")) })
	s.Close()

	boom := errors.New("boom")
	sc := withStep("half done", func(tx *bolt.Tx) error {
		if err := tx.Bucket(bucketGames).Delete(chatKey(1)); err != nil {
			return err
		}
		if _, err := tx.CreateBucket([]byte("new_bucket")); err != nil {
			return err
		}
		return boom
	})
	if _, err := open(path, Options{NoSync: true}, sc); !errors.Is(err, boom) {
		t.Fatalf("open with a failing migration: %v", err)
	}
	if v := rawVersion(t, path); v != defaultSchema.version() {
		t.Fatalf("version moved to %d despite the failure", v)
	}
	s, err = Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	mustView(t, s, func(tx *Tx) error {
		if _, ok := tx.Game(1); !ok {
			t.Error("the failed migration's delete was kept")
		}
		if tx.tx.Bucket([]byte("new_bucket")) != nil {
			t.Error("the failed migration's bucket was kept")
		}
		return nil
	})
}

func TestBucketWithoutMigrationDetected(t *testing.T) {
	sc := schema{migrations: migrations, buckets: append(append([][]byte(nil), currentBuckets...), []byte("forgotten"))}
	_, err := open(filepath.Join(t.TempDir(), "bot.db"), Options{NoSync: true}, sc)
	if err == nil {
		t.Fatal("a bucket no migration creates was not noticed")
	}
}

// fileAt writes a file of the layout the first n migrations make, with
// fill's data in it, as an older program left it, and returns its path.
func fileAt(t *testing.T, n int, fill func(tx *bolt.Tx) error) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), fmt.Sprintf("v%d.db", n))
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	old := schema{migrations: migrations[:n]}
	if err := db.Update(old.migrate); err != nil {
		t.Fatal(err)
	}
	if err := db.Update(fill); err != nil {
		t.Fatal(err)
	}
	return path
}
