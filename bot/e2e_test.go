package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

const testChat int64 = -1001234

// harness runs the whole bot (Run) against the fake Bot API.
type harness struct {
	t      testing.TB
	api    *fakeapi.Server
	db     string
	bot    *Bot
	cancel context.CancelFunc
	done   chan error
	users  []fakeapi.User
	seed   uint64
	rules  *engine.Rules
	tune   func(*AppConfig)
}

// testCatalog is the one message catalog of every bot the tests start:
// loading it parses every locale file, which cost more processor time
// than anything else in this package's tests (under -race about a second
// a start, while 8 tests start bots at once).
var testCatalog = sync.OnceValues(locales.Load)

func newHarness(t testing.TB, seed uint64, rules *engine.Rules) *harness {
	return newHarnessWith(t, seed, rules, nil)
}

func newHarnessWith(t testing.TB, seed uint64, rules *engine.Rules, tune func(*AppConfig)) *harness {
	h := &harness{tune: tune, t: t, api: fakeapi.New(), db: filepath.Join(t.TempDir(), "monopoly.db"), seed: seed, rules: rules}
	t.Cleanup(h.api.Close)
	h.users = []fakeapi.User{
		{ID: 11, FirstName: "Alice <A&B>", LanguageCode: "en"},
		{ID: 22, FirstName: "Богдан", LanguageCode: "uk"},
		{ID: 33, FirstName: "Вера", LanguageCode: "ru"},
	}
	h.start()
	t.Cleanup(h.stop)
	return h
}

func (h *harness) start() {
	ready := make(chan *Bot, 1)
	ctx, cancel := context.WithCancel(context.Background())
	h.cancel, h.done = cancel, make(chan error, 1)
	seed := h.seed
	cat, err := testCatalog()
	if err != nil {
		h.t.Fatal(err)
	}
	cfg := AppConfig{Catalog: cat,
		Token: "123:test", Endpoint: h.api.Endpoint(), DBPath: h.db, NoSync: true,
		Logger:      slog.New(slog.NewTextHandler(io.Discard, nil)),
		PollTimeout: time.Second, TimerTick: 10 * time.Millisecond, AuctionSilence: time.Hour,
		Client:  telegram.ClientOptions{Global: telegram.NoLimit, Group: telegram.NoLimit, Private: telegram.NoLimit},
		Presses: telegram.NoLimit,
		// Each turn its own message, whatever the pace: the tests follow
		// them (the carry-over has tests of its own).
		CarryOver: -1,
		Rules:     h.rules, Seed: func() uint64 { return seed },
		Ready: func(b *Bot) { ready <- b },
	}
	if h.tune != nil {
		h.tune(&cfg)
	}
	go func() { h.done <- Run(ctx, cfg) }()
	select {
	case h.bot = <-ready:
	case err := <-h.done:
		h.t.Fatalf("bot did not start: %v", err)
	case <-time.After(10 * time.Second):
		h.t.Fatal("bot did not start in time")
	}
}

func (h *harness) stop() {
	if h.cancel == nil {
		return
	}
	h.cancel()
	select {
	case err := <-h.done:
		if err != nil {
			h.t.Errorf("Run returned %v", err)
		}
	case <-time.After(15 * time.Second):
		h.t.Error("bot did not stop in time")
	}
	h.cancel = nil
}

// settle waits until every pushed update has been handled (the poller
// confirms an update only after its handler returned).
func (h *harness) settle() {
	h.t.Helper()
	if !h.api.WaitFor(func() bool { return h.api.Pending() == 0 }, 10*time.Second) {
		h.t.Fatal("updates were not handled in time")
	}
	// A start restores the games while it serves; handlers only queue
	// messages, and make the calls a change needs apart (Bot.detach): wait
	// until all are done and the outbox delivered them. Under Telegram's
	// limits tidying may wait for spare budget up to twice the outbox's 15 s.
	if !h.api.WaitFor(func() bool {
		return !h.bot.restoring.Load() && h.bot.detachedRunning.Load() == 0 && h.bot.out.Idle()
	}, 10*time.Second+2*15*time.Second) {
		h.t.Fatal("the outbox did not deliver in time")
	}
}

// timerPass runs one pass of the timer runner over the due deadlines now,
// as its next tick would, and waits for what it set off: a test that says
// "nothing is due yet" or "a second run would show" knows a pass happened,
// where a fixed sleep on a busy machine may cover no tick at all.
func (h *harness) timerPass() {
	h.t.Helper()
	h.bot.FireDue(context.Background())
	h.settle()
}

func (h *harness) say(u fakeapi.User, text string) {
	h.api.PushMessage(testChat, u, text)
	h.settle()
}

func (h *harness) press(u fakeapi.User, msg int, data string) {
	h.api.PushCallback(testChat, msg, u, data)
	h.settle()
}

func (h *harness) record() *Record {
	h.t.Helper()
	rec, err := h.bot.Snapshot(testChat)
	if err != nil {
		h.t.Fatal(err)
	}
	return rec
}

// findButton returns the message and data of the newest button with op.
func (h *harness) findButton(op Op, arg int, anyArg bool) (msg int, data string, ok bool) {
	return h.findButtonIn(testChat, op, arg, anyArg)
}

// findButtonIn is findButton in any chat (a person's private chat).
func (h *harness) findButtonIn(chat int64, op Op, arg int, anyArg bool) (msg int, data string, ok bool) {
	msgs := h.api.Messages(chat)
	for i := len(msgs) - 1; i >= 0; i-- {
		for _, row := range msgs[i].Keyboard {
			for _, b := range row {
				if b.URL != "" {
					continue // a link, not a press
				}
				p, err := kit.ParsePress(b.Data)
				if err != nil {
					h.t.Fatalf("the bot made a button with bad data %q: %v", b.Data, err)
				}
				if p.Op == op && (anyArg || p.Arg == arg) {
					return msgs[i].ID, b.Data, true
				}
			}
		}
	}
	return 0, "", false
}

func (h *harness) mustPress(u fakeapi.User, op Op) {
	h.t.Helper()
	msg, data, ok := h.findButton(op, 0, true)
	if !ok {
		h.t.Fatalf("no %q button on screen", op)
	}
	h.press(u, msg, data)
}

func (h *harness) userOf(rec *Record, p engine.PlayerID) fakeapi.User {
	for _, u := range h.users {
		if u.ID == rec.Seats[p].User {
			return u
		}
	}
	h.t.Fatalf("seat %d has no user", p)
	return fakeapi.User{}
}

// startGame opens a lobby, lets everyone join and starts.
func (h *harness) startGame() {
	h.say(h.users[0], "/newgame")
	for _, u := range h.users[1:] {
		h.mustPress(u, OpJoin)
	}
	h.mustPress(h.users[0], OpStart)
	rec := h.record()
	if rec == nil || rec.Status != StatusPlaying || len(rec.Seats) != len(h.users) {
		h.t.Fatalf("game did not start: %+v", rec)
	}
}

// step presses one button according to a policy that makes a game move
// through auctions, building, mortgages, jail and bankruptcy: seat 0
// (Alice) wins every auction; Богдан buys what he lands on; everyone else
// sends property to auction.
func (h *harness) step(r *rand.Rand, seen map[engine.EventKind]bool) bool {
	rec := h.record()
	if rec == nil {
		return false
	}
	g := rec.Game
	for _, e := range rec.Turn {
		seen[e.Kind] = true
	}
	type choice struct {
		u    fakeapi.User
		op   Op
		arg  int
		any  bool
		want string
	}
	var c choice
	switch g.Phase {
	case engine.PhaseAuction:
		a := g.Auction
		for i := range g.Players {
			p := engine.PlayerID(i)
			if a.Passed[i] || a.Leader == p {
				continue
			}
			c = choice{u: h.userOf(rec, p), op: board.OpAuctionLeave}
			// Alice opens the bidding when she can afford its first amount.
			if _, data, ok := h.findButton(board.OpAuctionBid, 0, true); ok && p == 0 {
				if bid, err := kit.ParsePress(data); err == nil && bid.Arg <= g.Players[0].Cash {
					c = choice{u: h.userOf(rec, p), op: board.OpAuctionBid, arg: bid.Arg}
				}
			}
			break
		}
	case engine.PhaseDebt:
		d := g.Debts[0].Debtor
		u := h.userOf(rec, d)
		switch {
		case g.Check(d, engine.Action{Kind: engine.ActPayDebt}) == nil:
			c = choice{u: u, op: OpPayDebt}
		case rec.View.Menu == menuMortgage && rec.View.User == u.ID:
			c = choice{u: u, op: OpMortgage, any: true}
			if _, _, ok := h.findButton(OpMortgage, 0, true); !ok {
				c = choice{u: u, op: OpBack}
			}
		case rec.View.Menu == menuBankrupt:
			c = choice{u: u, op: OpBankruptYes}
		case len(b2a(board.MortgageActions(g, d))) > 0 && hasMortgageAction(g, d):
			c = choice{u: u, op: OpMenuMort}
		case len(board.BuildGroups(g, d)) > 0 && rec.View.Menu == "":
			c = choice{u: u, op: OpMenuBuild}
		case rec.View.Menu == menuBuild:
			c = choice{u: u, op: OpGroup, any: true}
		case rec.View.Menu == menuGroup:
			c = choice{u: u, op: OpSell, any: true}
			if _, _, ok := h.findButton(OpSell, 0, true); !ok {
				c = choice{u: u, op: OpSellSet, any: true}
			}
		default:
			c = choice{u: u, op: OpBankrupt}
		}
	case engine.PhasePlaceBuilding:
		c = choice{u: h.userOf(rec, g.Placing), op: OpBuild, any: true}
	default:
		cur := g.Current
		u := h.userOf(rec, cur)
		switch {
		case rec.View.Menu == menuGroup && rec.View.User == u.ID:
			c = choice{u: u, op: OpBuild, any: true}
			if _, _, ok := h.findButton(OpBuild, 0, true); !ok {
				c = choice{u: u, op: OpBack}
			}
		case rec.View.Menu == menuBuild && rec.View.User == u.ID:
			c = choice{u: u, op: OpGroup, arg: buildableGroup(g, cur)}
		case g.Phase == engine.PhaseTurnStart && cur == 0 && len(board.BuildGroups(g, cur)) > 0 && canBuild(g, cur):
			c = choice{u: u, op: OpMenuBuild}
		case g.Phase == engine.PhaseTurnStart && g.Players[cur].InJail && r.IntN(2) == 0 &&
			g.Check(cur, engine.Action{Kind: engine.ActPayJailFine}) == nil:
			c = choice{u: u, op: OpPayFine}
		case g.Phase == engine.PhaseTurnStart, g.Phase == engine.PhaseTurnEnd && g.RollAgain:
			c = choice{u: u, op: OpRoll}
		case g.Phase == engine.PhaseBuyDecision && cur == 1 && g.Check(cur, engine.Action{Kind: engine.ActBuy}) == nil:
			c = choice{u: u, op: OpBuy}
		case g.Phase == engine.PhaseBuyDecision:
			c = choice{u: u, op: OpDecline}
		default:
			c = choice{u: u, op: OpEndTurn}
		}
	}
	msg, data, ok := h.findButton(c.op, c.arg, c.any || c.op != board.OpAuctionBid && c.op != OpGroup)
	if !ok {
		msgs := h.api.Messages(testChat)
		h.t.Fatalf("phase %d: no %q button offered; view %+v; last message:\n%s\n%v", g.Phase, c.op, rec.View, msgs[len(msgs)-1].Text, msgs[len(msgs)-1].Keyboard)
	}
	if traceOps {
		h.t.Logf("turn %d phase %d: %s presses %s (view %q)", g.Turn, g.Phase, c.u.FirstName, c.op, rec.View.Menu)
	}
	h.press(c.u, msg, data)
	return true
}

var traceOps = false

// replayArchive replays the archived game of testChat from its start
// state and logged actions, checks it ends in the archived final state,
// and returns every event.
func (h *harness) replayArchive() []engine.Event {
	h.t.Helper()
	var arch archived
	err := h.bot.store.View(func(tx *storage.Tx) error {
		return tx.ForEachArchive(testChat, func(_ uint64, data []byte) error {
			return json.Unmarshal(data, &arch)
		})
	})
	if err != nil || arch.Record == nil {
		h.t.Fatalf("no archived game: %v", err)
	}
	var g *engine.Game
	var all []engine.Event
	for _, raw := range arch.Log {
		var start struct{ Start *engine.Game }
		if json.Unmarshal(raw, &start) == nil && start.Start != nil {
			g = start.Start
			continue
		}
		var e kit.LogEntry
		if err := json.Unmarshal(raw, &e); err != nil {
			h.t.Fatal(err)
		}
		if e.Action.Kind == 0 || g == nil {
			continue // lobby changes and menu navigation
		}
		evs, err := g.Apply(engine.PlayerID(e.Seat), e.Action)
		if err != nil {
			h.t.Fatalf("replaying %+v: %v", e, err)
		}
		all = append(all, evs...)
	}
	got, _ := json.Marshal(g)
	want, _ := json.Marshal(arch.Record.Game)
	if string(got) != string(want) {
		h.t.Fatalf("replayed game differs from the archived one")
	}
	return all
}

func (h *harness) archivedRecord() *Record {
	var arch archived
	err := h.bot.store.View(func(tx *storage.Tx) error {
		return tx.ForEachArchive(testChat, func(_ uint64, data []byte) error { return json.Unmarshal(data, &arch) })
	})
	if err != nil {
		h.t.Fatal(err)
	}
	return arch.Record
}

func b2a(a []engine.Action) []engine.Action { return a }

func hasMortgageAction(g *engine.Game, p engine.PlayerID) bool {
	for _, a := range g.Legal(p) {
		if a.Kind == engine.ActMortgage {
			return true
		}
	}
	return false
}

// buildableGroup is the colour set of the first square p may build on.
func buildableGroup(g *engine.Game, p engine.PlayerID) int {
	for _, a := range g.Legal(p) {
		if a.Kind == engine.ActBuild {
			return g.EditionData().Squares[a.Square].Group
		}
	}
	return -1
}

func canBuild(g *engine.Game, p engine.PlayerID) bool {
	for _, a := range g.Legal(p) {
		if a.Kind == engine.ActBuild {
			return true
		}
	}
	return false
}

// TestPlayWholeGame plays a complete classic game through the fake Bot
// API: three people join, press only the buttons the bot offers, and the
// game passes through auctions, building, mortgages, jail and
// bankruptcies to the game-over message.
func TestPlayWholeGame(t *testing.T) {
	t.Parallel()
	for _, lang := range wholeGameLangs(0) {
		t.Run(lang, func(t *testing.T) { t.Parallel(); playWholeGame(t, lang) })
	}
}

// wholeGameLangs are the languages a test of whole games plays its i-th
// edition in: every language, or under -short (the race run, where a whole
// game costs ten times the processor time) one, another for each i, so
// that the race run still plays each language somewhere.
func wholeGameLangs(i int) []string {
	if testing.Short() {
		return []string{locales.Languages[i%len(locales.Languages)]}
	}
	return locales.Languages
}

// playWholeGame plays the game in the language of the chat's creator.
func playWholeGame(t *testing.T, lang string) {
	h := newHarness(t, 42, nil)
	h.users[0].LanguageCode = lang
	h.startGame()
	r := rand.New(rand.NewPCG(1, 2))
	seen := map[engine.EventKind]bool{}
	presses := 0
	for ; presses < 6000; presses++ {
		if !h.step(r, seen) {
			break
		}
	}
	if rec := h.record(); rec != nil {
		t.Fatalf("game not over after %d presses (turn %d)", presses, rec.Game.Turn)
	}
	// The archive keeps the start state and every action: replaying it
	// must reproduce the final state, and shows every event of the game.
	evs := h.replayArchive()
	for _, e := range evs {
		seen[e.Kind] = true
	}
	for _, k := range []engine.EventKind{engine.EvAuctionWon, engine.EvBuilt, engine.EvMortgaged,
		engine.EvSentToJail, engine.EvBankrupt, engine.EvRentPaid, engine.EvCardDrawn} {
		if !seen[k] {
			t.Errorf("the game never showed event %d", k)
		}
	}
	msgs := h.api.Messages(testChat)
	// Every bankruptcy was told in the chat, in the chat's language.
	arch := h.archivedRecord()
	for _, e := range evs {
		if e.Kind != engine.EvBankrupt {
			continue
		}
		line := boardOf(h).EventLine(lang, arch, e)
		found := false
		for _, m := range msgs {
			found = found || strings.Contains(m.Text, line)
		}
		if !found {
			t.Errorf("bankruptcy line %q not shown in any message", line)
		}
	}
	for _, m := range msgs { // no message id or template gap reached the chat
		for _, gap := range []string{"<no value>", "ev_", "err_", "btn_", "prompt_"} {
			if strings.Contains(m.Text, gap) {
				t.Errorf("message %d shows %q: %q", m.ID, gap, m.Text)
			}
		}
	}
	last := msgs[len(msgs)-1]
	if !strings.Contains(last.Text, "🏆") {
		t.Errorf("last message is not the game-over announcement: %q", last.Text)
	}
	for _, m := range msgs {
		if strings.Contains(m.Text, "Alice <A&B>") {
			t.Fatalf("a name went into HTML unescaped: %q", m.Text)
		}
		if m.Keyboard != nil && m.ID != msgs[len(msgs)-1].ID {
			// Only a live message may keep buttons; after the game none.
			t.Errorf("message %d still has buttons after the game: %v", m.ID, m.Keyboard)
		}
	}
	if got, want := len(h.api.CallbackAnswers()), len(h.api.Calls("answerCallbackQuery")); got != want || got < presses {
		t.Errorf("answered %d callback queries (%d calls) for %d presses", got, want, presses)
	}
	t.Logf("game over after %d presses; %d messages", presses, len(msgs))
}

// TestOutdatedAndForeignPresses: a press on an old message, forged data,
// and a press by someone not in the game change nothing and get an alert.
func TestOutdatedAndForeignPresses(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.startGame()
	before := h.record()
	msg, data, ok := h.findButton(OpRoll, 0, true)
	if !ok {
		t.Fatal("no roll button")
	}
	stranger := fakeapi.User{ID: 99, FirstName: "Eve", LanguageCode: "ru"}
	h.press(stranger, msg, data)
	h.press(h.users[0], msg, "forged:data")
	h.press(h.users[0], msg, strings.Replace(data, ":r", ":b", 1))
	p, _ := kit.ParsePress(data)
	p.Rev--
	h.press(h.users[0], msg, p.Encode())
	after := h.record()
	if after.Rev != before.Rev || after.Game.Version != before.Game.Version {
		t.Fatalf("refused presses changed the game: rev %d→%d", before.Rev, after.Rev)
	}
	answers := h.api.CallbackAnswers()
	if len(answers) < 4 {
		t.Fatalf("got %d answers, want 4", len(answers))
	}
	for _, a := range answers[len(answers)-4:] {
		if !a.ShowAlert || a.Text == "" {
			t.Errorf("refused press answered without an alert: %+v", a)
		}
	}
	// An alert is the presser's to read: in their language while the chat
	// has pinned none (the chat's messages are in the creator's).
	if got := answers[len(answers)-4].Text; got != h.bot.cat.T("ru", "alert_not_player", nil) {
		t.Errorf("stranger got %q", got)
	}
}

// TestRestartMidGame stops the bot and its database mid-game, starts it
// again on the same file, and continues pressing the buttons of the
// messages sent before the restart.
func TestRestartMidGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 99, nil)
	h.startGame()
	r := rand.New(rand.NewPCG(3, 4))
	seen := map[engine.EventKind]bool{}
	for i := 0; i < 40; i++ {
		h.step(r, seen)
	}
	before := h.record()
	h.stop()
	h.start()
	after := h.record()
	if after == nil || after.Rev != before.Rev || after.Game.Version != before.Game.Version {
		t.Fatalf("state changed across the restart")
	}
	for i := 0; i < 40; i++ {
		h.step(r, seen)
	}
	if final := h.record(); final != nil && final.Game.Version <= after.Game.Version {
		t.Fatalf("no progress after the restart")
	}
}

// TestConcurrentChats plays in several chats at once (race detector).
func TestConcurrentChats(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 5, nil)
	var wg sync.WaitGroup
	for c := 0; c < 4; c++ {
		chat := testChat - int64(c) - 1
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.api.PushMessage(chat, h.users[0], "/newgame")
		}()
	}
	wg.Wait()
	h.settle()
	for c := 0; c < 4; c++ {
		chat := testChat - int64(c) - 1
		rec, err := h.bot.Snapshot(chat)
		if err != nil || rec == nil || rec.Status != StatusLobby {
			t.Fatalf("chat %d: no lobby (%v)", chat, err)
		}
	}
	_ = fmt.Sprint()
}
