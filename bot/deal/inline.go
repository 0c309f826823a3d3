package deal

import (
	"context"
	"strconv"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// Inline mode: the table's 🃏 button opens "@bot " in the group's input;
// the inline query — from the person, with no chat — is answered with that
// person's own moves only (personal, never cached), and choosing one plays
// it (a chosen inline result: inline feedback must be on in BotFather).
// Each result id names the group, the game and the person's hand key
// (handKey, as the private buttons carry it), so a choice made on an
// older hand, or by someone else, is refused.
//
// The answer stays short (issue #26): "End turn" first, then one result
// per card — a card with one way to play plays at once; a card with
// several (the bank, targets, colours) is chosen in the private chat,
// where the hand shows it picked. Cards that cannot be played now are no
// results (each result posts a message); End turn's description names
// them.
//
// What choosing a result posts into the group names the move — the card
// and how it is played, in the group's language — as the UNO bot posts
// the card played (issue #27, item 5): a card is public once played.
// Telegram posts it before the bot sees the choice, so every result
// carries a button (🃏 My hand, or the private chat's link): the chosen
// result then comes with an inline_message_id, and a choice refused as
// outdated edits the posted message to say so — it no longer names a
// card that stays in the hand.

// maxInlineResults is Telegram's limit of results in one answer: beyond
// it the last result leads to the private chat, never a silent cut.
const maxInlineResults = 50

// inlineEntry is one result of a seat's inline answer: a move (one
// action), or a card with several ways, chosen in the private chat.
type inlineEntry struct {
	card int           // the card the result names; -1: none (End turn, an answer)
	acts []deal.Action // one: choosing plays it; several, or none: the private chat
}

// rememberPlayers indexes the seats' people by the group of their game:
// an inline query names the person only.
func (k *hands) rememberPlayers(group int64, rec *kit.Record, over bool) {
	for _, s := range rec.Seats {
		if over {
			k.players.CompareAndDelete(s.User, group)
		} else {
			k.players.Store(s.User, group)
		}
	}
}

// inlineEntries are seat's results: End turn, then one per card (a hand
// card with its ways to play, a wild on the table with its colours, a card
// to discard), then the answers to an action, one each; cut at Telegram's
// limit with the last result leading to the private chat.
func inlineEntries(rec *kit.Record, seat deal.PlayerID) []inlineEntry {
	g := Of(rec).Game
	if !g.Waits(seat) && seat != g.Current {
		return nil
	}
	var out []inlineEntry
	var at [deal.DeckSize]int // a card's entry + 1
	end := false
	for _, a := range g.Legal(seat) {
		switch {
		case a.Kind == deal.ActEndTurn:
			end = true // first, below: never cut
		case playKind(a.Kind) && at[a.Card] > 0:
			e := &out[at[a.Card]-1]
			e.acts = append(e.acts, a)
		case playKind(a.Kind) || a.Kind == deal.ActDiscard:
			out = append(out, inlineEntry{card: a.Card, acts: []deal.Action{a}})
			at[a.Card] = len(out)
		default: // an answer: Just Say No, accept, pay
			out = append(out, inlineEntry{card: -1, acts: []deal.Action{a}})
		}
	}
	if end {
		out = append([]inlineEntry{{card: -1, acts: []deal.Action{{Kind: deal.ActEndTurn}}}}, out...)
	}
	if len(out) > maxInlineResults {
		out = append(out[:maxInlineResults-1], inlineEntry{card: -1})
	}
	return out
}

func resultID(group int64, rec *kit.Record, key uint64, i int) string {
	b36 := func(v uint64) string { return strconv.FormatUint(v, 36) }
	return b36(uint64(-group)) + "_" + b36(rec.ID) + "_" + b36(key) + "_" + b36(uint64(i))
}

func parseResultID(s string) (group int64, game, key uint64, i int, ok bool) {
	parts := strings.Split(s, "_")
	if len(parts) != 4 {
		return 0, 0, 0, 0, false
	}
	var v [4]uint64
	for j, p := range parts {
		n, err := kit.ParseBase36(p)
		if err != nil {
			return 0, 0, 0, 0, false
		}
		v[j] = n
	}
	if v[0] == 0 || v[0] > 1<<62 || v[3] >= maxInlineResults {
		return 0, 0, 0, 0, false
	}
	return -int64(v[0]), v[1], v[2], int(v[3]), true
}

// InlineQuery answers with the asker's own moves in their game (none if
// they play no Deal game the bot knows of).
func (k *Kind) InlineQuery(ctx context.Context, q kit.InlineQueryIn) {
	results := []kit.InlineResult{}
	private, payload := "", ""
	var group int64
	if v, found := k.players.Load(q.From.ID); found {
		group = v.(int64)
	} else {
		group = k.host.Settings(q.From.ID).Links.Get(LinkKey) // after a restart
	}
	if group != 0 {
		rec, err := k.host.Snapshot(group)
		if err == nil && rec != nil && Of(rec) != nil && Of(rec).Game != nil && rec.Status == kit.StatusPlaying {
			if seat := rec.SeatOf(q.From.ID); seat >= 0 {
				gs := k.host.Settings(group)
				lang, glang := kit.ViewLang(rec, q.From.ID, gs, k.host.Settings(q.From.ID), q.From.Lang), gs.Language()
				named := rec.WithNames(glang) // the cards as the group's table calls them
				results = k.hand.inlineResults(lang, glang, group, named, deal.PlayerID(seat))
				private, payload = k.t(lang, "deal_btn_private", nil), HandPayload(group, rec.ID)
			}
		}
	}
	k.host.AnswerInline(ctx, q.ID, results, private, payload)
}

// inlineResults are seat's results: titles and descriptions in lang, the
// asker's; what each posts into the group in glang, the group's.
func (k *hands) inlineResults(lang, glang string, group int64, rec *kit.Record, seat deal.PlayerID) []kit.InlineResult {
	g := Of(rec).Game
	sel := payment(g, seat, &Of(rec).Hands[seat])
	key := handKey(rec, seat)
	entries := inlineEntries(rec, seat)
	var listed deal.CardSet
	for _, e := range entries {
		if e.card >= 0 {
			listed = listed.Add(e.card)
		}
	}
	again := kit.MarkupOf([][]kit.Button{{k.text.inlineHandButton(glang)}})
	var out []kit.InlineResult
	for i, e := range entries {
		title, desc := "", ""
		text, kb := "", again
		switch {
		case len(e.acts) != 1: // several ways, or more moves than fit: the private chat
			title, desc = k.t(lang, "deal_inline_more", nil), ""
			if e.card >= 0 {
				title, desc = k.text.label(lang, rec, seat, choice{op: OpCard, arg: e.card}, sel), k.t(lang, "deal_inline_ways", nil)
			}
			text = k.t(glang, "deal_inline_to_private", nil)
			if link := k.handLink(group, rec.ID); link != "" {
				kb = kit.MarkupOf([][]kit.Button{{kit.URLButton(k.t(glang, "deal_btn_private", nil), link)}})
			}
		case e.acts[0].Kind == deal.ActEndTurn:
			title = k.t(lang, "deal_btn_end", nil)
			var idle deal.CardSet
			for _, c := range g.Hand(seat).Cards(nil) {
				if !listed.Has(c) {
					idle = idle.Add(c)
				}
			}
			if !idle.Empty() {
				desc = k.t(lang, "deal_inline_idle", map[string]any{"Items": k.text.cardNames(namesLang(lang, rec), idle)})
			}
		case e.acts[0].Kind == deal.ActPay:
			a := e.acts[0]
			title, desc = k.t(lang, "deal_btn_pay", map[string]any{"Amount": cardsValue(a.Cards)}), k.text.cardNames(namesLang(lang, rec), a.Cards)
		default:
			a := e.acts[0]
			title = k.text.label(lang, rec, seat, choice{op: OpAct, act: a}, sel)
			if e.card >= 0 && a.Kind != deal.ActSayNo { // the card (a wild on the table with 🎨), then the move
				title, desc = k.text.label(lang, rec, seat, choice{op: OpCard, arg: e.card}, sel), title
			}
		}
		if len(e.acts) == 1 {
			text = k.postedMove(glang, rec, seat, e, sel)
		}
		out = append(out, kit.InlineResult{ID: resultID(group, rec, key, i), Title: title, Description: desc, Text: text, KB: kb})
	}
	return out
}

// postedMove is what choosing a result of one move posts into the group,
// in its language: the move as the person's own message, naming the card
// played (public once played) and how.
func (k *hands) postedMove(glang string, rec *kit.Record, seat deal.PlayerID, e inlineEntry, sel deal.CardSet) string {
	a := e.acts[0]
	switch {
	case a.Kind == deal.ActEndTurn:
		return k.t(glang, "deal_inline_end", nil)
	case a.Kind == deal.ActPay:
		return k.t(glang, "deal_inline_paid", map[string]any{"Amount": cardsValue(a.Cards),
			"Items": kit.Escape(k.text.cardNames(glang, a.Cards))})
	case a.Kind == deal.ActDiscard:
		return k.t(glang, "deal_inline_discard", map[string]any{"Card": kit.Escape(k.text.quotedName(glang, a.Card))})
	case e.card < 0 || a.Kind == deal.ActSayNo: // an answer: its button says it
		return kit.Escape(k.text.label(glang, rec, seat, choice{op: OpAct, act: a}, sel))
	}
	return k.t(glang, "deal_inline_played", map[string]any{"Card": kit.Escape(k.text.cardName(glang, e.card)),
		"Move": kit.Escape(k.text.label(glang, rec, seat, choice{op: OpAct, act: a}, sel))})
}

func cardsValue(s deal.CardSet) int {
	n := 0
	for c := s.Next(0); c >= 0; c = s.Next(c + 1) {
		n += deal.Cards[c].Value
	}
	return n
}

// ChosenInline plays the chosen move if it is still the chooser's and
// their hand is as it was when the answer was made; a card with several
// ways is picked in the private chat's hand. A refused choice is said
// where it was posted: its message is edited to say so (else the group
// is told).
func (k *Kind) ChosenInline(ctx context.Context, updateID int, r kit.ChosenIn) {
	group, game, key, i, ok := parseResultID(r.ResultID)
	if !ok {
		return // not an id of ours
	}
	user := r.From.ID
	defer k.host.Lock(user)()
	defer k.host.Lock(group)()
	st, err := k.host.ChangeVia(group, user, updateID, func(c *kit.Change) error {
		refused := k.hand.onChosenInline(c, r.From, game, key, i)
		switch {
		case refused == "":
		case r.InlineMessage != "": // edited once committed, outside the lock
			c.EditInline(r.InlineMessage, refused, kit.MarkupOf([][]kit.Button{{k.text.inlineHandButton(c.ChatLang())}}))
		case c.Rec != nil && c.Rec.ID == game: // (a group that plays another game hears nothing of it)
			c.Replies = append(c.Replies, kit.Reply{Text: refused})
		}
		return nil
	})
	k.host.Finish(ctx, st, err)
}

// onChosenInline turns a chosen result (its game, hand key and index)
// into a change of the group's game. It returns why the choice was not
// played (HTML, in the group's language; "": it was, or the private chat
// goes on).
func (k *hands) onChosenInline(c *kit.Change, from *kit.Person, game, key uint64, i int) string {
	rec := c.Rec
	lang := c.ChatLang()
	outdated := k.t(lang, "deal_inline_outdated", map[string]any{"Player": kit.Mention(kit.Seat{User: from.ID, Name: from.Name})})
	if rec == nil || rec.ID != game || Of(rec) == nil || Of(rec).Game == nil || rec.Status != kit.StatusPlaying {
		return outdated // the game is over, or another one
	}
	seat := rec.SeatOf(from.ID)
	if seat >= 0 {
		c.ViaSettings.Links.Set(LinkKey, c.Chat) // inline mode finds the game after a restart
		kit.FixViewLang(rec, from.ID, kit.ViewLang(rec, from.ID, c.Settings, c.ViaSettings, from.Lang))
	}
	var entries []inlineEntry
	if seat >= 0 && int(seat) < len(Of(rec).Hands) && handKey(rec, deal.PlayerID(seat)) == key {
		entries = inlineEntries(rec, deal.PlayerID(seat))
	}
	if i >= len(entries) {
		return outdated
	}
	e := entries[i]
	if len(e.acts) != 1 { // the private chat goes on: the posted message links it
		if e.card >= 0 {
			h := &Of(rec).Hands[seat]
			h.Picked, h.Pick, h.Take = true, e.card, 0
			c.Quiet, c.Turn = true, true
		}
		return ""
	}
	k.play.act(c, lang, from.ID, deal.PlayerID(seat), e.acts[0])
	if c.Alert != "" {
		return kit.Escape(c.Alert)
	}
	return ""
}
