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

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/commit"
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
		orig := kit.Record{State: st}
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

func mustEncode(t *testing.T, r *kit.Record) []byte {
	t.Helper()
	data, err := r.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// validPlaces puts a Deal game's cards where cards may lie: numbers filled
// in at random name no zone, and the game refuses to encode them.
func validPlaces(r *kit.Record) {
	if d := deal.Of(r); d != nil {
		g, _, _ := dealengine.New(dealengine.Config{Players: 2, Seed: 1})
		d.Game.Places = g.Places
	}
}

// Appending to a clone's event lists never writes into the original's
// spare capacity or another clone's.
func TestRecordCloneAppendsApart(t *testing.T) {
	t.Parallel()
	orig := &kit.Record{State: &state.Board{Turn: make([]engine.Event, 1, 8), History: make([]engine.Event, 1, 8)}}
	a, b := orig.Clone(), orig.Clone()
	board.Of(a).Turn = append(board.Of(a).Turn, engine.Event{Amount: 1})
	board.Of(b).Turn = append(board.Of(b).Turn, engine.Event{Amount: 2})
	board.Of(a).History = append(board.Of(a).History, engine.Event{Amount: 1})
	board.Of(orig).History = append(board.Of(orig).History, engine.Event{Amount: 3})
	if board.Of(a).Turn[1].Amount != 1 || board.Of(b).Turn[1].Amount != 2 || board.Of(a).History[1].Amount != 1 || board.Of(orig).History[1].Amount != 3 {
		t.Fatalf("appends collided: a %v/%v b %v orig %v", board.Of(a).Turn, board.Of(a).History, board.Of(b).Turn, board.Of(orig).History)
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

// A chat that keeps changing is stamped in the recent index once an hour,
// and a start-up a day after its last change still finds it, however late
// in the hour that change came.
func TestRecentStampLagsAtMostAnHour(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	b, store := newBareBot(t, Config{Now: func() time.Time { return now }})
	const chat = -7
	data, _ := (&kit.Record{ID: 1, Status: kit.StatusLobby}).Encode()
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
	save := func(c *kit.Change) error { c.Save = true; return nil }
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
	if since := (restorer{b}).changedSince(24 * time.Hour); stamp() < since {
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
// commit.CloneSettings: the copy encodes the same and shares no memory.
func TestSettingsClone(t *testing.T) {
	t.Parallel()
	var orig kit.Settings
	fill(reflect.ValueOf(&orig), 0)
	rules := engine.EditionByID(engine.Lux).Rules // a kind's part of the options, which fill cannot reach
	board.SetRules(&orig.Options, &rules)
	if orig.Notify == nil || len(orig.Notify.People) == 0 || board.RulesIn(&orig.Options) == nil {
		t.Fatal("fill left fields empty")
	}
	before := mustJSON(t, &orig)
	c := commit.CloneSettings(orig)
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
