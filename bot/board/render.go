package board

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

func (b *Kind) squareName(lang string, rec *Record, sq int) string {
	return b.cat.T(lang, fmt.Sprintf("sq_%s_%d", rec.Edition, sq), nil)
}

// EventLine renders one engine event, or "" for events the message shows
// otherwise (the turn header, a landing right after the move).
func (b *Kind) EventLine(lang string, rec *Record, e engine.Event) string {
	switch e.Kind {
	case engine.EvTurnStarted, engine.EvLanded, engine.EvTurnEnded:
		return ""
	}
	if e.Kind == engine.EvTimeout && e.Player < 0 {
		return b.cat.T(lang, "timeout_bids", nil) // an auction's bid window
	}
	name := eventIDs[e.Kind]
	if name == "" {
		return ""
	}
	other := b.cat.T(lang, "bank", nil)
	if e.Other >= 0 && int(e.Other) < len(rec.Seats) {
		other = kit.SeatName(rec, e.Other)
	}
	data := map[string]any{
		"Player": kit.SeatName(rec, e.Player),
		"Other":  other,
		"Square": b.squareName(lang, rec, e.Square),
		"Amount": b.money(lang, rec, e.Amount),
		"Cost":   b.money(lang, rec, e.Cost),
		"D1":     e.Dice[0], "D2": e.Dice[1], "Sum": e.Dice[0] + e.Dice[1],
		"Deck":   b.deckName(lang, rec, e.Deck),
		"Card":   b.cat.T(lang, fmt.Sprintf("card_%s_%d_%d", rec.Edition, e.Deck, e.Card), nil),
		"Reason": b.cat.T(lang, fmt.Sprintf("jail_reason_%d", e.Amount), nil),
	}
	if e.Kind == engine.EvMoved {
		data["Square"] = b.squareName(lang, rec, e.Square)
	}
	b.editionEventData(lang, rec, e, data)
	return b.cat.N(lang, b.cat.ForEdition(lang, rec.Edition, "ev_"+name), e.Amount, data)
}

func (b *Kind) turnHeader(lang string, rec *Record, withMention bool) string {
	g := rec.Game
	who := kit.SeatName(rec, g.Current)
	if withMention {
		who = kit.Tokens[int(g.Current)%len(kit.Tokens)] + " " + kit.Mention(rec.Seats[g.Current])
	}
	turn := g.Turn
	for _, e := range rec.Turn {
		if e.Kind == engine.EvTurnStarted {
			turn = e.Amount
			who = kit.Tokens[int(e.Player)%len(kit.Tokens)] + " " + kit.Escape(rec.Seats[e.Player].Name)
			if withMention {
				who = kit.Tokens[int(e.Player)%len(kit.Tokens)] + " " + kit.Mention(rec.Seats[e.Player])
			}
			break
		}
	}
	return b.cat.T(lang, "turn_header", map[string]any{"Turn": turn, "Player": who})
}

func (b *Kind) eventLines(lang string, rec *Record) []string {
	var lines []string
	for i, e := range rec.Turn {
		if e.Kind == engine.EvReelStopped {
			// The reels of one spin are one line, drawn as far as they stopped.
			if i+1 < len(rec.Turn) && rec.Turn[i+1].Kind == engine.EvReelStopped {
				continue
			}
			lines = append(lines, b.cat.T(lang, "ev_reel_stopped", map[string]any{
				"Player": kit.SeatName(rec, e.Player), "Reels": reelLine(rec.Turn[:i+1])}))
			continue
		}
		if e.Kind == engine.EvBid || e.Kind == engine.EvAuctionPass {
			continue // the auction's message shows the bidding; the turn its outcome
		}
		if l := b.EventLine(lang, rec, e); l != "" {
			lines = append(lines, l)
		}
	}
	return lines
}

// renderClosedTurn is the final text of a finished turn's message.
func (b *Kind) renderClosedTurn(lang string, rec *Record) string {
	head := b.turnHeader(lang, rec, false)
	return head + "\n" + strings.Join(kit.FitLines(b.eventLines(lang, rec), kit.MaxText-kit.TextLen(head)-1), "\n")
}

// renderTurn is the live turn message: header, what happened, the table
// of players and what the game waits for.
func (b *Kind) renderTurn(lang string, rec *Record) string {
	head := b.turnHeader(lang, rec, true)
	tail := b.renderPlayers(lang, rec)
	if p := b.prompt(lang, rec); p != "" {
		tail += "\n" + p
	}
	if rec.Clock.PausedAt != 0 {
		tail += "\n" + b.cat.T(lang, "paused_line", nil) // bot/pause.go
	}
	if rec.View.Menu != "" {
		if seat := rec.SeatOf(rec.View.User); seat >= 0 {
			tail += "\n" + b.cat.T(lang, "menu_of_"+rec.View.Menu, map[string]any{"Player": kit.SeatName(rec, seat)})
		}
	}
	lines := b.eventLines(lang, rec)
	if len(lines) > 25 {
		lines = append([]string{"…"}, lines[len(lines)-25:]...)
	}
	lines = kit.FitLines(lines, kit.MaxText-kit.TextLen(head)-kit.TextLen(tail)-3)
	return head + "\n" + strings.Join(lines, "\n") + "\n\n" + tail
}

// renderPlayers lists each seat: cash, square, jail, and deeds by set.
func (b *Kind) renderPlayers(lang string, rec *Record) string {
	g := rec.Game
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
		if pl.InJail {
			where = b.cat.T(lang, "in_jail", nil)
		}
		sb.WriteString(b.cat.T(lang, "player_line", map[string]any{
			"Player": kit.SeatName(rec, p), "Cash": b.money(lang, rec, pl.Cash), "Square": where}))
		if pl.JailCards[0] || pl.JailCards[1] {
			sb.WriteString(" 🎫")
		}
		sb.WriteString(playerMarks(pl) + "\n")
		for grp := 0; grp < ed.GroupCount(); grp++ {
			var names []string
			for _, sq := range ed.Group(grp) {
				if g.Props[sq].Owner == p {
					names = append(names, b.propLabel(lang, rec, sq))
				}
			}
			if len(names) > 0 {
				sb.WriteString("   " + b.cat.T(lang, fmt.Sprintf("group_emoji_%s_%d", rec.Edition, grp), nil) + " " + strings.Join(names, ", ") + "\n")
			}
		}
	}
	if g.Jackpot > 0 {
		sb.WriteString(b.cat.T(lang, "players_jackpot", map[string]any{"Amount": b.money(lang, rec, g.Jackpot)}))
	}
	return strings.TrimRight(sb.String(), "\n")
}

// propLabel is a deed's name with its buildings and a mortgage mark.
func (b *Kind) propLabel(lang string, rec *Record, sq int) string {
	prop := rec.Game.Props[sq]
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

// prompt says what the game waits for, and from whom.
func (b *Kind) prompt(lang string, rec *Record) string {
	g := rec.Game
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
		sq := g.Players[g.Current].Pos
		return b.cat.T(lang, "prompt_buy", map[string]any{"Player": cur, "Square": b.squareName(lang, rec, sq),
			"Amount": b.money(lang, rec, g.EditionData().Squares[sq].Price)})
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
func (b *Kind) renderStandings(lang string, rec *Record) string {
	g := rec.Game
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
func (b *Kind) renderBoard(lang string, rec *Record) string {
	g := rec.Game
	ed := g.EditionData()
	var sb strings.Builder
	sb.WriteString(b.cat.T(lang, "board_title", map[string]any{"Turn": g.Turn}))
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
	return sb.String()
}

// deedText is a deed card of the edition short enough for a callback
// alert (≤ 200).
func (b *Kind) deedText(lang, edition string, sq int) string {
	ed := engine.EditionByID(edition)
	if ed == nil {
		ed = engine.EditionByID(engine.Classic) // records from before editions
	}
	if sq < 0 || sq >= len(ed.Squares) || !ed.Squares[sq].Ownable() {
		return b.cat.T(lang, "alert_outdated", nil)
	}
	s := ed.Squares[sq]
	data := map[string]any{"Name": b.cat.T(lang, fmt.Sprintf("sq_%s_%d", ed.ID, sq), nil),
		"Price": b.cat.MoneyOf(lang, ed.ID, s.Price), "Mortgage": b.cat.MoneyOf(lang, ed.ID, s.Mortgage),
		"House": b.cat.MoneyOf(lang, ed.ID, s.HouseCost)}
	rents := func(n int) string {
		r := make([]string, n)
		for i, v := range s.Rent[:n] {
			r[i] = strconv.Itoa(v)
			if EditionScale(ed) > 1 {
				r[i] = b.cat.MoneyOf(lang, ed.ID, v) // thousands need their grouping
			}
		}
		return strings.Join(r, "/")
	}
	switch s.Kind {
	case engine.SquareStreet:
		data["Rents"] = rents(6)
		return b.cat.T(lang, b.cat.ForEdition(lang, ed.ID, "deed_street"), data)
	case engine.SquarePort:
		data["Rents"] = rents(4)
		return b.cat.T(lang, b.cat.ForEdition(lang, ed.ID, "deed_port"), data)
	}
	data["One"], data["Both"] = s.Rent[0], s.Rent[1]
	return b.cat.T(lang, "deed_utility", data)
}

// MessageIDs are the message ids the board builds from names at run time
// (menus, events, engine errors); the chat layer's test checks that every
// language has them, as it checks the literal ids of the code.
func MessageIDs() []string {
	var ids []string
	for _, m := range []string{menuBuild, menuGroup, menuMortgage, menuBankrupt} {
		ids = append(ids, "menu_of_"+m)
	}
	ids = append(ids, "auction_lot", "auction_lot_building")
	for _, name := range eventIDs {
		ids = append(ids, "ev_"+name)
	}
	for _, e := range engineErrors {
		ids = append(ids, e.id)
	}
	return ids
}
