package bot

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Trades between players.
//
// A player opens the composer with the group's 🤝 button (or /trade): the
// draft lives in the group's Record (Drafts, by user id) and is edited in
// the player's private chat with the bot, so the group is not flooded. The
// composer's buttons carry the group chat (chatOps); a press takes the
// group's lock and changes the group's record. Editing a draft does not
// change the game, so it is saved without a new revision: the group's
// buttons stay valid. Sending applies engine.ActProposeTrade (a new
// revision, logged) and posts the offer in the group, mentioning the
// counterparty, with Accept / Decline / Counter-offer / Withdraw. Those
// buttons name the engine's trade id, which is never reused, so they are
// checked against the open offers instead of the revision. An offer
// expires after offerTTL (stored with it, so restarts keep it) and dies
// when the engine prunes it (EvTradeCancelled); its message is then edited
// to its outcome without buttons.

const (
	offerTTL         = 24 * time.Hour
	maxOffersPerSeat = 3
)

// The amount the composer's ±buttons change (Draft.Edit).
const (
	editItems = iota
	editGive  // cash the proposer pays
	editTake  // cash the proposer asks
	editDebt  // credited against the proposer's debt to the counterparty
)

// Draft is a trade offer being composed.
type Draft struct {
	// Trade is the offer so far; To is engine.NoOwner until chosen.
	Trade engine.Trade `json:"trade"`
	// Rev is stamped into the composer's buttons: an older composer
	// message's presses are outdated.
	Rev  uint64 `json:"rev"`
	Edit int    `json:"edit,omitempty"`
	// Msg is the composer message in the proposer's private chat.
	Msg int `json:"msg,omitempty"`
	// Counter is the offer this draft answers; sending it declines that one.
	Counter int `json:"counter,omitempty"`
}

// Offer is an open trade offer shown in the group.
type Offer struct {
	ID      int          `json:"id"` // engine trade id
	Msg     int          `json:"msg,omitempty"`
	Expires int64        `json:"expires"` // Unix ms
	Trade   engine.Trade `json:"trade"`   // a copy, to show the outcome once the engine forgot it
}

// refusal is a press the trade code refuses, with the alert to show.
type refusal struct{ text string }

func (r refusal) Error() string { return r.text }

var errNoGame = errors.New("bot: no such game")

// tradePayload is the deep-link payload that opens the composer for a
// group's game: t<-chat base36>_<game id base36>, within Telegram's 64
// characters of A-Z a-z 0-9 _ -.
func tradePayload(chat int64, game uint64) string {
	return "t" + strconv.FormatUint(uint64(-chat), 36) + "_" + strconv.FormatUint(game, 36)
}

func parseTradePayload(s string) (chat int64, game uint64, ok bool) {
	rest, ok := strings.CutPrefix(s, "t")
	if !ok {
		return 0, 0, false
	}
	a, g, ok := strings.Cut(rest, "_")
	if !ok {
		return 0, 0, false
	}
	c, err := parseBase36(a)
	if err != nil || c == 0 || c > 1<<62 {
		return 0, 0, false
	}
	game, err = parseBase36(g)
	if err != nil {
		return 0, 0, false
	}
	return -int64(c), game, true
}

func (b *Bot) deepLink(chat int64, game uint64) string {
	if b.cfg.Username == "" {
		return ""
	}
	return "https://t.me/" + b.cfg.Username + "?start=" + tradePayload(chat, game)
}

func canPropose(g *engine.Game, seat engine.PlayerID) bool {
	for _, a := range g.Legal(seat) {
		if a.Kind == engine.ActProposeTrade {
			return true
		}
	}
	return false
}

func findTrade(g *engine.Game, id int) *engine.Trade {
	for i := range g.Trades {
		if g.Trades[i].ID == id {
			return &g.Trades[i]
		}
	}
	return nil
}

// newDraft starts an offer by seat: to its creditor when it is in debt to
// a player (crediting the whole debt), to the only other player if there
// is one.
func newDraft(g *engine.Game, seat engine.PlayerID) *Draft {
	d := &Draft{Trade: engine.Trade{From: seat, To: engine.NoOwner}}
	if len(g.Debts) > 0 && g.Debts[0].Debtor == seat && g.Debts[0].Creditor >= 0 {
		d.Trade.To = g.Debts[0].Creditor
		d.Trade.Debt = g.MaxDebtCredit(seat, d.Trade.To)
		return d
	}
	if g.ActiveCount() == 2 {
		for i := range g.Players {
			if p := engine.PlayerID(i); p != seat && g.Active(p) {
				d.Trade.To = p
			}
		}
	}
	return d
}

// counterDraft answers offer t with the same items the other way round.
func counterDraft(t *engine.Trade) *Draft {
	return &Draft{Counter: t.ID, Trade: engine.Trade{From: t.To, To: t.From,
		GiveDeeds: slices.Clone(t.TakeDeeds), TakeDeeds: slices.Clone(t.GiveDeeds),
		GiveCash: t.TakeCash, TakeCash: t.GiveCash,
		GiveCards: slices.Clone(t.TakeCards), TakeCards: slices.Clone(t.GiveCards)}}
}

// Transactions.

// draftTx changes the drafts of a group's game for an update that arrived
// in user's private chat (updateID 0: none), without a new revision: the
// game does not change. fn returns whether to save; a refusal aborts.
// gameID 0 accepts whatever game the group plays. set is the private
// chat's settings.
func (b *Bot) draftTx(group int64, gameID uint64, user int64, updateID int, fn func(rec *Record, set *Settings) (bool, error)) (*Record, error) {
	st, err := b.changeVia(group, user, updateID, func(c *chatState) error {
		rec := c.rec
		if rec == nil || gameID != 0 && rec.ID != gameID || rec.Status != StatusPlaying || rec.Game == nil {
			return errNoGame
		}
		save, err := fn(rec, &c.viaSettings)
		c.quiet = save
		return err
	})
	if err != nil {
		return nil, err
	}
	return st.rec, nil
}

// tradeAct applies one engine action of a trade in change c.
func (b *Bot) tradeAct(c *chatState, lang string, user int64, updateID int, seat engine.PlayerID, a engine.Action) error {
	g := c.rec.Game
	evs, err := g.Apply(seat, a)
	if err != nil {
		return err
	}
	c.log(logEntry{Update: updateID, User: user, Seat: int(seat), Action: a, Ver: g.Version, At: b.cfg.Now().UnixMilli()})
	b.absorb(c, lang, evs)
	return nil
}

// reconcileOffers runs after every engine change of a chat (absorb): the
// offers the engine no longer holds are finalized with their outcome.
func (b *Bot) reconcileOffers(c *chatState, lang string, evs []engine.Event) {
	rec := c.rec
	if len(rec.Offers) == 0 || rec.Game == nil {
		return
	}
	over := rec.Game.Phase == engine.PhaseGameOver
	var kept []Offer
	for _, o := range rec.Offers {
		if !over && findTrade(rec.Game, o.ID) != nil {
			kept = append(kept, o)
			continue
		}
		status := "offer_closed"
		for _, e := range evs {
			if e.Amount != o.ID {
				continue
			}
			switch e.Kind {
			case engine.EvTradeAccepted:
				status = "offer_accepted"
			case engine.EvTradeRejected:
				status = "offer_declined"
			case engine.EvTradeCancelled:
				status = "offer_cancelled"
			}
		}
		b.closeOffer(c, lang, o, status)
	}
	rec.Offers = kept
}

// closeOffer gives offer o's message its final text. Its message id may
// not be known yet (the outbox has not delivered it, or its id is not
// stored yet): the edit goes by the offer's slot all the same, so a
// message still waiting is sent with the final text instead.
func (b *Bot) closeOffer(c *chatState, lang string, o Offer, status string) {
	rec := c.rec
	c.finalize(offerSlot(rec.ID, o.ID), o.Msg, b.offerText(lang, rec, &o.Trade, false)+"\n"+b.cat.T(lang, status, nil))
}

// afterTrades runs after a chat's change was published, under the chat's
// lock: offers past their deadline are withdrawn. (Offers a change ended
// get their final text in finish, whatever the change.)
func (b *Bot) afterTrades(ctx context.Context, chat int64, st *chatState) {
	if st == nil || st.rec == nil {
		return
	}
	if st.remove {
		return
	}
	now := b.cfg.Now().UnixMilli()
	for _, o := range st.rec.Offers {
		if o.Expires <= now {
			b.expireOffers(ctx, chat)
			return
		}
	}
}

// expireOffers withdraws the offers past their deadline (as their
// proposer would), under the chat's lock.
func (b *Bot) expireOffers(ctx context.Context, chat int64) {
	st, err := b.change(chat, 0, func(t *chatState) error {
		rec := t.rec
		if rec == nil || rec.Game == nil || rec.Game.Phase == engine.PhaseGameOver || rec.Clock.PausedAt != 0 {
			return nil // a paused game's offers wait (bot/pause.go moves their expiry)
		}
		lang := t.chatLang()
		now := b.cfg.Now().UnixMilli()
		for _, o := range slices.Clone(rec.Offers) {
			if o.Expires > now {
				continue
			}
			rec.Offers = slices.DeleteFunc(rec.Offers, func(x Offer) bool { return x.ID == o.ID })
			b.closeOffer(t, lang, o, "offer_expired")
			t.save = true
			if tr := findTrade(rec.Game, o.ID); tr != nil {
				if err := b.tradeAct(t, lang, 0, 0, tr.From, engine.Action{Kind: engine.ActCancelTrade, TradeID: o.ID}); err != nil {
					b.log.Warn("withdrawing an expired offer", "chat", chat, "trade", o.ID, "err", err)
				}
			}
		}
		if len(rec.Offers) == 0 {
			rec.Offers = nil
		}
		return nil
	})
	if err != nil || st == nil || !st.save {
		return
	}
	b.finish(ctx, st, nil, "")
}

// Group presses and commands.

// onTradePress handles the trade buttons of a group's messages: OpTrade
// and the offer buttons.
func (b *Bot) onTradePress(ctx context.Context, updateID int, q *tgbotapi.CallbackQuery, press Press) {
	chat := q.Message.Chat.ID
	defer b.lock(chat)()
	var open *Draft
	st, err := b.change(chat, updateID, func(c *chatState) error {
		open = nil // Batch may run this more than once
		lang := c.lang(q.From.LanguageCode)
		rec := c.rec
		if rec == nil || rec.ID != press.Game || rec.Status != StatusPlaying || press.Op == OpTrade && rec.Rev != press.Rev {
			c.alert = b.cat.T(lang, "alert_outdated", nil)
			return nil
		}
		g := rec.Game
		seat := rec.SeatOf(q.From.ID)
		if seat < 0 || !g.Active(seat) {
			c.alert = b.cat.T(lang, "alert_not_player", nil)
			return nil
		}
		if press.Op == OpTrade {
			if !canPropose(g, seat) {
				c.alert = b.errText(lang, engine.ErrNotNow)
				return nil
			}
			open = newDraft(g, seat)
			return nil
		}
		t := findTrade(g, press.Arg)
		if t == nil {
			c.alert = b.errText(lang, engine.ErrTradeNotFound)
			return nil
		}
		switch press.Op {
		case OpOfWithdraw:
			if t.From != seat {
				c.alert = b.cat.T(lang, "alert_offer_by_other", nil)
				return nil
			}
			b.act(c, lang, q.From, seat, engine.Action{Kind: engine.ActCancelTrade, TradeID: t.ID})
		case OpOfCounter:
			if t.To != seat {
				c.alert = b.cat.T(lang, "alert_offer_to_other", nil)
				return nil
			}
			open = counterDraft(t)
		case OpOfAccept, OpOfReject:
			if t.To != seat {
				c.alert = b.cat.T(lang, "alert_offer_to_other", nil)
				return nil
			}
			kind := engine.ActAcceptTrade
			if press.Op == OpOfReject {
				kind = engine.ActRejectTrade
			}
			b.act(c, lang, q.From, seat, engine.Action{Kind: kind, TradeID: t.ID})
		}
		return nil
	})
	if err == nil && st != nil && open != nil && st.alert == "" {
		st.toast, st.alert = b.openComposer(ctx, chat, st, q.From, open)
	}
	b.answer(ctx, q.ID, st, err)
	b.finish(ctx, st, err, q.ID)
	b.afterTrades(ctx, chat, st)
}

// cmdTrade is /trade: in a group it opens the composer like the button;
// in a private chat it explains where to start. The chat's lock is held.
func (b *Bot) cmdTrade(ctx context.Context, updateID int, m *tgbotapi.Message, group bool) {
	chat := m.Chat.ID
	var open *Draft
	st, err := b.change(chat, updateID, func(c *chatState) error {
		open = nil // Batch may run this more than once
		lang := c.lang(m.From.LanguageCode)
		rec := c.rec
		switch {
		case !group:
			c.replies = append(c.replies, reply{text: b.cat.T(lang, "trade_in_group", nil)})
		case rec == nil || rec.Status != StatusPlaying:
			c.replies = append(c.replies, reply{text: b.cat.T(lang, "no_game", nil)})
		case rec.SeatOf(m.From.ID) < 0 || !rec.Game.Active(rec.SeatOf(m.From.ID)):
			c.replies = append(c.replies, reply{text: b.cat.T(lang, "not_a_player", nil)})
		case !canPropose(rec.Game, rec.SeatOf(m.From.ID)):
			c.replies = append(c.replies, reply{text: b.errText(lang, engine.ErrNotNow)})
		default:
			open = newDraft(rec.Game, rec.SeatOf(m.From.ID))
		}
		return nil
	})
	if err == nil && st != nil && open != nil {
		toast, alert := b.openComposer(ctx, chat, st, m.From, open)
		if alert != "" {
			toast = alert
		}
		st.replies = append(st.replies, reply{text: toast})
	}
	b.finish(ctx, st, err, "")
}

// openComposer stores draft d for user in the group's game and sends the
// composer to the user's private chat; if the bot cannot write there (the
// person never started it), the group gets a deep link instead. It
// returns the answer to the press. The group's lock is held.
func (b *Bot) openComposer(ctx context.Context, group int64, st *chatState, from *tgbotapi.User, d *Draft) (toast, alert string) {
	glang := st.lang(from.LanguageCode)
	lang := b.chatLang(from.ID, from.LanguageCode)
	rec, err := b.draftTx(group, st.rec.ID, from.ID, 0, func(rec *Record, set *Settings) (bool, error) {
		if rec.Drafts == nil {
			rec.Drafts = map[int64]*Draft{}
		}
		if old := rec.Drafts[from.ID]; old != nil {
			d.Rev = old.Rev + 1 // the old composer's buttons go stale
		}
		rec.Drafts[from.ID] = d
		set.TradeChat = group
		return true, nil
	})
	if err != nil {
		b.log.Warn("storing a trade draft", "chat", group, "err", err)
		return "", b.cat.T(glang, "alert_failed", nil)
	}
	text, kb := b.renderComposer(lang, group, rec, from.ID)
	id, err := b.tg.Send(ctx, from.ID, text, kb)
	if err != nil {
		link := b.deepLink(group, rec.ID)
		if link == "" {
			return "", b.cat.T(glang, "trade_start_private", nil)
		}
		seat := rec.SeatOf(from.ID)
		m := tgbotapi.NewInlineKeyboardMarkup(tgbotapi.NewInlineKeyboardRow(
			tgbotapi.NewInlineKeyboardButtonURL(b.cat.T(glang, "btn_trade_open", nil), link)))
		b.out.Send(group, b.cat.T(glang, "trade_open_private", map[string]any{"Player": mention(rec.Seats[seat])}), &m)
		return b.cat.T(glang, "trade_link_sent", nil), ""
	}
	b.setComposerMsg(group, rec.ID, from.ID, d.Rev, id)
	return b.cat.T(glang, "trade_composer_sent", nil), ""
}

func (b *Bot) setComposerMsg(group int64, gameID uint64, user int64, rev uint64, msg int) {
	_, err := b.draftTx(group, gameID, user, 0, func(rec *Record, _ *Settings) (bool, error) {
		d := rec.Drafts[user]
		if d == nil || d.Rev != rev {
			return false, nil
		}
		d.Msg = msg
		return true, nil
	})
	if err != nil {
		b.log.Warn("remembering the composer message", "chat", group, "err", err)
	}
}

// Private chat: the deep link, the composer's presses, typed amounts.

// onTradeStart is /start with a trade payload in a private chat (the
// private chat's lock is held): it opens the composer there.
func (b *Bot) onTradeStart(ctx context.Context, updateID int, m *tgbotapi.Message, payload string) {
	user := m.From.ID
	lang := b.chatLang(m.Chat.ID, m.From.LanguageCode)
	group, gameID, ok := parseTradePayload(payload)
	if !ok {
		b.sendPrivate(ctx, m.Chat.ID, b.cat.T(lang, "trade_in_group", nil), nil)
		return
	}
	unlock := b.lock(group)
	defer unlock()
	var d *Draft
	rec, err := b.draftTx(group, gameID, user, updateID, func(rec *Record, set *Settings) (bool, error) {
		seat := rec.SeatOf(user)
		if seat < 0 || !rec.Game.Active(seat) {
			return false, refusal{b.cat.T(lang, "not_a_player", nil)}
		}
		if !canPropose(rec.Game, seat) {
			return false, refusal{b.errText(lang, engine.ErrNotNow)}
		}
		if rec.Drafts == nil {
			rec.Drafts = map[int64]*Draft{}
		}
		d = rec.Drafts[user]
		if d == nil {
			d = newDraft(rec.Game, seat)
			rec.Drafts[user] = d
		} else {
			d.Rev++
		}
		set.TradeChat = group
		return true, nil
	})
	if !b.draftRefused(ctx, m.Chat.ID, lang, err) {
		b.showComposer(ctx, lang, group, rec, user, d, false)
	}
}

// answerRefusal answers a press whose change did not happen — a duplicate,
// a refusal with its reason, or a failure with failText — and reports
// whether it did.
func (b *Bot) answerRefusal(ctx context.Context, id string, err error, failText string) bool {
	var r refusal
	switch {
	case err == nil:
		return false
	case errors.Is(err, errDuplicate):
		b.answer(ctx, id, nil, err)
	case errors.As(err, &r):
		_ = b.tg.AnswerCallback(ctx, id, r.text, true)
	default:
		b.log.Error("trade press failed", "err", err)
		_ = b.tg.AnswerCallback(ctx, id, failText, true)
	}
	return true
}

// draftRefused tells the person in their private chat why a draft change
// did not happen; it reports whether there was such a refusal.
func (b *Bot) draftRefused(ctx context.Context, chat int64, lang string, err error) bool {
	var r refusal
	switch {
	case errors.Is(err, errDuplicate):
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
// new message that becomes the composer.
func (b *Bot) showComposer(ctx context.Context, lang string, group int64, rec *Record, user int64, d *Draft, edit bool) {
	text, kb := b.renderComposer(lang, group, rec, user)
	if edit && d.Msg != 0 && b.tg.Edit(ctx, user, d.Msg, text, kb) == nil {
		return
	}
	if id := b.sendPrivate(ctx, user, text, kb); id != 0 {
		b.setComposerMsg(group, rec.ID, user, d.Rev, id)
	}
}

func (b *Bot) sendPrivate(ctx context.Context, chat int64, text string, kb *tgbotapi.InlineKeyboardMarkup) int {
	id, err := b.tg.Send(ctx, chat, text, kb)
	if err != nil {
		b.log.Warn("sending to a private chat", "chat", chat, "err", err)
	}
	return id
}

// cmdCash is /cash N in a private chat: the typed amount for the amount
// being edited in the composer. The private chat's lock is held.
func (b *Bot) cmdCash(ctx context.Context, updateID int, m *tgbotapi.Message) {
	user := m.From.ID
	lang := b.chatLang(m.Chat.ID, m.From.LanguageCode)
	var group int64
	_ = b.store.View(func(tx *storage.Tx) error {
		group = b.loadSettings(tx, user).TradeChat
		return nil
	})
	n, perr := strconv.Atoi(strings.TrimSpace(m.CommandArguments()))
	if group == 0 || m.Chat.ID != user || perr != nil || n < 0 {
		b.sendPrivate(ctx, m.Chat.ID, b.cat.T(lang, "trade_cash_usage", nil), nil)
		return
	}
	defer b.lock(group)()
	var d *Draft
	rec, err := b.draftTx(group, 0, user, updateID, func(rec *Record, _ *Settings) (bool, error) {
		d = rec.Drafts[user]
		seat := rec.SeatOf(user)
		if d == nil || d.Edit == editItems || seat < 0 {
			return false, refusal{b.cat.T(lang, "trade_cash_usage", nil)}
		}
		setAmount(rec.Game, d, min(n, amountMax(rec.Game, d)))
		d.Rev++
		return true, nil
	})
	if !b.draftRefused(ctx, m.Chat.ID, lang, err) {
		b.showComposer(ctx, lang, group, rec, user, d, true)
	}
}

// onDraftPress handles a composer button pressed in a private chat.
func (b *Bot) onDraftPress(ctx context.Context, updateID int, q *tgbotapi.CallbackQuery, press Press) {
	user := q.From.ID
	private := q.Message.Chat.ID
	lang := b.chatLang(private, q.From.LanguageCode)
	group := press.Chat
	defer b.lock(group)()
	if press.Op == OpTrSend {
		b.sendOffer(ctx, updateID, q, press, lang)
		return
	}
	discarded := false
	rec, err := b.draftTx(group, press.Game, user, updateID, func(rec *Record, _ *Settings) (bool, error) {
		d := rec.Drafts[user]
		if d == nil || d.Rev != press.Rev || private != user {
			return false, refusal{b.cat.T(lang, "alert_outdated", nil)}
		}
		seat := rec.SeatOf(user)
		if seat < 0 || !rec.Game.Active(seat) {
			return false, refusal{b.cat.T(lang, "alert_not_player", nil)}
		}
		if press.Op == OpTrDiscard {
			delete(rec.Drafts, user)
			discarded = true
			return true, nil
		}
		if id := applyDraftOp(rec.Game, d, seat, press); id != "" {
			return false, refusal{b.cat.T(lang, id, nil)}
		}
		d.Rev++
		d.Msg = q.Message.MessageID
		return true, nil
	})
	if b.answerRefusal(ctx, q.ID, err, b.cat.T(lang, "alert_outdated", nil)) {
		return
	}
	_ = b.tg.AnswerCallback(ctx, q.ID, "", false)
	if discarded {
		_ = b.tg.Edit(ctx, private, q.Message.MessageID, b.cat.T(lang, "composer_discarded", nil), nil)
		return
	}
	text, kb := b.renderComposer(lang, group, rec, user)
	if err := b.tg.Edit(ctx, private, q.Message.MessageID, text, kb); err != nil {
		b.log.Warn("editing the composer", "chat", private, "err", err)
	}
}

// sendOffer proposes the draft: engine.ActProposeTrade in the group's game
// (declining the offer it counters), the offer posted in the group.
func (b *Bot) sendOffer(ctx context.Context, updateID int, q *tgbotapi.CallbackQuery, press Press, lang string) {
	user := q.From.ID
	group := press.Chat
	sent := 0
	t, err := b.changeVia(group, q.Message.Chat.ID, updateID, func(t *chatState) error {
		rec := t.rec
		if rec == nil || rec.ID != press.Game || rec.Status != StatusPlaying || rec.Game == nil {
			return refusal{b.cat.T(lang, "alert_outdated", nil)}
		}
		d := rec.Drafts[user]
		if d == nil || d.Rev != press.Rev || q.Message.Chat.ID != user {
			return refusal{b.cat.T(lang, "alert_outdated", nil)}
		}
		g := rec.Game
		seat := rec.SeatOf(user)
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
		glang := t.chatLang()
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
		rec.Offers = append(rec.Offers, Offer{ID: sent, Expires: b.cfg.Now().Add(offerTTL).UnixMilli(), Trade: *findTrade(g, sent)})
		delete(rec.Drafts, user)
		return nil
	})
	if b.answerRefusal(ctx, q.ID, err, b.cat.T(lang, "alert_failed", nil)) {
		return
	}
	_ = b.tg.AnswerCallback(ctx, q.ID, b.cat.T(lang, "toast_offer_sent", nil), false)
	_ = b.tg.Edit(ctx, q.Message.Chat.ID, q.Message.MessageID, b.cat.T(lang, "composer_sent", map[string]any{"ID": sent}), nil)
	b.finish(ctx, t, nil, "")
	b.postOffer(group, t.rec, t.chatLang(), sent)
}

// postOffer queues the offer message for the group, in the offer's own
// outbox slot, behind what the chat already has queued (paced, moved
// along if the group becomes a supergroup). Its id is stored when it is
// sent (onSent); when the offer ends, closeOffer finalizes the same slot.
func (b *Bot) postOffer(group int64, rec *Record, lang string, id int) {
	tr := findTrade(rec.Game, id)
	if tr == nil {
		return
	}
	text := b.offerText(lang, rec, tr, true) + "\n" + b.cat.T(lang, "offer_open", map[string]any{"Hours": int(offerTTL / time.Hour)})
	b.out.Put(group, offerSlot(rec.ID, id), 0, text, b.offerKeyboard(lang, rec, id))
}

// postUnsentOffers posts again the open offers whose message id was never
// stored: after a restart or a pause their message may never have been
// sent, and an offer nobody sees cannot be answered. (If it was sent, that
// message keeps buttons that work while the offer is open and answer with
// an alert once it ended.) The chat's lock is held.
func (b *Bot) postUnsentOffers(chat int64, lang string, rec *Record) {
	if rec.Game == nil || rec.Game.Phase == engine.PhaseGameOver {
		return
	}
	for _, o := range rec.Offers {
		if o.Msg == 0 {
			b.postOffer(chat, rec, lang, o.ID)
		}
	}
}

// unsentOffers says whether the record has offer messages to show again:
// final texts not yet queued, or open offers without a message id.
func (r *Record) unsentOffers() bool {
	if len(r.OfferEdits) > 0 {
		return true // finals stored by an older version (legacyFinals)
	}
	for _, o := range r.Offers {
		if o.Msg == 0 {
			return true
		}
	}
	return false
}

// Drafts.

func toggle(list []int, v int, allowed bool) ([]int, bool) {
	if i := slices.Index(list, v); i >= 0 {
		return slices.Delete(list, i, i+1), true
	}
	if !allowed {
		return list, false
	}
	return append(list, v), true
}

// applyDraftOp changes d by a composer press; it returns the id of the
// alert to show when the press is refused.
func applyDraftOp(g *engine.Game, d *Draft, seat engine.PlayerID, press Press) string {
	tr := &d.Trade
	tr.From = seat
	if press.Op == OpTrTo {
		to := engine.PlayerID(press.Arg)
		if press.Arg >= len(g.Players) || to == seat || !g.Active(to) {
			return "err_not_in_game"
		}
		*d = Draft{Trade: engine.Trade{From: seat, To: to, Debt: g.MaxDebtCredit(seat, to)}, Rev: d.Rev, Msg: d.Msg}
		return ""
	}
	if press.Op == OpTrWho {
		*d = Draft{Trade: engine.Trade{From: seat, To: engine.NoOwner}, Rev: d.Rev, Msg: d.Msg}
		return ""
	}
	if tr.To == engine.NoOwner || !g.Active(tr.To) {
		return "alert_outdated"
	}
	ok := true
	switch press.Op {
	case OpTrGive:
		tr.GiveDeeds, ok = toggle(tr.GiveDeeds, press.Arg, g.Tradable(seat, press.Arg))
	case OpTrTake:
		tr.TakeDeeds, ok = toggle(tr.TakeDeeds, press.Arg, g.Tradable(tr.To, press.Arg))
	case OpTrCard:
		tr.GiveCards, ok = toggle(tr.GiveCards, press.Arg, press.Arg < 2 && g.Players[seat].JailCards[press.Arg])
	case OpTrAsk:
		tr.TakeCards, ok = toggle(tr.TakeCards, press.Arg, press.Arg < 2 && g.Players[tr.To].JailCards[press.Arg])
	case OpTrMode:
		if press.Arg > editDebt || press.Arg == editDebt && g.MaxDebtCredit(seat, tr.To) == 0 {
			return "alert_outdated"
		}
		d.Edit = press.Arg
	case OpTrAdd, OpTrSub, OpTrSet:
		if d.Edit == editItems {
			return "alert_outdated"
		}
		v := press.Arg
		switch press.Op {
		case OpTrAdd:
			v = amountOf(d) + press.Arg
		case OpTrSub:
			v = max(0, amountOf(d)-press.Arg)
		}
		if v > amountMax(g, d) {
			return "err_insufficient_funds"
		}
		setAmount(g, d, v)
	default:
		return "alert_outdated"
	}
	if !ok {
		return "err_bad_trade"
	}
	return ""
}

func amountOf(d *Draft) int {
	switch d.Edit {
	case editGive:
		return d.Trade.GiveCash
	case editTake:
		return d.Trade.TakeCash
	case editDebt:
		return d.Trade.Debt
	}
	return 0
}

func amountMax(g *engine.Game, d *Draft) int {
	switch d.Edit {
	case editGive:
		return g.Players[d.Trade.From].Cash
	case editTake:
		if g.Active(d.Trade.To) {
			return g.Players[d.Trade.To].Cash
		}
	case editDebt:
		return g.MaxDebtCredit(d.Trade.From, d.Trade.To)
	}
	return 0
}

func setAmount(_ *engine.Game, d *Draft, v int) {
	switch d.Edit {
	case editGive:
		d.Trade.GiveCash = v
	case editTake:
		d.Trade.TakeCash = v
	case editDebt:
		d.Trade.Debt = v
	}
}

// Rendering.

// tradeItems lists one side of an offer: deeds, jail cards, cash.
func (b *Bot) tradeItems(lang string, rec *Record, deeds []int, cards []int, cash int) string {
	var items []string
	for _, sq := range deeds {
		if sq >= 0 && sq < len(rec.Game.Props) {
			items = append(items, b.propLabel(lang, rec, sq))
		}
	}
	for _, d := range cards {
		items = append(items, b.cat.T(lang, "trade_jail_card", map[string]any{"Deck": b.cat.T(lang, "deck_"+strconv.Itoa(d), nil)}))
	}
	if cash > 0 {
		items = append(items, b.money(lang, cash))
	}
	if len(items) == 0 {
		return b.cat.T(lang, "trade_nothing", nil)
	}
	return strings.Join(items, ", ")
}

// offerText describes an offer for the group, mentioning the counterparty
// while it is open.
func (b *Bot) offerText(lang string, rec *Record, t *engine.Trade, open bool) string {
	to := b.seatName(rec, t.To)
	if open && int(t.To) < len(rec.Seats) && t.To >= 0 {
		to = tokens[int(t.To)%len(tokens)] + " " + mention(rec.Seats[t.To])
	}
	lines := []string{
		b.cat.T(lang, "offer_title", map[string]any{"ID": t.ID, "Player": b.seatName(rec, t.From), "Other": to}),
		b.cat.T(lang, "offer_gives", map[string]any{"Player": b.seatName(rec, t.From), "Items": b.tradeItems(lang, rec, t.GiveDeeds, t.GiveCards, t.GiveCash)}),
		b.cat.T(lang, "offer_gives", map[string]any{"Player": b.seatName(rec, t.To), "Items": b.tradeItems(lang, rec, t.TakeDeeds, t.TakeCards, t.TakeCash)}),
	}
	if t.Debt > 0 {
		lines = append(lines, b.cat.T(lang, "offer_debt", map[string]any{"Amount": b.money(lang, t.Debt),
			"Player": b.seatName(rec, t.From), "Other": b.seatName(rec, t.To)}))
	}
	return strings.Join(lines, "\n")
}

func (b *Bot) offerKeyboard(lang string, rec *Record, id int) *tgbotapi.InlineKeyboardMarkup {
	btn := func(key string, op Op) tgbotapi.InlineKeyboardButton {
		return tgbotapi.NewInlineKeyboardButtonData(b.cat.T(lang, key, nil), Press{Game: rec.ID, Op: op, Arg: id}.Encode())
	}
	m := tgbotapi.NewInlineKeyboardMarkup(
		tgbotapi.NewInlineKeyboardRow(btn("btn_offer_accept", OpOfAccept), btn("btn_offer_decline", OpOfReject)),
		tgbotapi.NewInlineKeyboardRow(btn("btn_offer_counter", OpOfCounter), btn("btn_offer_withdraw", OpOfWithdraw)))
	return &m
}

// renderComposer is the private composer of user's draft in the group's
// game. Its buttons offer only what the engine would accept now.
func (b *Bot) renderComposer(lang string, group int64, rec *Record, user int64) (string, *tgbotapi.InlineKeyboardMarkup) {
	d := rec.Drafts[user]
	seat := rec.SeatOf(user)
	if d == nil || seat < 0 {
		return b.cat.T(lang, "trade_no_game", nil), nil
	}
	g := rec.Game
	var rows [][]tgbotapi.InlineKeyboardButton
	btn := func(text string, op Op, arg int) tgbotapi.InlineKeyboardButton {
		return tgbotapi.NewInlineKeyboardButtonData(text, Press{Game: rec.ID, Rev: d.Rev, Op: op, Arg: arg, Chat: group}.Encode())
	}
	pairs := func(bs []tgbotapi.InlineKeyboardButton) {
		for i := 0; i < len(bs); i += 2 {
			rows = append(rows, bs[i:min(i+2, len(bs))])
		}
	}
	me := b.seatName(rec, seat)
	tr := d.Trade
	tr.From = seat
	if tr.To == engine.NoOwner || !g.Active(tr.To) {
		var bs []tgbotapi.InlineKeyboardButton
		for i := range g.Players {
			if p := engine.PlayerID(i); p != seat && g.Active(p) {
				bs = append(bs, btn(tokens[i%len(tokens)]+" "+rec.Seats[i].Name, OpTrTo, i))
			}
		}
		pairs(bs)
		rows = append(rows, []tgbotapi.InlineKeyboardButton{btn(b.cat.T(lang, "btn_tr_discard", nil), OpTrDiscard, 0)})
		return b.cat.T(lang, "composer_choose", map[string]any{"Player": me}), markup(rows)
	}
	lines := []string{
		b.cat.T(lang, "composer_title", map[string]any{"Player": me, "Other": b.seatName(rec, tr.To)}),
		b.cat.T(lang, "composer_give", map[string]any{"Items": b.tradeItems(lang, rec, tr.GiveDeeds, tr.GiveCards, tr.GiveCash)}),
		b.cat.T(lang, "composer_take", map[string]any{"Items": b.tradeItems(lang, rec, tr.TakeDeeds, tr.TakeCards, tr.TakeCash)}),
	}
	owed := g.MaxDebtCredit(seat, tr.To)
	if owed > 0 || tr.Debt > 0 {
		lines = append(lines, b.cat.T(lang, "composer_debt", map[string]any{"Amount": b.money(lang, tr.Debt), "Owed": b.money(lang, owed)}))
	}
	checkErr := g.Check(seat, engine.Action{Kind: engine.ActProposeTrade, Trade: &tr})
	if d.Edit != editItems {
		ids := map[int]string{editGive: "composer_amount_give", editTake: "composer_amount_take", editDebt: "composer_amount_debt"}
		cur, mx := amountOf(d), amountMax(g, d)
		lines = append(lines, "", b.cat.T(lang, ids[d.Edit], map[string]any{"Amount": b.money(lang, cur), "Max": b.money(lang, mx)}))
		var minus, plus []tgbotapi.InlineKeyboardButton
		for _, step := range []int{500, 100, 50, 10} {
			if cur-step >= 0 {
				minus = append(minus, btn("−"+strconv.Itoa(step), OpTrSub, step))
			}
		}
		for _, step := range []int{10, 50, 100, 500} {
			if cur+step <= mx {
				plus = append(plus, btn("+"+strconv.Itoa(step), OpTrAdd, step))
			}
		}
		for _, r := range [][]tgbotapi.InlineKeyboardButton{minus, plus} {
			if len(r) > 0 {
				rows = append(rows, r)
			}
		}
		rows = append(rows, []tgbotapi.InlineKeyboardButton{btn(b.money(lang, 0), OpTrSet, 0),
			btn(b.cat.T(lang, "btn_tr_max", map[string]any{"Amount": b.money(lang, mx)}), OpTrSet, mx)})
		rows = append(rows, []tgbotapi.InlineKeyboardButton{btn(b.cat.T(lang, "btn_tr_done", nil), OpTrMode, editItems)})
		return strings.Join(lines, "\n"), markup(rows)
	}
	if checkErr == nil {
		lines = append(lines, "", b.cat.T(lang, "composer_ready", nil))
	} else {
		lines = append(lines, "", b.cat.T(lang, "composer_problem", map[string]any{"Reason": b.errText(lang, checkErr)}))
	}
	lines = append(lines, b.cat.T(lang, "composer_help", nil))
	deedButtons := func(owner engine.PlayerID, chosen []int, op Op, mark string) {
		var bs []tgbotapi.InlineKeyboardButton
		for sq := range g.Props {
			in := slices.Contains(chosen, sq)
			if !in && !g.Tradable(owner, sq) {
				continue
			}
			label := mark + " " + b.propLabel(lang, rec, sq)
			if in {
				label = mark + " ✅ " + b.propLabel(lang, rec, sq)
			}
			bs = append(bs, btn(label, op, sq))
		}
		for deck := 0; deck < 2; deck++ {
			cards := tr.GiveCards
			cop := OpTrCard
			if op == OpTrTake {
				cards, cop = tr.TakeCards, OpTrAsk
			}
			in := slices.Contains(cards, deck)
			if !in && !g.Players[owner].JailCards[deck] {
				continue
			}
			label := mark + " " + b.cat.T(lang, "trade_jail_card", map[string]any{"Deck": b.cat.T(lang, "deck_"+strconv.Itoa(deck), nil)})
			if in {
				label = mark + " ✅ " + strings.TrimPrefix(label, mark+" ")
			}
			bs = append(bs, btn(label, cop, deck))
		}
		pairs(bs)
	}
	deedButtons(seat, tr.GiveDeeds, OpTrGive, "📤")
	deedButtons(tr.To, tr.TakeDeeds, OpTrTake, "📥")
	rows = append(rows, []tgbotapi.InlineKeyboardButton{
		btn(b.cat.T(lang, "btn_tr_give_cash", map[string]any{"Amount": b.money(lang, tr.GiveCash)}), OpTrMode, editGive),
		btn(b.cat.T(lang, "btn_tr_take_cash", map[string]any{"Amount": b.money(lang, tr.TakeCash)}), OpTrMode, editTake)})
	if owed > 0 {
		rows = append(rows, []tgbotapi.InlineKeyboardButton{
			btn(b.cat.T(lang, "btn_tr_debt", map[string]any{"Amount": b.money(lang, tr.Debt)}), OpTrMode, editDebt)})
	}
	last := []tgbotapi.InlineKeyboardButton{}
	if checkErr == nil {
		last = append(last, btn(b.cat.T(lang, "btn_tr_send", nil), OpTrSend, 0))
	}
	last = append(last, btn(b.cat.T(lang, "btn_tr_who", nil), OpTrWho, 0), btn(b.cat.T(lang, "btn_tr_discard", nil), OpTrDiscard, 0))
	rows = append(rows, last)
	return strings.Join(lines, "\n"), markup(rows)
}

func markup(rows [][]tgbotapi.InlineKeyboardButton) *tgbotapi.InlineKeyboardMarkup {
	if len(rows) == 0 {
		return nil
	}
	m := tgbotapi.NewInlineKeyboardMarkup(rows...)
	return &m
}
