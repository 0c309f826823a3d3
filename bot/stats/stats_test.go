package stats

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// TestFavouriteSet: the set counted most often is the favourite.
func TestFavouriteSet(t *testing.T) {
	t.Parallel()
	var s PlayerStats
	s.add("A", kit.SeatResult{Sets: []string{"classic:1", "classic:3"}})
	s.add("A", kit.SeatResult{Sets: []string{"classic:3"}})
	if ed, grp, ok := s.Favourite(); !ok || ed != "classic" || grp != 3 {
		t.Errorf("favourite %s %d %v", ed, grp, ok)
	}
}

// fakeKinds is a primary kind "board" with sets and a kind "other" with a
// line of its own; results are scripted per record.
type fakeKinds struct{ results []kit.SeatResult }

func (f fakeKinds) Primary() string                      { return "board" }
func (f fakeKinds) Results(*kit.Record) []kit.SeatResult { return f.results }
func (f fakeKinds) SetName(_, key string) (string, bool) { return "set " + key, key == "classic:3" }
func (f fakeKinds) Lines() []KindLine {
	return []KindLine{{Kind: "other", Line: func(_ string, played, won int) string {
		return fmt.Sprintf("other %d/%d", won, played)
	}}}
}

// fakeCatalog writes a message's id and its data.
type fakeCatalog struct{}

func (fakeCatalog) T(_, id string, data map[string]any) string {
	if data == nil {
		return id
	}
	return fmt.Sprint(id, data)
}
func (fakeCatalog) Money(_ string, n int) string { return fmt.Sprintf("$%d", n) }

// TestGameEndCountsPeopleByKind: a started game's end counts each person
// (not a computer) in the chat and overall; the primary kind's in the
// main fields, with /endgame's leader as a winner, another kind's apart;
// a lobby counts nothing; /top ranks the primary kind's wins.
func TestGameEndCountsPeopleByKind(t *testing.T) {
	t.Parallel()
	store, err := storage.Open(filepath.Join(t.TempDir(), "stats.db"), storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	seats := []kit.Seat{{User: 1, Name: "Ann"}, {User: 2, Name: "Bo"}, {User: 0, Name: "CPU", Computer: true}}
	results := []kit.SeatResult{{Worth: 900, Leader: true, Sets: []string{"classic:3"}}, {Bankrupt: true}, {Won: true}}
	s := New(fakeCatalog{}, fakeKinds{results})
	end := func(chat int64, rec *kit.Record, stopped bool) {
		t.Helper()
		if err := store.Update(func(tx *storage.Tx) error { return s.GameEnd(tx, chat, rec, stopped) }); err != nil {
			t.Fatal(err)
		}
	}
	end(10, &kit.Record{Status: kit.StatusLobby, Seats: seats}, false)
	end(10, &kit.Record{Status: kit.StatusPlaying, Seats: seats}, true)                 // the board's, stopped
	end(20, &kit.Record{Status: kit.StatusPlaying, Kind: "other", Seats: seats}, false) // another kind's
	_ = store.View(func(tx *storage.Tx) error {
		here, all, okHere, okAll := Load(tx, 10, 1)
		if !okHere || !okAll || here.Played != 1 || here.Won != 1 || here.BestWorth != 900 || all.Played != 1 ||
			all.Kinds["other"] == nil || all.Kinds["other"].Played != 1 || all.Kinds["other"].Won != 0 || here.Kinds != nil {
			t.Errorf("Ann: here %+v, overall %+v", here, all)
		}
		if here, _, _, _ := Load(tx, 10, 2); here.Played != 1 || here.Won != 0 || here.Bankrupt != 1 {
			t.Errorf("Bo: %+v", here)
		}
		if _, _, okHere, okAll := Load(tx, 10, 0); okHere || okAll {
			t.Error("a computer seat counted")
		}
		top := Top(tx, 10)
		if len(top) != 2 || top[0].User != 1 || top[1].User != 2 {
			t.Errorf("top %+v", top)
		}
		if len(Top(tx, 20)) != 0 {
			t.Error("another kind's games rank in /top")
		}
		text := s.Render("en", "Ann", here, all, okHere, okAll, true)
		if !strings.Contains(text, "set classic:3") || !strings.Contains(text, "other 0/1") {
			t.Errorf("/stats: %q", text)
		}
		return nil
	})
}
