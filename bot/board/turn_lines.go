package board

import (
	"slices"
	"strconv"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// The turn message's events, written for a phone: a roll and the move it
// makes are one line (with the salary where it was earned, on the way), a
// run of buildings, sales or mortgages is one line, bids are left to the
// auction's own message. Telegram wraps a long line as the screen needs;
// a break of our own (with an indent) looks broken on every other width.
// /history keeps one line per event (EventLine).

// turnLines are the events of rec's turn as the turn message shows them.
func (b *texts) turnLines(lang string, rec *kit.Record) []string {
	evs := Of(rec).Turn
	var lines []string
	var out []engine.PlayerID // bankrupt this turn: the summary message lists what they handed over
	for i := 0; i < len(evs); i++ {
		e := evs[i]
		switch e.Kind {
		case engine.EvBankrupt:
			out = append(out, e.Player)
			if l := b.eventLine(lang, rec, e); l != "" {
				lines = append(lines, l)
			}
		case engine.EvDeedReceived:
			if slices.Contains(out, e.Other) {
				continue // the bankruptcy's summary (ending_bankrupt.go) names the deeds
			}
			if l := b.eventLine(lang, rec, e); l != "" {
				lines = append(lines, l)
			}
		case engine.EvOrderRoll:
			n := runOf(evs, i, engine.EvOrderRoll)
			lines = append(lines, b.orderLine(lang, rec, evs[i:i+n]))
			i += n - 1
		case engine.EvRolled:
			line, n := b.rollLine(lang, rec, evs, i)
			lines = append(lines, line)
			i += n - 1
		case engine.EvMoved:
			line, n := b.moveLine(lang, rec, evs, i, nil)
			lines = append(lines, line)
			i += n - 1
		case engine.EvBid, engine.EvAuctionPass:
			// The auction's own message shows the bidding (auction.go); the
			// turn shows its outcome, so a bid costs the turn message no edit.
			i += runOf(evs, i, engine.EvBid, engine.EvAuctionPass) - 1
		case engine.EvBuilt, engine.EvBuildingSold, engine.EvMortgaged:
			n := sameRun(evs, i)
			if n == 1 {
				lines = append(lines, b.eventLine(lang, rec, e))
				break
			}
			lines = append(lines, b.manyLine(lang, rec, evs[i:i+n]))
			i += n - 1
		case engine.EvGambleOffered, engine.EvCasinoOffered:
			if i == len(evs)-1 && Of(rec).Game.Phase == engine.PhaseGamble {
				continue // the prompt below offers the stake
			}
			lines = append(lines, b.eventLine(lang, rec, e))
		case engine.EvRentPaid: // the square is on the move's line above
			lines = append(lines, b.cat.T(lang, "turn_rent", map[string]any{"Player": kit.SeatName(rec, e.Player),
				"Other": kit.SeatName(rec, e.Other), "Amount": b.money(lang, rec, e.Amount)}))
		case engine.EvReelStopped:
			// The reels of one spin are one line, drawn as far as they stopped.
			if i+1 < len(evs) && evs[i+1].Kind == engine.EvReelStopped {
				continue
			}
			lines = append(lines, b.cat.T(lang, "ev_reel_stopped", map[string]any{
				"Player": kit.SeatName(rec, e.Player), "Reels": reelLine(evs[:i+1])}))
		default:
			if l := b.eventLine(lang, rec, e); l != "" {
				lines = append(lines, l)
			}
		}
	}
	return lines
}

// runOf is how many events from i on are of the kinds, in a row.
func runOf(evs []engine.Event, i int, kinds ...engine.EventKind) int {
	n := 0
	for i+n < len(evs) && slices.Contains(kinds, evs[i+n].Kind) {
		n++
	}
	return n
}

// sameRun is how many events from i on are of evs[i]'s kind and player.
func sameRun(evs []engine.Event, i int) int {
	n := 1
	for i+n < len(evs) && evs[i+n].Kind == evs[i].Kind && evs[i+n].Player == evs[i].Player {
		n++
	}
	return n
}

// orderLine is the order roll of the game's start, one line for everyone.
func (b *texts) orderLine(lang string, rec *kit.Record, evs []engine.Event) string {
	rolls := make([]string, len(evs))
	for i, e := range evs {
		rolls[i] = kit.Tokens[int(e.Player)%len(kit.Tokens)] + " " + strconv.Itoa(e.Dice[0]+e.Dice[1])
	}
	return b.cat.T(lang, "turn_order", map[string]any{"Rolls": strings.Join(rolls, " · ")})
}

// rollLine is a roll, with the move it makes (if the next event is that
// move), and how many events the line shows.
func (b *texts) rollLine(lang string, rec *kit.Record, evs []engine.Event, i int) (string, int) {
	e := evs[i]
	if i+1 < len(evs) && evs[i+1].Kind == engine.EvMoved && evs[i+1].Player == e.Player {
		line, n := b.moveLine(lang, rec, evs, i+1, &e)
		return line, n + 1
	}
	dice := map[string]any{"D1": e.Dice[0], "D2": e.Dice[1], "Sum": e.Dice[0] + e.Dice[1]}
	return b.byOther(rec, e.Player, b.cat.T(lang, "turn_roll", dice)), 1
}

// moveLine is a move to a square (after the roll, if any): the salary,
// when the move passed the start, comes before the square, where it was
// earned.
func (b *texts) moveLine(lang string, rec *kit.Record, evs []engine.Event, i int, roll *engine.Event) (string, int) {
	e, n := evs[i], 1
	data := map[string]any{"Square": b.whereLanded(lang, rec, evs, i)}
	id := "turn_move"
	if roll != nil {
		id = "turn_roll_move"
		data["D1"], data["D2"], data["Sum"] = roll.Dice[0], roll.Dice[1], roll.Dice[0]+roll.Dice[1]
	}
	if i+1 < len(evs) && evs[i+1].Kind == engine.EvPassedStart && evs[i+1].Player == e.Player {
		id += "_salary"
		data["Amount"], data["Start"], n = b.money(lang, rec, evs[i+1].Amount), b.squareName(lang, rec, 0), 2
		if e.Square == 0 {
			id += "_on_start" // landed on the start itself: name it once
		}
	}
	return b.byOther(rec, e.Player, b.cat.T(lang, id, data)), n
}

// whereLanded names the square of the move at evs[i]; the jail's square
// says "just visiting" unless the move ends in jail.
func (b *texts) whereLanded(lang string, rec *kit.Record, evs []engine.Event, i int) string {
	e := evs[i]
	if e.Square != Of(rec).Game.EditionData().JailSquare {
		return b.squareName(lang, rec, e.Square)
	}
	for _, later := range evs[i+1:] {
		if later.Kind == engine.EvRolled || later.Kind == engine.EvMoved {
			break
		}
		if later.Kind == engine.EvSentToJail && later.Player == e.Player {
			return b.squareName(lang, rec, e.Square)
		}
	}
	return b.cat.T(lang, "turn_visiting", nil)
}

// byOther names the player of a line when it is not the turn's own.
func (b *texts) byOther(rec *kit.Record, p engine.PlayerID, line string) string {
	if p == turnPlayer(rec) {
		return line
	}
	return kit.SeatName(rec, p) + ": " + line
}

// turnPlayer is whose turn rec's turn message is.
func turnPlayer(rec *kit.Record) engine.PlayerID {
	for _, e := range Of(rec).Turn {
		if e.Kind == engine.EvTurnStarted {
			return e.Player
		}
	}
	return Of(rec).Game.Current
}

// manyLine is a run of one player's buildings, sales or mortgages.
func (b *texts) manyLine(lang string, rec *kit.Record, evs []engine.Event) string {
	total := 0
	for _, e := range evs {
		total += e.Cost
	}
	id := map[engine.EventKind]string{engine.EvBuilt: "turn_built_many", engine.EvBuildingSold: "turn_sold_many",
		engine.EvMortgaged: "turn_mortgaged_many"}[evs[0].Kind]
	return b.cat.N(lang, id, len(evs), map[string]any{"Player": kit.SeatName(rec, evs[0].Player), "Cost": b.money(lang, rec, total)})
}
