package storage

import (
	"testing"

	bolt "go.etcd.io/bbolt"
)

func TestStats(t *testing.T) {
	s := openTest(t)
	const chat, other = -100, -200
	err := s.Update(func(tx *Tx) error {
		for _, u := range []int64{7, -3, 1 << 40} {
			if err := tx.PutChatStats(chat, u, []byte{byte(u)}); err != nil {
				return err
			}
		}
		if err := tx.PutChatStats(other, 7, []byte("o")); err != nil {
			return err
		}
		return tx.PutUserStats(7, []byte("all"))
	})
	if err != nil {
		t.Fatal(err)
	}
	_ = s.View(func(tx *Tx) error {
		var users []int64
		_ = tx.ForEachChatStats(chat, func(u int64, _ []byte) error { users = append(users, u); return nil })
		if len(users) != 3 || users[0] != -3 || users[1] != 7 || users[2] != 1<<40 {
			t.Errorf("chat stats users %v", users)
		}
		if v, ok := tx.ChatStats(other, 7); !ok || string(v) != "o" {
			t.Errorf("other chat's stats %q %v", v, ok)
		}
		if _, ok := tx.ChatStats(other, -3); ok {
			t.Error("stats of someone who never played there")
		}
		if v, ok := tx.UserStats(7); !ok || string(v) != "all" {
			t.Errorf("user stats %q", v)
		}
		return nil
	})
	// An upgraded group takes its statistics along.
	const super = -1009
	if err := s.Update(func(tx *Tx) error { return tx.MoveChat(chat, super) }); err != nil {
		t.Fatal(err)
	}
	_ = s.View(func(tx *Tx) error {
		n := 0
		_ = tx.ForEachChatStats(chat, func(int64, []byte) error { n++; return nil })
		m := 0
		_ = tx.ForEachChatStats(super, func(int64, []byte) error { m++; return nil })
		if n != 0 || m != 3 {
			t.Errorf("after the move: %d left, %d moved", n, m)
		}
		return nil
	})
}

// TestStatsMigration opens a version-1 file: the step adds the buckets and
// keeps everything else.
func TestStatsMigration(t *testing.T) {
	path := fileAt(t, 1, func(tx *bolt.Tx) error { return tx.Bucket(bucketGames).Put(chatKey(-5), []byte("g")) })
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	err = s.Update(func(tx *Tx) error {
		if g, ok := tx.Game(-5); !ok || string(g) != "g" {
			t.Errorf("game lost in the migration")
		}
		return tx.PutChatStats(-5, 1, []byte("x"))
	})
	if err != nil {
		t.Fatal(err)
	}
}
