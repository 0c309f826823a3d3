package bot

import (
	"log/slog"
	"math/rand/v2"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// playBusily drives the chats' games as fast as the bot handles presses
// (not as fast as Telegram shows them) for d.
func playBusily(h *harness, chats []*benchChat, d time.Duration) {
	h.T.Helper()
	for end := time.Now().Add(d); time.Now().Before(end); {
		for _, c := range chats {
			h.API.PushUpdate(c.next(h.bot))
		}
		if !h.API.WaitFor(func() bool { return h.API.Pending() == 0 }, 10*time.Second) {
			h.T.Fatal("updates were not handled in time")
		}
	}
}

// TestRestartsKeepTelegramLimits is issue 12's goal: against a fake Bot API
// that enforces Telegram's limits (20 a minute and about one a second per
// group, 429 with retry_after), busy play in two groups with the bot
// restarted three times — each start re-shows the games at once — gets no
// 429 and makes no request inside a ban. Both sides run Telegram's time
// at restartSpeed times its speed (telegram.LimitsAt), each spell of play
// four seconds of it.
func TestRestartsKeepTelegramLimits(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("plays for seconds of real time")
	}
	speed := bottest.TelegramSpeed(t, restartSpeed)
	h := newHarnessWith(t, 7, nil, func(cfg *AppConfig) {
		cfg.Client = telegram.LimitsAt(speed)
		// Quick restarts: what the outbox could not flush is re-shown by
		// the next process, which must still honour this one's minute.
		cfg.ShutdownTimeout = 200 * time.Millisecond
	})
	h.API.Enforce(fakeapi.TelegramLimitsAt(speed))
	var chats []*benchChat
	for i, id := range []int64{testChat, testChat - 1} {
		c := &benchChat{id: id}
		for j := range c.users {
			c.users[j] = &tgbotapi.User{ID: int64(100*i + j + 1), FirstName: "P"}
		}
		chats = append(chats, c)
	}
	started := map[int64]uint64{}
	for restart := 0; ; restart++ {
		playBusily(h, chats, 4*time.Second/time.Duration(speed))
		if restart == 0 {
			for _, c := range chats {
				started[c.id] = h.version(c.id)
			}
		}
		if restart == 3 {
			break
		}
		h.Stop()
		h.Start()
	}
	for _, c := range chats {
		if v := h.version(c.id); v <= started[c.id] {
			t.Errorf("chat %d: the game did not move on across the restarts (version %d, then %d)", c.id, started[c.id], v)
		}
	}
	h.Stop()
	if f := h.API.Flood(); f.TooMany != 0 || f.InsideBan != 0 {
		t.Fatalf("%d answers were 429 and %d requests came inside a ban; want none", f.TooMany, f.InsideBan)
	}
}

// restartSpeed is how many times Telegram's speed
// TestRestartsKeepTelegramLimits plays at (bottest.TelegramSpeed).
const restartSpeed = 8

// fullDisk makes every write into the database fail, as a full disk or a
// failing one does: the file may not grow past its two meta pages
// (RLIMIT_FSIZE, whose writes fail with EFBIG since Go ignores SIGXFSZ), so
// no commit gets its pages out. It returns the function that frees the
// space again. The limit holds for the whole test process: a test that
// calls it must not run in parallel with others.
func fullDisk(t *testing.T) (free func()) {
	t.Helper()
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Skip(err)
	}
	full := lim
	full.Cur = 2 * 4096
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &full); err != nil {
		t.Skip(err)
	}
	freed := false
	free = func() {
		if !freed {
			freed = true
			if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Cleanup(free)
	return free
}

// TestFullDiskIsToldAndRecovers: while the disk takes no writes, a press
// is answered with an alert in the presser's language that the bot could
// not save, the game stays as it was (its buttons still valid), and once
// the space is back the same button works.
func TestFullDiskIsToldAndRecovers(t *testing.T) {
	// Not parallel: fullDisk's limit is the whole process's, so every
	// other test's database would be full too.
	var logs bottest.SyncBuffer
	h := newHarnessWith(t, 7, nil, func(cfg *AppConfig) {
		cfg.Logger = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelError}))
	})
	h.StartGame()
	before := h.Record()
	player := h.Current(testChat)
	msg, data, ok := h.ButtonIn(testChat, board.OpRoll)
	if !ok {
		t.Fatal("no Roll button")
	}
	free := fullDisk(t)
	update := h.API.PushCallback(testChat, msg, player, data)
	if !h.API.WaitFor(func() bool { _, ok := h.API.AnswerTo(update); return ok }, 10*time.Second) {
		t.Fatal("the press was not answered")
	}
	free()
	a, _ := h.API.AnswerTo(update)
	want := h.bot.cat.T(h.bot.chatLang(testChat, player.LanguageCode), "alert_not_saved", nil)
	if !a.ShowAlert || a.Text != want {
		t.Fatalf("a press the bot could not save was answered %q (alert %v), want the alert %q", a.Text, a.ShowAlert, want)
	}
	h.Settle()
	if l := logs.String(); !strings.Contains(l, "level=ERROR") || !strings.Contains(l, "chat="+strconv.FormatInt(testChat, 10)) {
		t.Errorf("the failed save was not logged as an error naming the chat: %q", l)
	}
	if rec := h.Record(); rec.Rev != before.Rev || board.Of(rec).Game.Version != board.Of(before).Game.Version {
		t.Fatalf("after the failed save the game moved: revision %d→%d, version %d→%d", before.Rev, rec.Rev, board.Of(before).Game.Version, board.Of(rec).Game.Version)
	}
	if _, now, _ := h.ButtonIn(testChat, board.OpRoll); now != data {
		t.Fatalf("the Roll button changed to %q after a change that was not saved", now)
	}
	h.Press(player, msg, data)
	if rec := h.Record(); board.Of(rec).Game.Version == board.Of(before).Game.Version {
		t.Fatal("with the space back, the same press did not move the game")
	}
}

// TestSomeoneElsesMenuKeepsTheTurnButtons: a player whose turn it is not
// opens the mortgage menu and goes back; the current player's button,
// taken before, still plays (menus are one person's view, not a change of
// the game), and nobody else may close that person's menu.
func TestSomeoneElsesMenuKeepsTheTurnButtons(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.StartGame()
	r := rand.New(rand.NewPCG(1, 2))
	seen := map[engine.EventKind]bool{}
	var other fakeapi.User
	for i := 0; ; i++ {
		rec := h.Record()
		g := board.Of(rec).Game
		if g.Phase == engine.PhaseTurnStart && board.Of(rec).View.Menu == "" {
			for p := range g.Players {
				if id := engine.PlayerID(p); id != g.Current && g.Active(id) && len(board.MortgageActions(g, id)) > 0 {
					other = h.UserOf(rec, int(id))
				}
			}
			if other.ID != 0 {
				break
			}
		}
		if i == 300 || !h.Step(r, seen) {
			t.Fatal("no player besides the current one came to own a deed")
		}
	}
	rollMsg, roll, ok := h.ButtonIn(testChat, board.OpRoll)
	if !ok {
		t.Fatal("no Roll button at the turn's start")
	}
	current := h.Current(testChat)
	rev := h.Record().Rev
	h.MustPress(other, board.OpMenuMort)
	if rec := h.Record(); board.Of(rec).View.Menu != "mortgage" || board.Of(rec).View.User != other.ID {
		t.Fatalf("the menu did not open: view %+v", board.Of(rec).View)
	}
	h.MustPress(current, board.OpBack)
	if rec := h.Record(); board.Of(rec).View.User != other.ID {
		t.Fatalf("another player closed %s's menu: view %+v", other.FirstName, board.Of(rec).View)
	}
	h.MustPress(other, board.OpBack)
	if rec := h.Record(); board.Of(rec).View.Menu != "" || rec.Rev != rev {
		t.Fatalf("after the menu and Back: view %+v, revision %d→%d; want no menu and the same revision", board.Of(rec).View, rev, rec.Rev)
	}
	v := h.version(testChat)
	h.Press(current, rollMsg, roll)
	if h.version(testChat) == v {
		t.Fatal("the current player's Roll, taken before the other's menu, was refused")
	}
}

// TestTradeLinkOncePerPerson: a player the bot cannot write to presses 🤝
// again and again: the group gets one deep link, not one per press; once
// the player opens the composer through it, the link's button is gone.
func TestTradeLinkOncePerPerson(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.StartGame()
	ux := h.Current(testChat)
	// Something to trade, and a player the bot cannot write to (never
	// started it).
	h.Edit(func(r *kit.Record) { board.Of(r).Game.Props[1].Owner = board.Of(r).Game.Current })
	h.API.Kick(ux.ID)
	trade := func() {
		t.Helper()
		msg, data, ok := h.ButtonIn(testChat, board.OpTrade)
		if !ok {
			t.Fatal("no 🤝 button")
		}
		h.Press(ux, msg, data)
	}
	for range 3 {
		trade()
	}
	if links := h.LinkMessages(); len(links) != 1 {
		t.Fatalf("%d deep links in the group after three 🤝 presses, want 1", len(links))
	}
	h.API.Unkick(ux.ID)
	h.API.PushMessage(ux.ID, ux, "/start "+board.TradePayload(testChat, h.Record().ID))
	h.Settle()
	if _, ok := h.API.LastMessage(ux.ID); !ok {
		t.Fatal("the deep link did not open the composer")
	}
	if links := h.LinkMessages(); len(links) != 0 {
		t.Fatalf("the used deep link still has its button: %+v", links)
	}
	trade() // the bot may write there now
	if links := h.LinkMessages(); len(links) != 0 {
		t.Fatalf("a deep link was posted for a person the bot can write to: %+v", links)
	}
}

// TestPrivateFloodDoesNotHoldTheGroup: a composer press in a person's
// private chat whose edit there meets a 429 (retry after 3 s) does not
// keep the group's lock while it waits: another player's press in the
// group is answered and applied at once.
func TestPrivateFloodDoesNotHoldTheGroup(t *testing.T) {
	t.Parallel()
	bottest.InBubble(t, func(t *testing.T) {
		h := newHarness(t, 11, nil)
		h.StartGame()
		rec := h.Record()
		x := board.Of(rec).Game.Current
		ux := h.UserOf(rec, int(x))
		h.DraftPortForCash(rec, ux, (x+1)%3)
		h.API.FailNext("editMessageText", 1, fakeapi.ErrorResponse{Code: 429, RetryAfter: 3})
		msg, data := h.PrivateButton(ux, board.OpTrMode, board.EditItems)
		h.API.PushCallback(ux.ID, msg, ux, data)
		h.rollNotHeldBy429("editMessageText", "the composer's edit", ux)
		h.Settle()
	})
}
