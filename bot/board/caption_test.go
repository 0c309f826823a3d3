package board

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// ownedByAll is a game of edition with as many players as names (fewer
// if the edition takes fewer) and every deed owned, each group split among
// as many owners as it has deeds and every deed mortgaged: the longest
// "who owns what" the rules allow (buildings need a whole group).
func ownedByAll(t *testing.T, edition string, names []string) *kit.Record {
	t.Helper()
	g, _, err := engine.New(engine.Config{Edition: edition, Players: len(names), Seed: 1})
	for err != nil && len(names) > 2 {
		names = names[:len(names)-1]
		g, _, err = engine.New(engine.Config{Edition: edition, Players: len(names), Seed: 1})
	}
	if err != nil {
		t.Fatal(err)
	}
	rec := &kit.Record{ID: 1 << 50, Rev: 1 << 40, Status: kit.StatusPlaying, Edition: edition, State: &state.Board{Game: g}}
	for i, n := range names {
		rec.Seats = append(rec.Seats, kit.Seat{User: int64(1e12 + i), Name: n})
	}
	ed := g.EditionData()
	for grp := 0; grp < ed.GroupCount(); grp++ {
		for k, sq := range ed.Group(grp) {
			p := &g.Props[sq]
			p.Owner, p.Mortgaged = engine.PlayerID((grp+k)%len(names)), true
		}
	}
	return rec
}

// TestOwnersCaption measures /board's "who owns what" as a caption of the
// picture, for six players (lux: four) and every deed owned in every
// edition with a board and every language, each group split among as many
// owners as it has deeds and every deed mortgaged (the longest list the
// rules allow): with names of ordinary length it fits the 1 024 units of a
// caption, the hint under it too or without it (so /board is one message,
// not two); with the longest names a seat keeps (kit.DisplayName: 33 characters) it does not, and /board keeps
// the list in a message of its own (withDeeds), while a caption that
// outgrew the limit as the game went on is cut at a line (fitCaption).
func TestOwnersCaption(t *testing.T) {
	cat, err := locales.Load()
	if err != nil {
		t.Fatal(err)
	}
	b := bareKind(cat, Config{})
	ordinary := []string{"Александра", "Святослав", "Maximilian", "Катерина", "Володимир", "Christopher"}
	longest := make([]string, 6)
	for i := range longest {
		longest[i] = string([]rune(strings.Repeat("Щ&<", 11))[:32-i]) + "…" // kit.DisplayName's longest; escaped in the HTML
	}
	for _, edition := range []string{engine.Classic, engine.Business, engine.Lux} {
		for _, lang := range locales.Languages {
			rec := ownedByAll(t, edition, ordinary)
			full := captionLen(b.deed.renderOwners(lang, rec))
			caption, fits := b.deed.ownersCaption(lang, rec)
			t.Logf("%s %s, %d players named in 8–11 letters: %d units with the hint, %d in the caption", edition, lang, len(rec.Seats), full, captionLen(caption))
			if !fits || captionLen(caption) > maxCaption || !strings.HasPrefix(caption, b.deed.renderOwnersFinal(lang, rec)) {
				t.Errorf("%s %s: who owns what does not fit a caption (%d units)", edition, lang, captionLen(caption))
			}
			rec = ownedByAll(t, edition, longest)
			cut, fits := b.deed.ownersCaption(lang, rec)
			t.Logf("%s %s, names of 28–33 characters: %d units (a message of its own); cut to %d", edition, lang, captionLen(b.deed.renderOwnersFinal(lang, rec)), captionLen(cut))
			if fits || captionLen(cut) > maxCaption || !strings.HasPrefix(b.deed.renderOwnersFinal(lang, rec), strings.TrimSuffix(cut, "\n…")) {
				t.Errorf("%s %s: the longest list gave a caption of %d units (fits: %v), want a cut of it within %d", edition, lang, captionLen(cut), fits, maxCaption)
			}
		}
	}
	if n := captionLen("<b>A &amp; B</b>\n"); n != 5 {
		t.Errorf("captionLen counts %d units in %q, want 5 (after entity parsing)", n, "<b>A &amp; B</b>")
	}
}
