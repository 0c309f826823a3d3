package bot

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// nullMessenger answers instantly, as if Telegram had no latency.
type nullMessenger struct{ next atomic.Int64 }

func (m *nullMessenger) Send(context.Context, int64, string, *tgbotapi.InlineKeyboardMarkup) (int, error) {
	return int(m.next.Add(1)), nil
}
func (m *nullMessenger) Edit(context.Context, int64, int, string, *tgbotapi.InlineKeyboardMarkup) error {
	return nil
}
func (m *nullMessenger) AnswerCallback(context.Context, string, string, bool) error { return nil }
func (m *nullMessenger) IsAdmin(context.Context, int64, int64) bool                 { return false }

// benchChat plays one chat's game with two people.
type benchChat struct {
	id    int64
	users [2]*tgbotapi.User
}

var benchUpdate atomic.Int64

func (c *benchChat) command(text string) tgbotapi.Update {
	id := int(benchUpdate.Add(1))
	return tgbotapi.Update{UpdateID: id, Message: &tgbotapi.Message{MessageID: id, From: c.users[0], Chat: &tgbotapi.Chat{ID: c.id, Type: "group"},
		Text: text, Entities: []tgbotapi.MessageEntity{{Type: "bot_command", Length: len(text)}}}}
}

func (c *benchChat) press(u *tgbotapi.User, rec *kit.Record, op kit.Op, arg int) tgbotapi.Update {
	id := int(benchUpdate.Add(1))
	data := kit.Press{Game: rec.ID, Rev: rec.Rev, Op: op, Arg: arg}.Encode()
	return tgbotapi.Update{UpdateID: id, CallbackQuery: &tgbotapi.CallbackQuery{ID: strconv.Itoa(id), From: u,
		Message: &tgbotapi.Message{MessageID: board.Of(rec).TurnMsg, Chat: &tgbotapi.Chat{ID: c.id, Type: "group"}}, Data: data}}
}

// peek returns the chat's record for reading only: the cached one if the
// cache holds it (the players' side of the benchmark should not cost the
// bot a copy per update), else a fresh copy.
func peek(b *Bot, chat int64) *kit.Record {
	if rec, ok := b.commit.Peek(chat); ok {
		return rec
	}
	rec, _ := b.Snapshot(chat)
	return rec
}

// next is the update a sensible player sends now: start a game if there is
// none, else roll, buy, end the turn, pass auctions, pay or go bankrupt.
func (c *benchChat) next(b *Bot) tgbotapi.Update {
	rec := peek(b, c.id)
	switch {
	case rec == nil:
		return c.command("/newgame")
	case rec.Status == kit.StatusLobby && len(rec.Seats) < 2:
		return c.press(c.users[1], rec, OpJoin, 0)
	case rec.Status == kit.StatusLobby:
		return c.press(c.users[0], rec, OpStart, 0)
	}
	g := board.Of(rec).Game
	user := func(p engine.PlayerID) *tgbotapi.User {
		if rec.Seats[p].User == c.users[0].ID {
			return c.users[0]
		}
		return c.users[1]
	}
	cur := user(g.Current)
	switch g.Phase {
	case engine.PhaseAuction:
		for i := range g.Players {
			if p := engine.PlayerID(i); !g.Auction.Passed[i] && g.Auction.Leader != p && g.Active(p) {
				return c.press(user(p), rec, board.OpPass, 0)
			}
		}
	case engine.PhaseDebt:
		d := g.Debts[0].Debtor
		if g.Check(d, engine.Action{Kind: engine.ActPayDebt}) == nil {
			return c.press(user(d), rec, board.OpPayDebt, 0)
		}
		// Raise the money first: sell a building, else mortgage a deed.
		for _, k := range [...]struct {
			act engine.ActionKind
			op  kit.Op
		}{{engine.ActSellBuilding, board.OpSell}, {engine.ActMortgage, board.OpMortgage}} {
			for sq := range g.Props {
				if g.Check(d, engine.Action{Kind: k.act, Square: sq}) == nil {
					return c.press(user(d), rec, k.op, sq)
				}
			}
		}
		if board.Of(rec).View.Menu == state.MenuBankrupt {
			return c.press(user(d), rec, board.OpBankruptYes, 0)
		}
		return c.press(user(d), rec, board.OpBankrupt, 0)
	case engine.PhasePlaceBuilding:
		return c.press(user(g.Placing), rec, board.OpPass, 0)
	case engine.PhaseBuyDecision:
		if g.Check(g.Current, engine.Action{Kind: engine.ActBuy}) == nil {
			return c.press(cur, rec, board.OpBuy, 0)
		}
		return c.press(cur, rec, board.OpDecline, 0)
	case engine.PhaseTurnStart:
		return c.press(cur, rec, board.OpRoll, 0)
	}
	if g.RollAgain {
		return c.press(cur, rec, board.OpRoll, 0)
	}
	if g.Check(g.Current, engine.Action{Kind: engine.ActEndTurn}) != nil {
		return c.command("/endgame") // stuck in a corner the policy does not know
	}
	return c.press(cur, rec, board.OpEndTurn, 0)
}

// BenchmarkThousandChats drives Bot.Handle for 1 000 group chats playing at
// once, with durable commits (fsync on, on the disk holding the temp dir)
// and the outbox delivering to a Telegram without latency. Latency (p50,
// p99, max) is from the moment an update is handed to the bot (it is
// received) to Handle's return, which is when the change is committed and
// its messages are queued; sched-p99 counts from the moment the load
// generator meant to hand it over, so it adds the generator's lateness.
//
//   - open: updates arrive at MONOPOLY_BENCH_RATE a second (2 500 by
//     default) spread over the chats, like a real poller feeding lanes;
//   - saturated: every chat sends its next update as soon as the previous
//     one is handled (1 000 in flight): the throughput ceiling.
//
// go test -run '^$' -bench ThousandChats -benchtime 20000x ./bot/
func BenchmarkThousandChats(b *testing.B) {
	b.Run("open", func(b *testing.B) { benchChats(b, false) })
	b.Run("saturated", func(b *testing.B) { benchChats(b, true) })
}

func benchChats(b *testing.B, saturated bool) {
	const chats = 1000
	rate := 2500.0
	if v, err := strconv.ParseFloat(os.Getenv("MONOPOLY_BENCH_RATE"), 64); err == nil && v > 0 {
		rate = v
	}
	// MONOPOLY_BENCH_NOSYNC=1 switches fsync off, to see what the disk costs.
	nosync := os.Getenv("MONOPOLY_BENCH_NOSYNC") != ""
	// The group commits' own durations show what the disk adds: a change
	// waits for the commit in progress and then for its own.
	var (
		commitMu  sync.Mutex
		commits   []time.Duration
		measuring atomic.Bool
	)
	onCommit := func(_ int, took time.Duration) {
		if measuring.Load() {
			commitMu.Lock()
			commits = append(commits, took)
			commitMu.Unlock()
		}
	}
	store, err := storage.Open(filepath.Join(b.TempDir(), "bench.db"), storage.Options{NoSync: nosync, OnCommit: onCommit})
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	cat, err := locales.Load()
	if err != nil {
		b.Fatal(err)
	}
	seed := uint64(0)
	bot := New(store, &nullMessenger{}, cat, Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Presses: telegram.NoLimit, Seed: func() uint64 { return atomic.AddUint64(&seed, 1) }})
	cs := make([]*benchChat, chats)
	for i := range cs {
		base := int64(1_000_000 + 2*i)
		cs[i] = &benchChat{id: -1_000_000 - int64(i), users: [2]*tgbotapi.User{
			{ID: base, FirstName: "A" + strconv.Itoa(i), LanguageCode: "en"}, {ID: base + 1, FirstName: "B", LanguageCode: "ru"}}}
	}
	defer TuneGC(os.Getenv)() // as cmd/monopoly-bot runs
	ctx := context.Background()
	// Every chat gets a running game first.
	var wg sync.WaitGroup
	for _, c := range cs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 3 {
				bot.Handle(ctx, c.next(bot))
			}
		}()
	}
	wg.Wait()

	total := b.N
	// lat is from the moment an update is handed to the bot; sched from
	// the moment the load generator meant to hand it over, which adds the
	// generator's own lateness (its timer firing late on a busy machine).
	lat := make([]time.Duration, 0, total)
	sched := make([]time.Duration, 0, total)
	var latMu sync.Mutex
	record := func(sent, due time.Time) {
		now := time.Now()
		latMu.Lock()
		lat = append(lat, now.Sub(sent))
		sched = append(sched, now.Sub(due))
		latMu.Unlock()
	}
	b.ResetTimer()
	measuring.Store(true)
	cpu0 := cpuTime()
	start := time.Now()
	if saturated {
		var left atomic.Int64
		left.Store(int64(total))
		for _, c := range cs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for left.Add(-1) >= 0 {
					t0 := time.Now()
					bot.Handle(ctx, c.next(bot))
					record(t0, t0)
				}
			}()
		}
		wg.Wait()
	} else {
		type arrival struct{ due, sent time.Time }
		lanes := make([]chan arrival, chats)
		for i, c := range cs {
			lanes[i] = make(chan arrival, 1024)
			wg.Add(1)
			go func() {
				defer wg.Done()
				for a := range lanes[i] {
					bot.Handle(ctx, c.next(bot))
					record(a.sent, a.due)
				}
			}()
		}
		interval := time.Duration(float64(time.Second) / rate)
		for i := range total {
			due := start.Add(time.Duration(i) * interval)
			if d := time.Until(due); d > 0 {
				time.Sleep(d)
			}
			lanes[i%chats] <- arrival{due: due, sent: time.Now()}
		}
		for _, l := range lanes {
			close(l)
		}
		wg.Wait()
	}
	elapsed := time.Since(start)
	cpu := cpuTime() - cpu0
	b.StopTimer()
	measuring.Store(false)
	bot.out.Close(5 * time.Second)
	slices.Sort(lat)
	slices.Sort(sched)
	q := func(l []time.Duration, p float64) float64 { return float64(l[int(p*float64(len(l)-1))]) / 1e6 }
	b.ReportMetric(float64(total)/elapsed.Seconds(), "updates/s")
	b.ReportMetric(q(lat, 0.50), "p50-ms")
	b.ReportMetric(q(lat, 0.99), "p99-ms")
	b.ReportMetric(q(lat, 1), "max-ms")
	if !saturated {
		b.ReportMetric(q(sched, 0.99), "sched-p99-ms")
	}
	commitMu.Lock()
	slices.Sort(commits)
	if len(commits) > 0 {
		b.ReportMetric(q(commits, 0.99), "commit-p99-ms")
		// Commits over 5 ms are the disk stalling: every change arriving
		// meanwhile waits for the stall, whatever the bot does.
		fast, _ := slices.BinarySearch(commits, 5*time.Millisecond+1)
		b.ReportMetric(float64(len(commits)-fast), "slow-commits")
	}
	commitMu.Unlock()
	b.ReportMetric(0, "ns/op")
	// The process's processor time per update (the outbox's and the
	// collector's included) is what the tail grows with on a busy machine,
	// and it is steadier than the latencies on a shared one.
	b.ReportMetric(float64(cpu.Microseconds())/float64(total), "cpu-us/update")
	if testing.Verbose() {
		fmt.Fprintf(os.Stderr, "%d updates in %v over %d chats\n", total, elapsed, chats)
	}
}

// cpuTime is the processor time the process has used (user and system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
