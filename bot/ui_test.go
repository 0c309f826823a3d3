package bot

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// knownIDs is the set of message ids in the locales.
func knownIDs(t *testing.T) map[string]bool {
	t.Helper()
	cat, err := testCatalog()
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, id := range cat.IDs() {
		known[id] = true
	}
	return known
}

// TestMessageIDsExist finds every literal message id the bot asks the
// catalog for and checks that it exists in every language.
func TestMessageIDsExist(t *testing.T) {
	t.Parallel()
	known := knownIDs(t)
	// The chat layer, kit and the board games.
	var files []string
	for _, dir := range []string{".", "kit", "board"} {
		more, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		files = append(files, more...)
	}
	fset := token.NewFileSet()
	used := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || (sel.Sel.Name != "T" && sel.Sel.Name != "N") || len(call.Args) < 2 {
				return true
			}
			lit, ok := call.Args[1].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			id, _ := strconv.Unquote(lit.Value)
			used++
			if !known[id] {
				t.Errorf("%s: message %q is not in the locales", fset.Position(lit.Pos()), id)
			}
			return true
		})
	}
	if used < 50 {
		t.Fatalf("found only %d message ids in the bot's code; the scan is broken", used)
	}
	// Ids the bot builds from numbers and names.
	dynamic := []string{"edition_" + engine.Classic}
	for _, n := range commandNames {
		dynamic = append(dynamic, "cmd_"+n)
	}
	ed := engine.EditionByID(engine.Classic)
	for sq := range ed.Squares {
		dynamic = append(dynamic, fmt.Sprintf("sq_classic_%d", sq))
	}
	for grp := 0; grp < ed.GroupCount(); grp++ {
		dynamic = append(dynamic, fmt.Sprintf("group_classic_%d", grp), fmt.Sprintf("group_emoji_classic_%d", grp))
	}
	for d, cards := range ed.Decks {
		dynamic = append(dynamic, fmt.Sprintf("deck_%d", d))
		for c := range cards {
			dynamic = append(dynamic, fmt.Sprintf("card_classic_%d_%d", d, c))
		}
	}
	for r := 0; r < 3; r++ {
		dynamic = append(dynamic, fmt.Sprintf("jail_reason_%d", r))
	}
	dynamic = append(dynamic, board.MessageIDs()...)
	for _, id := range dynamic {
		if !known[id] {
			t.Errorf("message %q is not in the locales", id)
		}
	}

}

// fakeClock is a settable clock for deadline tests.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// TestAuctionClosesAfterSilence: after the first bid an auction closes when
// 30 s pass without a new bid — also across a restart.
func TestAuctionClosesAfterSilence(t *testing.T) {
	t.Parallel()
	clock := &fakeClock{now: time.Unix(1_800_000_000, 0)}
	h := newHarnessWith(t, 42, nil, func(c *AppConfig) { c.AuctionSilence = 30 * time.Second; c.Now = clock.Now })
	h.StartGame()
	for i := 0; i < 200; i++ {
		rec := h.Record()
		if board.Of(rec).Game.Phase == engine.PhaseBuyDecision {
			break
		}
		cur := board.Of(rec).Game.Current
		op := board.OpRoll
		if board.Of(rec).Game.Phase == engine.PhaseTurnEnd && !board.Of(rec).Game.RollAgain {
			op = board.OpEndTurn
		}
		if board.Of(rec).Game.Phase != engine.PhaseTurnStart && board.Of(rec).Game.Phase != engine.PhaseTurnEnd {
			t.Fatalf("unexpected phase %d", board.Of(rec).Game.Phase)
		}
		h.MustPress(h.UserOf(rec, int(cur)), op)
	}
	rec := h.Record()
	sq := board.Of(rec).Game.Players[board.Of(rec).Game.Current].Pos
	h.MustPress(h.UserOf(rec, int(board.Of(rec).Game.Current)), board.OpDecline)
	msg, data, ok := h.FindButton(board.OpAuctionBid, 0, true)
	if !ok {
		t.Fatal("no bid button in the auction")
	}
	h.Press(h.Users[2], msg, data)
	h.Stop() // the deadline must survive a restart
	h.Start()
	clock.Add(29 * time.Second)
	h.TimerPass() // at the old time
	if rec := h.Record(); board.Of(rec).Game.Phase != engine.PhaseAuction {
		t.Fatalf("auction closed before the silence ran out (phase %d)", board.Of(rec).Game.Phase)
	}
	clock.Add(2 * time.Second)
	if !h.API.WaitFor(func() bool { return board.Of(h.Record()).Game.Phase != engine.PhaseAuction }, 5*time.Second) {
		t.Fatal("auction did not close after 30 s of silence")
	}
	rec = h.Record()
	if owner := board.Of(rec).Game.Props[sq].Owner; int(owner) != rec.SeatOf(h.Users[2].ID) {
		t.Fatalf("the only bidder does not own the property (owner %d)", owner)
	}
}

// TestCommands covers /lang, /help, /board, /endgame and /leave with their
// confirmations, and the command menu in three languages.
func TestCommands(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 3, nil)
	for _, lang := range []string{"", "ru", "uk", "en"} {
		if len(h.API.Commands("", lang)) != len(commandNames) {
			t.Errorf("setMyCommands for %q: %v", lang, h.API.Commands("", lang))
		}
	}
	if got := h.API.Commands("", "uk")[0].Description; got != h.bot.cat.T("uk", "cmd_newgame", nil) {
		t.Errorf("uk command description %q", got)
	}
	h.StartGame()
	h.Say(h.Users[1], "/lang uk")
	last, _ := h.API.LastMessage(testChat)
	if last.Text != h.bot.cat.T("uk", "lang_set", nil) {
		t.Errorf("/lang uk answered %q", last.Text)
	}
	h.Say(h.Users[1], "/board@"+fakeapi.BotUsername)
	if ph := h.Photos(); len(ph) != 1 || !ph[0].Uploaded {
		t.Errorf("/board@bot sent the photos %+v, want the board's picture (TestBoardPicture has the rest)", ph)
	}
	before := len(h.API.Messages(testChat))
	h.Say(h.Users[1], "/board@other_bot")
	if len(h.API.Messages(testChat)) != before {
		t.Error("a command for another bot was answered")
	}
	// /leave asks first; only the one who asked can confirm.
	h.Say(h.Users[1], "/leave")
	msg, data, ok := h.FindButton(board.OpResignYes, 0, true)
	if !ok {
		t.Fatal("/leave did not ask for confirmation")
	}
	h.Press(h.Users[2], msg, data)
	if rec := h.Record(); board.Of(rec).Game.Players[rec.SeatOf(h.Users[2].ID)].Bankrupt {
		t.Fatal("someone else confirmed another player's leaving")
	}
	h.Press(h.Users[1], msg, data)
	rec := h.Record()
	if !board.Of(rec).Game.Players[rec.SeatOf(h.Users[1].ID)].Bankrupt {
		t.Fatal("/leave confirmed did not take the player out")
	}
	// /endgame: not for a plain player; the creator confirms.
	h.Say(h.Users[2], "/endgame")
	last, _ = h.API.LastMessage(testChat)
	if last.Text != h.bot.cat.T("uk", "endgame_not_allowed", nil) {
		t.Errorf("/endgame by a player answered %q", last.Text)
	}
	h.Say(h.Users[0], "/endgame")
	h.MustPress(h.Users[0], OpEndGameYes)
	if h.Record() != nil {
		t.Fatal("the game is still stored after /endgame")
	}
	last, _ = h.API.LastMessage(testChat)
	if !strings.Contains(last.Text, h.bot.cat.T("uk", "standings_title", nil)) {
		t.Errorf("no final standings after /endgame: %q", last.Text)
	}
	for _, m := range h.API.Messages(testChat) {
		for _, row := range m.Keyboard {
			for _, btn := range row {
				if m.ID == last.ID && strings.Contains(btn.Data, string(OpRematch)) {
					continue // the standings' 🔁 Rematch, as after a game over
				}
				t.Errorf("message %d keeps a button after the end: %q", m.ID, btn.Text)
			}
		}
	}
	if len(last.Keyboard) != 1 {
		t.Errorf("the standings after /endgame offer no rematch: %+v", last.Keyboard)
	}
	h.Say(h.Users[0], "/help")
	last, _ = h.API.LastMessage(testChat)
	if last.Text != h.bot.cat.T("uk", "help", nil) {
		t.Errorf("/help answered %q", last.Text)
	}
}
