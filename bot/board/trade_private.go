package board

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// TradePayload is the deep-link payload that opens the composer for a
// group's game (kit.StartPayload with "t").
func TradePayload(chat int64, game uint64) string { return kit.StartPayload("t", chat, game) }

func parseTradePayload(s string) (chat int64, game uint64, ok bool) {
	return kit.ParseStartPayload("t", s)
}

func (b *trades) deepLink(chat int64, game uint64) string {
	return kit.StartLink(b.cfg.Username, TradePayload(chat, game))
}

// changeDraft changes the drafts of a group's game for an update that arrived
// in user's private chat (updateID 0: none), without a new revision: the
// game does not change. fn returns whether to save; a refusal aborts.
// gameID 0 accepts whatever game the group plays. c.ViaSettings are the
// private chat's settings. A saved change fixes view (if not "") as the
// language of the person's private views of the game (kit.FixViewLang).
// The group's lock is held; the caller finishes the change it returns.
func (b *trades) changeDraft(group int64, gameID uint64, user int64, updateID int, view string, fn func(c *kit.Change) (bool, error)) (*kit.Change, error) {
	return b.changeVia(group, user, updateID, func(c *kit.Change) error {
		rec := c.Rec
		if rec == nil || gameID != 0 && rec.ID != gameID || rec.Status != kit.StatusPlaying || Of(rec).Game == nil {
			return errNoGame
		}
		save, err := fn(c)
		if save && err == nil && view != "" {
			kit.FixViewLang(rec, user, view)
		}
		c.Quiet = save
		return err
	})
}

// openComposer stores d as from's draft in the group's game, whose lock
// the caller holds, and shows it in a new composer message in from's
// private chat. What follows depends on whether it reaches them
// (composerThen): press, if not "", is the press answered then, in
// alang; without one the answer is said in the group. It reports whether
// the draft was stored (if not, nothing was answered).
func (b *trades) openComposer(ctx context.Context, group int64, st *kit.Change, from *kit.Person, d *state.Draft, alang, press string) bool {
	lang := b.privateLang(group, from.ID, from.Lang)
	glang := st.ChatLang()
	c, err := b.changeDraft(group, st.Rec.ID, from.ID, 0, lang, func(c *kit.Change) (bool, error) {
		rec := c.Rec
		if Of(rec).Drafts == nil {
			Of(rec).Drafts = map[int64]*state.Draft{}
		}
		nd := *d // the change may run again: d stays as given
		old := Of(rec).Drafts[from.ID]
		if old != nil {
			nd.Rev = old.Rev + 1 // the old composer's buttons go stale
			nd.Link = old.Link
		}
		Of(rec).Drafts[from.ID] = &nd
		c.ViaSettings.Links.Set(LinkKey, group)
		b.showNewComposer(c, lang, from.ID, old, b.composerThen(group, rec, from.ID, &nd, glang, alang, press))
		c.Pressed = press != ""
		return true, nil
	})
	if err != nil {
		b.log.Warn("storing a trade draft", "chat", group, "err", err)
		return false
	}
	b.finish(ctx, c, nil, "")
	return true
}

// showNewComposer shows user's draft in the group's game (c.Chat) in a
// new composer message: the composer old showed, if it was sent, says
// that this one replaced it, without its buttons, which went stale; then
// follows the new one's delivery (nil: nothing).
func (b *trades) showNewComposer(c *kit.Change, lang string, user int64, old *state.Draft, then *kit.Delivery) {
	rec := c.Rec
	slot := composerSlot(rec.ID, user, c.Chat)
	if old != nil && old.Msg > 0 {
		c.FinalizeIn(user, slot, old.Msg, b.cat.T(lang, "composer_replaced", nil))
	}
	d := Of(rec).Drafts[user]
	d.Msg = 0
	text, kb := b.renderComposer(lang, c.Chat, rec, user)
	c.ShowInThen(user, slot, 0, text, kb, then)
}

// composerThen is what follows a new composer of user's draft d in the
// group: delivered, the person is told to compose there and a deep link
// posted earlier is used up (removed); refused (the person never started
// the bot, or blocked it), the group gets the deep link — once while it
// is unused — and the person is told to open it. The answer goes to
// press in alang, else it is said in the group in glang. The draft's link
// is marked as on its way (-1) until then.
func (b *trades) composerThen(group int64, rec *kit.Record, user int64, d *state.Draft, glang, alang, press string) *kit.Delivery {
	r := kit.Delivery{Press: press}
	answer := func(o *kit.Outcome, id string, alert bool) {
		lang := alang
		if press == "" {
			lang = glang
		}
		text := b.cat.T(lang, id, nil)
		switch {
		case press == "":
			o.Say = text
		case alert:
			o.Alert = text
		default:
			o.Toast = text
		}
	}
	slot := linkSlot(rec.ID, user)
	answer(&r.Delivered, "trade_composer_sent", false)
	r.Delivered.Remove, r.Delivered.RemoveMsg = slot, max(d.Link, 0) // nothing if none was posted
	link := b.deepLink(group, rec.ID)
	if link == "" {
		answer(&r.Refused, "trade_start_private", true)
		return &r
	}
	answer(&r.Refused, "trade_link_sent", false)
	if d.Link <= 0 { // none posted yet
		seat := seatOf(rec, user)
		m := kit.Markup{Rows: [][]kit.Button{{kit.URLButton(b.cat.T(glang, "btn_trade_open", nil), link)}}}
		r.Refused.Show = &kit.Shown{Slot: slot, Text: b.cat.T(glang, "trade_open_private", map[string]any{"Player": kit.Mention(rec.Seats[seat])}), KB: &m}
		d.Link = -1
	}
	return &r
}

// dropLink deletes the group's deep link of user's draft once it did its
// job (the person opened the composer through it): a notice of that would
// only pile up under the turn's message. A link still waiting to be sent
// is not sent.
func (b *trades) dropLink(group int64, game uint64, user int64, link int) {
	b.out.Remove(group, linkSlot(game, user), max(link, 0))
}

// closeLinks finalizes the deep links of every draft of a game that ended
// or is removed: their buttons would open a composer for nothing.
func (b *trades) closeLinks(c *kit.Change, lang string) {
	rec := c.Rec
	for user, d := range Of(rec).Drafts {
		if d != nil && d.Link != 0 {
			c.Finalize(linkSlot(rec.ID, user), max(d.Link, 0),
				b.cat.T(lang, "trade_link_expired", map[string]any{"Player": kit.SeatName(rec, seatOf(rec, user))}))
		}
	}
}

// onTradeStart is /start with a trade payload in a private chat (the
// private chat's lock is held): it opens the composer there, and takes
// down the deep link it came through.
func (b *trades) onTradeStart(ctx context.Context, updateID int, m kit.CommandIn, payload string) {
	user := m.From.ID
	lang := b.chatLang(m.Chat, m.From.Lang)
	group, gameID, ok := parseTradePayload(payload)
	if !ok {
		b.out.Send(m.Chat, b.cat.T(lang, "trade_in_group", nil), nil)
		return
	}
	lang = b.privateLang(group, m.Chat, m.From.Lang)
	defer b.lock(group)()
	link := 0 // the deep link this start came through, to take down
	c, err := b.changeDraft(group, gameID, user, updateID, lang, func(c *kit.Change) (bool, error) {
		rec := c.Rec
		link = 0 // Batch may run this more than once
		seat := seatOf(rec, user)
		if seat < 0 || !Of(rec).Game.Active(seat) {
			return false, refusal{b.cat.T(lang, "not_a_player", nil)}
		}
		if !canPropose(Of(rec).Game, seat) {
			return false, refusal{b.text.errText(lang, engine.ErrNotNow)}
		}
		if Of(rec).Drafts == nil {
			Of(rec).Drafts = map[int64]*state.Draft{}
		}
		old := Of(rec).Drafts[user]
		if old == nil {
			Of(rec).Drafts[user] = newDraft(Of(rec).Game, seat)
		} else {
			d := *old
			d.Rev++
			link, d.Link = d.Link, 0
			Of(rec).Drafts[user] = &d
		}
		c.ViaSettings.Links.Set(LinkKey, group)
		b.showNewComposer(c, lang, user, old, nil)
		return true, nil
	})
	if b.draftRefused(m.Chat, lang, err) {
		return
	}
	if link != 0 {
		b.dropLink(group, c.Rec.ID, user, link) // it did its job: the person wrote to the bot
	}
	b.finish(ctx, c, nil, "")
}

// answerRefusal answers a press whose change did not happen — a duplicate,
// a refusal with its reason, or a failure with failText — and reports
// whether it did.
func (b *trades) answerRefusal(ctx context.Context, id string, err error, failText string) bool {
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
func (b *trades) draftRefused(chat int64, lang string, err error) bool {
	var r refusal
	switch {
	case errors.Is(err, kit.ErrDuplicate):
	case errors.As(err, &r):
		b.out.Send(chat, r.text, nil)
	case err != nil:
		b.out.Send(chat, b.cat.T(lang, "trade_no_game", nil), nil)
	default:
		return false
	}
	return true
}

// cmdCash is /cash N in a private chat: the typed amount for the amount
// being edited in the composer. The private chat's lock is held.
func (b *trades) cmdCash(ctx context.Context, updateID int, m kit.CommandIn) {
	user := m.From.ID
	lang := b.chatLang(m.Chat, m.From.Lang)
	group := b.host.Settings(user).Links.Get(LinkKey)
	n, perr := strconv.Atoi(strings.TrimSpace(m.Args))
	if group == 0 || m.Chat != user || perr != nil || n < 0 {
		b.out.Send(m.Chat, b.cat.T(lang, "trade_cash_usage", nil), nil)
		return
	}
	lang = b.privateLang(group, m.Chat, m.From.Lang)
	defer b.lock(group)()
	c, err := b.changeDraft(group, 0, user, updateID, lang, func(c *kit.Change) (bool, error) {
		rec := c.Rec
		d := Of(rec).Drafts[user]
		seat := seatOf(rec, user)
		if d == nil || d.Edit == EditItems || seat < 0 {
			return false, refusal{b.cat.T(lang, "trade_cash_usage", nil)}
		}
		nd := *d
		setAmount(Of(rec).Game, &nd, min(n, amountMax(Of(rec).Game, &nd)))
		nd.Rev++
		Of(rec).Drafts[user] = &nd
		b.showComposer(c, lang, user, nd.Msg)
		return true, nil
	})
	if !b.draftRefused(m.Chat, lang, err) {
		b.finish(ctx, c, nil, "")
	}
}

// showComposer shows user's draft in its composer message msg (0: none
// known, a new one).
func (b *trades) showComposer(c *kit.Change, lang string, user int64, msg int) {
	text, kb := b.renderComposer(lang, c.Chat, c.Rec, user)
	c.ShowIn(user, composerSlot(c.Rec.ID, user, c.Chat), msg, text, kb)
}

// onDraftPress handles a composer button pressed in a private chat.
func (b *trades) onDraftPress(ctx context.Context, updateID int, q kit.PressIn, press kit.Press) {
	user := q.From.ID
	private := q.Message.Chat
	group := press.Chat
	lang := b.privateLang(group, private, q.From.Lang)
	unlock := b.lock(group)
	if press.Op == OpTrSend {
		toast, err := b.sendOffer(ctx, updateID, q, press, lang)
		unlock()
		if !b.answerRefusal(ctx, q.ID, err, b.cat.T(lang, "alert_failed", nil)) {
			b.host.AnswerPress(ctx, q.ID, toast, false)
		}
		return
	}
	c, err := b.changeDraft(group, press.Game, user, updateID, lang, func(c *kit.Change) (bool, error) {
		rec := c.Rec
		d := Of(rec).Drafts[user]
		if d == nil || d.Rev != press.Rev || private != user {
			return false, refusal{b.cat.T(lang, staleDraftID(d), nil)}
		}
		seat := seatOf(rec, user)
		if seat < 0 || !Of(rec).Game.Active(seat) {
			return false, refusal{b.cat.T(lang, "alert_not_player", nil)}
		}
		slot := composerSlot(rec.ID, user, group)
		c.Pressed = true
		if press.Op == OpTrDiscard {
			delete(Of(rec).Drafts, user)
			c.FinalizeIn(user, slot, q.Message.ID, b.cat.T(lang, "composer_discarded", nil))
			return true, nil
		}
		nd := *d
		if id := applyDraftOp(Of(rec).Game, &nd, seat, press); id != "" {
			return false, refusal{b.cat.T(lang, id, nil)}
		}
		nd.Rev++
		nd.Msg = q.Message.ID
		Of(rec).Drafts[user] = &nd
		b.showComposer(c, lang, user, nd.Msg)
		return true, nil
	})
	if err == nil {
		b.finish(ctx, c, nil, "")
	}
	unlock()
	if b.answerRefusal(ctx, q.ID, err, b.cat.T(lang, "trade_no_game", nil)) {
		return
	}
	b.host.AnswerPress(ctx, q.ID, b.deed.deedToast(lang, c.Rec.WithNames(b.groupNames(group)), user, press), false) // deed.go
}

// sendOffer proposes the draft: engine.ActProposeTrade in the group's game
// (declining the offer it counters), the offer posted in the group, the
// composer given its final text. The group's lock is held; it returns
// the press's toast, or why it was refused.
func (b *trades) sendOffer(ctx context.Context, updateID int, q kit.PressIn, press kit.Press, lang string) (string, error) {
	user := q.From.ID
	group := press.Chat
	sent := 0
	t, err := b.changeVia(group, q.Message.Chat, updateID, func(t *kit.Change) error {
		rec := t.Rec
		if rec == nil || rec.ID != press.Game || rec.Status != kit.StatusPlaying || Of(rec).Game == nil {
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
			return refusal{b.text.errText(lang, err)}
		}
		glang := t.ChatLang()
		if c := findTrade(g, d.Counter); c != nil && c.To == seat {
			if err := b.tradeAct(t, glang, user, updateID, seat, engine.Action{Kind: engine.ActRejectTrade, TradeID: c.ID}); err != nil {
				return err
			}
			if g.Check(seat, a) != nil { // cannot happen: declining changes no holdings
				return refusal{b.text.errText(lang, engine.ErrBadTrade)}
			}
		}
		if err := b.tradeAct(t, glang, user, updateID, seat, a); err != nil {
			return refusal{b.text.errText(lang, err)}
		}
		sent = g.NextTrade
		Of(rec).Offers = append(Of(rec).Offers, state.Offer{ID: sent, Expires: rec.Clock.GameTime(b.cfg.Now().UnixMilli()) + OfferTTL.Milliseconds(), Trade: *findTrade(g, sent)})
		delete(Of(rec).Drafts, user)
		t.FinalizeIn(user, composerSlot(rec.ID, user, group), q.Message.ID, b.cat.T(lang, "composer_sent", map[string]any{"ID": sent}))
		t.Pressed = true
		return nil
	})
	if err != nil {
		return "", err
	}
	b.finish(ctx, t, nil, "")
	b.postOffer(group, t.Rec, t.ChatLang(), sent)
	return b.cat.T(lang, "toast_offer_sent", nil), nil
}

// staleDraftID says why a composer's button no longer works: its draft is
// gone (sent, discarded, or the game changed), or a newer composer
// replaced this one.
func staleDraftID(d *state.Draft) string {
	if d == nil {
		return "trade_no_game"
	}
	return "composer_replaced"
}

// composerSlot names user's composer message in their private chat; its
// id is stored in the group's draft (composerSent).
func composerSlot(game uint64, user, group int64) string {
	return kit.PrivateSlot("composer", game, strconv.FormatInt(user, 10), group)
}

// composerSent stores the id of a composer message sent to the person
// (key: their user id) in their draft: the composer reached them, so a
// deep link that waited for it is used up (the chat layer removes it,
// kit.Reach).
func composerSent(r *kit.Record, key string, id int) bool {
	user, err := strconv.ParseInt(key, 10, 64)
	d := Of(r).Drafts[user]
	if err != nil || d == nil || d.Msg == id {
		return false
	}
	d.Msg = id
	if d.Link < 0 {
		d.Link = 0
	}
	return true
}

// unshownComposers: a composer whose fate a stop cut off — committed,
// neither its id nor a deep link for it stored.
func unshownComposers(r *kit.Record) bool {
	for _, d := range Of(r).Drafts {
		if d != nil && d.Msg == 0 && d.Link <= 0 {
			return true
		}
	}
	return false
}

// repostComposers shows again the composers a stop cut off
// (unshownComposers), as a new composer (openComposer) whose answer is
// said to nobody: the press that asked for it is long gone. The group's
// lock is held.
func (b *trades) repostComposers(group int64, lang string, r *kit.Record) {
	for user, d := range Of(r).Drafts {
		if d == nil || d.Msg != 0 || d.Link > 0 {
			continue
		}
		plang := b.privateLang(group, user, "")
		c, err := b.changeDraft(group, r.ID, user, 0, "", func(c *kit.Change) (bool, error) {
			d := Of(c.Rec).Drafts[user]
			if d == nil || d.Msg != 0 || d.Link > 0 {
				return false, nil
			}
			nd := *d
			Of(c.Rec).Drafts[user] = &nd
			then := b.composerThen(group, c.Rec, user, &nd, lang, plang, "")
			then.Delivered.Say, then.Refused.Say = "", ""
			text, kb := b.renderComposer(plang, group, c.Rec, user)
			c.ShowInThen(user, composerSlot(c.Rec.ID, user, group), 0, text, kb, then)
			return true, nil
		})
		if err != nil {
			b.log.Warn("showing a composer again", "chat", group, "err", err)
			continue
		}
		b.finish(context.Background(), c, nil, "")
	}
}
