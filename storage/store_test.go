package storage

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"sync"
	"testing"
)

// openTest opens a fresh store in a temp dir. NoSync keeps the suite fast;
// the tests about durability open their own stores with sync on.
func openTest(t *testing.T) *Store {
	t.Helper()
	s, err := Open(filepath.Join(t.TempDir(), "bot.db"), Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Error(err)
		}
	})
	return s
}

func mustUpdate(t testing.TB, s *Store, fn func(tx *Tx) error) {
	t.Helper()
	if err := s.Update(fn); err != nil {
		t.Fatal(err)
	}
}

func mustView(t testing.TB, s *Store, fn func(tx *Tx) error) {
	t.Helper()
	if err := s.View(fn); err != nil {
		t.Fatal(err)
	}
}

func readLog(t *testing.T, s *Store, chat int64, from uint64) (seqs []uint64, entries []string) {
	t.Helper()
	mustView(t, s, func(tx *Tx) error {
		return tx.Log(chat, from, func(seq uint64, e []byte) error {
			seqs = append(seqs, seq)
			entries = append(entries, string(e))
			return nil
		})
	})
	return seqs, entries
}

func readArchive(t *testing.T, s *Store, chat int64) (seqs []uint64, recs []string) {
	t.Helper()
	mustView(t, s, func(tx *Tx) error {
		return tx.ForEachArchive(chat, func(seq uint64, d []byte) error {
			seqs = append(seqs, seq)
			recs = append(recs, string(d))
			return nil
		})
	})
	return seqs, recs
}

func TestGameRoundTrip(t *testing.T) {
	s := openTest(t)
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.PutGame(-1001, []byte(`{"a":1}`)); err != nil {
			return err
		}
		return tx.PutGame(7, []byte{})
	})
	mustView(t, s, func(tx *Tx) error {
		if g, ok := tx.Game(-1001); !ok || string(g) != `{"a":1}` {
			t.Errorf("Game(-1001) = %q, %v", g, ok)
		}
		// An empty record is still a record, not "absent".
		if g, ok := tx.Game(7); !ok || len(g) != 0 {
			t.Errorf("Game(7) = %q, %v; want empty, true", g, ok)
		}
		if g, ok := tx.Game(8); ok || g != nil {
			t.Errorf("Game(8) = %q, %v; want nil, false", g, ok)
		}
		return nil
	})
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.PutGame(-1001, []byte("v2")); err != nil {
			return err
		}
		if err := tx.DeleteGame(7); err != nil {
			return err
		}
		return tx.DeleteGame(12345) // missing: not an error
	})
	mustView(t, s, func(tx *Tx) error {
		if g, _ := tx.Game(-1001); string(g) != "v2" {
			t.Errorf("after overwrite Game = %q", g)
		}
		if _, ok := tx.Game(7); ok {
			t.Error("deleted game still present")
		}
		return nil
	})
}

func TestSettingsRoundTrip(t *testing.T) {
	s := openTest(t)
	mustUpdate(t, s, func(tx *Tx) error {
		if _, ok := tx.Settings(5); ok {
			t.Error("settings present before any write")
		}
		if err := tx.PutSettings(5, []byte("lang=uk")); err != nil {
			return err
		}
		return tx.PutSettings(6, []byte("lang=en"))
	})
	mustUpdate(t, s, func(tx *Tx) error { return tx.PutSettings(5, []byte("lang=ru")) })
	mustView(t, s, func(tx *Tx) error {
		if v, ok := tx.Settings(5); !ok || string(v) != "lang=ru" {
			t.Errorf("Settings(5) = %q, %v", v, ok)
		}
		if v, ok := tx.Settings(6); !ok || string(v) != "lang=en" {
			t.Errorf("Settings(6) = %q, %v", v, ok)
		}
		return nil
	})
}

// The in-place readers see exactly what the copying ones return, and
// "absent" for a missing record (an empty stored value is still present).
func TestBytesReadersMatchCopies(t *testing.T) {
	s := openTest(t)
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.PutGame(1, []byte("game one")); err != nil {
			return err
		}
		if err := tx.PutGame(2, []byte{}); err != nil {
			return err
		}
		return tx.PutSettings(1, []byte("lang=uk"))
	})
	mustView(t, s, func(tx *Tx) error {
		for chat := int64(1); chat <= 3; chat++ {
			g, gok := tx.Game(chat)
			gb, gbok := tx.GameBytes(chat)
			if gok != gbok || !bytes.Equal(g, gb) {
				t.Errorf("chat %d: GameBytes = %q, %v; Game = %q, %v", chat, gb, gbok, g, gok)
			}
			st, sok := tx.Settings(chat)
			sb, sbok := tx.SettingsBytes(chat)
			if sok != sbok || !bytes.Equal(st, sb) {
				t.Errorf("chat %d: SettingsBytes = %q, %v; Settings = %q, %v", chat, sb, sbok, st, sok)
			}
		}
		if _, ok := tx.GameBytes(2); !ok {
			t.Error("an empty stored game reads as absent")
		}
		if _, ok := tx.GameBytes(3); ok {
			t.Error("a missing game reads as present")
		}
		return nil
	})
}

func TestReturnedSlicesAreCopies(t *testing.T) {
	s := openTest(t)
	big := bytes.Repeat([]byte("x"), 3000) // off the inline path, on its own page
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.PutGame(1, big); err != nil {
			return err
		}
		if _, err := tx.AppendLog(1, []byte("entry")); err != nil {
			return err
		}
		return tx.PutSettings(1, []byte("settings"))
	})

	var game, settings []byte
	var entry []byte
	mustView(t, s, func(tx *Tx) error {
		game, _ = tx.Game(1)
		settings, _ = tx.Settings(1)
		// Scribbling on a returned slice must not reach the database.
		game[0] = 'Z'
		if again, _ := tx.Game(1); again[0] != 'x' {
			t.Error("modifying a returned game changed the stored one")
		}
		game[0] = 'x'
		return tx.Log(1, 0, func(_ uint64, e []byte) error { entry = e; return nil })
	})

	// Rewrite everything many times so the pages the view read from are
	// freed and reused; slices into the mmap would now show other bytes.
	for i := range 50 {
		mustUpdate(t, s, func(tx *Tx) error {
			if err := tx.PutGame(1, bytes.Repeat([]byte{byte('a' + i%26)}, 3000)); err != nil {
				return err
			}
			if err := tx.DeleteLog(1); err != nil {
				return err
			}
			if _, err := tx.AppendLog(1, []byte(fmt.Sprintf("other%02d", i))); err != nil {
				return err
			}
			return tx.PutSettings(1, []byte(fmt.Sprintf("setting%02d", i)))
		})
	}
	if !bytes.Equal(game, big) {
		t.Error("game slice changed after its transaction ended")
	}
	if string(settings) != "settings" || string(entry) != "entry" {
		t.Errorf("settings/entry changed after the transaction: %q %q", settings, entry)
	}
}

func TestInputSlicesAreCopied(t *testing.T) {
	// bbolt keeps the caller's value slice until commit; a caller reusing
	// its buffer inside the same transaction must not change what is stored.
	s := openTest(t)
	buf := []byte("first")
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.PutGame(1, buf); err != nil {
			return err
		}
		if _, err := tx.AppendLog(1, buf); err != nil {
			return err
		}
		if err := tx.Archive(1, buf); err != nil {
			return err
		}
		if err := tx.PutSettings(1, buf); err != nil {
			return err
		}
		copy(buf, "XXXXX")
		return nil
	})
	mustView(t, s, func(tx *Tx) error {
		g, _ := tx.Game(1)
		st, _ := tx.Settings(1)
		if string(g) != "first" || string(st) != "first" {
			t.Errorf("stored values followed the caller's buffer: game %q settings %q", g, st)
		}
		return nil
	})
	if _, e := readLog(t, s, 1, 0); !slices.Equal(e, []string{"first"}) {
		t.Errorf("log = %q", e)
	}
	if _, r := readArchive(t, s, 1); !slices.Equal(r, []string{"first"}) {
		t.Errorf("archive = %q", r)
	}
}

func TestLog(t *testing.T) {
	s := openTest(t)
	mustUpdate(t, s, func(tx *Tx) error {
		for i, e := range []string{"roll", "buy", "end"} {
			seq, err := tx.AppendLog(-42, []byte(e))
			if err != nil {
				return err
			}
			if seq != uint64(i+1) {
				t.Errorf("AppendLog #%d returned seq %d", i+1, seq)
			}
		}
		// Another chat has its own counter.
		seq, err := tx.AppendLog(43, []byte("other"))
		if seq != 1 {
			t.Errorf("first entry of chat 43 got seq %d", seq)
		}
		return err
	})
	// The counter survives the transaction.
	mustUpdate(t, s, func(tx *Tx) error {
		seq, err := tx.AppendLog(-42, []byte("roll"))
		if seq != 4 {
			t.Errorf("fourth entry got seq %d", seq)
		}
		return err
	})

	seqs, entries := readLog(t, s, -42, 0)
	if !slices.Equal(seqs, []uint64{1, 2, 3, 4}) || !slices.Equal(entries, []string{"roll", "buy", "end", "roll"}) {
		t.Errorf("log from 0: %v %q", seqs, entries)
	}
	seqs, entries = readLog(t, s, -42, 3)
	if !slices.Equal(seqs, []uint64{3, 4}) || !slices.Equal(entries, []string{"end", "roll"}) {
		t.Errorf("log from 3: %v %q", seqs, entries)
	}
	if seqs, _ = readLog(t, s, -42, 99); len(seqs) != 0 {
		t.Errorf("log from 99: %v", seqs)
	}
	if seqs, _ = readLog(t, s, 999, 0); len(seqs) != 0 {
		t.Errorf("log of unknown chat: %v", seqs)
	}

	// fn's error stops the walk and comes back unchanged.
	stop := errors.New("stop")
	calls := 0
	err := s.View(func(tx *Tx) error {
		return tx.Log(-42, 0, func(uint64, []byte) error { calls++; return stop })
	})
	if !errors.Is(err, stop) || calls != 1 {
		t.Errorf("Log with failing fn: err %v after %d calls", err, calls)
	}

	// Deleting restarts the sequence and leaves other chats alone.
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.DeleteLog(-42); err != nil {
			return err
		}
		if err := tx.DeleteLog(-42); err != nil { // twice: still fine
			return err
		}
		seq, err := tx.AppendLog(-42, []byte("new game"))
		if seq != 1 {
			t.Errorf("after DeleteLog seq = %d, want 1", seq)
		}
		return err
	})
	if _, e := readLog(t, s, -42, 0); !slices.Equal(e, []string{"new game"}) {
		t.Errorf("log after delete: %q", e)
	}
	if _, e := readLog(t, s, 43, 0); !slices.Equal(e, []string{"other"}) {
		t.Errorf("other chat's log: %q", e)
	}
}

func TestUpdateRollbackLeavesNothing(t *testing.T) {
	s := openTest(t)
	boom := errors.New("boom")
	err := s.Update(func(tx *Tx) error {
		if err := tx.PutGame(1, []byte("g")); err != nil {
			return err
		}
		if _, err := tx.AppendLog(1, []byte("e")); err != nil {
			return err
		}
		if err := tx.PutSettings(1, []byte("s")); err != nil {
			return err
		}
		if err := tx.SetOffset(100); err != nil {
			return err
		}
		if err := tx.SetLastUpdate(1, 99); err != nil {
			return err
		}
		if err := tx.Archive(1, []byte("a")); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Update returned %v, want boom", err)
	}
	mustView(t, s, func(tx *Tx) error {
		if _, ok := tx.Game(1); ok {
			t.Error("game survived rollback")
		}
		if _, ok := tx.Settings(1); ok {
			t.Error("settings survived rollback")
		}
		if o := tx.Offset(); o != 0 {
			t.Errorf("offset %d survived rollback", o)
		}
		if u := tx.LastUpdate(1); u != 0 {
			t.Errorf("last update %d survived rollback", u)
		}
		return nil
	})
	if seqs, _ := readLog(t, s, 1, 0); len(seqs) != 0 {
		t.Errorf("log survived rollback: %v", seqs)
	}
	if seqs, _ := readArchive(t, s, 1); len(seqs) != 0 {
		t.Errorf("archive survived rollback: %v", seqs)
	}
	// The rolled-back append did not consume a sequence number.
	mustUpdate(t, s, func(tx *Tx) error {
		seq, err := tx.AppendLog(1, []byte("e"))
		if seq != 1 {
			t.Errorf("first committed append got seq %d", seq)
		}
		return err
	})
}

func TestOffsetNeverMovesBackwards(t *testing.T) {
	s := openTest(t)
	mustView(t, s, func(tx *Tx) error {
		if o := tx.Offset(); o != 0 {
			t.Errorf("fresh offset = %d", o)
		}
		return nil
	})
	steps := []struct{ set, want int }{
		{10, 10}, {5, 10}, {10, 10}, {-3, 10}, {0, 10}, {11, 11}, {1 << 40, 1 << 40}, {7, 1 << 40},
	}
	for _, st := range steps {
		mustUpdate(t, s, func(tx *Tx) error { return tx.SetOffset(st.set) })
		mustView(t, s, func(tx *Tx) error {
			if o := tx.Offset(); o != st.want {
				t.Errorf("after SetOffset(%d): %d, want %d", st.set, o, st.want)
			}
			return nil
		})
	}
	// Within one transaction too.
	mustUpdate(t, s, func(tx *Tx) error {
		_ = tx.SetOffset(1<<40 + 5)
		_ = tx.SetOffset(1<<40 + 1)
		if o := tx.Offset(); o != 1<<40+5 {
			t.Errorf("in-tx offset %d", o)
		}
		return nil
	})
}

func TestLastUpdate(t *testing.T) {
	s := openTest(t)
	mustUpdate(t, s, func(tx *Tx) error {
		if u := tx.LastUpdate(-5); u != 0 {
			t.Errorf("fresh LastUpdate = %d", u)
		}
		if err := tx.SetLastUpdate(-5, 300); err != nil {
			return err
		}
		if err := tx.SetLastUpdate(-5, 200); err != nil { // stale: ignored
			return err
		}
		return tx.SetLastUpdate(6, 100)
	})
	mustView(t, s, func(tx *Tx) error {
		if u := tx.LastUpdate(-5); u != 300 {
			t.Errorf("LastUpdate(-5) = %d, want 300", u)
		}
		if u := tx.LastUpdate(6); u != 100 {
			t.Errorf("LastUpdate(6) = %d, want 100", u)
		}
		return nil
	})
	mustUpdate(t, s, func(tx *Tx) error { return tx.SetLastUpdate(-5, 301) })
	mustView(t, s, func(tx *Tx) error {
		if u := tx.LastUpdate(-5); u != 301 {
			t.Errorf("LastUpdate(-5) = %d, want 301", u)
		}
		return nil
	})
}

func TestForEachGameOrder(t *testing.T) {
	s := openTest(t)
	chats := []int64{5, -1001234567890, 0, -1, 42, math.MinInt64, math.MaxInt64, -2, 1}
	mustUpdate(t, s, func(tx *Tx) error {
		for _, c := range chats {
			if err := tx.PutGame(c, []byte(fmt.Sprint(c))); err != nil {
				return err
			}
		}
		return nil
	})
	var got []int64
	mustView(t, s, func(tx *Tx) error {
		return tx.ForEachGame(func(c int64, d []byte) error {
			if string(d) != fmt.Sprint(c) {
				t.Errorf("chat %d carries %q", c, d)
			}
			got = append(got, c)
			return nil
		})
	})
	want := slices.Clone(chats)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("ForEachGame order %v, want %v", got, want)
	}

	stop := errors.New("stop")
	n := 0
	err := s.View(func(tx *Tx) error {
		return tx.ForEachGame(func(int64, []byte) error { n++; return stop })
	})
	if !errors.Is(err, stop) || n != 1 {
		t.Errorf("ForEachGame with failing fn: %v after %d calls", err, n)
	}
}

func TestChatKeyOrderAndRoundTrip(t *testing.T) {
	ids := []int64{math.MinInt64, -1 << 40, -100, -1, 0, 1, 100, 1 << 40, math.MaxInt64}
	for i, id := range ids {
		if back := chatFromKey(chatKey(id)); back != id {
			t.Errorf("round trip %d → %d", id, back)
		}
		if i > 0 && bytes.Compare(chatKey(ids[i-1]), chatKey(id)) >= 0 {
			t.Errorf("key(%d) does not sort before key(%d)", ids[i-1], id)
		}
	}
}

func TestArchive(t *testing.T) {
	s := openTest(t)
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.PutGame(-9, []byte("game one")); err != nil {
			return err
		}
		_, err := tx.AppendLog(-9, []byte("roll"))
		return err
	})
	// What the bot does when a game ends: archive, clear log and game.
	for _, rec := range []string{"game one", "game two"} {
		mustUpdate(t, s, func(tx *Tx) error {
			if err := tx.Archive(-9, []byte(rec)); err != nil {
				return err
			}
			if err := tx.DeleteLog(-9); err != nil {
				return err
			}
			return tx.DeleteGame(-9)
		})
	}
	seqs, recs := readArchive(t, s, -9)
	if !slices.Equal(seqs, []uint64{1, 2}) || !slices.Equal(recs, []string{"game one", "game two"}) {
		t.Errorf("archive = %v %q", seqs, recs)
	}
	if seqs, _ := readArchive(t, s, -10); len(seqs) != 0 {
		t.Errorf("archive of other chat = %v", seqs)
	}
	mustView(t, s, func(tx *Tx) error {
		if _, ok := tx.Game(-9); ok {
			t.Error("game still live after archiving")
		}
		// Archives are not games.
		return tx.ForEachGame(func(c int64, _ []byte) error {
			t.Errorf("ForEachGame saw chat %d", c)
			return nil
		})
	})
}

func TestMoveChat(t *testing.T) {
	s := openTest(t)
	const from, to = int64(-4001), int64(-1004001)
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.PutGame(from, []byte("game")); err != nil {
			return err
		}
		for _, e := range []string{"a", "b", "c"} {
			if _, err := tx.AppendLog(from, []byte(e)); err != nil {
				return err
			}
		}
		if err := tx.PutSettings(from, []byte("lang=uk")); err != nil {
			return err
		}
		if err := tx.SetLastUpdate(from, 90); err != nil {
			return err
		}
		if err := tx.Archive(from, []byte("old game")); err != nil {
			return err
		}
		// The destination saw an update of its own (lower: lanes of
		// chats run apart) and has history.
		if err := tx.SetLastUpdate(to, 70); err != nil {
			return err
		}
		return tx.Archive(to, []byte("earlier at new id"))
	})
	mustUpdate(t, s, func(tx *Tx) error { return tx.MoveChat(from, to) })

	mustView(t, s, func(tx *Tx) error {
		if g, ok := tx.Game(to); !ok || string(g) != "game" {
			t.Errorf("game at new id: %q %v", g, ok)
		}
		if _, ok := tx.Game(from); ok {
			t.Error("game still at old id")
		}
		if v, ok := tx.Settings(to); !ok || string(v) != "lang=uk" {
			t.Errorf("settings at new id: %q %v", v, ok)
		}
		if _, ok := tx.Settings(from); ok {
			t.Error("settings still at old id")
		}
		if u := tx.LastUpdate(to); u != 70 {
			t.Errorf("LastUpdate(to) = %d, want its own 70 (the old group's 90 would refuse its next updates)", u)
		}
		if u := tx.LastUpdate(from); u != 90 {
			t.Errorf("LastUpdate(from) = %d, want kept 90", u)
		}
		return nil
	})
	if seqs, e := readLog(t, s, to, 0); !slices.Equal(seqs, []uint64{1, 2, 3}) || !slices.Equal(e, []string{"a", "b", "c"}) {
		t.Errorf("log at new id: %v %q", seqs, e)
	}
	if seqs, _ := readLog(t, s, from, 0); len(seqs) != 0 {
		t.Errorf("log left at old id: %v", seqs)
	}
	if _, r := readArchive(t, s, to); !slices.Equal(r, []string{"earlier at new id", "old game"}) {
		t.Errorf("archive at new id: %q", r)
	}
	if seqs, _ := readArchive(t, s, from); len(seqs) != 0 {
		t.Errorf("archive left at old id: %v", seqs)
	}
	// The moved log keeps counting where it was.
	mustUpdate(t, s, func(tx *Tx) error {
		seq, err := tx.AppendLog(to, []byte("d"))
		if seq != 4 {
			t.Errorf("append after move: seq %d, want 4", seq)
		}
		return err
	})
	// The other direction the counter is fresh again.
	mustUpdate(t, s, func(tx *Tx) error {
		seq, err := tx.AppendLog(from, []byte("x"))
		if seq != 1 {
			t.Errorf("append at emptied old id: seq %d, want 1", seq)
		}
		return err
	})
}

func TestMoveChatRefusesOccupiedDestination(t *testing.T) {
	s := openTest(t)
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.PutGame(1, []byte("one")); err != nil {
			return err
		}
		if _, err := tx.AppendLog(1, []byte("e")); err != nil {
			return err
		}
		return tx.PutGame(2, []byte("two"))
	})
	err := s.Update(func(tx *Tx) error { return tx.MoveChat(1, 2) })
	if !errors.Is(err, ErrChatInUse) {
		t.Fatalf("MoveChat onto a game: %v, want ErrChatInUse", err)
	}
	mustView(t, s, func(tx *Tx) error {
		g1, _ := tx.Game(1)
		g2, _ := tx.Game(2)
		if string(g1) != "one" || string(g2) != "two" {
			t.Errorf("games changed by a refused move: %q %q", g1, g2)
		}
		return nil
	})
	if _, e := readLog(t, s, 1, 0); !slices.Equal(e, []string{"e"}) {
		t.Errorf("log changed by a refused move: %q", e)
	}
}

func TestMoveChatOntoItselfAndFromEmpty(t *testing.T) {
	s := openTest(t)
	mustUpdate(t, s, func(tx *Tx) error { return tx.PutGame(3, []byte("g")) })
	mustUpdate(t, s, func(tx *Tx) error { return tx.MoveChat(3, 3) })
	mustUpdate(t, s, func(tx *Tx) error { return tx.MoveChat(77, 78) }) // nothing to move
	mustView(t, s, func(tx *Tx) error {
		if g, ok := tx.Game(3); !ok || string(g) != "g" {
			t.Errorf("self-move lost the game: %q %v", g, ok)
		}
		if _, ok := tx.Game(78); ok {
			t.Error("moving an empty chat created a game")
		}
		return nil
	})
}

func TestConcurrentWriters(t *testing.T) {
	// Handlers for different chats run in parallel goroutines in the bot.
	s := openTest(t)
	const chats, per = 8, 40
	var wg sync.WaitGroup
	for c := range chats {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range per {
				err := s.Update(func(tx *Tx) error {
					if _, err := tx.AppendLog(int64(c), []byte(fmt.Sprint(i))); err != nil {
						return err
					}
					return tx.SetOffset(c*per + i + 1)
				})
				if err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	// Readers and a backup alongside the writers.
	wg.Add(1)
	go func() {
		defer wg.Done()
		for range 20 {
			if _, err := s.Backup(&bytes.Buffer{}); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	wg.Wait()
	for c := range chats {
		seqs, entries := readLog(t, s, int64(c), 0)
		if len(seqs) != per {
			t.Fatalf("chat %d has %d entries", c, len(seqs))
		}
		for i := range per {
			if seqs[i] != uint64(i+1) || entries[i] != fmt.Sprint(i) {
				t.Fatalf("chat %d entry %d: seq %d %q", c, i, seqs[i], entries[i])
			}
		}
	}
	mustView(t, s, func(tx *Tx) error {
		if o := tx.Offset(); o != chats*per {
			t.Errorf("offset %d, want the maximum %d", o, chats*per)
		}
		return nil
	})
}

func TestWritesInViewFail(t *testing.T) {
	s := openTest(t)
	err := s.View(func(tx *Tx) error { return tx.PutGame(1, []byte("g")) })
	if err == nil {
		t.Fatal("PutGame in a read-only transaction succeeded")
	}
}
