package deal

import (
	"context"
	"strconv"
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// Inline mode: the table's 🃏 button opens "@bot " in the group's input;
// the inline query — from the person, with no chat — is answered with that
// person's own moves only (personal, never cached), and choosing one plays
// it (a chosen inline result: inline feedback must be on in BotFather).
// Each result id names the group, the game and its version, so a choice
// made on an older state, or by someone else, is refused.

// maxInlineResults is Telegram's limit of results in one answer.
const maxInlineResults = 50

// rememberPlayers indexes the seats' people by the group of their game:
// an inline query names the person only.
func (k *Kind) rememberPlayers(group int64, rec *Record, over bool) {
	for _, s := range rec.Seats {
		if over {
			k.players.CompareAndDelete(s.User, group)
		} else {
			k.players.Store(s.User, group)
		}
	}
}

// inlineActions are the moves seat may make now, each one result: the
// cards of the hand by card (every way to play each), wilds to re-colour,
// then ending the turn; a discard; an answer (the default payment).
func inlineActions(rec *Record, seat deal.PlayerID) []deal.Action {
	g := rec.Deal.Game
	if !g.Waits(seat) {
		return nil
	}
	legal := g.Legal(seat)
	var out, last []deal.Action
	for _, a := range legal {
		if a.Kind == deal.ActEndTurn || a.Kind == deal.ActRecolor {
			last = append(last, a)
		} else {
			out = append(out, a)
		}
	}
	out = append(out, last...)
	return out[:min(len(out), maxInlineResults)]
}

func resultID(group int64, rec *Record, i int) string {
	b36 := func(v uint64) string { return strconv.FormatUint(v, 36) }
	return b36(uint64(-group)) + "_" + b36(rec.ID) + "_" + b36(rec.Deal.Game.Version) + "_" + b36(uint64(i))
}

func parseResultID(s string) (group int64, game, version uint64, i int, ok bool) {
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
	if v[0] == 0 || v[0] > 1<<62 || v[3] >= maxInlineResults+deal.DeckSize {
		return 0, 0, 0, 0, false
	}
	return -int64(v[0]), v[1], v[2], int(v[3]), true
}

// InlineQuery answers with the asker's own moves in their game (none if
// they play no Deal game the bot knows of).
func (k *Kind) InlineQuery(ctx context.Context, q *tgbotapi.InlineQuery) {
	im, ok := k.tg.(kit.InlineMessenger)
	if !ok {
		return
	}
	results := []any{}
	private, payload := "", ""
	var group int64
	if v, found := k.players.Load(q.From.ID); found {
		group = v.(int64)
	} else {
		group = k.host.Settings(q.From.ID).DealChat // after a restart
	}
	if group != 0 {
		rec, err := k.host.Snapshot(group)
		if err == nil && rec != nil && rec.Deal != nil && rec.Deal.Game != nil && rec.Status == kit.StatusPlaying {
			if seat := rec.SeatOf(q.From.ID); seat >= 0 {
				lang := k.host.ChatLang(group, q.From.LanguageCode)
				results = k.inlineResults(lang, group, rec, deal.PlayerID(seat))
				private, payload = k.t(lang, "deal_btn_private", nil), HandPayload(group, rec.ID)
			}
		}
	}
	if err := im.AnswerInline(ctx, q.ID, results, private, payload); err != nil {
		k.log.Debug("answering an inline query", "err", err)
	}
}

func (k *Kind) inlineResults(lang string, group int64, rec *Record, seat deal.PlayerID) []any {
	sel := payment(rec.Deal.Game, seat, &rec.Deal.Hands[seat])
	text := k.t(lang, "deal_inline_message", nil)
	var out []any
	var played deal.CardSet
	for i, a := range inlineActions(rec, seat) {
		title := k.label(lang, rec, seat, choice{op: OpAct, act: a}, sel)
		desc := ""
		if a.Card >= 0 && rec.Deal.Game.Hand(seat).Has(a.Card) && a.Kind != deal.ActSayNo {
			title, desc = k.cardName(lang, a.Card), title
		}
		if a.Kind == deal.ActPay {
			title = k.t(lang, "deal_btn_pay", map[string]any{"Amount": cardsValue(a.Cards)})
			desc = k.cardNames(lang, a.Cards)
		}
		r := tgbotapi.NewInlineQueryResultArticle(resultID(group, rec, i), title, text)
		r.Description = desc
		out = append(out, r)
		played = played.Add(a.Card)
	}
	// Then the cards that cannot be played now, to look at: choosing one
	// plays nothing (ChosenInline ignores these ids).
	idle := k.t(lang, "deal_inline_idle", nil)
	for _, c := range rec.Deal.Game.Hand(seat).Cards(nil) {
		if len(out) == maxInlineResults {
			break
		}
		if !played.Has(c) {
			r := tgbotapi.NewInlineQueryResultArticle(resultID(group, rec, maxInlineResults+c), k.cardName(lang, c), text)
			r.Description = idle
			out = append(out, r)
		}
	}
	return out
}

func cardsValue(s deal.CardSet) int {
	n := 0
	for c := s.Next(0); c >= 0; c = s.Next(c + 1) {
		n += deal.Cards[c].Value
	}
	return n
}

// ChosenInline plays the chosen move if it is still the chooser's and the
// game is as it was when the answer was made; else the group is told.
func (k *Kind) ChosenInline(ctx context.Context, updateID int, r *tgbotapi.ChosenInlineResult) {
	group, game, version, i, ok := parseResultID(r.ResultID)
	if !ok || i >= maxInlineResults {
		return // not an id of ours, or a card only looked at
	}
	user := r.From.ID
	defer k.host.Lock(user)()
	defer k.host.Lock(group)()
	st, err := k.host.ChangeVia(group, user, updateID, func(c *chatState) error {
		rec := c.Rec
		if rec == nil || rec.ID != game || rec.Deal == nil || rec.Deal.Game == nil || rec.Status != kit.StatusPlaying {
			return nil // another game: nothing to tell its chat
		}
		lang := c.ChatLang()
		seat := rec.SeatOf(user)
		if seat >= 0 {
			c.ViaSettings.DealChat = c.Chat // inline mode finds the game after a restart
		}
		acts := []deal.Action(nil)
		if seat >= 0 && rec.Deal.Game.Version == version {
			acts = inlineActions(rec, deal.PlayerID(seat))
		}
		if i >= len(acts) {
			c.Replies = append(c.Replies, kit.Reply{Text: k.t(lang, "deal_inline_outdated", map[string]any{"Player": kit.Mention(kit.Seat{User: user, Name: kit.DisplayName(r.From)})})})
			return nil
		}
		k.act(c, lang, user, deal.PlayerID(seat), acts[i])
		if c.Alert != "" {
			c.Replies = append(c.Replies, kit.Reply{Text: kit.Escape(c.Alert)})
		}
		return nil
	})
	k.host.Finish(ctx, st, err)
}
