package bot

import (
	"strconv"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
	"strings"
)

// Messages that are edited over time are named by slots in the outbox:
// "<kind>:<game id base36>[:<key>]". A slot knows its message once it is
// sent (onSent stores the id in the record); finalize gives a slot's
// message its last text and detaches it, so the next message of the slot
// is a new one.

// Slot kinds.
const (
	slotLobby    = "lobby"
	slotTurn     = "turn"
	slotOffer    = "offer"    // key: the engine's trade id
	slotSettings = "settings" // key: the settings message's id; not in the record
)

func lobbySlot(game uint64) string { return slotLobby + ":" + strconv.FormatUint(game, 36) }
func turnSlot(game uint64) string  { return slotTurn + ":" + strconv.FormatUint(game, 36) }
func offerSlot(game uint64, offer int) string {
	return slotOffer + ":" + strconv.FormatUint(game, 36) + ":" + strconv.Itoa(offer)
}
func settingsSlot(msg int) string { return slotSettings + ":" + strconv.Itoa(msg) }

// slotName is a parsed slot of a game's message.
type slotName struct {
	kind string
	game uint64
	key  int
}

func parseSlot(s string) (slotName, bool) {
	kind, rest, _ := strings.Cut(s, ":")
	game, key, hasKey := strings.Cut(rest, ":")
	var n slotName
	var err error
	if n.game, err = strconv.ParseUint(game, 36, 64); err != nil {
		return n, false
	}
	n.kind = kind
	switch kind {
	case slotLobby, slotTurn:
		return n, !hasKey
	case slotOffer:
		n.key, err = strconv.Atoi(key)
		return n, err == nil && n.key > 0
	}
	return n, false
}

// setMessage stores the id of slot n's message in the record.
func (r *Record) setMessage(n slotName, id int) {
	switch n.kind {
	case slotLobby:
		r.LobbyMsg = id
	case slotTurn:
		r.TurnMsg = id
	case slotOffer:
		for i := range r.Offers {
			if r.Offers[i].ID == n.key {
				r.Offers[i].Msg = id
			}
		}
	}
}

// final is a message given its last text, without buttons: msg is its id
// if known (0: the slot still knows it, or it was never sent).
type final struct {
	slot string
	msg  int
	text string
}

// finalize gives slot's message its final text once the change is
// committed (finish). It is the one way a message stops changing: a
// closed turn, an ended offer, a started or cancelled lobby, a closed menu.
func (c *chatState) finalize(slot string, msg int, text string) {
	c.finals = append(c.finals, final{slot: slot, msg: msg, text: text})
}

// finalizeOnce is finalize unless the change already finalized slot.
func (c *chatState) finalizeOnce(slot string, msg int, text string) {
	for _, f := range c.finals {
		if f.slot == slot {
			return
		}
	}
	c.finalize(slot, msg, text)
}

// shown is a message's live content: its slot, its id if known.
type shown struct {
	slot string
	msg  int
	text string
	kb   *tgbotapi.InlineKeyboardMarkup
}

// show makes slot's message show text and kb once the change is committed
// (finish): an edit, or a new message if it has none yet.
func (c *chatState) show(slot string, msg int, text string, kb *tgbotapi.InlineKeyboardMarkup) {
	c.shows = append(c.shows, shown{slot: slot, msg: msg, text: text, kb: kb})
}

// legacyFinals are the offer messages an older version had still to
// finalize (Record.OfferEdits).
func legacyFinals(r *Record) []final {
	var out []final
	for _, e := range r.OfferEdits {
		slot := offerSlot(r.ID, e.Offer)
		if e.Offer == 0 { // before the slot was stored: one never Put, so only msg is edited
			slot = "offer:" + strconv.FormatUint(r.ID, 36) + ":m" + strconv.Itoa(e.Msg)
		}
		out = append(out, final{slot: slot, msg: e.Msg, text: e.Text})
	}
	return out
}

// OfferEdit is an offer message an older version had still to finalize.
type OfferEdit struct {
	Msg   int    `json:"msg"`
	Text  string `json:"text"`
	Offer int    `json:"offer,omitempty"` // engine trade id
}

// onSent stores the id of a slot's newly sent message in the record.
func (b *Bot) onSent(chat int64, slot string, id int) {
	n, ok := parseSlot(slot)
	if !ok {
		return
	}
	defer b.lock(chat)()
	// The lobby and turn slots are reused by the next message: the change
	// that moved on to the next turn (or started the game) may have taken
	// the lock first, detached this message, and the record waits for a
	// newer one. Storing this id would make a restart edit the closed
	// message instead of the current one. An offer's slot is its own.
	if n.kind != slotOffer && !b.out.Holds(chat, slot, id) {
		return
	}
	b.rememberMessage(chat, n.game, func(r *Record) { r.setMessage(n, id) })
}
