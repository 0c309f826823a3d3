package board_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/board/boardtest"
	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// These tests play the board games through the whole bot (bot/bottest),
// under the names they had when they were the chat layer's.

// TestMain runs the tests bottest.Parallel at a time: they mostly wait.
func TestMain(m *testing.M) { bottest.Main(m) }

const (
	testChat  = bottest.Chat
	superChat = bottest.SuperChat
)

type (
	Record      = kit.Record
	Settings    = kit.Settings
	ChatOptions = kit.ChatOptions
	Pace        = kit.Pace
	Op          = kit.Op
	AppConfig   = bot.AppConfig
	fakeClock   = bottest.Clock
	archived    = bottest.ArchivedGame
	Press       = kit.Press
	chatState   = kit.Change
	sentPhoto   = bottest.SentPhoto
)

const (
	StatusPlaying = kit.StatusPlaying
	PaceLive      = kit.PaceLive
	PaceRelaxed   = kit.PaceRelaxed
	PaceAsync     = kit.PaceAsync

	OpJoin        = bot.OpJoin
	OpStart       = bot.OpStart
	OpAddComputer = bot.OpAddComputer
	OpSetRule     = bot.OpSetRule
	OpSetView     = bot.OpSetView
	OpSetEdition  = bot.OpSetEdition
	OpRematch     = bot.OpRematch
	OpEndGameYes  = bot.OpEndGameYes
	OpCancel      = bot.OpCancel
	OpCancelYes   = bot.OpCancelYes
	OpLobbyMore   = bot.OpLobbyMore
	OpLeave       = bot.OpLeave
)

var (
	Paces = kit.Paces

	putJSON        = bottest.PutJSON
	memberUpdate   = bottest.MemberUpdate
	hasOp          = bottest.HasOp
	shownText      = bottest.ShownText
	wholeGameLangs = bottest.WholeGameLangs
)

const (
	OpRoll        = board.OpRoll
	OpBuy         = board.OpBuy
	OpDecline     = board.OpDecline
	OpEndTurn     = board.OpEndTurn
	OpPayFine     = board.OpPayFine
	OpJailCard    = board.OpJailCard
	OpPayDebt     = board.OpPayDebt
	OpBankrupt    = board.OpBankrupt
	OpBankruptYes = board.OpBankruptYes
	OpBid         = board.OpBid
	OpPass        = board.OpPass
	OpMenuBuild   = board.OpMenuBuild
	OpMenuMort    = board.OpMenuMort
	OpGroup       = board.OpGroup
	OpBuild       = board.OpBuild
	OpSell        = board.OpSell
	OpSellSet     = board.OpSellSet
	OpMortgage    = board.OpMortgage
	OpUnmortgage  = board.OpUnmortgage
	OpDeed        = board.OpDeed
	OpBack        = board.OpBack
	OpVoteEnd     = board.OpVoteEnd
	OpResignYes   = board.OpResignYes
	OpResignNo    = board.OpResignNo
	OpTrade       = board.OpTrade
	OpTrTo        = board.OpTrTo
	OpTrWho       = board.OpTrWho
	OpTrGive      = board.OpTrGive
	OpTrTake      = board.OpTrTake
	OpTrCard      = board.OpTrCard
	OpTrAsk       = board.OpTrAsk
	OpTrMode      = board.OpTrMode
	OpTrAdd       = board.OpTrAdd
	OpTrSub       = board.OpTrSub
	OpTrSet       = board.OpTrSet
	OpTrSend      = board.OpTrSend
	OpTrDiscard   = board.OpTrDiscard
	OpOfAccept    = board.OpOfAccept
	OpOfReject    = board.OpOfReject
	OpOfCounter   = board.OpOfCounter
	OpOfWithdraw  = board.OpOfWithdraw

	editItems = board.EditItems
	editGive  = board.EditGive
	editTake  = board.EditTake
	offerTTL  = board.OfferTTL

	maxHistory   = board.MaxHistory
	historySlack = board.HistorySlack
	historyShown = board.HistoryShown

	menuBuild    = state.MenuBuild
	menuGroup    = state.MenuGroup
	menuMortgage = state.MenuMortgage
	menuBankrupt = state.MenuBankrupt
)

type (
	Board     = state.Board
	Draft     = state.Draft
	OfferEdit = state.OfferEdit
)

var (
	turnSlot     = board.TurnSlot
	tradePayload = board.TradePayload
	seatOrder    = board.SeatOrder
)

// boardOf is the board games' kind of the harness's bot.
func boardOf(h *harness) *board.Kind { return h.bot.kinds[board.Name].(*board.Kind) }

// harness runs the whole bot against the fake Bot API (bottest.Harness).
type harness struct {
	*bottest.Harness
	t     testing.TB
	api   *fakeapi.Server
	db    string
	bot   *testBot
	users []fakeapi.User
}

// testBot is the running bot with what these tests read of it.
type testBot struct {
	bot.Hooks
	cat   *locales.Catalog
	store *storage.Store
	kinds map[string]bot.Kind
}

func (b *testBot) kindOf(rec *Record) bot.Kind                 { return b.KindOf(rec) }
func (b *testBot) chatLang(chat int64, userLang string) string { return b.ChatLang(chat, userLang) }
func (b *testBot) lock(chat int64) func()                      { return b.LockChat(chat) }

func newHarness(t testing.TB, seed uint64, rules *engine.Rules) *harness {
	return newHarnessWith(t, seed, rules, nil)
}

func newHarnessWith(t testing.TB, seed uint64, rules *engine.Rules, tune func(*AppConfig)) *harness {
	h := &harness{t: t}
	h.Harness = bottest.New(t, func(ctx context.Context, endpoint, db string, ready func(bottest.App)) error {
		cfg := bot.TestConfig(endpoint, db, bottest.Catalog(t))
		cfg.Seed = func() uint64 { return seed }
		if rules != nil {
			board.SetRules(&cfg.Defaults, rules)
		}
		cfg.Ready = func(b *bot.Bot) {
			hk := bot.TestHooks(b)
			h.bot = &testBot{Hooks: hk, cat: hk.Catalog(), store: hk.Store(), kinds: map[string]bot.Kind{board.Name: hk.KindNamed(board.Name)}}
			ready(hk)
		}
		if tune != nil {
			tune(&cfg)
		}
		return bot.Run(ctx, cfg)
	})
	h.Lobby = bottest.LobbyOps{Join: OpJoin, Start: OpStart, Cancel: OpCancel, CancelYes: OpCancelYes, More: OpLobbyMore, AddComputer: OpAddComputer}
	h.api, h.db, h.users = h.API, h.DB, h.Users
	return h
}

// newClockHarness runs the bot with a fake clock and the chat's options
// set before the game is created.
func newClockHarness(t *testing.T, opts ChatOptions) (*harness, *fakeClock) {
	t.Helper()
	clock := bottest.NewClock(time.Unix(1_800_000_000, 0))
	h := newHarnessWith(t, 42, nil, func(c *AppConfig) { c.AuctionSilence = 0; c.Now = clock.Now })
	err := h.bot.store.Update(func(tx *storage.Tx) error {
		return putJSON(tx.PutSettings, testChat, Settings{Lang: "en", Options: opts})
	})
	if err != nil {
		t.Fatal(err)
	}
	return h, clock
}

// namedHarness seats the three edge names (bottest.EdgeUsers) in a
// classic game.
func namedHarness(t *testing.T) *harness {
	h := newHarness(t, 7, nil)
	h.users = bottest.EdgeUsers()
	return h
}

func (h *harness) start()  { h.Start() }
func (h *harness) stop()   { h.Stop() }
func (h *harness) settle() { h.t.Helper(); h.Settle() }
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
func (h *harness) findMsg(chat int64, id int) *fakeapi.Message { return h.FindMessage(chat, id) }
func (h *harness) lastAnswer() fakeapi.CallbackAnswer          { h.t.Helper(); return h.LastAnswer() }
func (h *harness) archivedRecord() *Record                     { h.t.Helper(); return h.ArchivedRecord() }
func (h *harness) editRecord(edit func(rec *Record))           { h.t.Helper(); h.EditRecord(edit) }
func (h *harness) message(id int) fakeapi.Message              { h.t.Helper(); return h.Message(id) }
func (h *harness) mentions(user int64, text string) int        { return h.Mentions(user, text) }
func (h *harness) startGame()                                  { h.t.Helper(); h.StartGame(h.users) }
func (h *harness) lastAlert() fakeapi.CallbackAnswer           { h.t.Helper(); return h.LastAnswer() }
func (h *harness) lastShown(chat int64) fakeapi.Message        { h.t.Helper(); return h.LastShown(chat) }
func (h *harness) texts() string                               { return h.Texts() }
func (h *harness) photos() []sentPhoto                         { h.t.Helper(); return h.Photos() }
func (h *harness) openLobby(args string) *Record               { h.t.Helper(); return h.OpenLobby(h.users, args) }
func (h *harness) lobbyWithComputers(n int)                    { h.t.Helper(); h.LobbyWithComputers(h.users, n) }
func (h *harness) buttonIn(chat int64, op Op) (msg int, data string, ok bool) {
	return h.ButtonIn(chat, op)
}

// computerDue says whether the game waits for a computer's move.
func (h *harness) computerDue(rec *Record) bool {
	return rec != nil && board.Of(rec).Game != nil && h.bot.kindOf(rec).Pending(rec).Computer
}

// current is the person whose turn it is in chat.
func (h *harness) current(chat int64) fakeapi.User {
	h.t.Helper()
	rec, err := h.bot.Snapshot(chat)
	if err != nil || rec == nil || board.Of(rec).Game == nil {
		h.t.Fatalf("chat %d: no game (%v)", chat, err)
	}
	return h.userOf(rec, board.Of(rec).Game.Current)
}

// The board game played through the buttons on screen (boardtest).
func (h *harness) step(r *rand.Rand, seen map[engine.EventKind]bool) bool {
	h.t.Helper()
	return boardtest.Step(h.Harness, h.users, r, seen)
}
func (h *harness) editionStep(r *rand.Rand, seen map[engine.EventKind]bool) bool {
	h.t.Helper()
	return boardtest.EditionStep(h.Harness, h.users, r, seen)
}
func (h *harness) replayArchive() []engine.Event {
	h.t.Helper()
	return boardtest.ReplayArchive(h.Harness)
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
func (h *harness) composeDeedForCash(ux fakeapi.User, to engine.PlayerID, sq, cash int) {
	h.t.Helper()
	boardtest.ComposeDeedForCash(h.Harness, ux, to, sq, cash)
}
func (h *harness) draftPortForCash(rec *Record, ux fakeapi.User, y engine.PlayerID) {
	h.t.Helper()
	boardtest.DraftPortForCash(h.Harness, rec, ux, y)
}
func (h *harness) linkMessages() []fakeapi.Message { return boardtest.LinkMessages(h.Harness) }
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

// placeBid has u press a bid button (data under msg) and checks it leads
// the auction now.
func (h *harness) placeBid(u fakeapi.User, msg int, data, what string) (*Record, *engine.Auction) {
	h.t.Helper()
	return boardtest.PlaceBid(h.Harness, u, msg, data, what)
}

// wantOutbid checks that u's last bid was refused naming the leader and
// the highest bid (in u's language unless the chat pinned one), and that
// it changed nothing.
func (h *harness) wantOutbid(u, leader fakeapi.User, rec *Record, high int, what string) {
	h.t.Helper()
	lang := h.bot.chatLang(testChat, u.LanguageCode)
	want := h.bot.cat.T(lang, "auction_outbid", map[string]any{"Player": kit.Isolate(leader.FirstName), "Amount": h.bot.cat.MoneyOf(lang, rec.Edition, high)})
	boardtest.WantRefused(h.Harness, rec, want, what)
}

// findButtonData is p's callback data (as an offer message carries it).
func (h *harness) findButtonData(t *testing.T, p kit.Press) (kit.Press, string) {
	t.Helper()
	return p, bottest.EncodePress(t, p)
}
