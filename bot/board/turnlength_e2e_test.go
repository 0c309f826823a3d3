package board_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// The live turn message must read on a phone: measured over whole games.
const (
	maxTurnLinesMedian = 14
	maxTurnLines       = 25
	// phoneRow is about how many characters a phone shows in a row: a
	// longer line is counted as the rows Telegram wraps it into (the bot
	// wraps nothing itself).
	phoneRow = 60
)

// turnShapes collects every state the live turn message was shown in.
type turnShapes struct {
	seen  map[string]bool
	texts []string // as a person reads them: tags stripped, entities decoded
}

// look records the turn message as it stands now, if it is live (has
// buttons) and not seen in this state yet.
func (s *turnShapes) look(h *harness) {
	rec := h.Record()
	if rec == nil || board.Of(rec).TurnMsg == 0 {
		return
	}
	for _, m := range h.API.Messages(testChat) {
		if m.ID != board.Of(rec).TurnMsg || m.Keyboard == nil {
			continue
		}
		text := bottest.ShownText(m.Text)
		if key := string(rune(m.ID)) + text; !s.seen[key] {
			s.seen[key] = true
			s.texts = append(s.texts, text)
		}
	}
}

// lineRunes is a shown line's length without people's names, which the
// bot cannot shorten.
func lineRunes(line string, names []string) int {
	for _, n := range names {
		line = strings.ReplaceAll(line, n, "")
	}
	return utf8.RuneCountInString(line)
}

// TestTurnMessageFitsAPhone plays whole games of three in every edition
// and language through the fake Bot API — three people by a script, and
// one person with two computer seats — and measures every state of the
// live turn message: the median and the longest in rows on a phone (a
// line longer than phoneRow, people's names left out, counts as the rows
// it wraps into).
func TestTurnMessageFitsAPhone(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("plays 18 whole games to measure the turn message: go test without -short runs it")
	}
	type measured struct {
		ed, lang          string
		people, computers *measuredGame
	}
	var games []measured
	t.Run("games", func(t *testing.T) { // returns when all of them, played in parallel, are over
		for _, ed := range []string{engine.Classic, engine.Business, engine.Lux} {
			for _, lang := range locales.Languages {
				games = append(games, measured{ed, lang, playMeasured(t, ed, lang), playComputersMeasured(t, ed, lang)})
			}
		}
	})
	if t.Failed() {
		return
	}
	var all []int
	longest := ""
	maxLines := 0
	for _, m := range games {
		shapes := m.people
		shapes.texts = append(shapes.texts, m.computers.texts...)
		shapes.users = append(shapes.users, m.computers.users...)
		names := shapes.users
		var lines []int
		for _, text := range shapes.texts {
			rows := 0
			for _, l := range strings.Split(text, "\n") {
				rows += max(1, (lineRunes(l, names)+phoneRow-1)/phoneRow)
			}
			lines = append(lines, rows)
			if rows > maxLines {
				maxLines, longest = rows, text
			}
		}
		all = append(all, lines...)
		t.Logf("%s/%s: %d states, median %d lines, most %d", m.ed, m.lang, len(lines), median(lines), slices.Max(lines))
	}
	med := median(all)
	t.Logf("all games: %d states, median %d rows, most %d; the longest:\n%s", len(all), med, maxLines, longest)
	if med > maxTurnLinesMedian {
		t.Errorf("median turn message %d lines, want at most %d", med, maxTurnLinesMedian)
	}
	if maxLines > maxTurnLines {
		t.Errorf("a turn message of %d lines, want at most %d:\n%s", maxLines, maxTurnLines, longest)
	}
}

// measuredGame is what one measured game showed.
type measuredGame struct {
	texts []string
	users []string // the players' names as shown
}

// playMeasured plays a whole game of the edition in the language (the
// policies of TestPlayWholeGame and TestPlayWholeGameOfEachEdition) and
// collects the live turn message after every press, in a parallel subtest
// of t: what it returns is filled in when that subtest ends.
func playMeasured(t *testing.T, edition, lang string) *measuredGame {
	t.Helper()
	out := &measuredGame{}
	t.Run(edition+"/"+lang, func(t *testing.T) {
		t.Parallel()
		bottest.InBubble(t, func(t *testing.T) { playMeasuredIn(t, edition, lang, out) })
	})
	return out
}

// playMeasuredIn is playMeasured's game, in a bubble: the fake Bot API in
// process, no socket between it and the bot.
func playMeasuredIn(t *testing.T, edition, lang string, out *measuredGame) {
	h := newHarness(t, 42, nil)
	h.Users[0].LanguageCode = lang
	h.OpenLobby(edition)
	h.MustPress(h.Users[0], bot.OpStart)
	shapes := &turnShapes{seen: map[string]bool{}}
	r := rand.New(rand.NewPCG(1, 2))
	seen := map[engine.EventKind]bool{}
	presses := 0
	for ; presses < 10000; presses++ {
		shapes.look(h)
		if !h.EditionStep(r, seen) {
			break
		}
	}
	if rec := h.Record(); rec != nil {
		t.Fatalf("game not over after %d presses (turn %d)", presses, board.Of(rec).Game.Turn)
	}
	if len(shapes.texts) < 50 {
		t.Fatalf("only %d states of the turn message seen", len(shapes.texts))
	}
	for _, m := range h.API.Messages(testChat) {
		if text := bottest.ShownText(m.Text); strings.TrimSpace(strings.SplitN(text, "\n", 2)[0]) == "" {
			t.Errorf("message %d starts with an empty line: %q", m.ID, text)
		}
	}
	out.texts = shapes.texts
	for _, u := range h.Users {
		out.users = append(out.users, u.FirstName)
	}
}

func median(xs []int) int {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// playComputersMeasured plays a whole game of one person and two computer
// seats (TestComputersPlayWithOnePerson's) and collects every state of the
// live turn message the chat was shown: the computers move by the chat's
// timer, so the states are read from the fake's change stream. Like
// playMeasured, it plays in a parallel subtest of t.
func playComputersMeasured(t *testing.T, edition, lang string) *measuredGame {
	t.Helper()
	out := &measuredGame{}
	t.Run(edition+"/"+lang+"/computers", func(t *testing.T) {
		t.Parallel()
		bottest.InBubble(t, func(t *testing.T) { playComputersMeasuredIn(t, edition, lang, out) })
	})
	return out
}

// playComputersMeasuredIn is playComputersMeasured's game, in a bubble
// (see playMeasuredIn).
func playComputersMeasuredIn(t *testing.T, edition, lang string, out *measuredGame) {
	clock := bottest.NewClock(time.Unix(1_800_000_000, 0))
	h := newHarnessWith(t, 9, nil, func(c *bot.AppConfig) { c.TimerTick, c.Now = time.Millisecond, clock.Now })
	if err := h.bot.Store().Update(func(tx *storage.Tx) error {
		opts := kit.ChatOptions{Edition: edition, Pace: kit.Pace{Name: kit.PaceAsync}, KickAfter: -1}
		return bottest.PutJSON(tx.PutSettings, testChat, kit.Settings{Lang: lang, Options: opts})
	}); err != nil {
		t.Fatal(err)
	}
	// Read after the game: room for all of its changes (about 550 in
	// these games; a stream that overflows is dropped, and the test
	// fails saying so). A buffer of 1<<20 events made 170 MB per game
	// for the garbage collector to clear and scan, most of the test's
	// processor time.
	events, stop := h.API.Subscribe(1 << 13)
	defer stop()
	alice := h.Users[0]
	h.LobbyWithComputers(2)
	h.MustPress(alice, bot.OpStart)
	prefer := []kit.Op{board.OpBankruptYes, board.OpRoll, board.OpPayDebt, board.OpPayFine, board.OpStayInJail,
		board.OpNoStake, board.OpDecline, board.OpPass, board.OpEndTurn, board.OpBankrupt}
	h.PlayAgainstComputers(alice, clock.Add, prefer, h.computerDue)
	head, _, _ := strings.Cut(bottest.ShownText(h.bot.Catalog().T(lang, "turn_header", map[string]any{"Turn": "\x00", "Player": ""})), "\x00")
	seen := map[string]bool{}
	for drained := false; !drained; {
		select {
		case e, ok := <-events:
			if !ok {
				t.Fatal("the change stream dropped the test")
			}
			text := bottest.ShownText(e.Message.Text)
			if e.Chat != testChat || e.Message.Keyboard == nil || !strings.HasPrefix(text, head) || seen[text] {
				continue
			}
			seen[text] = true
			out.texts = append(out.texts, text)
		default:
			drained = true
		}
	}
	if len(out.texts) < 50 {
		t.Fatalf("only %d states of the turn message seen", len(out.texts))
	}
	for _, s := range h.ArchivedRecord().Seats { // the computers' names too
		out.users = append(out.users, s.Name)
	}
}
