package fakeapi

import (
	"strconv"
	"sync"
	"time"
)

// Limits makes the fake enforce Telegram's flood limits, answering 429 with
// retry_after as Telegram does. Off unless a test calls Server.Enforce, so
// tests that do not care keep their behaviour.
type Limits struct {
	// GroupPerMinute bounds sends and edits into one group (negative chat
	// id) in any rolling minute (Telegram: about 20).
	GroupPerMinute int
	// ChatBurst and ChatEvery are a token bucket for every chat: at most
	// ChatBurst calls at once, then one every ChatEvery (Telegram: about one
	// a second; bursts of a few pass).
	ChatBurst int
	ChatEvery time.Duration
	// Minute is the window of GroupPerMinute (a minute unless set: see
	// TelegramLimitsAt).
	Minute time.Duration
	// Now is the fake's clock (time.Now by default); a test that drives the
	// client with a fake clock passes the same one.
	Now func() time.Time
}

// TelegramLimits are the limits as Telegram applies them to a bot.
func TelegramLimits() Limits {
	return Limits{GroupPerMinute: 20, ChatBurst: 3, ChatEvery: time.Second}
}

// TelegramLimitsAt are Telegram's limits at k times their speed: the same
// counts in a minute and at a pace k times shorter. A test that kills a
// bot run as a child process cannot put both sides on a fake clock, so it
// runs both on compressed time instead: this fake, and a bot whose client
// keeps telegram.LimitsAt(k). A 429's retry_after stays in whole seconds,
// as Telegram's is. k ≤ 1 is Telegram's own speed.
func TelegramLimitsAt(k int) Limits {
	l := TelegramLimits()
	if k > 1 {
		l.ChatEvery /= time.Duration(k)
		l.Minute = time.Minute / time.Duration(k)
	}
	return l
}

// FloodStats counts how a bot fared against the limits.
type FloodStats struct {
	TooMany   int // 429 answers the limits caused (FailNext's are not counted)
	InsideBan int // calls into a chat while a 429's retry_after still ran
	Kicked    int // calls into a chat that removed the bot (Kick)
}

// floodControl is Telegram's flood limits as the fake applies them (off
// until Enforce), with each chat's recent calls and bans, and the chats
// that removed the bot (Kick). Its state is guarded by the Server's one
// lock, mu points to it: the exported methods (the test API, promoted to
// Server) take it, the others expect it held.
type floodControl struct {
	mu     *sync.Mutex
	limits Limits // see Enforce
	chats  map[int64]*chatFlood
	stats  FloodStats
	kicked map[int64]bool // see Kick
}

type chatFlood struct {
	recent   []time.Time // counted calls of the last minute, oldest first
	tat      time.Time   // the bucket's theoretical arrival time
	banUntil time.Time
	tooMany  int // 429 answers the limits gave this chat
	fullest  int // the most calls recent ever held
}

// prune drops the calls that left the minute.
func (f *chatFlood) prune(now time.Time, minute time.Duration) {
	for len(f.recent) > 0 && !f.recent[0].Add(minute).After(now) {
		f.recent = f.recent[1:]
	}
}

func newFloodControl(mu *sync.Mutex) *floodControl {
	return &floodControl{mu: mu, kicked: map[int64]bool{}}
}

// Kick removes the bot from a chat, as a group admin or a blocking user
// would: until Unkick, sends and edits there answer 403 (counted in
// FloodStats.Kicked). It works whether or not the limits are enforced.
func (fc *floodControl) Kick(chatID int64) {
	fc.mu.Lock()
	defer fc.mu.Unlock()
	fc.kicked[chatID] = true
}

// Unkick lets the bot write to the chat again.
func (fc *floodControl) Unkick(chatID int64) {
	fc.mu.Lock()
	defer fc.mu.Unlock()
	delete(fc.kicked, chatID)
}

// kickedFrom answers a call into a chat the bot was removed from; mu must
// be held.
func (fc *floodControl) kickedFrom(method string, p map[string]string) *ErrorResponse {
	if len(fc.kicked) == 0 || !limitedMethods[method] {
		return nil
	}
	chat, err := strconv.ParseInt(p["chat_id"], 10, 64)
	if err != nil || !fc.kicked[chat] {
		return nil
	}
	fc.stats.Kicked++
	desc := "Forbidden: bot was kicked from the group chat"
	if chat > 0 {
		desc = "Forbidden: bot was blocked by the user"
	}
	return &ErrorResponse{Code: 403, Description: desc}
}

// Enforce turns the limits on (or changes them); a zero Limits turns them off.
func (fc *floodControl) Enforce(l Limits) {
	if l.Now == nil {
		l.Now = time.Now
	}
	if l.Minute <= 0 {
		l.Minute = time.Minute
	}
	fc.mu.Lock()
	defer fc.mu.Unlock()
	fc.limits = l
	if fc.chats == nil {
		fc.chats = map[int64]*chatFlood{}
	}
}

// Flood returns the counts so far.
func (fc *floodControl) Flood() FloodStats {
	fc.mu.Lock()
	defer fc.mu.Unlock()
	return fc.stats
}

// TooManyPerChat returns FloodStats.TooMany by chat: where the bot ran
// into the limits.
func (fc *floodControl) TooManyPerChat() map[int64]int {
	return fc.perChat(func(f *chatFlood) int { return f.tooMany })
}

// perChat is count of every chat where it is not 0.
func (fc *floodControl) perChat(count func(*chatFlood) int) map[int64]int {
	fc.mu.Lock()
	defer fc.mu.Unlock()
	out := map[int64]int{}
	for chat, f := range fc.chats {
		if n := count(f); n != 0 {
			out[chat] = n
		}
	}
	return out
}

// CallsInMinute is how many calls into chat the limits count now: those
// of its last minute (Limits.Minute). A test logs it to show how full a
// group's minute was, say before a kill.
func (fc *floodControl) CallsInMinute(chat int64) int {
	fc.mu.Lock()
	defer fc.mu.Unlock()
	f := fc.chats[chat]
	if f == nil {
		return 0
	}
	f.prune(fc.limits.Now(), fc.limits.Minute)
	return len(f.recent)
}

// FullestMinute is, by chat, the most calls any of its minutes held while
// the limits were enforced: GroupPerMinute when the bot used a group's
// whole budget.
func (fc *floodControl) FullestMinute() map[int64]int {
	return fc.perChat(func(f *chatFlood) int { return f.fullest })
}

// limitedMethods count towards a chat's limits: what posts or changes a
// message. Answers to callback queries do not.
var limitedMethods = map[string]bool{"sendMessage": true, "sendPhoto": true,
	"editMessageText": true, "editMessageCaption": true, "editMessageReplyMarkup": true}

// admit applies the limits to one call; mu must be held. It returns the 429
// to answer, or nil.
func (fc *floodControl) admit(method string, p map[string]string) *ErrorResponse {
	l := fc.limits
	if !limitedMethods[method] || (l.GroupPerMinute <= 0 && l.ChatBurst <= 0) {
		return nil
	}
	chat, err := strconv.ParseInt(p["chat_id"], 10, 64)
	if err != nil || chat == 0 {
		return nil
	}
	now := l.Now()
	f := fc.chats[chat]
	if f == nil {
		f = &chatFlood{}
		fc.chats[chat] = f
	}
	if now.Before(f.banUntil) {
		fc.stats.InsideBan++
		return fc.tooMany(f, f.banUntil.Sub(now), now)
	}
	f.prune(now, l.Minute)
	var wait time.Duration
	if chat < 0 && l.GroupPerMinute > 0 && len(f.recent) >= l.GroupPerMinute {
		wait = f.recent[len(f.recent)-l.GroupPerMinute].Add(l.Minute).Sub(now)
	}
	if l.ChatBurst > 0 && l.ChatEvery > 0 {
		if d := f.tat.Add(-time.Duration(l.ChatBurst-1) * l.ChatEvery).Sub(now); d > wait {
			wait = d
		}
	}
	if wait > 0 {
		return fc.tooMany(f, wait, now)
	}
	f.recent = append(f.recent, now)
	f.fullest = max(f.fullest, len(f.recent))
	if l.ChatEvery > 0 {
		f.tat = later(f.tat, now).Add(l.ChatEvery)
	}
	return nil
}

// injectedBan makes a 429 injected by FailNext binding, as a real one is:
// with the limits on, calls into the chat before its retry_after ends are
// counted as inside the ban. mu must be held.
func (fc *floodControl) injectedBan(method string, p map[string]string, r *ErrorResponse) {
	if fc.chats == nil || r.Code != 429 || r.RetryAfter <= 0 || !limitedMethods[method] {
		return
	}
	chat, err := strconv.ParseInt(p["chat_id"], 10, 64)
	if err != nil || chat == 0 {
		return
	}
	f := fc.chats[chat]
	if f == nil {
		f = &chatFlood{}
		fc.chats[chat] = f
	}
	f.banUntil = later(f.banUntil, fc.limits.Now().Add(time.Duration(r.RetryAfter)*time.Second))
}

// tooMany bans the chat for wait rounded up to whole seconds, as Telegram's
// retry_after is.
func (fc *floodControl) tooMany(f *chatFlood, wait time.Duration, now time.Time) *ErrorResponse {
	secs := int((wait + time.Second - 1) / time.Second)
	f.banUntil = now.Add(time.Duration(secs) * time.Second)
	f.tooMany++
	fc.stats.TooMany++
	r := ErrorResponse{Code: 429, RetryAfter: secs}
	r.Description = defaultDescription(r)
	return &r
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
