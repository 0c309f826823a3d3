package board

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// TradePayload is the deep-link payload that opens the composer for a
// group's game (kit.StartPayload with "t").
func TradePayload(chat int64, game uint64) string { return kit.StartPayload("t", chat, game) }

func parseTradePayload(s string) (chat int64, game uint64, ok bool) {
	return kit.ParseStartPayload("t", s)
}

func (b *Kind) deepLink(chat int64, game uint64) string {
	return kit.StartLink(b.cfg.Username, TradePayload(chat, game))
}

// changeDraft changes the drafts of a group's game for an update that arrived
// in user's private chat (updateID 0: none), without a new revision: the
// game does not change. fn returns whether to save; a refusal aborts.
// gameID 0 accepts whatever game the group plays. set is the private
// chat's settings. A saved change fixes view (if not "") as the language
// of the person's private views of the game (kit.FixViewLang).
func (b *Kind) changeDraft(group int64, gameID uint64, user int64, updateID int, view string, fn func(rec *Record, set *Settings) (bool, error)) (*Record, error) {
	st, err := b.changeVia(group, user, updateID, func(c *chatState) error {
		rec := c.Rec
		if rec == nil || gameID != 0 && rec.ID != gameID || rec.Status != StatusPlaying || Of(rec).Game == nil {
			return errNoGame
		}
		save, err := fn(rec, &c.ViaSettings)
		if save && err == nil && view != "" {
			kit.FixViewLang(rec, user, view)
		}
		c.Quiet = save
		return err
	})
	if err != nil {
		return nil, err
	}
	return st.Rec, nil
}

// openComposer stores draft d for user in the group's game; once the
// group's lock, which the caller holds, is released, it sends the composer
// to the user's private chat — if the bot cannot write there (the person
// never started it), the group gets a deep link instead — and calls done
// with the answer to the press, in alang.
func (b *Kind) openComposer(ctx context.Context, group int64, st *chatState, from *kit.Person, d *Draft, alang string, done func(toast, alert string)) {
	rec := b.storeDraft(group, st, from, d)
	glang := st.ChatLang()
	b.host.Later(group, func() { done(b.sendComposer(ctx, group, rec, glang, alang, from, d)) })
}

// storeDraft stores d as from's draft and returns the record with it (nil
// if it could not); the group's lock is held.
func (b *Kind) storeDraft(group int64, st *chatState, from *kit.Person, d *Draft) *Record {
	rec, err := b.changeDraft(group, st.Rec.ID, from.ID, 0, b.privateLang(group, from.ID, from.Lang), func(rec *Record, set *Settings) (bool, error) {
		if Of(rec).Drafts == nil {
			Of(rec).Drafts = map[int64]*Draft{}
		}
		if old := Of(rec).Drafts[from.ID]; old != nil {
			d.Rev = old.Rev + 1 // the old composer's buttons go stale
			d.Link = old.Link
		}
		Of(rec).Drafts[from.ID] = d
		set.Links.Set(LinkKey, group)
		return true, nil
	})
	if err != nil {
		b.log.Warn("storing a trade draft", "chat", group, "err", err)
		return nil
	}
	return rec
}

// sendComposer is openComposer's part outside the lock: the link goes
// to the group in glang, the answer is in alang.
func (b *Kind) sendComposer(ctx context.Context, group int64, rec *Record, glang, alang string, from *kit.Person, d *Draft) (toast, alert string) {
	if rec == nil {
		return "", b.cat.T(alang, "alert_failed", nil)
	}
	lang := b.privateLang(group, from.ID, from.Lang)
	text, kb := b.renderComposer(lang, group, rec, from.ID)
	id, err := b.tg.Send(ctx, from.ID, text, kb)
	if err != nil {
		link := b.deepLink(group, rec.ID)
		if link == "" {
			return "", b.cat.T(alang, "trade_start_private", nil)
		}
		if b.linkQueued(group, rec.ID, from.ID, d.Rev) {
			seat := seatOf(rec, from.ID)
			m := kit.Markup{Rows: [][]kit.Button{{
				kit.URLButton(b.cat.T(glang, "btn_trade_open", nil), link)}}}
			b.out.Put(group, linkSlot(rec.ID, from.ID), 0, b.cat.T(glang, "trade_open_private", map[string]any{"Player": kit.Mention(rec.Seats[seat])}), &m)
		}
		return b.cat.T(alang, "trade_link_sent", nil), ""
	}
	if link := b.setComposerMsg(group, rec.ID, from.ID, d.Rev, id); link != 0 {
		// A link posted earlier, while the bot could not write to the
		// person, is used up now that it can.
		b.dropLink(group, rec, from.ID, link)
	}
	return b.cat.T(alang, "trade_composer_sent", nil), ""
}

// linkQueued marks the person's draft as having its deep link on the way to
// the group, and reports whether it did (the draft is still that one, and
// its link is not posted yet).
func (b *Kind) linkQueued(group int64, gameID uint64, user int64, rev uint64) bool {
	defer b.lock(group)()
	queued := false
	_, err := b.changeDraft(group, gameID, user, 0, "", func(rec *Record, _ *Settings) (bool, error) {
		d := Of(rec).Drafts[user]
		queued = d != nil && d.Rev == rev && d.Link == 0
		if queued {
			d.Link = -1
		}
		return queued, nil
	})
	if err != nil {
		b.log.Warn("remembering the trade link", "chat", group, "err", err)
	}
	return queued && err == nil
}

// setComposerMsg stores the composer's message id in the draft it shows,
// and takes away the draft's deep link in the group, which it returns (0:
// none; -1: one not sent yet).
func (b *Kind) setComposerMsg(group int64, gameID uint64, user int64, rev uint64, msg int) (link int) {
	defer b.lock(group)()
	_, err := b.changeDraft(group, gameID, user, 0, "", func(rec *Record, _ *Settings) (bool, error) {
		d := Of(rec).Drafts[user]
		if d == nil || d.Rev != rev {
			return false, nil
		}
		d.Msg = msg
		link, d.Link = d.Link, 0
		return true, nil
	})
	if err != nil {
		b.log.Warn("remembering the composer message", "chat", group, "err", err)
		return 0
	}
	return link
}

// dropLink deletes the group's deep link of user's draft once it did its
// job (the composer reached the person): a notice of that would only pile
// up under the turn's message. A link still waiting to be sent is not sent.
func (b *Kind) dropLink(group int64, rec *Record, user int64, link int) {
	b.out.Remove(group, linkSlot(rec.ID, user), max(link, 0))
}

// closeLinks finalizes the deep links of every draft of a game that ended
// or is removed: their buttons would open a composer for nothing.
func (b *Kind) closeLinks(c *chatState, lang string) {
	rec := c.Rec
	for user, d := range Of(rec).Drafts {
		if d != nil && d.Link != 0 {
			c.Finalize(linkSlot(rec.ID, user), max(d.Link, 0),
				b.cat.T(lang, "trade_link_expired", map[string]any{"Player": kit.SeatName(rec, seatOf(rec, user))}))
		}
	}
}

// onTradeStart is /start with a trade payload in a private chat (the
// private chat's lock is held): it opens the composer there.
func (b *Kind) onTradeStart(ctx context.Context, updateID int, m kit.CommandIn, payload string) {
	user := m.From.ID
	lang := b.chatLang(m.Chat, m.From.Lang)
	group, gameID, ok := parseTradePayload(payload)
	if !ok {
		b.sendPrivate(ctx, m.Chat, b.cat.T(lang, "trade_in_group", nil), nil)
		return
	}
	lang = b.privateLang(group, m.Chat, m.From.Lang)
	unlock := b.lock(group)
	var d *Draft
	link := 0 // the deep link this start came through, to take down
	rec, err := b.changeDraft(group, gameID, user, updateID, lang, func(rec *Record, set *Settings) (bool, error) {
		link = 0 // Batch may run this more than once
		seat := seatOf(rec, user)
		if seat < 0 || !Of(rec).Game.Active(seat) {
			return false, refusal{b.cat.T(lang, "not_a_player", nil)}
		}
		if !canPropose(Of(rec).Game, seat) {
			return false, refusal{b.errText(lang, engine.ErrNotNow)}
		}
		if Of(rec).Drafts == nil {
			Of(rec).Drafts = map[int64]*Draft{}
		}
		d = Of(rec).Drafts[user]
		if d == nil {
			d = newDraft(Of(rec).Game, seat)
			Of(rec).Drafts[user] = d
		} else {
			d.Rev++
			link, d.Link = d.Link, 0
		}
		set.Links.Set(LinkKey, group)
		return true, nil
	})
	if err == nil && link != 0 {
		b.dropLink(group, rec, user, link) // the link did its job
	}
	unlock()
	if !b.draftRefused(ctx, m.Chat, lang, err) {
		b.showComposer(ctx, lang, group, rec, user, d, false)
	}
}

// answerRefusal answers a press whose change did not happen — a duplicate,
// a refusal with its reason, or a failure with failText — and reports
// whether it did.
func (b *Kind) answerRefusal(ctx context.Context, id string, err error, failText string) bool {
	var r refusal
	switch {
	case err == nil:
		return false
	case errors.Is(err, kit.ErrDuplicate):
		b.answer(ctx, id, nil, err)
	case errors.As(err, &r):
		b.host.AnswerPress(ctx, id, r.text, true)
	default:
		b.log.Error("trade press failed", "err", err)
		b.host.AnswerPress(ctx, id, failText, true)
	}
	return true
}

// draftRefused tells the person in their private chat why a draft change
// did not happen; it reports whether there was such a refusal.
func (b *Kind) draftRefused(ctx context.Context, chat int64, lang string, err error) bool {
	var r refusal
	switch {
	case errors.Is(err, kit.ErrDuplicate):
	case errors.As(err, &r):
		b.sendPrivate(ctx, chat, r.text, nil)
	case err != nil:
		b.sendPrivate(ctx, chat, b.cat.T(lang, "trade_no_game", nil), nil)
	default:
		return false
	}
	return true
}

// showComposer shows the draft in the person's private chat: an edit of
// the composer message when edit is set and it still exists, otherwise a
// new message that becomes the composer. The group's lock is not held.
func (b *Kind) showComposer(ctx context.Context, lang string, group int64, rec *Record, user int64, d *Draft, edit bool) {
	text, kb := b.renderComposer(lang, group, rec, user)
	if edit && d.Msg != 0 && b.tg.Edit(ctx, user, d.Msg, text, kb) == nil {
		return
	}
	if id := b.sendPrivate(ctx, user, text, kb); id != 0 {
		b.setComposerMsg(group, rec.ID, user, d.Rev, id)
	}
}

func (b *Kind) sendPrivate(ctx context.Context, chat int64, text string, kb *kit.Markup) int {
	id, err := b.tg.Send(ctx, chat, text, kb)
	if err != nil {
		b.log.Warn("sending to a private chat", "chat", chat, "err", err)
	}
	return id
}

// cmdCash is /cash N in a private chat: the typed amount for the amount
// being edited in the composer. The private chat's lock is held.
func (b *Kind) cmdCash(ctx context.Context, updateID int, m kit.CommandIn) {
	user := m.From.ID
	lang := b.chatLang(m.Chat, m.From.Lang)
	var group int64
	group = b.host.Settings(user).Links.Get(LinkKey)
	n, perr := strconv.Atoi(strings.TrimSpace(m.Args))
	if group == 0 || m.Chat != user || perr != nil || n < 0 {
		b.sendPrivate(ctx, m.Chat, b.cat.T(lang, "trade_cash_usage", nil), nil)
		return
	}
	lang = b.privateLang(group, m.Chat, m.From.Lang)
	unlock := b.lock(group)
	var d *Draft
	rec, err := b.changeDraft(group, 0, user, updateID, lang, func(rec *Record, _ *Settings) (bool, error) {
		d = Of(rec).Drafts[user]
		seat := seatOf(rec, user)
		if d == nil || d.Edit == EditItems || seat < 0 {
			return false, refusal{b.cat.T(lang, "trade_cash_usage", nil)}
		}
		setAmount(Of(rec).Game, d, min(n, amountMax(Of(rec).Game, d)))
		d.Rev++
		return true, nil
	})
	unlock()
	if !b.draftRefused(ctx, m.Chat, lang, err) {
		b.showComposer(ctx, lang, group, rec, user, d, true)
	}
}

// onDraftPress handles a composer button pressed in a private chat.
func (b *Kind) onDraftPress(ctx context.Context, updateID int, q kit.PressIn, press Press) {
	user := q.From.ID
	private := q.Message.Chat
	group := press.Chat
	lang := b.privateLang(group, private, q.From.Lang)
	unlock := b.lock(group)
	if press.Op == OpTrSend {
		b.sendOffer(ctx, updateID, q, press, lang)
		unlock()
		return
	}
	discarded := false
	rec, err := b.changeDraft(group, press.Game, user, updateID, lang, func(rec *Record, _ *Settings) (bool, error) {
		d := Of(rec).Drafts[user]
		if d == nil || d.Rev != press.Rev || private != user {
			return false, refusal{b.cat.T(lang, staleDraftID(d), nil)}
		}
		seat := seatOf(rec, user)
		if seat < 0 || !Of(rec).Game.Active(seat) {
			return false, refusal{b.cat.T(lang, "alert_not_player", nil)}
		}
		if press.Op == OpTrDiscard {
			delete(Of(rec).Drafts, user)
			discarded = true
			return true, nil
		}
		if id := applyDraftOp(Of(rec).Game, d, seat, press); id != "" {
			return false, refusal{b.cat.T(lang, id, nil)}
		}
		d.Rev++
		d.Msg = q.Message.ID
		return true, nil
	})
	unlock()
	if b.answerRefusal(ctx, q.ID, err, b.cat.T(lang, "trade_no_game", nil)) {
		return
	}
	b.host.AnswerPress(ctx, q.ID, b.deedToast(lang, rec.WithNames(b.groupNames(group)), user, press), false) // deed.go
	if discarded {
		_ = b.tg.Edit(ctx, private, q.Message.ID, b.cat.T(lang, "composer_discarded", nil), nil)
		return
	}
	text, kb := b.renderComposer(lang, group, rec, user)
	if err := b.tg.Edit(ctx, private, q.Message.ID, text, kb); err != nil {
		b.log.Warn("editing the composer", "chat", private, "err", err)
	}
}

// sendOffer proposes the draft: engine.ActProposeTrade in the group's game
// (declining the offer it counters), the offer posted in the group.
func (b *Kind) sendOffer(ctx context.Context, updateID int, q kit.PressIn, press Press, lang string) {
	user := q.From.ID
	group := press.Chat
	sent := 0
	t, err := b.changeVia(group, q.Message.Chat, updateID, func(t *chatState) error {
		rec := t.Rec
		if rec == nil || rec.ID != press.Game || rec.Status != StatusPlaying || Of(rec).Game == nil {
			return refusal{b.cat.T(lang, "trade_no_game", nil)}
		}
		d := Of(rec).Drafts[user]
		if d == nil || d.Rev != press.Rev || q.Message.Chat != user {
			return refusal{b.cat.T(lang, staleDraftID(d), nil)}
		}
		g := Of(rec).Game
		seat := seatOf(rec, user)
		if seat < 0 || !g.Active(seat) {
			return refusal{b.cat.T(lang, "alert_not_player", nil)}
		}
		open := 0
		for _, tr := range g.Trades {
			if tr.From == seat {
				open++
			}
		}
		if open >= maxOffersPerSeat {
			return refusal{b.cat.T(lang, "trade_too_many_offers", map[string]any{"Count": maxOffersPerSeat})}
		}
		tr := d.Trade
		tr.From = seat
		a := engine.Action{Kind: engine.ActProposeTrade, Trade: &tr}
		if err := g.Check(seat, a); err != nil {
			return refusal{b.errText(lang, err)}
		}
		glang := t.ChatLang()
		if c := findTrade(g, d.Counter); c != nil && c.To == seat {
			if err := b.tradeAct(t, glang, user, updateID, seat, engine.Action{Kind: engine.ActRejectTrade, TradeID: c.ID}); err != nil {
				return err
			}
			if g.Check(seat, a) != nil { // cannot happen: declining changes no holdings
				return refusal{b.errText(lang, engine.ErrBadTrade)}
			}
		}
		if err := b.tradeAct(t, glang, user, updateID, seat, a); err != nil {
			return refusal{b.errText(lang, err)}
		}
		sent = g.NextTrade
		Of(rec).Offers = append(Of(rec).Offers, Offer{ID: sent, Expires: rec.Clock.GameTime(b.cfg.Now().UnixMilli()) + OfferTTL.Milliseconds(), Trade: *findTrade(g, sent)})
		delete(Of(rec).Drafts, user)
		return nil
	})
	if err != nil {
		b.host.Later(group, func() { b.answerRefusal(ctx, q.ID, err, b.cat.T(lang, "alert_failed", nil)) })
		return
	}
	b.host.Later(group, func() {
		b.host.AnswerPress(ctx, q.ID, b.cat.T(lang, "toast_offer_sent", nil), false)
		_ = b.tg.Edit(ctx, q.Message.Chat, q.Message.ID, b.cat.T(lang, "composer_sent", map[string]any{"ID": sent}), nil)
	})
	b.finish(ctx, t, nil, "")
	b.postOffer(group, t.Rec, t.ChatLang(), sent)
}

// staleDraftID says why a composer's button no longer works: its draft is
// gone (sent, discarded, or the game changed), or a newer composer
// replaced this one.
func staleDraftID(d *Draft) string {
	if d == nil {
		return "trade_no_game"
	}
	return "composer_replaced"
}
