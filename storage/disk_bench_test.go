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
// in a running game (bot.Bot.write): the poller's offset, the chat's
// deadline moved later, and in the chat's entry its last update id, a log
// entry and the record, through the group commit, for 1 000 chats with
// games. A deadline that moves later leaves the timer index alone
// (storage/timers.go); the early index entry firing once per deadline is
// BenchmarkDiskPerCommitPart/deadline-fired-early.
// B-written/update is the bytes written to the file per update; "alone"
// commits one update at a time (a quiet bot), "busy" keeps 32 in flight (a
// busy one). A quiet bot's update is this one commit: the offset is stored
// with it, not in a commit of its own (bot.Bot.offsetWith).
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
	s := diskBenchStore(b, onCommit, entries, record)
	var next atomic.Int64
	update := func() {
		n := int(next.Add(1))
		c, entry := diskBenchChat(n%diskBenchChats), entries[n%len(entries)]
		at := int64(n%diskBenchChats) + int64(n/diskBenchChats+1)*diskBenchChats
		err := s.Batch(func(tx *Tx) error {
			if err := tx.SetOffset(n + 1); err != nil {
				return err
			}
			return tx.WriteChat(c, ChatWrite{
				UpdateID: n, Logs: [][]byte{entry}, Record: record,
				Deadline: &Deadline{At: at, Was: at - diskBenchChats},
			})
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

// Every chat of the disk benchmarks has a game some way in: a record, 200
// log entries, a timer.
const diskBenchChats = 1000

func diskBenchChat(i int) int64 { return -1_000_000_000_000 - int64(i) }

func diskBenchStore(b *testing.B, onCommit func(int, time.Duration), entries [][]byte, record []byte) *Store {
	s, err := Open(filepath.Join(b.TempDir(), "bench.db"), Options{NoSync: true, OnCommit: onCommit})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	for lo := 0; lo < diskBenchChats; lo += 100 {
		mustUpdate(b, s, func(tx *Tx) error {
			for i := lo; i < lo+100; i++ {
				for _, e := range entries[:200] {
					if _, err := tx.AppendLog(diskBenchChat(i), e); err != nil {
						return err
					}
				}
				if err := tx.PutTimer(int64(i), diskBenchChat(i)); err != nil {
					return err
				}
				if err := tx.SetLastUpdate(diskBenchChat(i), 1); err != nil {
					return err
				}
				if err := tx.PutGame(diskBenchChat(i), record); err != nil {
					return err
				}
			}
			return nil
		})
	}
	return s
}

// BenchmarkDiskPerCommitPart is where a lone update's bytes go: commits
// that each write one part of an update (bot.Bot.write) into the store of
// BenchmarkDiskPerUpdate, one at a time. bbolt copies on write, so a commit
// writes its meta page and the freelist, and each bucket it touches costs
// the leaf written, the branches above it and the root's page of buckets.
//
//	go test -run '^$' -bench DiskPerCommitPart -benchtime 500x ./storage/
func BenchmarkDiskPerCommitPart(b *testing.B) {
	_, _, entries := finishedGame(b)
	record := midGame(b)
	s := diskBenchStore(b, nil, entries, record)
	n := 10
	parts := []struct {
		name string
		fn   func(tx *Tx, n int) error
	}{
		{"empty", func(*Tx, int) error { return nil }},
		{"offset", func(tx *Tx, n int) error { return tx.SetOffset(n) }},
		{"last-update", func(tx *Tx, n int) error { return tx.SetLastUpdate(diskBenchChat(n%diskBenchChats), n) }},
		{"timer-moved", func(tx *Tx, n int) error {
			c := n % diskBenchChats
			if err := tx.DeleteTimer(int64(c+n/diskBenchChats*diskBenchChats), diskBenchChat(c)); err != nil {
				return err
			}
			return tx.PutTimer(int64(c+(n/diskBenchChats+1)*diskBenchChats), diskBenchChat(c))
		}},
		{"deadline-fired-early", func(tx *Tx, n int) error {
			// The chat's early index entry fired; its deadline is later.
			c := diskBenchChat(n % diskBenchChats)
			e, err := tx.entry(c)
			if err != nil {
				return err
			}
			fired := int64(e.indexed)
			if !e.timed {
				fired = int64(n % diskBenchChats) // diskBenchStore's PutTimer
			}
			return tx.WriteChat(c, ChatWrite{Deadline: &Deadline{At: fired + 10*diskBenchChats, Was: fired + 10*diskBenchChats, Fired: fired}})
		}},
		{"log-entry", func(tx *Tx, n int) error {
			_, err := tx.AppendLog(diskBenchChat(n%diskBenchChats), entries[n%len(entries)])
			return err
		}},
		{"record", func(tx *Tx, n int) error { return tx.PutGame(diskBenchChat(n%diskBenchChats), record) }},
	}
	for _, p := range parts {
		b.Run(p.name, func(b *testing.B) {
			before := writtenBytes(b)
			for b.Loop() {
				n++
				mustUpdate(b, s, func(tx *Tx) error { return p.fn(tx, n) })
			}
			b.ReportMetric(float64(writtenBytes(b)-before)/float64(b.N), "B-written/commit")
		})
	}
	// A kept message (pending.go) is stored with its change (compare
	// with "record") and deleted in a commit of its own once Telegram
	// accepted it; the bucket is almost always empty.
	b.Run("record+message-kept", func(b *testing.B) {
		var kept, delivered int64
		for b.Loop() {
			n++
			chat := diskBenchChat(n % diskBenchChats)
			var seq uint64
			before := writtenBytes(b)
			mustUpdate(b, s, func(tx *Tx) error {
				if err := tx.PutGame(chat, record); err != nil {
					return err
				}
				var err error
				seq, err = tx.AddPending(chat, record[:300])
				return err
			})
			mid := writtenBytes(b)
			mustUpdate(b, s, func(tx *Tx) error { return tx.DeletePending(chat, seq) })
			kept, delivered = kept+mid-before, delivered+writtenBytes(b)-mid
		}
		b.ReportMetric(float64(kept)/float64(b.N), "B-written/commit")
		b.ReportMetric(float64(delivered)/float64(b.N), "B-written/delivery")
	})
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
