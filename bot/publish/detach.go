package publish

import "github.com/monopoly-tg/monopoly-bot/bot/kit"

// Later runs fn after chat's lock, which the caller holds, is released,
// and apart from the update's lane (Detach): a call to Telegram a change
// needs that the outbox does not make (an edit of a message posted
// through inline mode).
func (p *Publisher) Later(chat int64, fn func()) {
	p.path.Later(chat, func() { p.Detach(chat, fn) })
}

// Detach runs fn — a change's call to Telegram, queued to run once the
// chat's lock is released (Later) — in a goroutine of its own: a
// private chat's budget (one message a second, a 429's retry_after) must
// hold up neither the group's lock nor the group's lane of updates, whose
// next press would otherwise wait for it. Run waits for these calls
// before it stops (Wait).
func (p *Publisher) Detach(chat int64, fn func()) {
	p.detached.Add(1)
	p.running.Add(1)
	go func() {
		defer p.detached.Done()
		defer p.running.Add(-1)
		p.survive(chat, "a call after a change", fn)
	}()
}

// Wait waits for the calls Detach started.
func (p *Publisher) Wait() { p.detached.Wait() }

// Detached is how many calls Detach started are still running.
func (p *Publisher) Detached() int { return int(p.running.Load()) }

// OnForbidden is the outbox telling that the bot cannot write to a chat
// (removed from the group, blocked): the game is kept and paused.
func (p *Publisher) OnForbidden(chat int64) {
	defer p.path.Lock(chat)()
	p.SetPaused(chat, true)
}

// SetPaused stores whether the bot may not write to the chat. Pausing
// drops the chat's timer entry (plan arms nothing while paused); the
// change that un-pauses re-arms it. The caller holds the chat's lock.
func (p *Publisher) SetPaused(chat int64, paused bool) {
	_, err := p.path.Change(chat, 0, func(c *kit.Change) error {
		if c.Settings.Paused != paused {
			c.Settings.Paused, c.SettingsChanged = paused, true
		}
		return nil
	})
	if err != nil {
		p.log.Warn("pausing chat", "chat", chat, "err", err)
	}
	if paused {
		p.out.Pause(chat)
	}
}

// RememberMessage stores a message id in the chat's record, if the record
// is still the same game and set reports a change. It does not bump the
// revision: the buttons on screen stay valid. The caller holds the chat's
// lock.
func (p *Publisher) RememberMessage(chat int64, gameID uint64, set func(*kit.Record) bool) {
	_, err := p.path.ChangeWith(chat, chat, 0, func(c *kit.Change) error {
		if c.Rec != nil && c.Rec.ID == gameID && set(c.Rec) {
			c.Quiet = true
		}
		return nil
	}, true)
	if err != nil {
		p.log.Warn("remembering message id", "chat", chat, "err", err)
	}
}
