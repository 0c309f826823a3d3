package deal

import (
	"strconv"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// A hand's private message: the link that opens it, its slot, its language,
// and its closing when the seat leaves — below play and the hand's presses
// (private.go).

// HandPayload is the /start payload of the link that opens a player's
// hand in their private chat (kit.StartPayload with "d").
func HandPayload(chat int64, game uint64) string { return kit.StartPayload("d", chat, game) }

func (k *hands) handLink(chat int64, game uint64) string {
	return kit.StartLink(k.cfg.Username, HandPayload(chat, game))
}

// handSlot names seat's hand message in its private chat; the slot names
// the group, whose record stores the message's id.
func handSlot(game uint64, seat int, group int64) string {
	return kit.PrivateSlot("hand", game, strconv.Itoa(seat), group)
}

// closeHand gives the hand message of a seat that left the game its last
// text, without buttons; nothing more is shown there.
func (k *hands) closeHand(c *kit.Change, lang string, seat int) {
	rec := c.Rec
	if seat < 0 || seat >= len(Of(rec).Hands) || seat >= len(rec.Seats) || !Of(rec).Hands[seat].Open {
		return
	}
	h := &Of(rec).Hands[seat]
	lang = handLang(c, rec, seat, lang)
	c.FinalizeIn(rec.Seats[seat].User, handSlot(rec.ID, seat, c.Chat), h.Msg, k.t(lang, "deal_hand_left", nil))
	Of(rec).ClearPick(seat)
	h.Open, h.Msg = false, 0
}

// handLang is the language seat's hand is drawn in: the one its person's
// private views of the game keep (kit.ViewLang); for a seat stored before
// there was one, their Telegram language recorded when the hand opened
// unless the group pinned one, else the group's (lang).
func handLang(c *kit.Change, rec *kit.Record, seat int, lang string) string {
	switch {
	case seat < len(rec.Seats) && rec.Seats[seat].Lang != "":
		return rec.Seats[seat].Lang
	case seat < len(Of(rec).Hands) && Of(rec).Hands[seat].Lang != "":
		return kit.PersonLang(c.Settings, Of(rec).Hands[seat].Lang)
	}
	return lang
}
