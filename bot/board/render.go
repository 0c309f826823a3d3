package board

import (
	"fmt"
	"strings"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

func (b *texts) turnHeader(lang string, rec *kit.Record, withMention bool) string {
	g := Of(rec).Game
	who := kit.SeatName(rec, g.Current)
	if withMention {
		who = kit.Tokens[int(g.Current)%len(kit.Tokens)] + " " + kit.Mention(rec.Seats[g.Current])
	}
	turn := g.Turn
	for _, e := range Of(rec).Turn {
		if e.Kind == engine.EvTurnStarted {
			turn = e.Amount
			who = kit.SeatName(rec, e.Player)
			if withMention {
				who = kit.Tokens[int(e.Player)%len(kit.Tokens)] + " " + kit.Mention(rec.Seats[e.Player])
			}
			break
		}
	}
	return b.cat.T(lang, "turn_header", map[string]any{"Turn": turn, "Player": who})
}

// renderClosedTurn is the final text of a finished turn's message.
func (b *texts) renderClosedTurn(lang string, rec *kit.Record) string {
	head := b.turnHeader(lang, rec, false)
	lines := b.turnLines(lang, rec)
	if len(lines) == 0 {
		return head
	}
	return head + "\n" + strings.Join(kit.FitLines(lines, kit.MaxText-kit.TextLen(head)-1), "\n")
}

// maxTurnLines is the most lines a live turn message has: a phone shows
// it whole. The oldest events give way; /history has them all.
const maxTurnLines = 25

// renderTurn is the live turn message: header, what happened this turn,
// everyone's cash, what the game waits for, from whom and until when. The
// board itself is on demand (/board, 🗺).
func (b *texts) renderTurn(lang string, rec *kit.Record) string { return b.turnText(lang, rec, true) }

// renderEndedTurn is the final text of the turn message of a game that
// was removed: it waits for nobody any more.
func (b *texts) renderEndedTurn(lang string, rec *kit.Record) string {
	return b.turnText(lang, rec, false)
}

func (b *texts) turnText(lang string, rec *kit.Record, live bool) string {
	head := b.turnHeader(lang, rec, true)
	tail := b.cashLines(lang, rec)
	if seat, ok := computerDecides(rec); ok && live {
		// A computer's decision: no question put to a person, no deadline.
		tail = append(tail, b.cat.T(lang, "prompt_computer_thinking", map[string]any{"Player": kit.SeatName(rec, seat)}))
	} else {
		if p := b.prompt(lang, rec); p != "" && live {
			tail = append(tail, p)
		}
		if c := b.clockLine(lang, rec); c != "" && live {
			tail = append(tail, c)
		}
	}
	if rec.Clock.PausedAt != 0 {
		tail = append(tail, b.cat.T(lang, "paused_line", nil)) // bot/pause.go
	}
	if Of(rec).View.Menu != "" {
		if seat := seatOf(rec, Of(rec).View.User); seat >= 0 {
			tail = append(tail, b.cat.T(lang, "menu_of_"+Of(rec).View.Menu, map[string]any{"Player": kit.SeatName(rec, seat)}))
		}
	}
	lines := b.turnLines(lang, rec)
	if room := maxTurnLines - 2 - len(tail); len(lines) > room { // the header and a blank line
		lines = append([]string{"…"}, lines[len(lines)-max(room-1, 0):]...)
	}
	tailText := strings.Join(tail, "\n")
	lines = kit.FitLines(lines, kit.MaxText-kit.TextLen(head)-kit.TextLen(tailText)-3)
	if len(lines) == 0 {
		return head + "\n" + tailText
	}
	return head + "\n" + strings.Join(lines, "\n") + "\n\n" + tailText
}

// cashLines are everyone's cash, two seats a line, with the marks that
// matter for the next decisions: in jail, a jail card, skipped turns,
// Удача/Неудача; then the jackpot.
func (b *texts) cashLines(lang string, rec *kit.Record) []string {
	g := Of(rec).Game
	var cells, lines []string
	for i := range g.Players {
		p := engine.PlayerID(i)
		pl := &g.Players[i]
		cell := kit.SeatName(rec, p) + ": "
		switch {
		case pl.Bankrupt:
			cell += "💥"
		default:
			cell += b.money(lang, rec, pl.Cash)
			if pl.InJail {
				cell += " ⛓"
			}
			if pl.JailCards[0] || pl.JailCards[1] {
				cell += " 🎫"
			}
			cell += playerMarks(pl)
		}
		cells = append(cells, cell)
	}
	for i := 0; i < len(cells); i += 2 {
		lines = append(lines, strings.Join(cells[i:min(i+2, len(cells))], " · "))
	}
	if g.Jackpot > 0 {
		lines = append(lines, b.cat.T(lang, "players_jackpot", map[string]any{"Amount": b.money(lang, rec, g.Jackpot)}))
	}
	return append(lines, b.centreLines(lang, rec, false)...)
}

// centreLines show the business edition's face-up Удача and Неудача cards
// (the rule book lays them in the centre from the first turn): how many of
// each are still there and, with holders, who keeps which (the turn
// message marks the holders by their names instead). None for editions
// without them.
func (b *texts) centreLines(lang string, rec *kit.Record, holders bool) []string {
	g := Of(rec).Game
	ed := g.EditionData()
	if ed.Luck+ed.Misfortune == 0 {
		return nil
	}
	lines := []string{b.cat.T(lang, "centre_fortunes", map[string]any{
		"Luck": g.FortunesLeft(engine.FortuneLuck), "Misfortune": g.FortunesLeft(engine.FortuneMisfortune)})}
	if !holders {
		return lines
	}
	var held []string
	for i := range g.Players {
		pl := &g.Players[i]
		if marks := strings.TrimSpace(strings.Repeat(" 🍀", int(pl.Luck)) + strings.Repeat(" 🌧", int(pl.Misfortune))); marks != "" {
			held = append(held, marks+" "+kit.SeatName(rec, engine.PlayerID(i)))
		}
	}
	if len(held) > 0 {
		lines = append(lines, b.cat.T(lang, "centre_held", map[string]any{"Held": strings.Join(held, " · ")}))
	}
	return lines
}

// clockLine says until when the game waits for the decision shown: the
// chat layer sets the deadline before the message is rendered
// (bot/deadline.go), so it is the deadline of this decision. None while
// paused, during an auction (its message has the clock) or while a
// computer seat moves (it does so by itself).
func (b *texts) clockLine(lang string, rec *kit.Record) string {
	switch {
	case rec.Clock.PausedAt != 0 || rec.Clock.Deadline == 0 || Of(rec).Game.Phase == engine.PhaseGameOver:
		return ""
	case Of(rec).Game.Phase == engine.PhaseAuction:
		return "" // bids move the deadline; the auction's own message counts it down
	}
	if _, computer := computerPending(rec); computer {
		return ""
	}
	return b.deadlineText(lang, rec, rec.Clock.Deadline)
}

// deadlineText is a wall-clock deadline (Unix ms) in the chat's zone.
func (b *texts) deadlineText(lang string, rec *kit.Record, at int64) string {
	loc, now := b.chatClock(lang, rec)
	return kit.DeadlineText(b.cat, lang, loc, now, at)
}

// atText is a wall-clock moment (Unix ms) in the chat's zone.
func (b *texts) atText(lang string, rec *kit.Record, at int64) string {
	loc, now := b.chatClock(lang, rec)
	return kit.AtText(b.cat, lang, loc, now, at)
}

// chatClock is the zone rec's chat reads the clock in, and the time now.
func (b *texts) chatClock(lang string, rec *kit.Record) (*time.Location, time.Time) {
	var o kit.ChatOptions
	if rec.Options != nil {
		o = *rec.Options
	}
	now := time.Now
	if b.cfg.Now != nil {
		now = b.cfg.Now
	}
	return o.LocationIn(lang), now()
}

// renderPlayers lists each seat for /board: cash, square (the jail's
// square says whether the seat is in jail or visiting) and marks.
func (b *texts) renderPlayers(lang string, rec *kit.Record) string {
	g := Of(rec).Game
	ed := g.EditionData()
	var sb strings.Builder
	for i := range g.Players {
		p := engine.PlayerID(i)
		pl := &g.Players[i]
		if pl.Bankrupt {
			sb.WriteString(b.cat.T(lang, "player_bankrupt", map[string]any{"Player": kit.SeatName(rec, p)}))
			sb.WriteString("\n")
			continue
		}
		where := b.squareName(lang, rec, pl.Pos)
		switch {
		case pl.InJail:
			where = b.cat.T(lang, "in_jail", nil)
		case pl.Pos == ed.JailSquare:
			where = b.cat.T(lang, "turn_visiting", nil)
		}
		sb.WriteString(b.cat.T(lang, "player_line", map[string]any{
			"Player": kit.SeatName(rec, p), "Cash": b.money(lang, rec, pl.Cash), "Square": where}))
		if pl.JailCards[0] || pl.JailCards[1] {
			sb.WriteString(" 🎫")
		}
		sb.WriteString(playerMarks(pl) + "\n")
	}
	return strings.TrimRight(sb.String(), "\n")
}

// propLabel is a deed's name with its buildings and a mortgage mark.
func (b *texts) propLabel(lang string, rec *kit.Record, sq int) string {
	prop := Of(rec).Game.Props[sq]
	s := b.squareName(lang, rec, sq)
	switch {
	case prop.Buildings == engine.Hotel:
		s += " " + buildingIcon(rec.Edition, true)
	case prop.Buildings > 0:
		s += " " + strings.Repeat(buildingIcon(rec.Edition, false), int(prop.Buildings))
	}
	if prop.Mortgaged {
		s += " 🔒"
	}
	return s
}

// computerDecides names the computer seat the turn message waits for; an
// auction is left out, since people bid in it beside the computers, on its
// own message.
func computerDecides(rec *kit.Record) (engine.PlayerID, bool) {
	g := Of(rec).Game
	if g == nil || g.Phase == engine.PhaseAuction || g.Phase == engine.PhaseGameOver {
		return -1, false
	}
	w := g.Waiting()
	return w, isComputer(rec, w)
}

// prompt says what the game waits for, and from whom.
func (b *texts) prompt(lang string, rec *kit.Record) string {
	g := Of(rec).Game
	cur := kit.SeatName(rec, g.Current)
	if p := b.editionPrompt(lang, rec); p != "" {
		return p
	}
	switch g.Phase {
	case engine.PhaseTurnStart:
		if g.Players[g.Current].InJail {
			return b.cat.T(lang, "prompt_jail", map[string]any{"Player": cur, "Amount": b.money(lang, rec, g.Rules.JailFine)})
		}
		return b.cat.T(lang, "prompt_roll", map[string]any{"Player": cur})
	case engine.PhaseBuyDecision:
		return b.buyPrompt(lang, rec) // turn_buy.go
	case engine.PhaseTurnEnd:
		if g.RollAgain {
			return b.cat.T(lang, "prompt_roll_again", map[string]any{"Player": cur})
		}
		return b.cat.T(lang, "prompt_end", map[string]any{"Player": cur})
	case engine.PhaseAuction: // the bids are in the auction's own message (auction.go)
		return b.cat.T(lang, "prompt_auction_below", map[string]any{"Square": b.squareName(lang, rec, g.Auction.Square)})
	case engine.PhaseDebt:
		d := g.Debts[0]
		other := b.cat.T(lang, "bank", nil)
		if d.Creditor >= 0 {
			other = kit.SeatName(rec, d.Creditor)
		}
		return b.cat.T(lang, "prompt_debt", map[string]any{"Player": kit.SeatName(rec, d.Debtor),
			"Amount": b.money(lang, rec, d.Amount), "Other": other})
	case engine.PhasePlaceBuilding:
		return b.cat.T(lang, "prompt_place", map[string]any{"Player": kit.SeatName(rec, g.Placing)})
	}
	return ""
}

// renderStandings is the final table: rank, name, net worth.
func (b *texts) renderStandings(lang string, rec *kit.Record) string {
	g := Of(rec).Game
	var sb strings.Builder
	sb.WriteString(b.cat.T(lang, "standings_title", nil))
	for i, p := range g.Standings() {
		key := "standings_line"
		if g.Players[p].Bankrupt {
			key = "standings_line_bankrupt"
		}
		sb.WriteString("\n" + b.cat.T(lang, key, map[string]any{"Rank": i + 1, "Player": kit.SeatName(rec, p),
			"Amount": b.money(lang, rec, g.NetWorth(p))}))
	}
	return sb.String()
}

// renderBoard is the /board ownership table of every deed.
func (b *texts) renderBoard(lang string, rec *kit.Record) string {
	g := Of(rec).Game
	ed := g.EditionData()
	var sb strings.Builder
	sb.WriteString(b.cat.T(lang, "board_title", map[string]any{"Turn": g.Turn}))
	sb.WriteString("\n" + b.renderPlayers(lang, rec) + "\n")
	for grp := 0; grp < ed.GroupCount(); grp++ {
		sb.WriteString("\n" + b.cat.T(lang, fmt.Sprintf("group_emoji_%s_%d", rec.Edition, grp), nil) + " " +
			b.cat.T(lang, fmt.Sprintf("group_%s_%d", rec.Edition, grp), nil))
		for _, sq := range ed.Group(grp) {
			owner := b.cat.T(lang, "board_free", map[string]any{"Amount": b.money(lang, rec, ed.Squares[sq].Price)})
			if o := g.Props[sq].Owner; o != engine.NoOwner {
				owner = kit.SeatName(rec, o)
			}
			sb.WriteString("\n  " + b.propLabel(lang, rec, sq) + " — " + owner)
		}
	}
	if g.Jackpot > 0 {
		sb.WriteString("\n\n" + b.cat.T(lang, "players_jackpot", map[string]any{"Amount": b.money(lang, rec, g.Jackpot)}))
	}
	if centre := b.centreLines(lang, rec, true); len(centre) > 0 {
		sb.WriteString("\n\n" + strings.Join(centre, "\n"))
	}
	return sb.String()
}
