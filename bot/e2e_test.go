package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/board/boardtest"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/deal/dealtest"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

const testChat = bottest.Chat

// harness runs the whole bot (Run) against the fake Bot API
// (bottest.Harness), played at the board games (boardtest.Board) and at
// Deal (dealtest.Deal); bot is the running bot.
type harness struct {
	*bottest.Harness
	boardtest.Board
	dealtest.Deal
	bot  *Bot
	tune func(*AppConfig)
}

// testCatalog is the one message catalog of every bot the tests start.
var testCatalog = bottest.LoadCatalog

func newHarness(t testing.TB, seed uint64, rules *engine.Rules) *harness {
	return newHarnessWith(t, seed, rules, nil)
}

func newHarnessWith(t testing.TB, seed uint64, rules *engine.Rules, tune func(*AppConfig)) *harness {
	h := &harness{tune: tune}
	h.Harness = bottest.New(t, func(ctx context.Context, api bottest.Endpoint, db string, ready func(bottest.App)) error {
		cfg := TestConfig(api.URL, db, bottest.Catalog(t))
		cfg.Seed = func() uint64 { return seed }
		if rules != nil {
			board.SetRules(&cfg.Defaults, rules)
		}
		cfg.Ready = func(b *Bot) { h.bot = b; ready(TestHooks(b)) }
		if h.tune != nil {
			h.tune(&cfg)
		}
		cfg.Client.Transport = api.Transport // after tune, which may replace Client
		return Run(ctx, cfg)
	})
	h.Board, h.Deal = boardtest.Board{Harness: h.Harness}, dealtest.Deal{Harness: h.Harness}
	h.Lobby = bottest.LobbyOps{Join: OpJoin, Start: OpStart, Cancel: OpCancel, CancelYes: OpCancelYes, More: OpLobbyMore, AddComputer: OpAddComputer}
	return h
}

var (
	hasOp     = bottest.HasOp
	shownText = bottest.ShownText
)

// namedHarness seats the three edge names (bottest.EdgeUsers) in a
// classic game.
func namedHarness(t *testing.T) *harness {
	h := newHarness(t, 7, nil)
	h.Users = bottest.EdgeUsers()
	return h
}

// composeOffer starts a game in which the current player X has composed,
// not yet sent, an offer of Mediterranean Avenue to the next seat Y for $10.
func composeOffer(t *testing.T) (*harness, boardtest.OfferParties) {
	h := newHarness(t, 7, nil)
	return h, h.ComposeOffer()
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
// edition in (bottest.WholeGameLangs).
var wholeGameLangs = bottest.WholeGameLangs

// playWholeGame plays the game in the language of the chat's creator.
func playWholeGame(t *testing.T, lang string) {
	h := newHarness(t, 42, nil)
	h.Users[0].LanguageCode = lang
	h.StartGame()
	r := rand.New(rand.NewPCG(1, 2))
	seen := map[engine.EventKind]bool{}
	presses := 0
	for ; presses < 6000; presses++ {
		if !h.Step(r, seen) {
			break
		}
	}
	if rec := h.Record(); rec != nil {
		t.Fatalf("game not over after %d presses (turn %d)", presses, board.Of(rec).Game.Turn)
	}
	// The archive keeps the start state and every action: replaying it
	// must reproduce the final state, and shows every event of the game.
	evs := h.ReplayArchive()
	for _, e := range evs {
		seen[e.Kind] = true
	}
	for _, k := range []engine.EventKind{engine.EvAuctionWon, engine.EvBuilt, engine.EvMortgaged,
		engine.EvSentToJail, engine.EvBankrupt, engine.EvRentPaid, engine.EvCardDrawn} {
		if !seen[k] {
			t.Errorf("the game never showed event %d", k)
		}
	}
	msgs := h.API.Messages(testChat)
	// Every bankruptcy was told in the chat, in the chat's language.
	arch := h.ArchivedRecord()
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
	if got, want := len(h.API.CallbackAnswers()), len(h.API.Calls("answerCallbackQuery")); got != want || got < presses {
		t.Errorf("answered %d callback queries (%d calls) for %d presses", got, want, presses)
	}
	t.Logf("game over after %d presses; %d messages", presses, len(msgs))
}

// TestOutdatedAndForeignPresses: a press on an old message, forged data,
// and a press by someone not in the game change nothing and get an alert.
func TestOutdatedAndForeignPresses(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.StartGame()
	before := h.Record()
	msg, data, ok := h.FindButton(board.OpRoll, 0, true)
	if !ok {
		t.Fatal("no roll button")
	}
	stranger := fakeapi.User{ID: 99, FirstName: "Eve", LanguageCode: "ru"}
	h.Press(stranger, msg, data)
	h.Press(h.Users[0], msg, "forged:data")
	h.Press(h.Users[0], msg, strings.Replace(data, ":r", ":b", 1))
	p, _ := kit.ParsePress(data)
	p.Rev--
	h.Press(h.Users[0], msg, p.Encode())
	after := h.Record()
	if after.Rev != before.Rev || board.Of(after).Game.Version != board.Of(before).Game.Version {
		t.Fatalf("refused presses changed the game: rev %d→%d", before.Rev, after.Rev)
	}
	answers := h.API.CallbackAnswers()
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
	h.StartGame()
	r := rand.New(rand.NewPCG(3, 4))
	seen := map[engine.EventKind]bool{}
	for i := 0; i < 40; i++ {
		h.Step(r, seen)
	}
	before := h.Record()
	h.Stop()
	h.Start()
	after := h.Record()
	if after == nil || after.Rev != before.Rev || board.Of(after).Game.Version != board.Of(before).Game.Version {
		t.Fatalf("state changed across the restart")
	}
	for i := 0; i < 40; i++ {
		h.Step(r, seen)
	}
	if final := h.Record(); final != nil && board.Of(final).Game.Version <= board.Of(after).Game.Version {
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
			h.API.PushMessage(chat, h.Users[0], "/newgame")
		}()
	}
	wg.Wait()
	h.Settle()
	for c := 0; c < 4; c++ {
		chat := testChat - int64(c) - 1
		rec, err := h.bot.Snapshot(chat)
		if err != nil || rec == nil || rec.Status != kit.StatusLobby {
			t.Fatalf("chat %d: no lobby (%v)", chat, err)
		}
	}
	_ = fmt.Sprint()
}

// boardOf is the board games' kind of the harness's bot.
func boardOf(h *harness) *board.Kind { return h.bot.kinds.Named(board.Name).(*board.Kind) }
