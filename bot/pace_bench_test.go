package bot

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
	"github.com/monopoly-tg/monopoly-bot/engine"
	dealengine "github.com/monopoly-tg/monopoly-bot/engine/deal"
	"github.com/monopoly-tg/monopoly-bot/engine/deal/dealai"
)

// BenchmarkHumanPace is issue 25's "the chat keeps up": one game of each
// edition at once, each with its own bot and fake Bot API enforcing
// Telegram's limits (20 sends and edits a minute per group, about one a
// second per chat), four people playing at a human pace: whoever the game
// waits for presses 2-5 s after the button reached the chat, and every
// few decisions someone else sends /endgame (and cancels it), /settings
// (and closes it) or /board. It reports, per edition:
//
//   - press-p50/p95-ms: from a press to the chat showing everything the
//     press changed (every send and edit it queued delivered: the group's,
//     and in Deal the person's hand in their private chat for a hand tap)
//     but the tidying nobody waits for (Outbox.ResultUnshownSince: the
//     final text of a message a newer one replaced), which the players do
//     not wait for either;
//   - tap-p95-ms (Deal): the same for taps that only change the hand;
//   - reply-p95-ms: from a command to its reply in the chat; menu-p95-ms:
//     from the press that answers or closes it to the chat showing its
//     result (a closed menu deleted; an answered question's final text is
//     tidying, its answer the press's toast);
//   - req/decision: the group's sends, edits and deletes made for the
//     decisions (a press that applied a move of the game; Deal: a card
//     played, paid or answered), per decision; the commands' are logged
//     (a tidy call is counted where it is made: it may fall among a
//     command's); all-req/decision: all of the group's calls, the
//     commands' too, per decision;
//   - refused: presses by the right person on the newest keyboard that
//     were refused.
//
// Real time: run it with -benchtime=1x (PACE_DECISIONS, 40 by default, is
// the decisions per edition; four editions take about as long as one).
// PACE_COMMANDS_EVERY (5 by default) is the decisions between two
// commands: every 5th decision comes to about three commands a minute,
// which with their menus take the group's budget past its 20 calls a
// minute by themselves; 15 is about one a minute, "now and then".
func BenchmarkHumanPace(b *testing.B) {
	decisions := 40
	if n, err := strconv.Atoi(os.Getenv("PACE_DECISIONS")); err == nil && n > 0 {
		decisions = n
	}
	editions := []string{"classic", engine.Business, engine.Lux, deal.Name}
	if e := os.Getenv("PACE_EDITIONS"); e != "" {
		editions = strings.Split(e, ",")
	}
	for range b.N {
		results := make([]paceResult, len(editions))
		var wg sync.WaitGroup
		for i, ed := range editions {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i] = playAtHumanPace(b, ed, decisions, uint64(7+i))
			}()
		}
		wg.Wait()
		for i, r := range results {
			ed := editions[i]
			b.ReportMetric(pct(r.press, 50), ed+"-press-p50-ms")
			b.ReportMetric(pct(r.press, 95), ed+"-press-p95-ms")
			if len(r.taps) > 0 {
				b.ReportMetric(pct(r.taps, 95), ed+"-tap-p95-ms")
			}
			b.ReportMetric(pct(r.replies, 95), ed+"-reply-p95-ms")
			b.ReportMetric(pct(r.menus, 95), ed+"-menu-p95-ms")
			b.ReportMetric(float64(r.requests)/float64(max(r.decisions, 1)), ed+"-req/decision")
			b.ReportMetric(float64(r.requests+r.other)/float64(max(r.decisions, 1)), ed+"-all-req/decision")
			b.ReportMetric(float64(r.refused), ed+"-refused")
			b.Logf("%s: %d decisions, %d presses, %d taps, %d replies, %d menu presses; press p50 %.0f ms p95 %.0f ms max %.0f ms; tap p95 %.0f ms; reply p50 %.0f ms p95 %.0f ms; menu p95 %.0f ms; %d group requests for decisions (%.2f a decision), %d for commands; %d refused; 429s %d",
				ed, r.decisions, len(r.press), len(r.taps), len(r.replies), len(r.menus), pct(r.press, 50), pct(r.press, 95), pct(r.press, 100),
				pct(r.taps, 95), pct(r.replies, 50), pct(r.replies, 95), pct(r.menus, 95), r.requests, float64(r.requests)/float64(max(r.decisions, 1)), r.other, r.refused, r.tooMany)
		}
	}
}

type paceResult struct {
	press, taps, replies, menus []time.Duration
	decisions, requests         int // requests: the group's, made for decisions
	other                       int // the group's requests for commands and menus
	refused, tooMany            int
}

// pct is the p-th percentile in milliseconds (nearest rank).
func pct(ds []time.Duration, p int) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := max((len(s)*p+99)/100-1, 0)
	return float64(s[min(i, len(s)-1)].Microseconds()) / 1000
}

// pacePlayer is one group's game at a human pace.
type pacePlayer struct {
	h     *harness
	r     *rand.Rand
	res   paceResult
	every int // decisions between two commands
}

func playAtHumanPace(tb testing.TB, edition string, decisions int, seed uint64) paceResult {
	h := newHarnessWith(tb, seed, nil, func(cfg *AppConfig) {
		cfg.Client = telegram.ClientOptions{} // Telegram's limits
		cfg.Presses = telegram.Rate{}         // and people's
		cfg.CarryOver = 0                     // and the bot's defaults
	})
	h.API.Enforce(fakeapi.TelegramLimits())
	h.Users = append(h.Users, fakeapi.User{ID: 44, FirstName: "Dana", LanguageCode: "en"})
	var ids []int64
	for _, u := range h.Users {
		h.API.AddUser(u)
		ids = append(ids, u.ID)
	}
	h.API.SetAdmins(testChat, ids...) // /endgame and /settings are anyone's
	p := &pacePlayer{h: h, r: rand.New(rand.NewPCG(seed, 25)), every: 5}
	if n, err := strconv.Atoi(os.Getenv("PACE_COMMANDS_EVERY")); err == nil && n > 0 {
		p.every = n
	}
	setup := time.Now() // the lobby, then the game
	defer func() { tb.Logf("%s: played in %v", edition, time.Since(setup)) }()
	if edition == deal.Name {
		h.StartDeal("en")
	} else {
		h.Say(h.Users[0], "/newgame "+edition)
		for _, u := range h.Users[1:] {
			h.MustPress(u, OpJoin)
		}
		h.MustPress(h.Users[0], OpStart)
	}
	p.shownAll(testChat, time.Now())
	base := p.groupRequests()
	for p.res.decisions < decisions {
		if p.res.decisions >= p.every*(len(p.res.replies)+1) {
			p.command()
		}
		if !p.decide(edition) {
			break
		}
	}
	p.shownAll(testChat, time.Now()) // the tidying still queued counts too
	p.res.other = p.groupRequests() - base - p.res.requests
	p.res.tooMany = h.API.Flood().TooMany
	h.Stop()
	return p.res
}

// groupRequests counts the calls into the group that Telegram limits.
func (p *pacePlayer) groupRequests() int {
	n := 0
	for _, r := range p.h.API.Requests() {
		switch r.Method {
		case "sendMessage", "sendPhoto", "editMessageText", "editMessageCaption", "editMessageReplyMarkup", "deleteMessage":
			if r.Params["chat_id"] == strconv.FormatInt(testChat, 10) {
				n++
			}
		}
	}
	return n
}

// think waits as a person does before pressing what they see.
func (p *pacePlayer) think() {
	time.Sleep(2*time.Second + time.Duration(p.r.Int64N(int64(3*time.Second))))
}

// handled waits until every update pushed so far was handled; then
// shown waits until the chats show everything queued by then, and says
// how long after from that was.
func (p *pacePlayer) handled() {
	h := p.h
	if !h.API.WaitFor(func() bool { return h.API.Pending() == 0 && h.bot.publisher.Detached() == 0 }, 30*time.Second) {
		h.T.Fatal("updates were not handled in time")
	}
}

// shown waits until the chats show the result of what was pushed: all
// that was queued for them by then but the tidying nobody waits for (an
// old message's final text, which the outbox puts off while the group's
// budget is short), the players' cue to go on; shownAll waits for the
// tidying too.
func (p *pacePlayer) shown(chat int64, from time.Time, more ...int64) time.Duration {
	return p.waitShown(p.h.bot.out.ResultUnshownSince, chat, from, more...)
}

func (p *pacePlayer) shownAll(chat int64, from time.Time) time.Duration {
	return p.waitShown(p.h.bot.out.UnshownSince, chat, from)
}

func (p *pacePlayer) waitShown(unshown func(int64) time.Time, chat int64, from time.Time, more ...int64) time.Duration {
	p.handled()
	h, handled := p.h, time.Now()
	for _, c := range append([]int64{chat}, more...) {
		if !h.API.WaitFor(func() bool {
			s := unshown(c)
			return s.IsZero() || s.After(handled)
		}, 30*time.Second) {
			h.T.Fatalf("chat %d did not show its messages in 30 s", c)
		}
	}
	return time.Since(from)
}

// press pushes a press and reports whether it was refused (an alert).
func (p *pacePlayer) press(chat int64, u fakeapi.User, msg int, data string) (refused bool) {
	h := p.h
	update := h.API.PushCallback(chat, msg, u, data)
	var a fakeapi.CallbackAnswer
	if !h.API.WaitFor(func() bool {
		var ok bool
		a, ok = h.API.AnswerTo(update)
		return ok
	}, 30*time.Second) {
		h.T.Fatal("a press was not answered")
	}
	if a.ShowAlert {
		h.T.Logf("refused: %q", a.Text)
	}
	return a.ShowAlert
}

// command has someone the game is not waiting for send a command, and
// measures the time until its reply is in the chat.
func (p *pacePlayer) command() {
	h := p.h
	rec := h.Record()
	if rec == nil {
		return
	}
	n := p.res.decisions / p.every // the command's number
	u := h.UserOf(rec, n%len(rec.Seats))
	if rec.Creator != u.ID && n%3 == 0 {
		u = h.Users[0] // /endgame is the creator's
	}
	last := 0
	if m, ok := h.API.LastMessage(testChat); ok {
		last = m.ID
	}
	cmd, match := "/board", func(m fakeapi.Message) bool { return m.Photo != "" || strings.Contains(m.Text, "🗺") }
	switch n % 3 {
	case 0:
		cmd, match = "/endgame", func(m fakeapi.Message) bool { return paceHasOp(m, OpEndGameYes) }
	case 1:
		cmd, match = "/settings", func(m fakeapi.Message) bool { return paceHasOp(m, OpSetClose) }
	}
	if rec.Kind == deal.Name && cmd == "/board" {
		cmd, match = "/rules", func(m fakeapi.Message) bool { return m.From == 0 || m.From != u.ID }
	}
	t0 := time.Now()
	h.API.PushMessage(testChat, u, cmd)
	var reply fakeapi.Message
	if !h.API.WaitFor(func() bool {
		for _, m := range h.API.Messages(testChat) {
			if m.ID > last && m.From != u.ID && match(m) {
				reply = m
				return true
			}
		}
		return false
	}, 30*time.Second) {
		h.T.Fatalf("%s got no reply in 30 s", cmd)
	}
	p.res.replies = append(p.res.replies, time.Since(t0))
	p.handled()
	// The person reads it and answers the question or closes the menu.
	close := map[string]kit.Op{"/endgame": OpEndGameNo, "/settings": OpSetClose}[cmd]
	if close == "" {
		return
	}
	p.think()
	if data, ok := opData(reply, close); ok {
		t1 := time.Now()
		p.press(testChat, u, reply.ID, data)
		p.res.menus = append(p.res.menus, p.shown(testChat, t1))
	}
}

func paceHasOp(m fakeapi.Message, op kit.Op) bool { _, ok := opData(m, op); return ok }

func opData(m fakeapi.Message, op kit.Op) (string, bool) {
	for _, row := range m.Keyboard {
		for _, b := range row {
			if pr, err := kit.ParsePress(b.Data); err == nil && pr.Op == op {
				return b.Data, true
			}
		}
	}
	return "", false
}

// boardPrefs are the buttons a board player presses, the likeliest first.
var boardPrefs = []kit.Op{board.OpPayDebt, board.OpBuy, board.OpRoll, board.OpNoStake, board.OpEndTurn, board.OpAuctionLeave, board.OpPass,
	board.OpPayFine, board.OpStayInJail, board.OpBankruptYes, board.OpBankrupt}

// decide makes the move the game waits for, as its person sees it, and
// reports false when the game is over.
func (p *pacePlayer) decide(edition string) bool {
	h := p.h
	rec := h.Record()
	if rec == nil || rec.Status != kit.StatusPlaying {
		return false
	}
	if edition == deal.Name {
		return p.dealDecide(rec)
	}
	pend := h.bot.kinds.Of(rec).Pending(rec)
	if pend.Seat < 0 {
		return false
	}
	u := h.UserOf(rec, int(pend.Seat))
	msg, data, ok := newestOf(h.API.Messages(testChat), boardPrefs)
	if !ok {
		h.T.Fatalf("%s: no button for %s on screen (decision %q)", edition, u.FirstName, pend.Decision)
	}
	p.think()
	v, calls := h.version(testChat), p.groupRequests()
	t0 := time.Now()
	if p.press(testChat, u, msg, data) {
		p.res.refused++
	}
	p.handled()
	queued := h.bot.out.DescribeQueue(testChat)
	d := p.shown(testChat, t0)
	p.traceSlow(string(pend.Decision), t0, queued, d)
	p.res.press = append(p.res.press, d)
	p.res.requests += p.groupRequests() - calls
	if h.version(testChat) != v {
		p.res.decisions++
	}
	return true
}

// newestOf finds, in the newest message that has any of prefs, the most
// preferred.
func newestOf(msgs []fakeapi.Message, prefs []kit.Op) (int, string, bool) {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Deleted {
			continue
		}
		for _, op := range prefs {
			if data, ok := opData(msgs[i], op); ok {
				return msgs[i].ID, data, true
			}
		}
	}
	return 0, "", false
}

// dealDecide makes the engine's computer player's move for the seat Deal
// waits for, tap by tap in that person's hand.
func (p *pacePlayer) dealDecide(rec *kit.Record) bool {
	h := p.h
	g := deal.Of(rec).Game
	seat := g.Waiting()
	if seat == dealengine.Nobody {
		return false
	}
	u := h.UserOf(rec, int(seat))
	a := dealai.Decide(g, seat)
	tap := func(op kit.Op, arg int) {
		msg, data, ok := h.FindButtonIn(u.ID, op, arg, arg < 0)
		if !ok {
			for _, m := range h.API.Messages(u.ID) {
				h.T.Logf("private %d: %q %v", m.ID, m.Text, m.Keyboard)
			}
			h.T.Fatalf("%s has no %s:%d button in the private chat", u.FirstName, op, arg)
		}
		p.think()
		v, calls := dealVersion(h), p.groupRequests()
		t0 := time.Now()
		if strings.Contains(os.Getenv("PACE_TRACE"), "all") { // every tap: with them the benchmark's log is cut short
			h.T.Logf("%v %s taps %s:%d", time.Now().Format("15:04:05.000"), u.FirstName, op, arg)
		}
		if p.press(u.ID, u, msg, data) {
			p.res.refused++
		}
		// Every hand may change with a move: wait for each one.
		var hands []int64
		for _, o := range h.Users {
			if o.ID != u.ID {
				hands = append(hands, o.ID)
			}
		}
		p.handled()
		queued := h.bot.out.DescribeQueue(testChat)
		d := p.shown(u.ID, t0, append(hands, testChat)...)
		p.traceSlow(fmt.Sprintf("%s:%d", op, arg), t0, queued, d)
		p.res.requests += p.groupRequests() - calls
		if dealVersion(h) != v {
			p.res.decisions++
			p.res.press = append(p.res.press, d)
		} else {
			p.res.taps = append(p.res.taps, d)
		}
	}
	buttons := deal.Buttons(rec, int(seat))
	switch {
	case a.Kind == dealengine.ActPay:
		sel := buttons[len(buttons)-1].Action.Cards
		for _, b := range buttons {
			if b.Op == deal.OpMark && sel.Has(b.Arg) != a.Cards.Has(b.Arg) {
				tap(deal.OpMark, b.Arg)
			}
		}
		tap(deal.OpPay, -1) // its argument is the amount shown
		return true
	case g.Phase == dealengine.PhasePlay && a.Kind != dealengine.ActEndTurn:
		tap(deal.OpCard, a.Card)
		if a.Kind == dealengine.ActPlay && dealengine.Cards[a.Card].Action == dealengine.ForcedDeal {
			tap(deal.OpTake, a.Take)
		}
		buttons = deal.Buttons(h.Record(), int(seat))
	}
	for _, b := range buttons {
		if b.Op == deal.OpAct && b.Action == a {
			tap(b.Op, b.Arg)
			return true
		}
	}
	h.T.Fatalf("%s: the hand offers no button for %+v", u.FirstName, a)
	return false
}

func dealVersion(h *harness) uint64 {
	rec := h.Record()
	if rec == nil || deal.Of(rec) == nil || deal.Of(rec).Game == nil {
		return 0
	}
	return deal.Of(rec).Game.Version
}
