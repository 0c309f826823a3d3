package timers

import (
	"context"
	"sync"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Run fires due deadlines until ctx ends, checking storage every tick (at
// most a second).
func (t *Timers) Run(ctx context.Context, tick time.Duration) {
	if tick <= 0 || tick > time.Second {
		tick = time.Second
	}
	tk := time.NewTicker(tick)
	defer tk.Stop()
	for {
		t.FireDue(ctx)
		select {
		case <-ctx.Done():
			return
		case <-tk.C:
		}
	}
}

// FireBatch bounds the timers fired in one round, fireParallel the chats
// fired at once.
const (
	FireBatch    = 256
	fireParallel = 16
)

// FireDue fires every timer whose moment has passed, earliest first.
func (t *Timers) FireDue(ctx context.Context) {
	// Rounds are bounded, so an entry that could not be handled cannot
	// keep the runner busy; the next tick goes on.
	for round := 0; round < 64 && ctx.Err() == nil; round++ {
		var due []storage.Timer
		now := t.now().UnixMilli()
		if err := t.store.View(func(tx *storage.Tx) error {
			due = tx.DueTimers(now, FireBatch)
			return nil
		}); err != nil {
			t.log.Warn("reading due timers", "err", err)
			return
		}
		// Chats are independent: fire them in parallel (bounded), so their
		// commits share fsyncs through Store.Batch after a long downtime.
		var wg sync.WaitGroup
		sem := make(chan struct{}, fireParallel)
		for _, e := range due {
			sem <- struct{}{}
			wg.Add(1)
			go func() {
				defer func() { <-sem; wg.Done() }()
				if !t.safe(e.Chat, "timer", func() { t.fire(ctx, e) }) {
					t.postpone(e)
				}
			}()
		}
		wg.Wait()
		if len(due) < FireBatch {
			return
		}
	}
}

// fire handles what is due in one chat: an archive, kicks, a timeout or a
// reminder; offers past their deadline are withdrawn after it.
func (t *Timers) fire(ctx context.Context, e storage.Timer) {
	defer t.host.Lock(e.Chat)()
	expired := false
	remind := ""
	st, err := t.host.Change(e.Chat, func(c *kit.Change) error {
		c.Stale = e
		remind = "" // Batch may run this more than once
		r := c.Rec
		if r == nil {
			return nil
		}
		now := t.now().UnixMilli()
		lang := c.ChatLang()
		if c.Settings.Paused {
			return nil
		}
		if now >= lastTouch(r)+ArchiveAfter(r).Milliseconds() {
			c.Remove = true
			c.Lobby, c.Turn = r.Status == kit.StatusLobby, r.Status == kit.StatusPlaying
			days := optionsOf(r).ArchiveDays()
			c.Replies = append(c.Replies, kit.Reply{Text: t.cat.T(lang, "game_archived", map[string]any{"Days": max(days, 1)})})
			return nil
		}
		if r.Status == kit.StatusLobby {
			t.host.LobbyDue(c, lang, now)
			return nil
		}
		if r.Status != kit.StatusPlaying || r.Clock.PausedAt != 0 {
			return nil
		}
		kind := t.host.Kind(r)
		p := kind.Pending(r)
		if p.Decision == "" { // the game is over
			return nil
		}
		expired = p.Due != 0 && p.Due <= r.Clock.GameTime(now)
		// One engine action per change, so the log replays: a kick now, the
		// rest at the next tick (plan schedules kicks for now).
		if t.kick(c, lang) {
			return nil
		}
		cl := &r.Clock
		switch {
		case cl.Deadline != 0 && now >= cl.Deadline:
			if !kind.Timeout(c, lang) {
				return nil
			}
			// A turn with one or more timeouts is one missed turn for
			// each seat that missed it (a computer's move is no timeout).
			for _, w := range missedBy(p) {
				if w >= 0 && w < len(cl.Strikes) && cl.StruckTurn[w] != p.Turn {
					cl.Strikes[w]++
					cl.StruckTurn[w] = p.Turn
				}
			}
		case reminderAt(r, p) != 0 && now >= reminderAt(r, p):
			cl.Reminded++
			remind = t.reminder(lang, r, p, cl.Deadline-now)
		}
		return nil
	})
	t.host.Finish(ctx, st, err)
	if remind != "" && err == nil && st.Rec != nil {
		t.PostReminder(st.Chat, st.Rec, remind)
	}
	if expired && err == nil {
		t.host.Kind(st.Rec).Expire(ctx, e.Chat)
	}
}

// missedBy are the seats that miss a turn when p's deadline passes.
func missedBy(p kit.Pending) []int {
	switch {
	case p.Computer:
		return nil
	case p.Missed != nil:
		return p.Missed
	}
	return []int{p.Seat}
}

// kick removes a player who timed out KickAfter times in a row, as
// bankrupt to the bank, and says whether it did.
func (t *Timers) kick(c *kit.Change, lang string) bool {
	for _, seat := range t.kickable(c.Rec) {
		if t.ResignSeat(c, lang, seat, "player_kicked_afk") {
			return true
		}
	}
	return false
}

// ResignSeat makes a seat leave the game on the bot's initiative (an
// absent player, a vote), announcing it with the message id.
func (t *Timers) ResignSeat(c *kit.Change, lang string, seat int, id string) bool {
	r := c.Rec
	if !t.host.Kind(r).Resign(c, lang, seat) {
		return false
	}
	if seat < len(r.Clock.Strikes) {
		r.Clock.Strikes[seat] = 0
	}
	// A kind may word it its own way (Deal: no bankruptcy, the cards go
	// to the discards).
	id = t.cat.ForEdition(lang, r.Edition, id)
	c.Replies = append(c.Replies, kit.Reply{Text: t.cat.T(lang, id, map[string]any{"Player": kit.Mention(r.Seats[seat]), "Count": KickAfter(r)})})
	return true
}

// BrokenTimerRetry is how long a chat whose timer panicked waits before
// its timer is tried again: retrying every tick would fill the log.
const BrokenTimerRetry = time.Hour

// postpone moves a timer entry whose firing panicked to later. The
// record's own idea of its timer is left alone: when the record next
// changes, the postponed entry is a stale one (fire drops it).
func (t *Timers) postpone(e storage.Timer) {
	later := t.now().Add(BrokenTimerRetry).UnixMilli()
	err := t.store.Batch(func(tx *storage.Tx) error {
		if err := tx.DeleteTimer(e.At, e.Chat); err != nil {
			return err
		}
		return tx.PutTimer(later, e.Chat)
	})
	if err != nil {
		t.log.Error("postponing a broken chat's timer", "chat", e.Chat, "err", err)
	}
}

// MoveTimer moves a migrated chat's timer entry to its new id.
func MoveTimer(tx *storage.Tx, from, to int64) error {
	data, ok := tx.Game(to)
	if !ok {
		return nil
	}
	r, err := kit.DecodeRecord(data)
	if err != nil || r.Clock.Timer == 0 {
		return err
	}
	if err := tx.DeleteTimer(r.Clock.Timer, from); err != nil {
		return err
	}
	return tx.PutTimer(r.Clock.Timer, to)
}
