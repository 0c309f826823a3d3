package bot

import (
	"context"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/lobby"
	"github.com/monopoly-tg/monopoly-bot/bot/publish"
)

// finish shows the result of a committed change in the chat
// (publish.Publisher.Finish): after the transaction, under the chat's
// lock, it queues what the chat should show into the outbox.
func (b *Bot) finish(ctx context.Context, st *kit.Change, err error, callbackID string) {
	b.publisher.Finish(ctx, st, err, callbackID)
}

// publishHost is the chat layer as showing a change asks it (publish.Host).
type publishHost struct{ b *Bot }

var _ publish.Host = publishHost{}

func (h publishHost) Compose(st *kit.Change, lang string) {
	b := h.b
	if rec := st.Rec; rec != nil {
		if st.Lobby {
			h.lobby(lang, st)
		}
		if rec.Status == kit.StatusPlaying {
			b.kinds.Of(rec).Show(st, lang)
		}
	}
	b.voting().CloseOnEnd(st) // bot/votes
	b.timers.FinishReminder(st)
}

func (h publishHost) Show(st *kit.Change, lang string) { h.b.kinds.Of(st.Rec).Show(st, lang) }

func (h publishHost) RematchKeyboard(lang string, rec *kit.Record) *kit.Markup {
	return h.b.lobby().RematchKeyboard(lang, rec) // bot/lobby/rematch.go
}

// lobby shows the lobby's message as the change left it: live while it
// gathers players, final once the game started or the lobby was cancelled.
func (h publishHost) lobby(lang string, st *kit.Change) {
	b, rec := h.b, st.Rec
	slot := lobby.Slot(rec.ID)
	switch {
	case st.Remove && rec.Status == kit.StatusLobby:
		st.Finalize(slot, rec.LobbyMsg, b.cat.T(lang, "lobby_cancelled", nil))
	case rec.Status == kit.StatusPlaying:
		st.Finalize(slot, rec.LobbyMsg, b.lobby().Text(lang, rec)+"\n\n"+b.cat.T(lang, "lobby_started", nil))
	case st.Remove:
	default:
		l := b.lobby()
		st.Show(slot, rec.LobbyMsg, l.Text(lang, rec)+"\n\n"+l.Times(lang, rec), l.Keyboard(lang, rec))
	}
}
