package bot

import (
	"context"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// allowPress answers a press over the person's limit at once, silently.
func (b *Bot) allowPress(ctx context.Context, q *tgbotapi.CallbackQuery) bool {
	if q.From == nil || b.presses.allow(q.From.ID, time.Now()) {
		return true
	}
	if err := b.tg.AnswerCallback(ctx, q.ID, "", false); err != nil {
		b.log.Debug("answering a throttled press", "err", err)
	}
	return false
}

// later runs fn after chat's lock, which the caller holds, is released,
// and apart from the update's lane (detach): a call to Telegram a change
// needs that the outbox does not make (an edit of a message posted
// through inline mode).
func (b *Bot) later(chat int64, fn func()) {
	b.commit.Later(chat, func() { b.detach(chat, fn) })
}

// detach runs fn — a change's call to Telegram, queued to run once the
// chat's lock is released (later) — in a goroutine of its own: a
// private chat's budget (one message a second, a 429's retry_after) must
// hold up neither the group's lock nor the group's lane of updates, whose
// next press would otherwise wait for it. Run waits for these calls
// before it stops.
func (b *Bot) detach(chat int64, fn func()) {
	b.detached.Add(1)
	b.detachedRunning.Add(1)
	go func() {
		defer b.detached.Done()
		defer b.detachedRunning.Add(-1)
		survive(b.log, chat, "a call after a change", fn)
	}()
}

// onForbidden is the outbox telling that the bot cannot write to a chat
// (removed from the group, blocked): the game is kept and paused.
func (b *Bot) onForbidden(chat int64) {
	defer b.lock(chat)()
	b.setPaused(chat, true)
}

// setPaused stores whether the bot may not write to the chat. Pausing
// drops the chat's timer entry (plan arms nothing while paused); the
// change that un-pauses re-arms it.
func (b *Bot) setPaused(chat int64, paused bool) {
	_, err := b.change(chat, 0, func(c *chatState) error {
		if c.Settings.Paused != paused {
			c.Settings.Paused, c.SettingsChanged = paused, true
		}
		return nil
	})
	if err != nil {
		b.log.Warn("pausing chat", "chat", chat, "err", err)
	}
	if paused {
		b.out.Pause(chat)
	}
}
