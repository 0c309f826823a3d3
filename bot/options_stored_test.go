package bot

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/lobby"
	"github.com/monopoly-tg/monopoly-bot/bot/settings"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// legacyOptions are the chat options as every version before the kinds
// owned their part stored them: the board's rules and Deal's house rule
// among the chat layer's own members.
type legacyOptions struct {
	Edition       string        `json:"edition,omitempty"`
	Pace          kit.Pace      `json:"pace,omitempty"`
	Rules         *engine.Rules `json:"rules,omitempty"`
	MaxPlayers    int           `json:"max_players,omitempty"`
	RandomOrder   bool          `json:"random_order,omitempty"`
	ManualEndTurn bool          `json:"manual_end_turn,omitempty"`
	KickAfter     int           `json:"kick_after,omitempty"`
	ArchiveAfter  time.Duration `json:"archive_after,omitempty"`
	DealSayNoFree bool          `json:"deal_say_no_free,omitempty"`
	TimeZone      string        `json:"time_zone,omitempty"`
}

// TestOptionsStoredAsBefore: options as the versions before stored them
// — with the board's rules, Deal's house rule, both (a chat that played
// both), or neither — read to the same meaning and are written back the
// same bytes, alone, in settings and in a record; options made now are
// written as those versions wrote them.
func TestOptionsStoredAsBefore(t *testing.T) {
	t.Parallel()
	lux := engine.EditionByID(engine.Lux).Rules
	lux.GambleCap, lux.StartingCash = 100_000, 2_000_000
	for _, old := range []legacyOptions{
		{},
		{Edition: engine.Lux, Pace: kit.Pace{Name: kit.PaceCustom, Decision: time.Hour, Bid: time.Minute}, Rules: &lux, MaxPlayers: 4,
			RandomOrder: true, ManualEndTurn: true, KickAfter: -1, ArchiveAfter: 72 * time.Hour, TimeZone: "Europe/Kyiv"},
		{Edition: deal.Name, DealSayNoFree: true, KickAfter: 2},
		{Rules: &lux, DealSayNoFree: true, TimeZone: "<&>\u2028Київ\"\\\x01"},
	} {
		stored, err := json.Marshal(old)
		if err != nil {
			t.Fatal(err)
		}
		var o kit.ChatOptions
		if err := json.Unmarshal(stored, &o); err != nil {
			t.Fatal(err)
		}
		if r := board.RulesIn(&o); (r == nil) != (old.Rules == nil) || r != nil && *r != *old.Rules {
			t.Errorf("%s: the board's rules read %+v", stored, r)
		}
		if deal.OptionsIn(&o).SayNoFree != old.DealSayNoFree {
			t.Errorf("%s: Deal's house rule read %v", stored, deal.OptionsIn(&o).SayNoFree)
		}
		if o.Edition != old.Edition || o.Pace != old.Pace || o.MaxPlayers != old.MaxPlayers || o.RandomOrder != old.RandomOrder ||
			o.ManualEndTurn != old.ManualEndTurn || o.KickAfter != old.KickAfter || o.ArchiveAfter != old.ArchiveAfter || o.TimeZone != old.TimeZone {
			t.Errorf("%s: read %+v", stored, o)
		}
		if again, err := json.Marshal(o); err != nil || !bytes.Equal(again, stored) {
			t.Errorf("written back differently:\n%s\n%s", again, stored)
		}
		// Made now, as /settings makes them: the same bytes.
		made := kit.ChatOptions{Edition: old.Edition, Pace: old.Pace, MaxPlayers: old.MaxPlayers, RandomOrder: old.RandomOrder,
			ManualEndTurn: old.ManualEndTurn, KickAfter: old.KickAfter, ArchiveAfter: old.ArchiveAfter, TimeZone: old.TimeZone}
		if old.Rules != nil {
			r := *old.Rules
			board.SetRules(&made, &r)
		}
		deal.SetOptions(&made, deal.Options{SayNoFree: old.DealSayNoFree})
		if data, err := json.Marshal(made); err != nil || !bytes.Equal(data, stored) || made != o {
			t.Errorf("made now:\n%s\n%s", data, stored)
		}
		// Inside settings and a record.
		s := kit.Settings{Lang: "uk", Options: o, OptionsRev: 3}
		data := mustJSON(t, &s)
		var back kit.Settings
		if err := json.Unmarshal(data, &back); err != nil || !bytes.Equal(mustJSON(t, &back), data) || back.Options != o {
			t.Errorf("settings written back differently: %s", data)
		}
		rec := &kit.Record{ID: 1, Status: kit.StatusLobby, Kind: board.Name, Edition: engine.Classic, Options: o.Clone()}
		enc, err := rec.Encode()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(enc, append([]byte(`"options":`), stored...)) {
			t.Errorf("the record stores its options as %s, not %s", enc, stored)
		}
	}
}

// TestFixtureOptionsStoredAsBefore: the options of every record and of
// every game's chat's settings in the fixture databases (written by
// earlier versions) read and are written back byte for byte.
func TestFixtureOptionsStoredAsBefore(t *testing.T) {
	t.Parallel()
	for _, file := range []string{"testdata/v1.db.gz", "testdata/v2.db.gz"} {
		path := filepath.Join(t.TempDir(), "fixture.db")
		if err := os.WriteFile(path, fixtureDB(t, file), 0o600); err != nil {
			t.Fatal(err)
		}
		store, err := storage.Open(path, storage.Options{NoSync: true})
		if err != nil {
			t.Fatal(err)
		}
		seen := 0
		check := func(what string, data []byte) {
			var v struct {
				Options json.RawMessage `json:"options"`
			}
			if err := json.Unmarshal(data, &v); err != nil {
				t.Fatalf("%s %s: %v", file, what, err)
			}
			if len(v.Options) == 0 || string(v.Options) == "null" {
				return
			}
			seen++
			var o kit.ChatOptions
			if err := json.Unmarshal(v.Options, &o); err != nil {
				t.Fatalf("%s %s: %v", file, what, err)
			}
			if again, err := json.Marshal(o); err != nil || !bytes.Equal(again, v.Options) {
				t.Errorf("%s %s written back differently:\n%s\n%s", file, what, again, v.Options)
			}
		}
		err = store.View(func(tx *storage.Tx) error {
			return tx.ForEachGame(func(chat int64, data []byte) error {
				check("record", data)
				if s, ok := tx.Settings(chat); ok {
					check("settings", s)
				}
				return tx.ForEachArchive(chat, func(_ uint64, data []byte) error { check("archive", data); return nil })
			})
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := store.Close(); err != nil {
			t.Fatal(err)
		}
		if seen == 0 {
			t.Errorf("%s: no options found", file)
		}
	}
}

// TestOperatorRulesAreTheBoardsDefaults: the operator's rules (the
// board's part of Config.Defaults) are what a chat that chose none plays
// and sees in /settings; a chat's own rules still win.
func TestOperatorRulesAreTheBoardsDefaults(t *testing.T) {
	t.Parallel()
	cat, err := testCatalog()
	if err != nil {
		t.Fatal(err)
	}
	operator := engine.EditionByID(engine.Classic).Rules
	operator.StartingCash, operator.FreeParkingJackpot = 2500, true
	var defaults kit.ChatOptions
	board.SetRules(&defaults, &operator)
	b := New(nil, nil, cat, Config{Defaults: defaults, Seed: func() uint64 { return 3 }})
	start := func(s kit.Settings) engine.Rules {
		rec := &kit.Record{ID: 1, Status: kit.StatusLobby, Edition: engine.Classic, Creator: 1, Options: s.Options.Clone()}
		for i := range 2 {
			rec.Seats = append(rec.Seats, kit.Seat{User: int64(i + 1), Name: "P"})
		}
		c := &kit.Change{Rec: rec, Settings: s}
		b.lobby().Press(c, "en", lobby.User{ID: 1}, kit.Press{Op: OpStart}, false)
		if board.Of(c.Rec).Game == nil {
			t.Fatalf("the game did not start (%q)", c.Alert)
		}
		return board.Of(c.Rec).Game.Rules
	}
	if got := start(kit.Settings{}); got.StartingCash != 2500 || !got.FreeParkingJackpot {
		t.Errorf("a chat without rules plays %+v", got)
	}
	if text, _ := b.settingsMenu().Render("en", kit.Settings{}, settings.PageMain); !strings.Contains(text, cat.Money("en", 2500)) {
		t.Errorf("/settings does not show the operator's cash: %q", text)
	}
	own := engine.EditionByID(engine.Classic).Rules
	own.StartingCash = 1000
	s := kit.Settings{}
	board.SetRules(&s.Options, &own)
	if got := start(s); got.StartingCash != 1000 || got.FreeParkingJackpot {
		t.Errorf("a chat with its own rules plays %+v", got)
	}
}

// benchOptions are a board chat's options with its own rules, as before
// and as now.
func benchOptions() (legacyOptions, kit.ChatOptions) {
	r := engine.EditionByID(engine.Classic).Rules
	r.StartingCash = 2000
	old := legacyOptions{Edition: engine.Classic, Pace: kit.Paces[kit.PaceRelaxed], Rules: &r, KickAfter: 2, TimeZone: "Europe/Kyiv"}
	o := kit.ChatOptions{Edition: old.Edition, Pace: old.Pace, KickAfter: 2, TimeZone: old.TimeZone}
	board.SetRules(&o, &r)
	return old, o
}

// BenchmarkOptionsEncode and BenchmarkOptionsDecode: a chat's options
// with its rules inside another object as now (the kinds' parts; through
// encoding/json, which scans a Marshaler's output again: the settings'
// path — a record's options are appended by Record.Encode, measured by
// bot/board/state's BenchmarkRecordEncode), and the Before ones as the
// struct before (engine rules by reflection), to compare side by side:
//
//	go test -run '^$' -bench 'Options(En|De)code' -benchmem ./bot/
func BenchmarkOptionsEncode(b *testing.B) {
	_, o := benchOptions()
	v := struct {
		Options *kit.ChatOptions `json:"options"`
	}{&o}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := json.Marshal(v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOptionsEncodeBefore(b *testing.B) {
	old, _ := benchOptions()
	v := struct {
		Options *legacyOptions `json:"options"`
	}{&old}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := json.Marshal(v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOptionsDecode(b *testing.B) {
	old, _ := benchOptions()
	data, _ := json.Marshal(old)
	b.ReportAllocs()
	for b.Loop() {
		var o kit.ChatOptions
		if err := json.Unmarshal(data, &o); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOptionsDecodeBefore(b *testing.B) {
	old, _ := benchOptions()
	data, _ := json.Marshal(old)
	b.ReportAllocs()
	for b.Loop() {
		var o legacyOptions
		if err := json.Unmarshal(data, &o); err != nil {
			b.Fatal(err)
		}
	}
}
