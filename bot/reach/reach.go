package reach

import (
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/outbox"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// ErrUnreachable marks a private message not sent because the person
// cannot receive it: refused by Telegram just now, or known to be. It is a
// 403 (telegram.ErrForbidden) for callers that only know that.
var ErrUnreachable = outbox.ErrUnreachable

// OpenPayload is the start payload of the link that opens the bot: any
// /start makes the person reachable; this one is answered as /start is.
const OpenPayload = "hi"

// maxTold bounds a person's list of groups told.
const maxTold = 16

// Host is what Reach asks of the chat layer.
type Host interface {
	// Stored is the person's stored reach (nil: nothing known).
	Stored(user int64) *kit.Reach
	// Change runs fn on the person's stored reach in a change of their
	// private chat, under their lock (the caller holds none of theirs);
	// fn may run again, and stores next when it reports changed.
	Change(user int64, fn func(cur *kit.Reach) (next *kit.Reach, changed bool)) error
	// Detach runs fn apart from the caller and its locks.
	Detach(chat int64, fn func())
	// Now is the clock's time.
	Now() time.Time
	// Send queues a message to a group through the outbox.
	Send(chat int64, text string, kb *kit.Markup)
}

// Reach is the bot's knowledge of who cannot be written to privately:
// storage is the truth; the set in memory answers the sends of this
// process at once (the refusal is stored apart, under the person's lock).
type Reach struct {
	host     Host
	cat      *locales.Catalog
	username string // the bot's, for the link that opens it
	log      *slog.Logger

	mu      sync.Mutex
	refused map[int64]bool
}

// New is the knowledge of reach over host; username is the bot's.
func New(host Host, cat *locales.Catalog, username string, log *slog.Logger) *Reach {
	return &Reach{host: host, cat: cat, username: username, log: log}
}

// refusedPerson says whether err is Telegram refusing a private message
// because of the person (not a missing right or a deleted account).
func refusedPerson(err error) bool {
	var e *tgbotapi.Error
	if !errors.As(err, &e) || e.Code != 403 {
		return false
	}
	d := strings.ToLower(e.Message)
	return strings.Contains(d, "can't initiate conversation") || strings.Contains(d, "blocked by the user")
}

// Unreachable says whether nothing may be sent to chat: a person's
// private chat that Telegram refused.
func (r *Reach) Unreachable(chat int64) bool {
	if chat <= 0 {
		return false
	}
	r.mu.Lock()
	known := r.refused[chat]
	r.mu.Unlock()
	if known {
		return true
	}
	if s := r.host.Stored(chat); s == nil || s.Refused == 0 {
		return false
	}
	r.remember(chat, true)
	return true
}

func (r *Reach) remember(user int64, refused bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !refused {
		delete(r.refused, user)
		return
	}
	if r.refused == nil {
		r.refused = map[int64]bool{}
	}
	r.refused[user] = true
}

// refusedBy passes err on; a refusal of a person's private chat is
// remembered (at once in memory, stored apart: the caller may hold that
// chat's lock) and returned as ErrUnreachable.
func (r *Reach) refusedBy(chat int64, err error) error {
	if err == nil || chat <= 0 || !refusedPerson(err) {
		return err
	}
	r.Refused(chat)
	return fmt.Errorf("%w (%w)", ErrUnreachable, err)
}

// Refused remembers that the person cannot be written to: at once in
// memory, and stored apart (the caller may hold their chat's lock).
func (r *Reach) Refused(chat int64) {
	r.remember(chat, true)
	r.host.Detach(chat, func() {
		err := r.host.Change(chat, func(cur *kit.Reach) (*kit.Reach, bool) {
			next := kit.Reach{}
			if cur != nil {
				next = *cur
			}
			if next.Refused != 0 {
				return nil, false
			}
			next.Refused, next.Greeted = r.host.Now().UnixMilli(), false
			return &next, true
		})
		if err != nil {
			r.log.Warn("storing that a person cannot be written to", "user", chat, "err", err)
		}
	})
}

// Reachable is a person writing to the bot in their private chat: they
// can be written to again. The caller holds no lock of theirs.
func (r *Reach) Reachable(user int64) {
	if !r.Unreachable(user) {
		return
	}
	r.remember(user, false)
	err := r.host.Change(user, func(cur *kit.Reach) (*kit.Reach, bool) {
		if cur == nil || cur.Refused == 0 {
			return nil, false
		}
		return nil, true // the groups told may be told again
	})
	if err != nil {
		r.log.Warn("storing that a person opened the bot", "user", user, "err", err)
	}
}

// Greeted stores that the person got 🔔's private message: their next
// presses answer with a toast only. The caller holds no lock of theirs.
func (r *Reach) Greeted(user int64) {
	err := r.host.Change(user, func(cur *kit.Reach) (*kit.Reach, bool) {
		next := kit.Reach{}
		if cur != nil {
			next = *cur
		}
		if next.Greeted {
			return nil, false
		}
		next.Greeted = true
		return &next, true
	})
	if err != nil {
		r.log.Warn("storing a greeting", "user", user, "err", err)
	}
}

// TellGroup says once in group that the person, just refused, cannot be
// written to privately, with a link that opens the bot; name is theirs,
// lang the group's. Called without locks (an outbox worker, a handler).
func (r *Reach) TellGroup(group, user int64, name, lang string) {
	if group >= 0 {
		return
	}
	first := false
	err := r.host.Change(user, func(cur *kit.Reach) (*kit.Reach, bool) {
		first = false
		next := kit.Reach{}
		if cur != nil {
			next = *cur
		}
		if slices.Contains(next.Told, group) {
			return nil, false
		}
		if next.Refused == 0 { // the refusal's own change may come later (refusedBy)
			next.Refused, next.Greeted = r.host.Now().UnixMilli(), false
		}
		next.Told = append(slices.Clone(next.Told), group)
		if len(next.Told) > maxTold {
			next.Told = next.Told[len(next.Told)-maxTold:]
		}
		first = true
		return &next, true
	})
	if err != nil || !first {
		return
	}
	who := kit.Mention(kit.Seat{User: user, Name: name})
	kb := kit.MarkupOf([][]kit.Button{{kit.URLButton(r.cat.T(lang, "btn_open_bot", nil), "https://t.me/"+r.username+"?start="+OpenPayload)}})
	r.host.Send(group, r.cat.T(lang, "private_unreachable", map[string]any{"Player": who}), kb)
}
