package bot

import (
	"strconv"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/lobby"
	"github.com/monopoly-tg/monopoly-bot/bot/settings"
	"github.com/monopoly-tg/monopoly-bot/bot/votes"
)

// Messages that are edited over time are named by slots in the outbox:
// "<name>:<game id base36>[:<key>]". The lobby's slot is the chat layer's
// (and the settings menu's, which names no game); every other name belongs
// to the game's kind. A slot knows its message once it is sent (onSent
// stores the id in the record, the kind's through Kind.Sent); finalize
// gives a slot's message its last text and detaches it, so the next
// message of the slot is a new one.

// parseSlot reads a game's slot: its name, game and key ("" if none).
func parseSlot(s string) (name string, game uint64, key string, ok bool) {
	name, rest, _ := strings.Cut(s, ":")
	g, key, _ := strings.Cut(rest, ":")
	game, err := strconv.ParseUint(g, 36, 64)
	return name, game, key, err == nil && name != "" && name != settings.MenuSlot && name != settings.RulesSlotName
}

// sentIDs stores the ids of sent messages where they belong (the outbox's
// OnSent). It stays in package bot while showing a change is bot/publish:
// which field of the record a slot's id goes to is known by the votes,
// the reminder, the lobby, the settings menu and every kind.
type sentIDs struct{ b *Bot }

// onSent stores the id of a slot's newly sent message in the record.
func (s sentIDs) onSent(chat int64, slot string, id int) {
	survive(s.b.log, chat, "sent message", func() { s.remember(chat, slot, id) })
}

func (s sentIDs) remember(chat int64, slot string, id int) {
	b := s.b
	if slot == settings.MenuSlot {
		if err := b.settingsMenu().Remember(chat, id); err != nil {
			b.log.Warn("remembering the settings menu", "chat", chat, "err", err)
		}
		return
	}
	name, game, key, ok := parseSlot(slot)
	if !ok {
		return
	}
	defer b.lock(chat)()
	if own, group, private := kit.PrivateKey(key); private && group != chat {
		// A kind's message in a person's private chat (a hand): its id is
		// stored in the group's record. Lock order: private chat, group.
		defer b.lock(group)()
		b.publisher.RememberMessage(group, game, func(r *kit.Record) bool { return b.kinds.Of(r).Sent(r, name, own, id) })
		return
	}
	// A slot without a key is reused by the next message (the lobby's, a
	// turn's): the change that moved on (started the game, ended the turn)
	// may have taken the lock first and detached this message, and the
	// record waits for a newer one. Storing this id would make a restart
	// edit the closed message instead of the current one.
	if key == "" && !b.out.Holds(chat, slot, id) {
		return
	}
	b.publisher.RememberMessage(chat, game, func(r *kit.Record) bool {
		switch name {
		case votes.SlotName: // bot/votes
			return votes.Sent(r, key, id)
		case remindSlotName: // bot/timers/remind.go
			if r.Clock.Reminded == 0 || r.Clock.Reminder == id {
				return false
			}
			r.Clock.Reminder = id
			return true
		case lobby.SlotName:
		default:
			return b.kinds.Of(r).Sent(r, name, key, id)
		}
		r.LobbyMsg = id
		return true
	})
	if name == lobby.SlotName {
		bell{b}.opened(chat, game, id) // bot/lobby_notify.go
	}
}
