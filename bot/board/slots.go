package board

import (
	"strconv"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// The board game's messages edited over time: the turn message, each
// offer's (key: the engine's trade id), each person's deep link to the
// trade composer (key: the user id) and, in their private chat, their
// composer (composerSlot).
func TurnSlot(game uint64) string  { return kit.GameSlot("turn", game, "") }
func deedsSlot(game uint64) string { return kit.GameSlot("deeds", game, "") }

// deedsPictureSlot is /board's picture that carries who owns what as its
// caption (deed.go).
func deedsPictureSlot(game uint64) string { return kit.GameSlot("deedspic", game, "") }
func offerSlot(game uint64, offer int) string {
	return kit.GameSlot("offer", game, strconv.Itoa(offer))
}
func linkSlot(game uint64, user int64) string {
	return kit.GameSlot("link", game, strconv.FormatInt(user, 10))
}

// legacyFinals are the offer messages an older version had still to
// finalize (Record.OfferEdits).
func legacyFinals(r *kit.Record) []kit.Final {
	var out []kit.Final
	for _, e := range Of(r).OfferEdits {
		slot := offerSlot(r.ID, e.Offer)
		if e.Offer == 0 { // before the slot was stored: one never Put, so only msg is edited
			slot = "offer:" + strconv.FormatUint(r.ID, 36) + ":m" + strconv.Itoa(e.Msg)
		}
		out = append(out, kit.Final{Slot: slot, Msg: e.Msg, Text: e.Text})
	}
	return out
}
