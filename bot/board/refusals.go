package board

import (
	"errors"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// Refusals that say why: an engine refusal that only means "not you, not
// now" names whom the game waits for instead, so the presser knows whose
// move it is; a stale button says how the game left it behind.

// refusalText is the alert for an engine refusal of seat's action.
func (b *texts) refusalText(rec *Record, lang string, seat engine.PlayerID, err error) string {
	g := Of(rec).Game
	if g == nil {
		return b.turn.errText(lang, err)
	}
	w := g.Waiting()
	switch {
	case errors.Is(err, engine.ErrNotNow) && g.Phase == engine.PhaseAuction:
		return b.cat.T(lang, "refuse_auction_running", nil)
	case w < 0 || w == seat || int(w) >= len(rec.Seats):
	case errors.Is(err, engine.ErrNotYourTurn):
		return b.cat.T(lang, "refuse_turn_of", map[string]any{"Player": seatName(rec, w)})
	case errors.Is(err, engine.ErrNotNow):
		return b.cat.T(lang, "refuse_waiting_for", map[string]any{"Player": seatName(rec, w)})
	}
	return b.turn.errText(lang, err)
}

// staleText refuses a press on a message the game has left behind.
func (b *texts) staleText(rec *Record, lang string, p Press) string {
	return b.cat.T(lang, kit.StaleID(rec, p), nil)
}

// seatName is a seat's name as plain text, for an alert.
func seatName(rec *Record, seat engine.PlayerID) string {
	if seat < 0 || int(seat) >= len(rec.Seats) {
		return "—"
	}
	return kit.Isolate(rec.Seats[seat].Name)
}

// menuOwnerText refuses a press in a menu someone else opened, naming them.
func (b *texts) menuOwnerText(rec *Record, lang string) string {
	owner := seatOf(rec, Of(rec).View.User)
	if owner < 0 {
		return b.cat.T(lang, "alert_stale_moved", nil)
	}
	return b.cat.T(lang, "refuse_menu_of", map[string]any{"Player": seatName(rec, owner)})
}
