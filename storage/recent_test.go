package storage

import (
	"path/filepath"
	"testing"
)

func TestRecentMarks(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "r.db"), Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	err = s.Update(func(tx *Tx) error {
		for chat, at := range map[int64]int64{-3: 100, -2: 200, 5: 300} {
			if err := tx.MarkRecent(chat, at); err != nil {
				return err
			}
		}
		return tx.MarkRecent(-3, 400) // a later change moves the mark
	})
	if err != nil {
		t.Fatal(err)
	}
	seen := func(since int64, write bool) map[int64]int64 {
		got := map[int64]int64{}
		fn := func(tx *Tx) error {
			return tx.ForEachRecent(since, func(chat, at int64) error { got[chat] = at; return nil })
		}
		if write {
			err = s.Update(fn)
		} else {
			err = s.View(fn)
		}
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got := seen(250, false); len(got) != 2 || got[-3] != 400 || got[5] != 300 {
		t.Fatalf("marks since 250: %v", got)
	}
	if got := seen(0, false); len(got) != 3 {
		t.Fatalf("a read transaction forgot marks: %v", got)
	}
	seen(250, true) // forgets -2
	if got := seen(0, false); len(got) != 2 || got[-2] != 0 {
		t.Fatalf("old mark not forgotten: %v", got)
	}
}

func TestMigratedChatIsFoundRecentAfterAReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.db")
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	const group, supergroup = int64(-42), int64(-1000000000042)
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.PutGame(group, []byte("game")); err != nil {
			return err
		}
		return tx.MarkRecent(group, 1000)
	})
	mustUpdate(t, s, func(tx *Tx) error { return tx.MoveChat(group, supergroup) })
	s.Close()

	if s, err = Open(path, Options{NoSync: true}); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got := map[int64]int64{}
	mustView(t, s, func(tx *Tx) error {
		return tx.ForEachRecent(0, func(chat, at int64) error { got[chat] = at; return nil })
	})
	if len(got) != 1 || got[supergroup] != 1000 {
		t.Fatalf("recent chats after the migration %v, want only %d at 1000", got, supergroup)
	}
}
