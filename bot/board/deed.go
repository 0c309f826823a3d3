package board

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// Deed cards: a deed's price, rents, building cost, mortgage value and
// owner, shown as an alert to whoever presses a deed's button (OpDeed) —
// on the buy prompt, the auction's message (auction.go), /board or a
// building menu. The card
// changes nothing, so its button is valid as long as the game runs, not
// only at the revision it was drawn at.

// DeedCard is the card of square sq of rec's game, short enough for an
// alert (≤ 200 characters): the printed card and who owns it now.
func (b *Kind) DeedCard(lang string, rec *Record, sq int) string {
	card := b.deedText(lang, rec.Edition, sq)
	g := rec.Game
	if g == nil || sq < 0 || sq >= len(g.Props) || !g.EditionData().Squares[sq].Ownable() {
		return card
	}
	prop := g.Props[sq]
	lock := ""
	if prop.Mortgaged {
		lock = " · 🔒"
	}
	if prop.Owner == engine.NoOwner || int(prop.Owner) >= len(rec.Seats) {
		return card + "\n" + b.cat.T(lang, "deed_owner_bank", nil) + lock
	}
	// An alert is plain text: the name unescaped, without its token, and
	// cut short where a long name would not fit.
	name := []rune(rec.Seats[prop.Owner].Name)
	for {
		text := card + "\n" + b.cat.T(lang, "deed_owner", map[string]any{"Player": string(name)}) + lock
		if kit.TextLen(text) <= maxAlert || len(name) <= 1 {
			return text
		}
		name = append(name[:len(name)-2:len(name)-2], '…')
	}
}

// maxAlert is the longest text Telegram shows in an alert.
const maxAlert = 200

// DeedButton is the button that shows sq's deed card.
func (b *Kind) DeedButton(k *kit.Keyboard, lang string, sq int) tgbotapi.InlineKeyboardButton {
	return k.Btn(b.cat.T(lang, "btn_deed", nil), OpDeed, sq)
}

// deedRows are a button for every deed of the board, three a row, under
// /board.
func (b *Kind) deedRows(lang string, rec *Record) *tgbotapi.InlineKeyboardMarkup {
	ed := rec.Game.EditionData()
	k := &kit.Keyboard{Rec: rec}
	var row []tgbotapi.InlineKeyboardButton
	for grp := 0; grp < ed.GroupCount(); grp++ {
		emoji := b.cat.T(lang, fmt.Sprintf("group_emoji_%s_%d", rec.Edition, grp), nil)
		for _, sq := range ed.Group(grp) {
			row = append(row, k.Btn(emoji+" "+b.squareName(lang, rec, sq), OpDeed, sq))
			if len(row) == 3 {
				k.Row(row...)
				row = nil
			}
		}
	}
	k.Row(row...)
	return k.Markup()
}

// renderSeatsAndDeeds is the text under /board's picture: where everyone
// stands (in jail or visiting it), their cash, and how to see a deed.
func (b *Kind) renderSeatsAndDeeds(lang string, rec *Record) string {
	return b.renderPlayers(lang, rec) + "\n\n" + b.cat.T(lang, "board_deeds_hint", nil)
}

// withDeeds adds to /board's change the message with a button per deed:
// a new one under the picture, while the previous one loses its buttons,
// so only the newest stays live and the game's end can close it.
func (b *Kind) withDeeds(board func(c *chatState) error) func(c *chatState) error {
	return func(c *chatState) error {
		if err := board(c); err != nil || c.Rec == nil || c.Rec.Status != StatusPlaying || c.Rec.Game == nil {
			return err
		}
		rec, lang := c.Rec, c.ChatLang()
		if rec.DeedsMsg != 0 {
			c.Finalize(deedsSlot(rec.ID), rec.DeedsMsg, b.cat.T(lang, "board_deeds_newer", nil))
		}
		c.Show(deedsSlot(rec.ID), 0, b.renderSeatsAndDeeds(lang, rec), b.deedRows(lang, rec))
		rec.DeedsMsg, c.Quiet = 0, true
		return nil
	}
}

// deedToast is the card of a deed the trade composer's press just put
// into the offer, for a toast: what it is worth, as it joins the offer;
// "" for any other press.
func (b *Kind) deedToast(lang string, rec *Record, user int64, press Press) string {
	if press.Op != OpTrGive && press.Op != OpTrTake || rec == nil || rec.Drafts[user] == nil {
		return ""
	}
	tr := rec.Drafts[user].Trade
	if !slices.Contains(tr.GiveDeeds, press.Arg) && !slices.Contains(tr.TakeDeeds, press.Arg) {
		return ""
	}
	return b.DeedCard(lang, rec, press.Arg)
}

// onDeedPress answers a deed button with the card. Anyone in the chat may
// look; the press is checked against the game, not its revision.
func (b *Kind) onDeedPress(ctx context.Context, updateID int, q *tgbotapi.CallbackQuery, p Press) {
	chat := q.Message.Chat.ID
	defer b.lock(chat)()
	st, err := b.change(chat, updateID, func(c *chatState) error {
		lang := c.PresserLang(q.From.LanguageCode) // the card is an alert: the presser's to read
		c.AnswerLang = lang
		if c.Rec == nil || c.Rec.ID != p.Game || c.Rec.Status != StatusPlaying || c.Rec.Game == nil {
			c.Alert = b.staleText(c.Rec, lang, p)
			return nil
		}
		c.Alert = b.DeedCard(lang, c.Rec, p.Arg)
		return nil
	})
	b.answer(ctx, q.ID, st, err)
	b.finish(ctx, st, err, q.ID)
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
