package board

import (
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// MaxHistory bounds Record.History: the newest events of the game across
// turns, for /history. The action log keeps everything; this is what a
// person asks for in the chat, stored with the record so /history needs no
// replay.
const MaxHistory = 40

// HistorySlack lets the history run this far past MaxHistory before it is
// cut back: a cut copies the list into a new array (copies of the record
// share the old one, so it is never shifted in place), and cutting at
// every event was a noticeable share of a button press's allocations.
const HistorySlack = 10

// HistoryShown is how many lines /history shows.
const HistoryShown = 20

// remember appends events to the record's history, dropping those no line
// shows (a landing right after its move, the end of a turn) and, now and
// then, the oldest beyond MaxHistory.
func remember(r *kit.Record, evs []engine.Event) {
	for _, e := range evs {
		switch e.Kind {
		case engine.EvLanded, engine.EvTurnEnded:
			continue
		}
		Of(r).History = append(Of(r).History, e)
	}
	if n := len(Of(r).History); n > MaxHistory+HistorySlack {
		Of(r).History = append(make([]engine.Event, 0, MaxHistory+HistorySlack), Of(r).History[n-MaxHistory:]...)
	}
}

// renderHistory is the /history message: the last HistoryShown lines of
// the game, with a short header for each turn.
func (b *texts) renderHistory(lang string, rec *kit.Record) string {
	var lines []string
	for _, e := range Of(rec).History {
		var l string
		if e.Kind == engine.EvTurnStarted {
			l = b.cat.T(lang, "history_turn", map[string]any{"Turn": e.Amount, "Player": kit.SeatName(rec, e.Player)})
		} else {
			l = b.eventLine(lang, rec, e)
		}
		if l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) > HistoryShown {
		lines = lines[len(lines)-HistoryShown:]
	}
	head := b.cat.T(lang, "history_title", nil)
	if len(lines) == 0 {
		return head + "\n" + b.cat.T(lang, "history_empty", nil)
	}
	return head + "\n" + strings.Join(kit.FitLines(lines, kit.MaxText-kit.TextLen(head)-1), "\n")
}
