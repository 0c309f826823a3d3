package storage

import (
	"encoding/binary"
	"fmt"
	"slices"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// A file of schema 9 kept a chat's update id, log tail and record in three
// buckets. Opened now, it reads the same; the chat's first change moves
// the id and the tail into its entry and leaves nothing behind.
func TestEntryTakesOverTheOlderLayout(t *testing.T) {
	const chat, bare = -7, 9 // bare: an update id, no game
	tail := binary.AppendUvarint(nil, 1)
	for _, e := range []string{`{"a":1}`, `{"a":2}`} {
		tail = binary.AppendUvarint(tail, uint64(len(e)))
		tail = append(tail, e...)
	}
	path := fileAt(t, 9, func(tx *bolt.Tx) error {
		for _, kv := range []struct {
			bucket []byte
			chat   int64
			value  []byte
		}{
			{bucketGames, chat, []byte(`{"game":1}`)},
			{bucketLastUpdate, chat, u64(40)},
			{bucketLogTail, chat, tail},
			{bucketLastUpdate, bare, u64(12)},
		} {
			if err := tx.Bucket(kv.bucket).Put(chatKey(kv.chat), kv.value); err != nil {
				return err
			}
		}
		return nil
	})

	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	check := func(when string, wantLast int, wantLog []string) {
		t.Helper()
		mustView(t, s, func(tx *Tx) error {
			if g, ok := tx.Game(chat); !ok || string(g) != `{"game":1}` {
				t.Errorf("%s: game %q, %v", when, g, ok)
			}
			if _, ok := tx.Game(bare); ok {
				t.Errorf("%s: a chat with only an update id has a game", when)
			}
			if got := tx.LastUpdate(chat); got != wantLast {
				t.Errorf("%s: last update %d, want %d", when, got, wantLast)
			}
			if got := tx.LastUpdate(bare); got != 12 {
				t.Errorf("%s: the bare chat's last update %d, want 12", when, got)
			}
			var log []string
			if err := tx.Log(chat, 1, func(_ uint64, e []byte) error { log = append(log, string(e)); return nil }); err != nil {
				t.Error(err)
			}
			if !slices.Equal(log, wantLog) {
				t.Errorf("%s: log %q, want %q", when, log, wantLog)
			}
			var games []int64
			_ = tx.ForEachGame(func(c int64, _ []byte) error { games = append(games, c); return nil })
			if !slices.Equal(games, []int64{chat}) {
				t.Errorf("%s: ForEachGame walks %v", when, games)
			}
			return nil
		})
	}
	check("opened", 40, []string{`{"a":1}`, `{"a":2}`})
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.SetLastUpdate(chat, 41); err != nil {
			return err
		}
		seq, err := tx.AppendLog(chat, []byte(`{"a":3}`))
		if seq != 3 {
			t.Errorf("appended as %d, want 3", seq)
		}
		return err
	})
	check("changed", 41, []string{`{"a":1}`, `{"a":2}`, `{"a":3}`})
	mustView(t, s, func(tx *Tx) error {
		for _, b := range [][]byte{bucketLastUpdate, bucketLogTail} {
			if tx.bucket(b).Get(chatKey(chat)) != nil {
				t.Errorf("%s still holds the changed chat", b)
			}
		}
		return nil
	})
}

// A chat's update id outlives its game, and an entry with nothing left in
// it is deleted.
func TestEntryWithoutAGame(t *testing.T) {
	s := openTest(t)
	const chat = -3
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.PutGame(chat, []byte("g")); err != nil {
			return err
		}
		if _, err := tx.AppendLog(chat, []byte("e")); err != nil {
			return err
		}
		return tx.SetLastUpdate(chat, 5)
	})
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.DeleteLog(chat); err != nil {
			return err
		}
		return tx.DeleteGame(chat)
	})
	mustView(t, s, func(tx *Tx) error {
		if _, ok := tx.GameBytes(chat); ok {
			t.Error("the deleted game is still there")
		}
		if got := tx.LastUpdate(chat); got != 5 {
			t.Errorf("last update %d after the game ended, want 5", got)
		}
		return nil
	})
	// Nothing but an empty entry: not kept.
	mustUpdate(t, s, func(tx *Tx) error { return tx.putEntry(chat, chatEntry{}) })
	mustView(t, s, func(tx *Tx) error {
		if tx.bucket(bucketGames).Get(chatKey(chat)) != nil {
			t.Error("an empty entry is stored")
		}
		return nil
	})
	// A damaged entry is an error, not a missing game.
	mustUpdate(t, s, func(tx *Tx) error { return tx.bucket(bucketGames).Put(chatKey(chat), []byte{entryGame, 0x80}) })
	mustView(t, s, func(tx *Tx) error {
		if _, err := tx.entry(chat); err == nil {
			t.Error("a damaged entry read without error")
		}
		if _, ok := tx.GameBytes(chat); !ok {
			t.Error("a damaged entry reads as no game")
		}
		return nil
	})
}

// WriteChat stores what SetLastUpdate, AppendLog and PutGame store, in one
// write of the entry, the tail's flush included.
func TestWriteChatIsTheSeparateWrites(t *testing.T) {
	s := openTest(t)
	const together, apart = -1, -2
	entry := make([]byte, 100)
	for i := range 30 { // past logTailMax: the tail is flushed on the way
		update, logs, rec := 10+i, [][]byte{entry, []byte(fmt.Sprint(i))}, []byte(fmt.Sprint("record ", i))
		if i%3 == 1 {
			rec = nil // unchanged
		}
		mustUpdate(t, s, func(tx *Tx) error {
			if err := tx.WriteChat(together, ChatWrite{UpdateID: update, Logs: logs, Record: rec}); err != nil {
				return err
			}
			if err := tx.SetLastUpdate(apart, update); err != nil {
				return err
			}
			for _, e := range logs {
				if _, err := tx.AppendLog(apart, e); err != nil {
					return err
				}
			}
			if rec == nil {
				return nil
			}
			return tx.PutGame(apart, rec)
		})
	}
	mustView(t, s, func(tx *Tx) error {
		g1, _ := tx.Game(together)
		g2, _ := tx.Game(apart)
		if string(g1) != string(g2) || string(g1) != "record 29" {
			t.Errorf("games %q and %q", g1, g2)
		}
		if a, b := tx.LastUpdate(together), tx.LastUpdate(apart); a != b || a != 39 {
			t.Errorf("last updates %d and %d", a, b)
		}
		return nil
	})
	seqs1, log1 := readLog(t, s, together, 1)
	seqs2, log2 := readLog(t, s, apart, 1)
	if !slices.Equal(seqs1, seqs2) || !slices.Equal(log1, log2) || len(log1) != 60 {
		t.Errorf("logs differ: %d and %d entries", len(log1), len(log2))
	}
	var committed bool
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.WriteChat(together, ChatWrite{UpdateID: 5}); err != nil { // an older update, nothing else
			return err
		}
		stats := tx.tx.Stats()
		committed = stats.GetNodeCount() > 0
		return nil
	})
	if committed {
		t.Error("a WriteChat that changes nothing wrote the entry")
	}
}

// TestChatHeadIsGameBytesAndLastUpdate: ChatHead answers what GameBytes
// and LastUpdate answer, for chats in the layout before schema 10 (a
// record, an update id alone), entries with and without a game, a
// damaged entry and a chat the file does not know.
func TestChatHeadIsGameBytesAndLastUpdate(t *testing.T) {
	const legacy, bare, withGame, noGame, damaged, unknown = -7, 9, -20, -21, -22, -23
	path := fileAt(t, 9, func(tx *bolt.Tx) error {
		if err := tx.Bucket(bucketGames).Put(chatKey(legacy), []byte(`{"game":1}`)); err != nil {
			return err
		}
		if err := tx.Bucket(bucketLastUpdate).Put(chatKey(legacy), u64(40)); err != nil {
			return err
		}
		return tx.Bucket(bucketLastUpdate).Put(chatKey(bare), u64(12))
	})
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.WriteChat(withGame, ChatWrite{UpdateID: 77, Record: []byte(`{"g":2}`)}); err != nil {
			return err
		}
		if err := tx.SetLastUpdate(noGame, 5); err != nil {
			return err
		}
		return tx.bucket(bucketGames).Put(chatKey(damaged), []byte{entryGame, 0x80})
	})
	mustView(t, s, func(tx *Tx) error {
		for _, chat := range []int64{legacy, bare, withGame, noGame, damaged, unknown} {
			rec, ok := tx.GameBytes(chat)
			last := tx.LastUpdate(chat)
			gotRec, gotOK, gotLast := tx.ChatHead(chat)
			if string(gotRec) != string(rec) || gotOK != ok || gotLast != last {
				t.Errorf("chat %d: ChatHead %q, %v, %d; GameBytes %q, %v and LastUpdate %d", chat, gotRec, gotOK, gotLast, rec, ok, last)
			}
		}
		if rec, ok, last := tx.ChatHead(withGame); string(rec) != `{"g":2}` || !ok || last != 77 {
			t.Errorf("the chat with a game: %q, %v, %d", rec, ok, last)
		}
		return nil
	})
}
