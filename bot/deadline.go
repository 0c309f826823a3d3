package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"sync"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/commit"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/lobby"
	"github.com/monopoly-tg/monopoly-bot/bot/votes"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Deadlines. Every pending decision of a running game has a deadline set by
// the game's pace (Record.Pace). The clock state lives in the record
// (Record.Clock) and the chat's next moment — the earliest of a reminder,
// the deadline, an offer's expiry and the archive of an untouched game — is
// one entry of the storage timer index (storage/timers.go). Bot.change
// re-plans it in the same transaction that changes the game, deleting the
// old key, so the index always matches the records: a restart loses no
// deadline and needs no scan, and the runner (RunTimers) only asks storage
// for the earliest due entries.

// kickAfter is how many timeouts in a row remove a player (0: never).
func kickAfter(r *Record) int { return max(opts(r).EffectiveKickAfter(), 0) }

func archiveAfter(r *Record) time.Duration { return opts(r).EffectiveArchiveAfter() }

// pace is the game's pace; records from before paces play live.
func pace(r *Record) Pace {
	if r.Pace.Name == "" || r.Pace.Decision <= 0 || r.Pace.Bid <= 0 {
		return Paces[DefaultPace]
	}
	return r.Pace
}

// opts are the options the game plays with (Record.Options, else the
// defaults).
func opts(r *Record) ChatOptions {
	if r.Options != nil {
		return *r.Options
	}
	return ChatOptions{}
}

// lastTouch is when a person last changed the record.
func lastTouch(r *Record) int64 { return max(r.Clock.Touched, r.Created) }

// window is how long the pending decision may take: the pace's decision
// time, or its bid window (Config.AuctionSilence, if set, replaces it).
func (b *Bot) window(r *Record, p Pending) time.Duration {
	switch {
	case p.Computer: // a computer's pause, so the chat can follow
		return pace(r).ComputerPause()
	case !p.Bid:
		return pace(r).Decision
	case b.cfg.AuctionSilence > 0:
		return b.cfg.AuctionSilence
	}
	return pace(r).Bid
}

// maxReminders per decision: two, one in the live pace, none for the live
// pace's bid window.
func maxReminders(r *Record, p Pending) int {
	live := pace(r).Name == PaceLive
	switch {
	case p.Computer, p.Bid && live:
		return 0
	case p.Bid, live:
		return 1
	}
	return 2
}

// reminderAt is the moment of the next reminder, 0 if none is left.
func reminderAt(r *Record, p Pending) int64 {
	cl := &r.Clock
	if cl.Deadline == 0 || cl.Reminded >= maxReminders(r, p) {
		return 0
	}
	if cl.Reminded == 0 {
		return cl.Deadline - cl.Length/2 // half time
	}
	return cl.Deadline - cl.Length/6 // shortly before
}

// plan brings the clock up to date with the game and returns the chat's
// next moment (0: none).
func (b *Bot) plan(c *chatState, now int64) int64 {
	r := c.Rec
	archive := lastTouch(r) + archiveAfter(r).Milliseconds()
	if c.Settings.Paused {
		return 0 // the bot cannot write there; the next change re-plans
	}
	if r.Status == StatusLobby {
		return min(archive, lobby.Next(r)) // bot/lobby
	}
	if r.Status != StatusPlaying {
		return archive
	}
	p := b.kindOf(r).Pending(r)
	if p.Decision == "" { // the game is over
		return archive
	}
	cl := &r.Clock
	if len(cl.Strikes) != len(r.Seats) || len(cl.StruckTurn) != len(r.Seats) {
		cl.Strikes, cl.StruckTurn = make([]int, len(r.Seats)), make([]int, len(r.Seats))
	}
	if p.Decision != cl.Decision {
		d := b.window(r, p)
		cl.Decision, cl.Reminded, cl.Length = p.Decision, 0, d.Milliseconds()
		cl.Reminder = 0 // the reminder goes with its decision (finishReminder)
		if cl.PausedAt != 0 {
			cl.Deadline, cl.Left = 0, d.Milliseconds()
		} else {
			cl.Deadline = now + d.Milliseconds()
		}
	}
	// A vote to kick someone the game no longer waits for is void.
	b.voting().Close(c, c.ChatLang(), func(v Vote) bool { return v.Kind == votes.Kick && v.Target != p.Seat }, "vote_void_moved")
	if cl.PausedAt != 0 {
		return archive
	}
	next := min(archive, cl.Deadline)
	if at := reminderAt(r, p); at != 0 {
		next = min(next, at)
	}
	if p.Due != 0 {
		next = min(next, cl.WallTime(p.Due))
	}
	if len(b.kickable(r)) > 0 {
		next = min(next, now)
	}
	return next
}

// kickable lists the seats that timed out KickAfter times in a row and
// may resign now (not while an auction runs).
func (b *Bot) kickable(r *Record) []int {
	k := kickAfter(r)
	if k == 0 || r.Status != StatusPlaying {
		return nil
	}
	var out []int
	for seat, n := range r.Clock.Strikes {
		if n >= k && b.kindOf(r).CanResign(r, seat) {
			out = append(out, seat)
		}
	}
	return out
}

// rearm re-plans the clock of a change (commit.Options.Rearm, before its transaction)
// and returns how the chat's timer index entry must move, and whether the
// clock changed (the record must be stored). human says a person made the
// change; seat is the seat whose own action it was (-1: none).
func (b *Bot) rearm(c *chatState, human bool, seat int) (commit.TimerMove, bool) {
	r := c.Rec
	before := c.ClockBefore
	if before == nil {
		before, _ = json.Marshal(r.Clock)
	}
	now := b.cfg.Now().UnixMilli()
	if human {
		r.Clock.Touched = now
		if seat >= 0 && seat < len(r.Clock.Strikes) {
			r.Clock.Strikes[seat] = 0
		}
	}
	var move commit.TimerMove
	if want := b.plan(c, now); want != r.Clock.Timer {
		move = commit.TimerMove{Drop: r.Clock.Timer, Add: want}
		r.Clock.Timer = want
	}
	after, _ := json.Marshal(r.Clock)
	return move, string(before) != string(after)
}

// actingSeat reads the seat of a log entry (-1 if none).
func actingSeat(entry []byte) int {
	if entry == nil {
		return -1
	}
	if seat, ok := leadingSeat(entry); ok {
		return seat
	}
	var e struct {
		Seat *int `json:"seat"`
	}
	if json.Unmarshal(entry, &e) != nil || e.Seat == nil {
		return -1
	}
	return *e.Seat
}

// leadingSeat reads the seat of an entry as the kinds encode theirs
// (kit.LogEntry and its like: numbers, then "seat", then the action)
// without decoding the action after it, as every change does; anything
// else is left to json.Unmarshal.
func leadingSeat(entry []byte) (int, bool) {
	rest, ok := bytes.CutPrefix(entry, []byte("{"))
	for ok {
		var key []byte
		if key, rest, ok = cutJSONKey(rest); !ok {
			return 0, false
		}
		end := 0
		for end < len(rest) && (rest[end] == '-' || rest[end] >= '0' && rest[end] <= '9') {
			end++
		}
		num, after := rest[:end], rest[end:]
		if len(after) == 0 || after[0] != ',' && after[0] != '}' {
			return 0, false // not a plain integer
		}
		switch string(key) {
		case "seat":
			n, err := strconv.Atoi(string(num))
			return n, err == nil
		case "update", "user":
			rest, ok = after[1:], after[0] == ','
		default:
			return 0, false
		}
	}
	return 0, false
}

// cutJSONKey cuts `"key":` off the front of b (a key without escapes).
func cutJSONKey(b []byte) (key, rest []byte, ok bool) {
	if len(b) == 0 || b[0] != '"' {
		return nil, nil, false
	}
	i := bytes.IndexByte(b[1:], '"')
	if i < 0 || bytes.IndexByte(b[1:1+i], '\\') >= 0 {
		return nil, nil, false
	}
	key, rest = b[1:1+i], b[2+i:]
	if len(rest) == 0 || rest[0] != ':' {
		return nil, nil, false
	}
	return key, rest[1:], true
}

// RunTimers fires due deadlines until ctx ends, checking storage every
// tick (at most a second).
func (b *Bot) RunTimers(ctx context.Context, tick time.Duration) {
	if tick <= 0 || tick > time.Second {
		tick = time.Second
	}
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		b.FireDue(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// fireBatch bounds the timers fired in one round, fireParallel the chats
// fired at once.
const (
	fireBatch    = 256
	fireParallel = 16
)

// FireDue fires every timer whose moment has passed, earliest first.
func (b *Bot) FireDue(ctx context.Context) {
	// Rounds are bounded, so an entry that could not be handled cannot
	// keep the runner busy; the next tick goes on.
	for round := 0; round < 64 && ctx.Err() == nil; round++ {
		var due []storage.Timer
		now := b.cfg.Now().UnixMilli()
		if err := b.store.View(func(tx *storage.Tx) error {
			due = tx.DueTimers(now, fireBatch)
			return nil
		}); err != nil {
			b.log.Warn("reading due timers", "err", err)
			return
		}
		// Chats are independent: fire them in parallel (bounded), so their
		// commits share fsyncs through Store.Batch after a long downtime.
		var wg sync.WaitGroup
		sem := make(chan struct{}, fireParallel)
		for _, t := range due {
			sem <- struct{}{}
			wg.Add(1)
			go func() {
				defer func() { <-sem; wg.Done() }()
				if !survive(b.log, t.Chat, "timer", func() { b.fire(ctx, t) }) {
					b.postpone(t)
				}
			}()
		}
		wg.Wait()
		if len(due) < fireBatch {
			return
		}
	}
}

// fire handles what is due in one chat: an archive, kicks, a timeout or a
// reminder; offers past their deadline are withdrawn after it.
func (b *Bot) fire(ctx context.Context, t storage.Timer) {
	defer b.lock(t.Chat)()
	expired := false
	remind := ""
	st, err := b.change(t.Chat, 0, func(c *chatState) error {
		c.Stale = t
		remind = "" // Batch may run this more than once
		r := c.Rec
		if r == nil {
			return nil
		}
		now := b.cfg.Now().UnixMilli()
		lang := c.ChatLang()
		if c.Settings.Paused {
			return nil
		}
		if now >= lastTouch(r)+archiveAfter(r).Milliseconds() {
			c.Remove = true
			c.Lobby, c.Turn = r.Status == StatusLobby, r.Status == StatusPlaying
			days := opts(r).ArchiveDays()
			c.Replies = append(c.Replies, kit.Reply{Text: b.cat.T(lang, "game_archived", map[string]any{"Days": max(days, 1)})})
			return nil
		}
		if r.Status == StatusLobby {
			b.lobby().Due(c, lang, now) // bot/lobby
			return nil
		}
		if r.Status != StatusPlaying || r.Clock.PausedAt != 0 {
			return nil
		}
		kind := b.kindOf(r)
		p := kind.Pending(r)
		if p.Decision == "" { // the game is over
			return nil
		}
		expired = p.Due != 0 && p.Due <= r.Clock.GameTime(now)
		// One engine action per change, so the log replays: a kick now, the
		// rest at the next tick (plan schedules kicks for now).
		if b.kick(c, lang) {
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
			remind = b.reminder(lang, r, p, cl.Deadline-now)
		}
		return nil
	})
	b.finish(ctx, st, err, "")
	if remind != "" && err == nil && st.Rec != nil {
		b.postReminder(st.Chat, st.Rec, remind)
	}
	if expired && err == nil {
		b.kindOf(st.Rec).Expire(ctx, t.Chat)
	}
}

// missedBy are the seats that miss a turn when p's deadline passes.
func missedBy(p Pending) []int {
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
func (b *Bot) kick(c *chatState, lang string) bool {
	for _, seat := range b.kickable(c.Rec) {
		if b.resignSeat(c, lang, seat, "player_kicked_afk") {
			return true
		}
	}
	return false
}

// resignSeat makes a seat leave the game on the bot's initiative (an
// absent player, a vote), announcing it with the message id.
func (b *Bot) resignSeat(c *chatState, lang string, seat int, id string) bool {
	r := c.Rec
	if !b.kindOf(r).Resign(c, lang, seat) {
		return false
	}
	if seat < len(r.Clock.Strikes) {
		r.Clock.Strikes[seat] = 0
	}
	// A kind may word it its own way (Deal: no bankruptcy, the cards go
	// to the discards).
	id = b.cat.ForEdition(lang, r.Edition, id)
	c.Replies = append(c.Replies, kit.Reply{Text: b.cat.T(lang, id, map[string]any{"Player": kit.Mention(r.Seats[seat]), "Count": kickAfter(r)})})
	return true
}

// The reminder of a decision is one message (the slot remind:<game>): a
// second reminder replaces the first (a new message, so that it notifies
// whom it mentions, and the old one deleted), and once the decision is
// taken or the game ends it is deleted, so the live turn's buttons are on
// the chat's last message again. Its id is stored in the clock
// (Clock.Reminder, through onSent), so a restart still deletes it. A
// reminder is not kept across a kill: the deadline it announced is.

func remindSlot(game uint64) string { return kit.GameSlot(remindSlotName, game, "") }

const remindSlotName = "remind"

// postReminder replaces the game's reminder with text; under the chat's
// lock, after the change that counted it.
func (b *Bot) postReminder(chat int64, r *Record, text string) {
	slot := remindSlot(r.ID)
	b.out.Remove(chat, slot, r.Clock.Reminder)
	b.out.Put(chat, slot, 0, text, nil)
}

// unsentReminder is the reminder text of a decision whose reminder was
// counted but never reported sent ("": none): a stop that cut its delivery
// leaves it owed, and Restore posts it.
func (b *Bot) unsentReminder(lang string, r *Record) string {
	cl := r.Clock
	if r.Status != StatusPlaying || cl.Reminded == 0 || cl.Reminder != 0 || cl.Deadline == 0 || cl.PausedAt != 0 {
		return ""
	}
	p := b.kindOf(r).Pending(r)
	if p.Decision != cl.Decision {
		return ""
	}
	return b.reminder(lang, r, p, max(cl.Deadline-b.cfg.Now().UnixMilli(), 0))
}

// finishReminder deletes the reminder of a decision the change moved on
// from (or of a game it ended): finish calls it after the commit.
func (b *Bot) finishReminder(st *chatState) {
	if st.Rec == nil || st.ClockBefore == nil {
		return
	}
	var before kit.Clock
	if json.Unmarshal(st.ClockBefore, &before) != nil || before.Reminded == 0 {
		return
	}
	cl := st.Rec.Clock
	if st.Remove || st.GameOver || cl.Decision != before.Decision || cl.Reminded == 0 {
		b.out.Remove(st.Chat, remindSlot(st.Rec.ID), before.Reminder)
	}
}

// reminder is the short message that mentions whom the game waits for.
func (b *Bot) reminder(lang string, r *Record, p Pending, left int64) string {
	var who []string
	for _, seat := range p.Remind {
		who = append(who, kit.Mention(r.Seats[seat]))
	}
	if len(who) == 0 {
		return ""
	}
	return b.cat.T(lang, "remind_decision", map[string]any{"Player": joinNames(who), "Left": kit.DurationText(b.cat, lang, left)})
}

func joinNames(names []string) string {
	out := ""
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}

// moveTimer moves a migrated chat's timer entry to its new id.
func moveTimer(tx *storage.Tx, from, to int64) error {
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
