package bot

import (
	"log/slog"
	"runtime/debug"
	"time"

	"github.com/monopoly-tg/monopoly-bot/storage"
)

// survive runs fn, the work of one chat outside an update's handler (a
// timer, a delivery, a sent message's id, a start-up's re-show). A panic
// there is a bug or a record no code expected; it is logged with the chat
// and reported as false, so the caller skips that chat and serves the
// rest instead of the process dying — at every start, if the record stays.
// (Handlers have the dispatcher's recover.)
func survive(log *slog.Logger, chat int64, what string, fn func()) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			log.Error("panic; skipping the chat", "chat", chat, "in", what, "panic", r, "stack", string(debug.Stack()))
		}
	}()
	fn()
	return true
}

// brokenTimerRetry is how long a chat whose timer panicked waits before
// its timer is tried again: retrying every tick would fill the log.
const brokenTimerRetry = time.Hour

// postpone moves a timer entry whose firing panicked to later. The
// record's own idea of its timer is left alone: when the record next
// changes, the postponed entry is a stale one (fire drops it).
func (b *Bot) postpone(t storage.Timer) {
	later := b.cfg.Now().Add(brokenTimerRetry).UnixMilli()
	err := b.store.Batch(func(tx *storage.Tx) error {
		if err := tx.DeleteTimer(t.At, t.Chat); err != nil {
			return err
		}
		return tx.PutTimer(later, t.Chat)
	})
	if err != nil {
		b.log.Error("postponing a broken chat's timer", "chat", t.Chat, "err", err)
	}
}
