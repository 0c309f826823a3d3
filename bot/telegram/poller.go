package telegram

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// Updater is the tgbotapi method the Poller needs; *tgbotapi.BotAPI has it.
type Updater interface {
	GetUpdates(config tgbotapi.UpdateConfig) ([]tgbotapi.Update, error)
}

// Sink is where the Poller hands updates; *Dispatcher is one. The Poller
// needs the watermark because it only confirms handled updates.
type Sink interface {
	Dispatch(ctx context.Context, u tgbotapi.Update) error
	Watermark() int
	Advanced() <-chan struct{}
}

// PollerOptions tune a Poller. Zero values mean the defaults.
type PollerOptions struct {
	// Offset is the first update_id wanted: the stored offset.
	Offset int
	// Timeout is the long-poll wait, in whole seconds (30 s; at most 50).
	// The http.Client's timeout must be longer.
	Timeout time.Duration
	// Limit is the page size (100, Telegram's maximum).
	Limit int
	// AllowedUpdates filters update kinds; Telegram remembers the last
	// list sent, so nil means "as before", not "everything".
	AllowedUpdates []string
	// Backoff is the first pause after a failed poll, doubling up to
	// MaxBackoff (1 s, 30 s). ConflictBackoff is the pause after a 409,
	// which means another instance polls or a webhook is set (15 s).
	Backoff, MaxBackoff, ConflictBackoff time.Duration
	// Recheck is how soon the poller asks again while updates it already
	// dispatched are still being handled (300 ms). Telegram returns
	// unconfirmed updates at once instead of long-polling, so without this
	// pause one slow handler would turn polling into a busy loop.
	Recheck time.Duration
	// Spool, if set, keeps updates durably before the poller confirms them
	// unhandled; see Run. Without it the poller waits instead.
	Spool Spool
	// Sleep is replaceable for tests; it must return ctx.Err() when ctx
	// ends first.
	Sleep  func(ctx context.Context, d time.Duration) error
	Logger *slog.Logger
}

// Spool is durable room for updates that Telegram will forget: storage.Store
// implements it. Updates are tgbotapi's JSON, by update_id.
type Spool interface {
	// SpoolUpdates stores the updates durably before it returns.
	SpoolUpdates(updates map[int][]byte) error
	// SpooledUpdates returns what is stored, in no particular order.
	SpooledUpdates() (map[int][]byte, error)
	// UnspoolUpdates deletes the updates up to upTo.
	UnspoolUpdates(upTo int) error
}

// Poller fetches updates with getUpdates and hands them to a Sink.
//
// It confirms updates lazily: the offset it sends is the sink's watermark
// plus one, so Telegram keeps every update not yet handled, and a crash at
// any moment loses nothing (the handler skips what it already applied).
// Updates that come back while still in the sink are not dispatched twice.
//
// A whole page of updates still being handled hides the newer ones, and
// Telegram shows them only to an offset past the page, which confirms it.
// With a Spool the page is stored first (and dispatched again from there
// after a crash); without one the poller waits for the handlers, so an
// update is never confirmed unhandled and never lost.
type Poller struct {
	api  Updater
	sink Sink
	opts PollerOptions
	log  *slog.Logger
}

// NewPoller prepares a Poller; Run starts it.
func NewPoller(api Updater, sink Sink, opts PollerOptions) *Poller {
	if opts.Timeout == 0 {
		opts.Timeout = 30 * time.Second
	}
	if opts.Timeout > 50*time.Second {
		opts.Timeout = 50 * time.Second
	}
	if opts.Limit <= 0 || opts.Limit > 100 {
		opts.Limit = 100
	}
	if opts.Backoff <= 0 {
		opts.Backoff = time.Second
	}
	if opts.MaxBackoff <= 0 {
		opts.MaxBackoff = 30 * time.Second
	}
	if opts.ConflictBackoff <= 0 {
		opts.ConflictBackoff = 15 * time.Second
	}
	if opts.Recheck <= 0 {
		opts.Recheck = 300 * time.Millisecond
	}
	if opts.Sleep == nil {
		opts.Sleep = sleep
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	return &Poller{api: api, sink: sink, opts: opts, log: opts.Logger}
}

// Run polls until ctx ends (returning ctx.Err()), the token is refused, or
// the sink refuses an update. It returns promptly on cancel: the pending
// long poll is abandoned, not waited for (it ends by itself within Timeout;
// a new poller started at once in the same process may see a 409 until then).
func (p *Poller) Run(ctx context.Context) error {
	floor := p.opts.Offset // never ask for less than this
	next := p.opts.Offset  // every update below next has been dispatched
	spooled := 0           // the highest update in the spool, 0: none
	if p.opts.Spool != nil {
		var err error
		if next, spooled, err = p.replay(ctx); err != nil {
			return err
		}
		floor = next
	}
	failures := 0
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		mark := p.sink.Watermark()
		if spooled > 0 && mark >= spooled {
			// Before a poll that may wait long: the spool is cleared as
			// soon as the handlers are past it.
			if err := p.opts.Spool.UnspoolUpdates(spooled); err != nil {
				p.log.Warn("telegram: clearing spooled updates", "err", err)
			} else {
				spooled = 0
			}
		}
		offset := max(mark+1, floor)
		updates, err := p.get(ctx, tgbotapi.UpdateConfig{
			Offset:         offset,
			Limit:          p.opts.Limit,
			Timeout:        int(p.opts.Timeout / time.Second),
			AllowedUpdates: p.opts.AllowedUpdates,
		})
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			failures++
			d, fatal := p.pause(err, failures)
			if fatal {
				return fmt.Errorf("telegram getUpdates: %w", redact(err))
			}
			if err := p.opts.Sleep(ctx, d); err != nil {
				return err
			}
			continue
		}
		failures = 0

		fresh := 0
		for _, u := range updates {
			if u.UpdateID < next {
				continue
			}
			if err := p.sink.Dispatch(ctx, u); err != nil {
				return err
			}
			next = u.UpdateID + 1
			fresh++
		}
		if fresh > 0 || len(updates) == 0 {
			continue
		}
		if len(updates) >= p.opts.Limit && p.opts.Spool != nil {
			if err := p.spool(updates, mark); err != nil {
				p.log.Error("telegram: spooling a page of unhandled updates failed; waiting for the handlers instead", "err", err)
			} else {
				spooled = max(spooled, next-1)
				floor = next
				continue
			}
		}
		advanced := p.sink.Advanced()
		if p.sink.Watermark() != mark {
			continue
		}
		t := time.NewTimer(p.opts.Recheck)
		select {
		case <-advanced:
		case <-t.C:
		case <-ctx.Done():
		}
		t.Stop()
	}
}

// spool stores the updates of a page that are not handled yet, so the
// poller can confirm past them.
func (p *Poller) spool(updates []tgbotapi.Update, mark int) error {
	keep := make(map[int][]byte, len(updates))
	for _, u := range updates {
		if u.UpdateID <= mark {
			continue
		}
		b, err := json.Marshal(u)
		if err != nil {
			return err
		}
		keep[u.UpdateID] = b
	}
	p.log.Warn("telegram: handlers are behind a full page; spooling it to see past it", "watermark", mark, "updates", len(keep))
	return p.opts.Spool.SpoolUpdates(keep)
}

// replay dispatches what an earlier run spooled and did not handle, and
// returns the offset to poll from and the highest update spooled.
func (p *Poller) replay(ctx context.Context) (next, spooled int, err error) {
	next = p.opts.Offset
	kept, err := p.opts.Spool.SpooledUpdates()
	if err != nil {
		return 0, 0, fmt.Errorf("telegram: reading spooled updates: %w", err)
	}
	ids := make([]int, 0, len(kept))
	for id := range kept {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		spooled = id
		if id < p.opts.Offset {
			continue // handled before the last stop
		}
		var u tgbotapi.Update
		if err := json.Unmarshal(kept[id], &u); err != nil || u.UpdateID != id {
			p.log.Error("telegram: a spooled update is unreadable; skipped", "update", id, "err", err)
			continue
		}
		if err := p.sink.Dispatch(ctx, u); err != nil {
			return 0, 0, err
		}
		next = id + 1
	}
	if len(ids) > 0 {
		p.log.Info("telegram: spooled updates dispatched again", "updates", len(ids), "next", next)
	}
	return next, spooled, nil
}

// get is GetUpdates that gives up waiting when ctx ends; tgbotapi's
// requests carry no context.
func (p *Poller) get(ctx context.Context, cfg tgbotapi.UpdateConfig) ([]tgbotapi.Update, error) {
	type result struct {
		updates []tgbotapi.Update
		err     error
	}
	ch := make(chan result, 1)
	go func() {
		u, err := p.api.GetUpdates(cfg)
		ch <- result{u, err}
	}()
	select {
	case r := <-ch:
		return r.updates, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// pause decides how long to wait after a failed poll, or that waiting
// cannot help.
func (p *Poller) pause(err error, failures int) (time.Duration, bool) {
	backoff := p.opts.Backoff << min(failures-1, 16)
	if backoff > p.opts.MaxBackoff || backoff <= 0 {
		backoff = p.opts.MaxBackoff
	}
	e, ok := apiError(err)
	if !ok {
		p.log.Warn("telegram: getUpdates failed", "err", redact(err), "retry_in", backoff)
		return backoff, false
	}
	switch e.Code {
	case http.StatusUnauthorized, http.StatusNotFound:
		p.log.Error("telegram: getUpdates refused; the token or endpoint is wrong", "code", e.Code, "err", e.Message)
		return 0, true
	case http.StatusConflict:
		p.log.Error("telegram: getUpdates conflict: another instance is polling or a webhook is set", "err", e.Message, "retry_in", p.opts.ConflictBackoff)
		return p.opts.ConflictBackoff, false
	case http.StatusTooManyRequests:
		d := max(time.Duration(e.RetryAfter)*time.Second, time.Second)
		p.log.Warn("telegram: getUpdates flood limit", "retry_in", d)
		return d, false
	}
	p.log.Warn("telegram: getUpdates failed", "code", e.Code, "err", e.Message, "retry_in", backoff)
	return backoff, false
}
