package migrate

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

const (
	group = int64(-4001)
	super = int64(-1_000_000_004_001)
	ann   = int64(11)
)

// plainKind is a kind with no state of its own, for the records here.
const plainKind = "migrate-test"

func init() { kit.RegisterState(plainKind, kit.DecodeEnvelope) }

// fakeHost runs changes on the stored record and settings, as package
// bot's change would, and records what it was asked.
type fakeHost struct {
	store   *storage.Store
	timers  [][2]int64 // MoveTimer's from, to
	queues  [][2]int64 // MoveQueue's from, to
	reshown int        // ReshowGame's calls
	reposts int
	answers []string
}

func (h *fakeHost) Lock(int64) func()         { return func() {} }
func (h *fakeHost) Now() time.Time            { return time.UnixMilli(1e12) }
func (h *fakeHost) MoveQueue(from, to int64)  { h.queues = append(h.queues, [2]int64{from, to}) }
func (h *fakeHost) Finish(*kit.Change, error) {}
func (h *fakeHost) ReshowGame(*kit.Change)    { h.reshown++ }
func (h *fakeHost) Repost(int64, *kit.Change) { h.reposts++ }
func (h *fakeHost) Warn(string, ...any)       {}
func (h *fakeHost) MoveTimer(_ *storage.Tx, from, to int64) error {
	h.timers = append(h.timers, [2]int64{from, to})
	return nil
}

func (h *fakeHost) Settings(chat int64) (s kit.Settings) {
	_ = h.store.View(func(tx *storage.Tx) error {
		raw, _ := tx.Settings(chat)
		s = decodeSettings(raw)
		return nil
	})
	return s
}

func (h *fakeHost) Change(chat int64, fn func(c *kit.Change) error) (*kit.Change, error) {
	c := &kit.Change{Settings: h.Settings(chat)}
	err := h.store.Update(func(tx *storage.Tx) error {
		if data, ok := tx.Game(chat); ok {
			rec, err := kit.DecodeRecord(data)
			if err != nil {
				return err
			}
			c.Rec = rec
		}
		if err := fn(c); err != nil || !c.SettingsChanged {
			return err
		}
		return putSettings(tx, chat, c.Settings)
	})
	return c, err
}

func (h *fakeHost) AnswerCallback(_ context.Context, id, text string, _ bool) error {
	h.answers = append(h.answers, id+": "+text)
	return nil
}

func putSettings(tx *storage.Tx, chat int64, s kit.Settings) error {
	out, err := json.Marshal(s)
	if err != nil {
		return err
	}
	return tx.PutSettings(chat, out)
}

// newMigration has group hold a running game of Ann and a computer, and
// Ann's private chat a link to group.
func newMigration(t *testing.T) (*Migration, *fakeHost) {
	t.Helper()
	store, err := storage.Open(filepath.Join(t.TempDir(), "m.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	rec := &kit.Record{ID: 3, Kind: plainKind, Status: kit.StatusPlaying, Seats: []kit.Seat{{User: ann, Name: "Ann"}, {User: 1, Computer: true}}}
	data, err := rec.Encode()
	if err != nil {
		t.Fatal(err)
	}
	var private kit.Settings
	private.Links.Set("hand", group)
	if err := store.Update(func(tx *storage.Tx) error {
		if err := tx.PutGame(group, data); err != nil {
			return err
		}
		if err := putSettings(tx, group, kit.Settings{Lang: "uk"}); err != nil {
			return err
		}
		return putSettings(tx, ann, private)
	}); err != nil {
		t.Fatal(err)
	}
	cat, err := locales.Load()
	if err != nil {
		t.Fatal(err)
	}
	h := &fakeHost{store: store}
	return New(store, cat, h), h
}

func TestMoveCarriesGameSettingsAndLinksThenShowsOnce(t *testing.T) {
	m, h := newMigration(t)
	m.Move(group, super)
	if len(h.timers) != 1 || h.timers[0] != [2]int64{group, super} || len(h.queues) != 1 {
		t.Fatalf("timer moves %v, queue moves %v", h.timers, h.queues)
	}
	if h.reshown != 1 || h.reposts != 1 {
		t.Fatalf("shown %d times, reposted %d, want once each", h.reshown, h.reposts)
	}
	if s := h.Settings(super); s.Lang != "uk" || s.Moved != 0 {
		t.Fatalf("supergroup's settings %+v: want the group's, the show no longer owed", s)
	}
	if s := h.Settings(group); s.MovedTo != super {
		t.Fatalf("old group's settings %+v, want MovedTo %d", s, super)
	}
	if got := h.Settings(ann).Links.Get("hand"); got != super {
		t.Fatalf("Ann's link leads to %d, want %d", got, super)
	}
	_ = h.store.View(func(tx *storage.Tx) error {
		if _, ok := tx.Game(super); !ok {
			t.Error("no game in the supergroup")
		}
		if _, ok := tx.Game(group); ok {
			t.Error("the game stayed in the old group")
		}
		return nil
	})
	m.Move(group, super) // the supergroup's service message, after: nothing left to move
	if h.reshown != 1 || len(h.timers) != 1 {
		t.Fatalf("a second move showed again (%d) or moved the timer again (%v)", h.reshown, h.timers)
	}
}

func TestMoveStoredOwesTheShowUntilShown(t *testing.T) {
	m, h := newMigration(t)
	for i, want := range []bool{true, true} { // the second: moved already, not shown yet (a crash)
		var owed bool
		if err := h.store.Update(func(tx *storage.Tx) error {
			var err error
			owed, err = m.MoveStored(tx, group, super, h.Now())
			return err
		}); err != nil || owed != want {
			t.Fatalf("call %d: owed %v, err %v; want owed %v", i, owed, err, want)
		}
	}
	m.Reshow(super)
	if h.Settings(super).Moved != 0 || h.reshown != 1 {
		t.Fatalf("after the show: Moved %d, shown %d times", h.Settings(super).Moved, h.reshown)
	}
	m.Reshow(super)
	if h.reshown != 1 {
		t.Fatal("shown again once no longer owed")
	}
}

func TestPressInMovedGroupSaysWhereToPress(t *testing.T) {
	m, h := newMigration(t)
	if m.PressInMoved(context.Background(), group, "q1", "en") {
		t.Fatal("a press in a group that did not move was answered")
	}
	m.Move(group, super)
	if !m.PressInMoved(context.Background(), group, "q2", "en") || len(h.answers) != 1 {
		t.Fatalf("a press in the moved group: answers %q", h.answers)
	}
	if want := "q2: " + m.cat.T("uk", "alert_group_moved", nil); h.answers[0] != want {
		t.Fatalf("answer %q, want %q (the supergroup's language)", h.answers[0], want)
	}
	if m.PressInMoved(context.Background(), super, "q3", "en") {
		t.Fatal("a supergroup's press was answered")
	}
}
