package bot

import (
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Who can be written to privately is bot/reach's (b.reach): the guarded
// Messenger, the refusal memory and its stored Settings.Reach, telling a
// group once. reachHost is the chat layer as it asks it (reach.Host).
type reachHost struct{ b *Bot }

func (h reachHost) Stored(user int64) *kit.Reach {
	var s kit.Settings
	_ = h.b.store.View(func(tx *storage.Tx) error { s = h.b.loadSettings(tx, user); return nil })
	return s.Reach
}

func (h reachHost) Change(user int64, fn func(cur *kit.Reach) (*kit.Reach, bool)) error {
	defer h.b.lock(user)()
	_, err := h.b.change(user, 0, func(c *kit.Change) error {
		if next, changed := fn(c.Settings.Reach); changed {
			c.Settings.Reach, c.SettingsChanged = next, true
		}
		return nil
	})
	return err
}

func (h reachHost) Detach(chat int64, fn func()) { h.b.publisher.Detach(chat, fn) }

func (h reachHost) Now() time.Time { return h.b.cfg.Now() }

func (h reachHost) Send(chat int64, text string, kb *kit.Markup) { h.b.out.Send(chat, text, kb) }
