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
// (bottest.Harness), under the names this package's tests use.
type harness struct {
	*bottest.Harness
	t     testing.TB
	api   *fakeapi.Server
	db    string
	bot   *Bot
	users []fakeapi.User
	tune  func(*AppConfig)
}

// testCatalog is the one message catalog of every bot the tests start.
var testCatalog = bottest.LoadCatalog

func newHarness(t testing.TB, seed uint64, rules *engine.Rules) *harness {
	return newHarnessWith(t, seed, rules, nil)
}

func newHarnessWith(t testing.TB, seed uint64, rules *engine.Rules, tune func(*AppConfig)) *harness {
	h := &harness{t: t, tune: tune}
	h.Harness = bottest.New(t, func(ctx context.Context, endpoint, db string, ready func(bottest.App)) error {
		cfg := TestConfig(endpoint, db, bottest.Catalog(t))
		cfg.Seed = func() uint64 { return seed }
		if rules != nil {
			board.SetRules(&cfg.Defaults, rules)
		}
		cfg.Ready = func(b *Bot) { h.bot = b; ready(TestHooks(b)) }
		if h.tune != nil {
			h.tune(&cfg)
		}
		return Run(ctx, cfg)
	})
	h.Lobby = bottest.LobbyOps{Join: OpJoin, Start: OpStart, Cancel: OpCancel, CancelYes: OpCancelYes, More: OpLobbyMore, AddComputer: OpAddComputer}
	h.api, h.db, h.users = h.API, h.DB, h.Users
	return h
}

func (h *harness) start()     { h.Start() }
func (h *harness) stop()      { h.Stop() }
func (h *harness) settle()    { h.t.Helper(); h.Settle() }
func (h *harness) timerPass() { h.t.Helper(); h.TimerPass() }
func (h *harness) record() *Record {
	h.t.Helper()
	return h.Record()
}
func (h *harness) say(u fakeapi.User, text string)            { h.Say(u, text) }
func (h *harness) press(u fakeapi.User, msg int, data string) { h.Press(u, msg, data) }
func (h *harness) findButton(op Op, arg int, anyArg bool) (msg int, data string, ok bool) {
	return h.FindButton(op, arg, anyArg)
}
func (h *harness) findButtonIn(chat int64, op Op, arg int, anyArg bool) (msg int, data string, ok bool) {
	return h.FindButtonIn(chat, op, arg, anyArg)
}
func (h *harness) mustPress(u fakeapi.User, op Op) { h.t.Helper(); h.MustPress(u, op) }
func (h *harness) userOf(rec *Record, p engine.PlayerID) fakeapi.User {
	h.t.Helper()
	return h.UserOf(h.users, rec, int(p))
}

// startGame opens a lobby, lets everyone join and starts.
func (h *harness) startGame() { h.t.Helper(); h.StartGame(h.users) }

// startDeal starts a game of Monopoly Deal in lang and opens every hand
// (dealtest.Start); dealStep makes one move through the hands.
func (h *harness) startDeal(lang string) { h.t.Helper(); dealtest.Start(h.Harness, h.users, lang) }
func (h *harness) dealStep() bool        { h.t.Helper(); return dealtest.Step(h.Harness, h.users) }

// step presses one button of the board game on screen (boardtest.Step);
// replayArchive replays the archived game (boardtest.ReplayArchive).
func (h *harness) step(r *rand.Rand, seen map[engine.EventKind]bool) bool {
	h.t.Helper()
	return boardtest.Step(h.Harness, h.users, r, seen)
}
func (h *harness) replayArchive() []engine.Event {
	h.t.Helper()
	return boardtest.ReplayArchive(h.Harness)
}

func (h *harness) archivedRecord() *Record { h.t.Helper(); return h.ArchivedRecord() }

var (
	hasOp     = bottest.HasOp
	shownText = bottest.ShownText
)

// namedHarness seats the three edge names (bottest.EdgeUsers) in a
// classic game.
func namedHarness(t *testing.T) *harness {
	h := newHarness(t, 7, nil)
	h.users = bottest.EdgeUsers()
	return h
}

func (h *harness) message(id int) fakeapi.Message     { h.t.Helper(); return h.Message(id) }
func (h *harness) lastAnswer() fakeapi.CallbackAnswer { h.t.Helper(); return h.LastAnswer() }
func (h *harness) texts() string                      { return h.Texts() }
func (h *harness) photos() []bottest.SentPhoto        { h.t.Helper(); return h.Photos() }
func (h *harness) openLobby(args string) *Record      { h.t.Helper(); return h.OpenLobby(h.users, args) }

// The board game played through the buttons on screen (boardtest).
func (h *harness) editionStep(r *rand.Rand, seen map[engine.EventKind]bool) bool {
	h.t.Helper()
	return boardtest.EditionStep(h.Harness, h.users, r, seen)
}
func (h *harness) toBuyDecision() *Record {
	h.t.Helper()
	return boardtest.ToBuyDecision(h.Harness, h.users)
}
func (h *harness) edit(fn func(rec *Record)) { h.t.Helper(); boardtest.Edit(h.Harness, fn) }
func (h *harness) privateButton(u fakeapi.User, op Op, arg int) (int, string) {
	h.t.Helper()
	return boardtest.PrivateButton(h.Harness, u, op, arg)
}
func (h *harness) pressPrivate(u fakeapi.User, op Op, arg int) {
	h.t.Helper()
	boardtest.PressPrivate(h.Harness, u, op, arg)
}
func (h *harness) draftPortForCash(rec *Record, ux fakeapi.User, y engine.PlayerID) {
	h.t.Helper()
	boardtest.DraftPortForCash(h.Harness, rec, ux, y)
}
func (h *harness) offerMessages(chat int64, id int) []fakeapi.Message {
	return boardtest.OfferMessages(h.Harness, chat, id)
}
func (h *harness) playAgainstComputers(u fakeapi.User, clock *fakeClock, prefer []Op) {
	h.t.Helper()
	boardtest.PlayAgainstComputers(h.Harness, u, clock.Add, prefer, h.computerDue)
}

// shownButton is a button on screen (boardtest.Button).
type shownButton struct {
	msg  int
	data string
	arg  int
	text string
}

// buttons are the buttons with op on the newest message that has any.
func (h *harness) buttons(op Op) []shownButton {
	var out []shownButton
	for _, b := range boardtest.Buttons(h.Harness, op) {
		out = append(out, shownButton{b.Msg, b.Data, b.Arg, b.Text})
	}
	return out
}

// offerParties are the two sides of an offer composed by composeOffer.
type offerParties struct {
	x, y   engine.PlayerID
	ux, uy fakeapi.User
}

// composeOffer starts a game in which the current player x has composed,
// not yet sent, an offer of Mediterranean Avenue to the next seat y for $10.
func composeOffer(t *testing.T) (*harness, offerParties) {
	h := newHarness(t, 7, nil)
	p := boardtest.ComposeOffer(h.Harness, h.users)
	return h, offerParties{p.X, p.Y, p.UX, p.UY}
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
		t.Fatalf("game not over after %d presses (turn %d)", presses, board.Of(rec).Game.Turn)
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
	if after.Rev != before.Rev || board.Of(after).Game.Version != board.Of(before).Game.Version {
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
	if after == nil || after.Rev != before.Rev || board.Of(after).Game.Version != board.Of(before).Game.Version {
		t.Fatalf("state changed across the restart")
	}
	for i := 0; i < 40; i++ {
		h.step(r, seen)
	}
	if final := h.record(); final != nil && board.Of(final).Game.Version <= board.Of(after).Game.Version {
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

// findButtonData is p's callback data (as an offer message carries it).
func (h *harness) findButtonData(t *testing.T, p kit.Press) (kit.Press, string) {
	t.Helper()
	return p, bottest.EncodePress(t, p)
}
