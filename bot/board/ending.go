package board

import (
	"fmt"
	"strings"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// The ending of a board game: the standings with net worth, how long the
// game lasted in turns and time, and a few highlights (the biggest rent,
// the set that earned most, the longest jail stay). What the highlights
// need is kept as the game goes (state.Tally, keepTally), since the
// events of earlier turns are gone by the end.

// keepTally adds the events of one action to the record's tally; now is
// the wall clock in ms.
func keepTally(rec *kit.Record, evs []engine.Event, now int64) {
	t := &Of(rec).Tally
	ed := Of(rec).Game.EditionData()
	stay := func(p engine.PlayerID) *state.JailStay {
		if p < 0 || int(p) >= len(Of(rec).Game.Players) {
			return &state.JailStay{} // not a seat: nothing to keep
		}
		if len(t.Jail) < len(Of(rec).Game.Players) {
			t.Jail = append(t.Jail, make([]state.JailStay, len(Of(rec).Game.Players)-len(t.Jail))...)
		}
		return &t.Jail[p]
	}
	for _, e := range evs {
		switch e.Kind {
		case engine.EvTurnStarted:
			if e.Amount == 1 && t.Started == 0 {
				t.Started = now
			}
			if s := stay(e.Player); s.In {
				s.Turns++
				s.Longest = max(s.Longest, s.Turns)
			}
		case engine.EvRentPaid:
			if e.Amount > t.TopRent.Amount {
				t.TopRent = state.Rent{Payer: int(e.Player), Owner: int(e.Other), Square: e.Square, Amount: e.Amount}
			}
			if e.Square >= 0 && e.Square < len(ed.Squares) {
				if n := ed.GroupCount(); len(t.SetRent) < n {
					t.SetRent = append(t.SetRent, make([]int, n-len(t.SetRent))...)
				}
				if grp := ed.Squares[e.Square].Group; grp >= 0 && grp < len(t.SetRent) {
					t.SetRent[grp] += e.Amount
				}
			}
		case engine.EvTurnSkipped:
			// The business edition's jail: one turn skipped, then out.
			if s := stay(e.Player); s.In && e.Amount == engine.SkipJail {
				s.Turns++
				s.Longest = max(s.Longest, s.Turns)
				s.In = false
			}
		case engine.EvSentToJail:
			s := stay(e.Player)
			s.In, s.Turns = true, 0
		case engine.EvLeftJail, engine.EvJailFinePaid, engine.EvJailCardUsed, engine.EvBankrupt:
			stay(e.Player).In = false
		case engine.EvGameOver:
			t.Ended = now
		}
	}
}

// endingText is the game-over message: who won, then the game's summary.
func (b *endings) endingText(lang string, rec *kit.Record) string {
	g := Of(rec).Game
	if g == nil || g.Phase != engine.PhaseGameOver || g.Winner < 0 || int(g.Winner) >= len(rec.Seats) {
		return b.renderEnding(lang, rec)
	}
	return b.cat.T(lang, "game_over", map[string]any{"Player": kit.Mention(rec.Seats[g.Winner])}) +
		"\n\n" + b.renderEnding(lang, rec)
}

// renderEnding is the standings with net worth, the game's length and
// its highlights.
func (b *endings) renderEnding(lang string, rec *kit.Record) string {
	lines := []string{b.text.renderStandings(lang, rec), b.lengthLine(lang, rec)}
	if hs := b.highlights(lang, rec); len(hs) > 0 {
		lines = append(lines, "", b.cat.T(lang, "ending_highlights", nil))
		lines = append(lines, hs...)
	}
	return strings.Join(lines, "\n")
}

// lengthLine is the game's length in turns and in time, from its first
// turn to its end (records from before the tally count from the lobby).
func (b *endings) lengthLine(lang string, rec *kit.Record) string {
	t := Of(rec).Tally
	start, end := t.Started, t.Ended
	if start == 0 {
		start = rec.Created
	}
	if end == 0 {
		end = max(rec.Updated, b.cfg.Now().UnixMilli())
	}
	return b.cat.N(lang, "ending_length", Of(rec).Game.Turn, map[string]any{
		"Time": b.durationText(lang, time.Duration(max(0, end-start))*time.Millisecond)})
}

// durationText is a game's length: days and hours from a day up, else
// hours and minutes.
func (b *endings) durationText(lang string, d time.Duration) string {
	if d < 24*time.Hour {
		return kit.LeftText(b.cat, lang, d)
	}
	days, hours := int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour)
	return b.cat.T(lang, "ending_days", map[string]any{"Days": days, "H": hours})
}

// highlights are the ending's notable moments, those the game had.
func (b *endings) highlights(lang string, rec *kit.Record) []string {
	t := Of(rec).Tally
	var out []string
	if r := t.TopRent; r.Amount > 0 && r.Payer < len(rec.Seats) && r.Owner < len(rec.Seats) {
		out = append(out, b.cat.T(lang, "ending_top_rent", map[string]any{
			"Amount": b.text.money(lang, rec, r.Amount), "Square": b.text.squareName(lang, rec, r.Square),
			"Player": kit.SeatName(rec, engine.PlayerID(r.Payer)), "Other": kit.SeatName(rec, engine.PlayerID(r.Owner))}))
	}
	if grp, amount := bestSet(rec); amount > 0 {
		out = append(out, b.cat.T(lang, "ending_best_set", map[string]any{"Amount": b.text.money(lang, rec, amount),
			"Set": b.cat.T(lang, fmt.Sprintf("group_emoji_%s_%d", rec.Edition, grp), nil) + " " +
				b.cat.T(lang, fmt.Sprintf("group_%s_%d", rec.Edition, grp), nil)}))
	}
	seat, longest := -1, 0
	for i, s := range t.Jail {
		if s.Longest > longest && i < len(rec.Seats) {
			seat, longest = i, s.Longest
		}
	}
	if seat >= 0 {
		out = append(out, b.cat.N(lang, "ending_jail", longest, map[string]any{"Player": kit.SeatName(rec, engine.PlayerID(seat))}))
	}
	return out
}

// bestSet is the colour set (streets) whose deeds collected the most rent,
// and how much; ties go to the dearer set.
func bestSet(rec *kit.Record) (group, amount int) {
	ed := Of(rec).Game.EditionData()
	group = -1
	for grp, n := range Of(rec).Tally.SetRent {
		sqs := ed.Group(grp)
		if len(sqs) == 0 || ed.Squares[sqs[0]].Kind != engine.SquareStreet {
			continue
		}
		if n > 0 && n >= amount {
			group, amount = grp, n
		}
	}
	return group, amount
}
