package deal

import (
	"slices"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// namesLang is the language of the cards' and sets' names in a view in
// lang: the group's, where the record carries it (a private hand,
// kit.Record.WithNames), so that a card is called the same in the hand as
// on the group's table.
func namesLang(lang string, rec *kit.Record) string {
	if rec.NamesLang != "" {
		return rec.NamesLang
	}
	return lang
}

// seatLabel is a seat's token and name for a button (plain text).
func seatLabel(rec *kit.Record, p deal.PlayerID) string {
	return kit.SeatLabel(rec, int(p))
}

// seatName is a seat's token and name in a message (HTML).
func seatName(rec *kit.Record, p deal.PlayerID) string {
	if p < 0 || int(p) >= len(rec.Seats) {
		return ""
	}
	return kit.Tokens[int(p)%len(kit.Tokens)] + " " + kit.Name(rec.Seats[p].Name)
}

func mention(rec *kit.Record, p deal.PlayerID) string {
	return kit.Tokens[int(p)%len(kit.Tokens)] + " " + kit.Mention(rec.Seats[p])
}

// tableLines bounds the live table message, blank lines included: about
// what a phone shows without scrolling (issue #27). The turn's older
// moves give way to the newest; the closed turn's message keeps them all.
const tableLines = 15

// renderTable is the group's message: the public table only — built from
// the view of nobody (no hand) and the public events. One line per seat
// (hand size, bank and sets), the turn, the piles, the turn's latest
// moves and one short line about the buttons.
func (k *texts) renderTable(lang string, rec *kit.Record, live bool) string {
	g := Of(rec).Game
	v := g.View(deal.Nobody)
	head := []string{k.t(lang, "deal_table_title", map[string]any{"Turn": v.Turn})}
	for p := range deal.PlayerID(v.Seats) {
		if g.Out[p] {
			head = append(head, k.t(lang, "deal_table_seat_out", map[string]any{"Player": seatName(rec, p)}))
			continue
		}
		bank := 0
		for _, c := range v.Banks[p] {
			bank += deal.Cards[c].Value
		}
		line := k.t(lang, "deal_table_seat", map[string]any{"Player": seatName(rec, p), "Count": v.Hands[p], "Amount": bank})
		if sets := k.sets(lang, g, v, p); sets != "" {
			line += " · " + sets
		}
		head = append(head, line)
	}
	head = append(head, "")
	switch {
	case v.Phase == deal.PhaseGameOver:
	case v.Phase == deal.PhaseRespond:
		var names []string
		for _, p := range v.Waiting {
			names = append(names, who(rec, p, live))
		}
		head = append(head, k.t(lang, "deal_table_waiting", map[string]any{"Players": strings.Join(names, ", ")}))
	case v.Phase == deal.PhaseDiscard:
		head = append(head, k.t(lang, "deal_table_discarding", map[string]any{"Player": who(rec, v.Current, live)}))
	default:
		head = append(head, k.t(lang, "deal_table_turn", map[string]any{"Player": who(rec, v.Current, live), "Left": deal.PlaysPerTurn - v.Plays}))
	}
	if cl := rec.Clock; live && v.Phase != deal.PhaseGameOver && cl.Deadline != 0 && cl.PausedAt == 0 {
		// Until when the table waits, in the chat's zone (bot/kit/clocktext.go).
		var o kit.ChatOptions
		if rec.Options != nil {
			o = *rec.Options
		}
		head = append(head, kit.DeadlineText(k.cat, lang, o.LocationIn(lang), k.cfg.Now(), cl.Deadline))
	}
	top := k.t(lang, "deal_table_pile_empty", nil)
	if Of(rec).Top > 0 {
		top = k.cardName(lang, Of(rec).Top-1)
	}
	head = append(head, k.t(lang, "deal_table_pile", map[string]any{"Deck": v.DeckLeft, "Card": top}))
	var tail []string
	if live && v.Phase != deal.PhaseGameOver {
		tail = []string{k.t(lang, "deal_table_hint", nil)}
	}
	var lines []string
	for _, e := range Of(rec).Events {
		if line := k.eventLine(lang, rec, e); line != "" {
			lines = append(lines, line)
		}
	}
	if len(lines) > 0 {
		room := max(tableLines-len(head)-len(tail)-1, 2) // a blank line before the moves
		if len(lines) > room {
			more := k.t(lang, "deal_table_more", map[string]any{"Count": len(lines) - room + 1})
			lines = append([]string{more}, lines[len(lines)-room+1:]...)
		}
		head = append(head, "")
		head = append(head, kit.FitLines(lines, kit.MaxText-kit.TextLen(strings.Join(head, "\n"))-300)...)
	}
	if len(tail) > 0 && head[len(head)-1] != "" && len(lines) == 0 {
		head = append(head, "")
	}
	return strings.Join(append(head, tail...), "\n")
}

// renderClosedTurn is a turn's table message once the turn is over: its
// moves (the table as it is now belongs to the next message).
func (k *texts) renderClosedTurn(lang string, rec *kit.Record) string {
	turn := Of(rec).Game.Turn
	for _, e := range Of(rec).Events {
		if e.Kind == deal.EvTurnStarted {
			turn = e.Amount
		}
	}
	var lines []string
	for _, e := range Of(rec).Events {
		if line := k.eventLine(lang, rec, e); line != "" {
			lines = append(lines, line)
		}
	}
	title := k.t(lang, "deal_table_title", map[string]any{"Turn": turn})
	return title + "\n\n" + strings.Join(kit.FitLines(lines, kit.MaxText-kit.TextLen(title)-10), "\n")
}

// who mentions a seat in a live message (a notification), names it in a
// final one.
func who(rec *kit.Record, p deal.PlayerID, live bool) string {
	if live {
		return mention(rec, p)
	}
	return seatName(rec, p)
}

// sets are a seat's properties by colour, for its table line: cards of
// the colour over the set's size, ✅ for each complete set, 🏠 and 🏨 for
// buildings ("" for none).
func (k *texts) sets(lang string, g *deal.Game, v *deal.View, p deal.PlayerID) string {
	var count [deal.NumColors]int
	for _, t := range v.Tables[p] {
		if deal.Cards[t.Card].IsProperty() && t.Color >= 0 && t.Color < deal.NumColors {
			count[t.Color]++
		}
	}
	var parts []string
	for c := range deal.NumColors {
		if count[c] == 0 {
			continue
		}
		s := k.t(lang, "deal_table_set", map[string]any{"Set": k.colorName(lang, c), "Count": count[c], "Need": deal.SetSize(c)})
		s += strings.Repeat("✅", g.Complete(p, c))
		houses, hotels := g.Buildings(p, c)
		s += strings.Repeat("🏠", houses) + strings.Repeat("🏨", hotels)
		parts = append(parts, s)
	}
	return strings.Join(parts, " · ")
}

// inlineHandButton (🃏 My hand) opens inline mode in the chat it is
// pressed in: the presser's own moves.
func (k *texts) inlineHandButton(lang string) kit.Button {
	return kit.InlineHereButton(k.t(lang, "deal_btn_hand", nil), "")
}

// tableKeyboard opens the person's private chat with the bot, where the
// hand is (no callback: nothing on the group's message goes stale).
func (k *texts) tableKeyboard(lang string, chat int64, rec *kit.Record) *kit.Markup {
	if Of(rec).Game.Phase == deal.PhaseGameOver {
		return nil
	}
	row := []kit.Button{k.inlineHandButton(lang)}
	if link := k.hand.handLink(chat, rec.ID); link != "" {
		row = append(row, kit.URLButton(k.t(lang, "deal_btn_private", nil), link))
	}
	return kit.MarkupOf([][]kit.Button{row})
}

// plainEvents are the public events told by one message of their own,
// whatever their details.
var plainEvents = map[deal.EventKind]string{
	deal.EvReshuffled:    "deal_ev_reshuffled",
	deal.EvTurnStarted:   "deal_ev_turn_started",
	deal.EvPlaced:        "deal_ev_placed",
	deal.EvRecolored:     "deal_ev_recolored",
	deal.EvBuilt:         "deal_ev_built",
	deal.EvSaidNo:        "deal_ev_said_no",
	deal.EvAccepted:      "deal_ev_accepted",
	deal.EvConceded:      "deal_ev_conceded",
	deal.EvTook:          "deal_ev_took",
	deal.EvBuildingsLost: "deal_ev_buildings_lost",
	deal.EvDiscarded:     "deal_ev_discarded",
	deal.EvTurnEnded:     "deal_ev_turn_ended",
	deal.EvTimeout:       "deal_ev_timeout",
	deal.EvResigned:      "deal_ev_resigned",
}

// eventLine renders a public event ("" for one the group does not see).
func (k *texts) eventLine(lang string, rec *kit.Record, e deal.Event) string {
	if e.Seen != deal.Everyone {
		return "" // a draw's cards: the player's own
	}
	data := map[string]any{"Player": seatName(rec, e.Player), "Other": seatName(rec, e.Other),
		"Card": k.quotedName(lang, e.Card), "Set": k.colorName(lang, e.Color), "Amount": e.Amount, "Owed": e.Owed,
		"Items": k.cardNames(lang, e.Cards)}
	if id, ok := plainEvents[e.Kind]; ok {
		return k.t(lang, id, data)
	}
	id := ""
	switch e.Kind {
	case deal.EvDrewCount:
		return k.cat.N(lang, "deal_ev_drew_count", e.Amount, data)
	case deal.EvBanked:
		id, data["Amount"] = "deal_ev_banked", deal.Cards[e.Card].Value
		if deal.Cards[e.Card].Type == deal.TypeMoney {
			id = "deal_ev_banked_money" // a money card's name is its value: say it once
		}
	case deal.EvPlayed:
		switch {
		case deal.Cards[e.Card].Type == deal.TypeRent && e.Other != deal.Nobody:
			id = "deal_ev_rent_from"
		case deal.Cards[e.Card].Type == deal.TypeRent:
			id = "deal_ev_rent"
		case e.Other != deal.Nobody:
			id = "deal_ev_played_on"
		default:
			id = "deal_ev_played"
		}
		if stake := k.stake(lang, lang, deal.Cards[e.Card].Action, e.Take, e.Give, e.Color, e.Amount); stake != "" && deal.Cards[e.Card].Type != deal.TypeRent {
			id, data["Stake"] = id+"_stake", stake // what the card takes or asks for
		}
	case deal.EvPaid:
		switch {
		case e.Cards.Empty():
			id = "deal_ev_paid_nothing"
		case e.Amount == e.Owed:
			id = "deal_ev_paid_exact"
		case e.Amount > e.Owed:
			id = "deal_ev_paid_over" // no change is given: the cards were worth more
		default:
			id = "deal_ev_paid" // everything payable, still short
		}
	case deal.EvMustDiscard: // "discards 2 cards", in the language's plural form
		return k.cat.N(lang, "deal_ev_must_discard", e.Amount, data)
	case deal.EvWon:
		id = "deal_ev_won"
		if Of(rec).Game.CompleteColors(e.Player) < deal.SetsToWin {
			id = "deal_ev_won_last" // the others left
		}
	default:
		return ""
	}
	return k.t(lang, id, data)
}

// standings rank the seats by complete sets, then by what lies on their
// table and in their bank.
func (k *texts) standings(lang string, r *kit.Record) string {
	if Of(r) == nil || Of(r).Game == nil {
		return ""
	}
	g := Of(r).Game
	lines := []string{k.t(lang, "standings_title", nil)}
	for i, p := range ranking(g) {
		lines = append(lines, k.t(lang, "deal_standings_line", map[string]any{"Rank": i + 1, "Player": seatName(r, p),
			"Count": g.CompleteColors(p), "Amount": worth(g, p)}))
	}
	return strings.Join(lines, "\n")
}

// ranking orders the seats as the standings do: who stayed before who
// left, then by complete sets, then by worth.
func ranking(g *deal.Game) []deal.PlayerID {
	seats := make([]deal.PlayerID, g.Seats)
	for i := range seats {
		seats[i] = deal.PlayerID(i)
	}
	slices.SortStableFunc(seats, func(a, b deal.PlayerID) int { return rankCompare(g, a, b) })
	return seats
}

func rankCompare(g *deal.Game, a, b deal.PlayerID) int {
	if g.Out[a] != g.Out[b] { // who left ranks after who stayed
		if g.Out[a] {
			return 1
		}
		return -1
	}
	if d := g.CompleteColors(b) - g.CompleteColors(a); d != 0 {
		return d
	}
	return worth(g, b) - worth(g, a)
}

// worth is the value of a seat's bank and table.
func worth(g *deal.Game, p deal.PlayerID) int {
	n := 0
	for c, pl := range g.Places {
		if pl.Owner == p && (pl.Zone == deal.ZoneBank || pl.Zone == deal.ZoneTable) {
			n += deal.Cards[c].Value
		}
	}
	return n
}
