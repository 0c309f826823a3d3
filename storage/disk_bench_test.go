package storage

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// finishedGame is a real archive of a finished two-player game as the bot
// stores it (its final record and its action log of 763 entries), played
// by the policy of bot's BenchmarkThousandChats; midGame is a record of
// such a game at its 400th update (3 580 bytes; records averaged 3 529 over
// those 400).
func midGame(tb testing.TB) []byte {
	tb.Helper()
	record, err := os.ReadFile(filepath.Join("testdata", "record-midgame.json"))
	if err != nil {
		tb.Fatal(err)
	}
	return record
}

func finishedGame(tb testing.TB) (archive, record []byte, entries [][]byte) {
	tb.Helper()
	archive, err := os.ReadFile(filepath.Join("testdata", "finished-game.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var a struct {
		Record json.RawMessage   `json:"record"`
		Log    []json.RawMessage `json:"log"`
	}
	if err := json.Unmarshal(archive, &a); err != nil {
		tb.Fatal(err)
	}
	for _, e := range a.Log {
		entries = append(entries, e)
	}
	return archive, a.Record, entries
}

// writtenBytes is what this process has handed to write(2) and its kin:
// bbolt's pages and meta pages, the bytes its disk syncs carry.
func writtenBytes(tb testing.TB) int64 {
	f, err := os.Open("/proc/self/io")
	if err != nil {
		tb.Skip("needs /proc/self/io")
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "wchar: "); ok {
			n, _ := strconv.ParseInt(v, 10, 64)
			return n
		}
	}
	tb.Skip("no wchar in /proc/self/io")
	return 0
}

// BenchmarkDiskPerUpdate writes what the bot writes for one handled update
// in a running game (bot.Bot.write): the chat's last update id, a log
// entry, the record, the chat's timer moved, and the poller's offset,
// through the group commit, for 1 000 chats with games. B-written/update
// is the bytes written to the file per update; "alone" commits one update
// at a time (a quiet bot), "busy" keeps 32 in flight (a busy one).
//
//	go test -run '^$' -bench DiskPerUpdate -benchtime 5000x ./storage/
func BenchmarkDiskPerUpdate(b *testing.B) {
	b.Run("alone", func(b *testing.B) { benchDiskPerUpdate(b, 1) })
	b.Run("busy", func(b *testing.B) { benchDiskPerUpdate(b, 32) })
}

func benchDiskPerUpdate(b *testing.B, inFlight int) {
	_, _, entries := finishedGame(b)
	record := midGame(b)
	// fsync does not change what is written, only when; without it the
	// benchmark is quick on any disk. How much a busy commit shares depends
	// on how many updates it carries, so that is reported too.
	var commits, carried atomic.Int64
	onCommit := func(n int, _ time.Duration) { commits.Add(1); carried.Add(int64(n)) }
	s, err := Open(filepath.Join(b.TempDir(), "bench.db"), Options{NoSync: true, OnCommit: onCommit})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	const chats = 1000
	chat := func(i int) int64 { return -1_000_000_000_000 - int64(i) }
	// Every chat has a game some way in: a record, 200 log entries, a timer.
	for lo := 0; lo < chats; lo += 100 {
		mustUpdate(b, s, func(tx *Tx) error {
			for i := lo; i < lo+100; i++ {
				for _, e := range entries[:200] {
					if _, err := tx.AppendLog(chat(i), e); err != nil {
						return err
					}
				}
				if err := tx.PutTimer(int64(i), chat(i)); err != nil {
					return err
				}
				if err := tx.PutGame(chat(i), record); err != nil {
					return err
				}
			}
			return nil
		})
	}
	var next atomic.Int64
	update := func() {
		n := int(next.Add(1))
		c, entry := chat(n%chats), entries[n%len(entries)]
		at := int64(n%chats) + int64(n/chats+1)*chats
		err := s.Batch(func(tx *Tx) error {
			if err := tx.SetLastUpdate(c, n); err != nil {
				return err
			}
			if err := tx.DeleteTimer(at-chats, c); err != nil {
				return err
			}
			if err := tx.PutTimer(at, c); err != nil {
				return err
			}
			if _, err := tx.AppendLog(c, entry); err != nil {
				return err
			}
			if err := tx.PutGame(c, record); err != nil {
				return err
			}
			return tx.SetOffset(n + 1)
		})
		if err != nil {
			b.Error(err)
		}
	}
	before := writtenBytes(b)
	commits.Store(0)
	carried.Store(0)
	b.ResetTimer()
	var wg sync.WaitGroup
	var left atomic.Int64
	left.Store(int64(b.N))
	for range inFlight {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for left.Add(-1) >= 0 {
				update()
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	b.ReportMetric(float64(writtenBytes(b)-before)/float64(b.N), "B-written/update")
	b.ReportMetric(float64(carried.Load())/float64(max(commits.Load(), 1)), "updates/commit")
}

// BenchmarkDiskPerFinishedGame archives finished games as the bot does
// (bot.Bot.archive: the final record with the action log, then the log
// and the record deleted) and reports the bytes the archive takes in the
// file per game, pages included.
//
//	go test -run '^$' -bench DiskPerFinishedGame -benchtime 500x ./storage/
func BenchmarkDiskPerFinishedGame(b *testing.B) {
	archive, _, _ := finishedGame(b)
	s, err := Open(filepath.Join(b.TempDir(), "bench.db"), Options{NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		// A few games per chat, as a chat plays again.
		c := -1_000_000_000_000 - int64(i/3)
		mustUpdate(b, s, func(tx *Tx) error { return tx.Archive(c, archive) })
	}
	b.StopTimer()
	var stored int
	mustView(b, s, func(tx *Tx) error {
		st := tx.bucket(bucketArchive).Stats()
		stored = st.BranchAlloc + st.LeafAlloc
		return nil
	})
	b.ReportMetric(float64(stored)/float64(b.N), "B-stored/game")
	var n int
	mustView(b, s, func(tx *Tx) error {
		return tx.ForEachArchive(-1_000_000_000_000, func(_ uint64, d []byte) error {
			if !bytes.Equal(d, archive) {
				b.Fatal("an archive reads back different")
			}
			n++
			return nil
		})
	})
	if n == 0 {
		b.Fatal("no archive read back")
	}
}
