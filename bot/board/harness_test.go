package board_test

import (
	"context"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/board/boardtest"
	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
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
func boardOf(h *harness) *board.Kind { return h.bot.board }

// harness runs the whole bot against the fake Bot API (bottest.Harness),
// played at the board games (boardtest.Board); bot is the running bot.
type harness struct {
	boardtest.Board
	bot *testBot
}

// testBot is the running bot with what these tests read of it.
type testBot struct {
	bot.Hooks
	board *board.Kind
}

func newHarness(t testing.TB, seed uint64, rules *engine.Rules) *harness {
	return newHarnessWith(t, seed, rules, nil)
}

func newHarnessWith(t testing.TB, seed uint64, rules *engine.Rules, tune func(*AppConfig)) *harness {
	h := &harness{}
	h.Harness = bottest.New(t, func(ctx context.Context, endpoint, db string, ready func(bottest.App)) error {
		cfg := bot.TestConfig(endpoint, db, bottest.Catalog(t))
		cfg.Seed = func() uint64 { return seed }
		if rules != nil {
			board.SetRules(&cfg.Defaults, rules)
		}
		cfg.Ready = func(b *bot.Bot) {
			hk := bot.TestHooks(b)
			h.bot = &testBot{Hooks: hk, board: hk.KindNamed(board.Name).(*board.Kind)}
			ready(hk)
		}
		if tune != nil {
			tune(&cfg)
		}
		return bot.Run(ctx, cfg)
	})
	h.Lobby = bottest.LobbyOps{Join: OpJoin, Start: OpStart, Cancel: OpCancel, CancelYes: OpCancelYes, More: OpLobbyMore, AddComputer: OpAddComputer}
	return h
}

// newClockHarness runs the bot with a fake clock and the chat's options
// set before the game is created.
func newClockHarness(t *testing.T, opts ChatOptions) (*harness, *fakeClock) {
	t.Helper()
	clock := bottest.NewClock(time.Unix(1_800_000_000, 0))
	h := newHarnessWith(t, 42, nil, func(c *AppConfig) { c.AuctionSilence = 0; c.Now = clock.Now })
	h.PutSettings(Settings{Lang: "en", Options: opts})
	return h, clock
}

// namedHarness seats the three edge names (bottest.EdgeUsers) in a
// classic game.
func namedHarness(t *testing.T) *harness {
	h := newHarness(t, 7, nil)
	h.Users = bottest.EdgeUsers()
	return h
}

// computerDue says whether the game waits for a computer's move.
func (h *harness) computerDue(rec *Record) bool {
	return rec != nil && board.Of(rec).Game != nil && h.bot.KindOf(rec).Pending(rec).Computer
}

// composeOffer starts a game in which the current player X has composed,
// not yet sent, an offer of Mediterranean Avenue to the next seat Y for $10.
func composeOffer(t *testing.T) (*harness, boardtest.OfferParties) {
	h := newHarness(t, 7, nil)
	return h, h.ComposeOffer()
}
