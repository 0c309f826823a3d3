package bot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"reflect"
	"testing"
	"time"
	"unsafe"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	dealstate "github.com/monopoly-tg/monopoly-bot/bot/deal/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	dealengine "github.com/monopoly-tg/monopoly-bot/engine/deal"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// fill sets every exported field reachable from v to a value derived from
// seed: slices get two elements, maps two entries, pointers a new value.
func fill(v reflect.Value, seed int) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		fill(v.Elem(), seed)
	case reflect.Interface: // a kind's state: fill the one it holds
		if !v.IsNil() {
			fill(v.Elem(), seed)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), seed+i+1)
			}
		}
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := range 2 {
			fill(s.Index(i), seed+i+1)
		}
		v.Set(s)
	case reflect.Array:
		for i := range v.Len() {
			fill(v.Index(i), seed+i+1)
		}
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		for i := range 2 {
			k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
			fill(k, seed+10*i+1)
			fill(e, seed+10*i+2)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.String:
		v.SetString(fmt.Sprint("s", seed))
	case reflect.Bool:
		v.SetBool(seed%2 == 1)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(seed%100 + 1))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(seed%100 + 1))
	default:
		panic("fill: unhandled kind " + v.Kind().String())
	}
}

// shared reports the first place where a and b (of the same type) reach
// the same memory through a pointer, map or slice, ignoring the paths in
// clipped, which may share an array only if its capacity is clipped.
func shared(a, b reflect.Value, path string, clipped map[string]bool) string {
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return ""
		}
		if a.Pointer() == b.Pointer() {
			return path
		}
		return shared(a.Elem(), b.Elem(), path, clipped)
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return ""
		}
		return shared(a.Elem(), b.Elem(), path, clipped)
	case reflect.Map:
		if a.IsNil() || b.IsNil() {
			return ""
		}
		if a.UnsafePointer() == b.UnsafePointer() {
			return path
		}
		for _, k := range a.MapKeys() {
			if p := shared(a.MapIndex(k), b.MapIndex(k), fmt.Sprintf("%s[%v]", path, k), clipped); p != "" {
				return p
			}
		}
	case reflect.Slice:
		if a.Len() == 0 || b.Len() == 0 {
			return ""
		}
		if a.UnsafePointer() == b.UnsafePointer() {
			if clipped[path] && b.Cap() == b.Len() {
				return ""
			}
			return path
		}
		for i := range min(a.Len(), b.Len()) {
			if p := shared(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i), clipped); p != "" {
				return p
			}
		}
	case reflect.Struct:
		for i := range a.NumField() {
			if a.Type().Field(i).IsExported() {
				if p := shared(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name, clipped); p != "" {
					return p
				}
			}
		}
	case reflect.Array:
		for i := range a.Len() {
			if p := shared(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i), clipped); p != "" {
				return p
			}
		}
	}
	return ""
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Every field of a record, present and future, is copied by Clone: the
// copy encodes the same and shares no memory with the original except
// the append-only event lists, whose capacity is clipped.
func TestRecordClone(t *testing.T) {
	t.Parallel()
	for _, st := range []kit.State{&state.Board{}, &dealstate.Deal{}} {
		orig := Record{State: st}
		fill(reflect.ValueOf(&orig), 0)
		validPlaces(&orig)
		rules := engine.EditionByID(engine.Lux).Rules // a kind's part of the options, which fill cannot reach
		board.SetRules(orig.Options, &rules)
		if len(orig.Clock.Votes) == 0 || board.RulesIn(orig.Options) == nil {
			t.Fatal("fill left fields empty")
		}
		if b, ok := orig.State.(*state.Board); ok && (b.Game == nil || len(b.Drafts) == 0) {
			t.Fatal("fill left the board's fields empty")
		}
		if d, ok := orig.State.(*dealstate.Deal); ok && (d.Game == nil || len(d.Hands) == 0) {
			t.Fatal("fill left Deal's fields empty")
		}
		before := mustEncode(t, &orig)
		c := orig.Clone()
		if got := mustEncode(t, c); !bytes.Equal(got, before) {
			t.Fatalf("clone encodes differently:\n%s\n%s", got, before)
		}
		clipped := map[string]bool{".State.Turn": true, ".State.History": true}
		if p := shared(reflect.ValueOf(&orig).Elem(), reflect.ValueOf(c).Elem(), "", clipped); p != "" {
			t.Fatalf("clone shares %s with the original", p)
		}
		// Changing the copy everywhere, appends included, leaves the original.
		fill(reflect.ValueOf(c), 1000)
		validPlaces(c)
		if b, ok := c.State.(*state.Board); ok {
			b.Turn = append(b.Turn, engine.Event{Kind: engine.EvRolled})
			b.History = append(b.History, engine.Event{Kind: engine.EvRolled})
		}
		if after := mustEncode(t, &orig); !bytes.Equal(after, before) {
			t.Fatalf("changing the clone changed the original:\n%s\n%s", after, before)
		}
	}
}

func mustEncode(t *testing.T, r *Record) []byte {
	t.Helper()
	data, err := r.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// validPlaces puts a Deal game's cards where cards may lie: numbers filled
// in at random name no zone, and the game refuses to encode them.
func validPlaces(r *Record) {
	if d := deal.Of(r); d != nil {
		g, _, _ := dealengine.New(dealengine.Config{Players: 2, Seed: 1})
		d.Game.Places = g.Places
	}
}

// Appending to a clone's event lists never writes into the original's
// spare capacity or another clone's.
func TestRecordCloneAppendsApart(t *testing.T) {
	t.Parallel()
	orig := &Record{State: &Board{Turn: make([]engine.Event, 1, 8), History: make([]engine.Event, 1, 8)}}
	a, b := orig.Clone(), orig.Clone()
	board.Of(a).Turn = append(board.Of(a).Turn, engine.Event{Amount: 1})
	board.Of(b).Turn = append(board.Of(b).Turn, engine.Event{Amount: 2})
	board.Of(a).History = append(board.Of(a).History, engine.Event{Amount: 1})
	board.Of(orig).History = append(board.Of(orig).History, engine.Event{Amount: 3})
	if board.Of(a).Turn[1].Amount != 1 || board.Of(b).Turn[1].Amount != 2 || board.Of(a).History[1].Amount != 1 || board.Of(orig).History[1].Amount != 3 {
		t.Fatalf("appends collided: a %v/%v b %v orig %v", board.Of(a).Turn, board.Of(a).History, board.Of(b).Turn, board.Of(orig).History)
	}
}

func TestRecordCacheServesOnlyTheStoredBytes(t *testing.T) {
	t.Parallel()
	c := newRecordCache(0)
	rec := &Record{ID: 7, Rev: 1, Status: StatusLobby, Seats: []Seat{{User: 1, Name: "A"}}}
	data, _ := rec.Encode()
	c.stored(-1, data, rec.Clone())

	got, own, err := c.load(-1, data)
	if err != nil || got.Rev != 1 || !bytes.Equal(own, data) {
		t.Fatalf("load = %+v, %q, %v", got, own, err)
	}
	got.Seats[0].Name = "changed" // a private copy: the cache keeps its own
	again, _, _ := c.load(-1, data)
	if again.Seats[0].Name != "A" {
		t.Fatalf("a caller's change reached the cache: %q", again.Seats[0].Name)
	}

	// Other bytes in storage (written by another process, or a cache
	// update that was lost): they are decoded, not the cached value used.
	newer := &Record{ID: 7, Rev: 2, Status: StatusLobby}
	newData, _ := newer.Encode()
	got, _, err = c.load(-1, newData)
	if err != nil || got.Rev != 2 {
		t.Fatalf("load of other bytes = %+v, %v; want rev 2", got, err)
	}
	// ...and then cached.
	c.mu.Lock()
	e := c.entries[-1]
	c.mu.Unlock()
	if !bytes.Equal(e.data, newData) || e.rec.Rev != 2 {
		t.Fatalf("cache after a decode holds rev %d", e.rec.Rev)
	}

	if _, _, err := c.load(-2, []byte("{broken")); err == nil {
		t.Fatal("a damaged record loaded without error")
	}
}

func TestRecordCacheIsBounded(t *testing.T) {
	t.Parallel()
	c := newRecordCache(3)
	for chat := int64(1); chat <= 10; chat++ {
		rec := &Record{ID: uint64(chat)}
		data, _ := rec.Encode()
		c.stored(chat, data, rec)
		if n := len(c.entries); n > 3 {
			t.Fatalf("%d entries, bound 3", n)
		}
	}
	if _, ok := c.entries[10]; !ok {
		t.Fatal("the newest entry was not kept")
	}
	off := newRecordCache(-1)
	off.stored(1, []byte("{}"), &Record{})
	if len(off.entries) != 0 {
		t.Fatal("a disabled cache keeps entries")
	}
}

// newBareBot is a Bot on a fresh store, with a Telegram that answers
// everything at once: for tests of the change path itself.
func newBareBot(t *testing.T, cfg Config) (*Bot, *storage.Store) {
	t.Helper()
	return newBareBotWith(t, &nullMessenger{}, cfg)
}

// newBareBotWith is newBareBot with tg as Telegram; cfg.Logger, if set, is
// kept.
func newBareBotWith(t *testing.T, tg Messenger, cfg Config) (*Bot, *storage.Store) {
	t.Helper()
	store, err := storage.Open(filepath.Join(t.TempDir(), "b.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	cat, err := testCatalog()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return New(store, tg, cat, cfg), store
}

// A writer that changes a chat's record without holding its lock (a bug)
// does not lose its change: the change that read the older record is
// computed again on the newer one.
func TestChangeRedoneWhenTheRecordMovedMeanwhile(t *testing.T) {
	t.Parallel()
	b, store := newBareBot(t, Config{})
	const chat = -5
	put := func(rec *Record) {
		data, _ := rec.Encode()
		if err := store.Update(func(tx *storage.Tx) error { return tx.PutGame(chat, data) }); err != nil {
			t.Fatal(err)
		}
	}
	put(&Record{ID: 1, Status: StatusLobby, Seats: []Seat{{User: 1, Name: "A"}}})
	if _, err := b.Snapshot(chat); err != nil { // cached now
		t.Fatal(err)
	}
	runs := 0
	_, err := b.change(chat, 10, func(c *chatState) error {
		runs++
		if runs == 1 { // someone else writes between our read and write
			put(&Record{ID: 1, Status: StatusLobby, Seats: []Seat{{User: 1, Name: "A"}, {User: 2, Name: "B"}}})
		}
		c.Rec.Seats = append(c.Rec.Seats, Seat{User: 3, Name: "C"})
		c.Save = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if runs != 2 {
		t.Fatalf("fn ran %d times, want 2", runs)
	}
	rec, err := b.Snapshot(chat)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Seats) != 3 || rec.Seats[1].User != 2 || rec.Seats[2].User != 3 {
		t.Fatalf("seats %+v: want A, B (the other write) and C (ours)", rec.Seats)
	}
	// The update is recorded as applied: a second delivery is a duplicate.
	if _, err := b.change(chat, 10, func(*chatState) error { t.Fatal("duplicate applied"); return nil }); err != errDuplicate {
		t.Fatalf("redelivered update: err %v, want errDuplicate", err)
	}
}

// Records loaded through the cache are what storage holds, change after
// change: the whole-game tests run on the cache; this pins that a change
// sees its predecessor's result even when the cache was emptied between.
func TestChangeSeesThePreviousChangeWithOrWithoutCache(t *testing.T) {
	t.Parallel()
	for _, size := range []int{0, -1} {
		b, store := newBareBot(t, Config{CachedRecords: size})
		const chat = -6
		data, _ := (&Record{ID: 1, Status: StatusLobby}).Encode()
		_ = store.Update(func(tx *storage.Tx) error { return tx.PutGame(chat, data) })
		for i := range 5 {
			if i == 3 {
				b.records.forget(chat)
			}
			_, err := b.change(chat, 100+i, func(c *chatState) error {
				if want := uint64(i); c.Rec.Rev != want {
					t.Errorf("cache %d: change %d sees rev %d, want %d", size, i, c.Rec.Rev, want)
				}
				c.Save = true
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}

// The cache must not hand out the memory it keeps.
func TestCachedBytesAreNotStorageMemory(t *testing.T) {
	t.Parallel()
	c := newRecordCache(0)
	data, _ := (&Record{ID: 3}).Encode()
	buf := bytes.Clone(data)
	_, own, err := c.load(1, buf)
	if err != nil {
		t.Fatal(err)
	}
	if unsafe.SliceData(own) == unsafe.SliceData(buf) {
		t.Fatal("the cache kept the caller's buffer (bbolt memory, valid only in its transaction)")
	}
}

// A chat that keeps changing is stamped in the recent index once an hour,
// and a start-up a day after its last change still finds it, however late
// in the hour that change came.
func TestRecentStampLagsAtMostAnHour(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	b, store := newBareBot(t, Config{Now: func() time.Time { return now }})
	const chat = -7
	data, _ := (&Record{ID: 1, Status: StatusLobby}).Encode()
	_ = store.Update(func(tx *storage.Tx) error { return tx.PutGame(chat, data) })
	stamp := func() int64 {
		var at int64 = -1
		_ = store.View(func(tx *storage.Tx) error {
			return tx.ForEachRecent(0, func(c, a int64) error {
				if c == chat {
					at = a
				}
				return nil
			})
		})
		return at
	}
	save := func(c *chatState) error { c.Save = true; return nil }
	first := now
	for i, step := range []time.Duration{0, 20 * time.Minute, 39 * time.Minute, 2 * time.Minute} {
		now = now.Add(step)
		if _, err := b.change(chat, 200+i, save); err != nil {
			t.Fatal(err)
		}
		want := first
		if now.Sub(first) >= recentStamp {
			want = now // renewed once the stamp was an hour old
		}
		if got := stamp(); got != want.UnixMilli() {
			t.Fatalf("after a change at +%v the stamp is %v, want %v", now.Sub(first), time.UnixMilli(got).UTC(), want)
		}
	}
	// A change 59 minutes after the last stamp does not renew it...
	now = now.Add(59 * time.Minute)
	if _, err := b.change(chat, 300, save); err != nil {
		t.Fatal(err)
	}
	lastChange := now
	// ...and a start-up 24 hours after that change still looks at the chat.
	now = lastChange.Add(24 * time.Hour)
	if since := b.changedSince(24 * time.Hour); stamp() < since {
		t.Fatalf("stamp %v is before the start-up's window %v", time.UnixMilli(stamp()).UTC(), time.UnixMilli(since).UTC())
	}
}

// putJSON stores v as JSON with put (a test's setup of settings).
func putJSON(put func(int64, []byte) error, chat int64, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return put(chat, data)
}

// Every field of the settings, present and future, is copied by
// cloneSettings: the copy encodes the same and shares no memory.
func TestSettingsClone(t *testing.T) {
	t.Parallel()
	var orig Settings
	fill(reflect.ValueOf(&orig), 0)
	rules := engine.EditionByID(engine.Lux).Rules // a kind's part of the options, which fill cannot reach
	board.SetRules(&orig.Options, &rules)
	if orig.Notify == nil || len(orig.Notify.People) == 0 || board.RulesIn(&orig.Options) == nil {
		t.Fatal("fill left fields empty")
	}
	before := mustJSON(t, &orig)
	c := cloneSettings(orig)
	if got := mustJSON(t, &c); !bytes.Equal(got, before) {
		t.Fatalf("clone encodes differently:\n%s\n%s", got, before)
	}
	if p := shared(reflect.ValueOf(&orig).Elem(), reflect.ValueOf(&c).Elem(), "", nil); p != "" {
		t.Fatalf("clone shares %s with the original", p)
	}
	fill(reflect.ValueOf(&c), 1000)
	if after := mustJSON(t, &orig); !bytes.Equal(after, before) {
		t.Fatalf("changing the clone changed the original:\n%s\n%s", after, before)
	}
}

func TestSettingsCacheServesOnlyTheStoredBytes(t *testing.T) {
	t.Parallel()
	c := newSettingsCache(0)
	data := mustJSON(t, Settings{AutoLang: "uk", Notify: &kit.Notify{People: []kit.Notified{{User: 1, Lang: "en"}}}})
	got, own := c.load(-1, data)
	if got.AutoLang != "uk" || !bytes.Equal(own, data) {
		t.Fatalf("load = %+v, %q", got, own)
	}
	got.Notify.People[0].Lang = "ru" // a private copy: the cache keeps its own
	again, _ := c.load(-1, data)
	if again.Notify.People[0].Lang != "en" {
		t.Fatalf("a caller's change reached the cache: %q", again.Notify.People[0].Lang)
	}
	// Other bytes in storage are decoded, not the cached value used.
	got, _ = c.load(-1, mustJSON(t, Settings{AutoLang: "ru"}))
	if got.AutoLang != "ru" || got.Notify != nil {
		t.Fatalf("load of other bytes = %+v", got)
	}
	if got, own := c.load(-1, nil); own != nil || got.AutoLang != "" {
		t.Fatalf("no settings loaded as %+v, %q", got, own)
	}
	if got, _ := c.load(-2, []byte("{broken")); got.AutoLang != "" {
		t.Fatalf("damaged settings loaded as %+v", got)
	}
	off := newSettingsCache(-1)
	off.load(1, data)
	if len(off.entries) != 0 {
		t.Fatal("a disabled cache keeps entries")
	}
}
