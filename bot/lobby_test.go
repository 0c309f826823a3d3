package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/lobby"
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// newLobbyClockHarness runs the bot on a fake clock in a chat that pinned
// no language, with the chat's options.
func newLobbyClockHarness(t *testing.T, o kit.ChatOptions) (*harness, *fakeClock) {
	t.Helper()
	clock := &fakeClock{now: time.Unix(1_800_000_000, 0)}
	h := newHarnessWith(t, 42, nil, func(c *AppConfig) { c.Now = clock.Now })
	if err := h.bot.store.Update(func(tx *storage.Tx) error {
		return putJSON(tx.PutSettings, testChat, kit.Settings{Options: o})
	}); err != nil {
		t.Fatal(err)
	}
	return h, clock
}

// lobbyMessage is the lobby's message as the chat shows it.
func (h *harness) lobbyMessage(id int) fakeapi.Message {
	h.T.Helper()
	m := h.FindMessage(testChat, id)
	if m == nil {
		h.T.Fatalf("no lobby message %d", id)
	}
	return *m
}

// finalMessage waits until message id has lost its buttons: a timer's
// change is stored before its messages are queued, so the record alone
// does not say they are out.
func (h *harness) finalMessage(id int) fakeapi.Message {
	h.T.Helper()
	h.API.WaitFor(func() bool { m := h.FindMessage(testChat, id); return m != nil && m.Keyboard == nil }, 5*time.Second)
	h.Settle()
	return h.lobbyMessage(id)
}

// TestLobbyCancelAsksFirst: Cancel asks in the lobby's own message; only
// the creator may answer (a refusal names them, in the presser's
// language); "No" keeps the lobby (a "Yes" pressed after it too), "Yes"
// closes it without game buttons.
func TestLobbyCancelAsksFirst(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	alice, bohdan := h.Users[0], h.Users[1]
	h.Say(alice, "/newgame")
	h.MustPress(bohdan, OpJoin)
	msg := h.Record().LobbyMsg

	h.MustPress(bohdan, OpCancel)
	if a, want := h.LastAnswer(), h.bot.cat.T("uk", "lobby_only_creator_named", map[string]any{"Player": kit.Isolate(alice.FirstName)}); !a.ShowAlert || a.Text != want {
		t.Errorf("Богдан's cancel answered %+v, want %q", a, want)
	}
	h.MustPress(alice, OpCancel)
	m := h.lobbyMessage(msg)
	if h.Record() == nil || !strings.Contains(m.Text, h.bot.cat.T("en", "lobby_cancel_ask", nil)) ||
		!hasOp(m.Keyboard, OpCancelYes) || !hasOp(m.Keyboard, OpCancelNo) || hasOp(m.Keyboard, OpCancel) {
		t.Fatalf("Cancel did not ask in the lobby: %q %v", m.Text, m.Keyboard)
	}
	_, yes, _ := h.FindButton(OpCancelYes, 0, true)
	h.MustPress(bohdan, OpCancelYes)
	if h.Record() == nil {
		t.Fatal("Богдан cancelled Alice's lobby")
	}
	h.MustPress(alice, OpCancelNo)
	if a := h.LastAnswer(); a.Text != h.bot.cat.T("en", "lobby_kept", nil) {
		t.Errorf("No answered %+v", a)
	}
	// The question's Yes, pressed after No answered it: the lobby stays,
	// and the alert says how to close it.
	h.Press(alice, msg, yes)
	if a := h.LastAnswer(); !a.ShowAlert || a.Text != h.bot.cat.T("en", "alert_lobby_kept", nil) || h.Record() == nil {
		t.Errorf("Yes after No answered %+v (lobby open: %v)", a, h.Record() != nil)
	}
	if m := h.lobbyMessage(msg); !hasOp(m.Keyboard, OpCancel) || hasOp(m.Keyboard, OpCancelYes) || strings.Contains(m.Text, h.bot.cat.T("en", "lobby_cancel_ask", nil)) {
		t.Fatalf("No did not restore the lobby: %q %v", m.Text, m.Keyboard)
	}
	h.CancelLobby(alice)
	if h.Record() != nil {
		t.Fatal("Yes left the lobby open")
	}
	m = h.lobbyMessage(msg)
	if m.Text != h.bot.cat.T("en", "lobby_cancelled", nil) || m.Keyboard != nil {
		t.Errorf("the cancelled lobby: %q %v, want its final text without buttons", m.Text, m.Keyboard)
	}
}

// TestLobbyClosesItselfAcrossRestart: a live lobby says it waits two
// hours; the timer survives a restart and closes it, saying so, with no
// game buttons (the waits of other paces: bot/lobby's TestWaitFollowsThePace).
func TestLobbyClosesItselfAcrossRestart(t *testing.T) {
	t.Parallel()
	h, clock := newLobbyClockHarness(t, kit.ChatOptions{})
	alice := h.Users[0]
	h.Say(alice, "/newgame")
	rec := h.Record()
	closes := clock.Now().Add(2 * time.Hour)
	if rec.Clock.Timer != closes.UnixMilli() {
		t.Fatalf("the lobby's timer is at %d, want %d (in 2 h)", rec.Clock.Timer, closes.UnixMilli())
	}
	m := h.lobbyMessage(rec.LobbyMsg)
	if !strings.Contains(m.Text, closes.UTC().Format("15:04")+" UTC") {
		t.Errorf("the lobby does not say until when it waits: %q", m.Text)
	}
	h.Stop()
	clock.Add(2*time.Hour + time.Second)
	h.Start()
	h.WaitRecord("the lobby closed", func(r *kit.Record) bool { return r == nil })
	m = h.finalMessage(rec.LobbyMsg)
	if !strings.Contains(m.Text, h.bot.cat.T("en", "lobby_expired", map[string]any{"Wait": "2 h"})) || hasOp(m.Keyboard, OpJoin) || hasOp(m.Keyboard, OpStart) {
		t.Errorf("the closed lobby: %q %v", m.Text, m.Keyboard)
	}
}

// TestLobbyStartsItselfAtTheChosenTime: only the creator sets the moment;
// at it, with too few players the lobby says why and stays open; with
// enough, the game starts by itself — across a restart.
func TestLobbyStartsItselfAtTheChosenTime(t *testing.T) {
	t.Parallel()
	h, clock := newLobbyClockHarness(t, kit.ChatOptions{})
	alice, bohdan := h.Users[0], h.Users[1]
	h.Say(alice, "/newgame")
	h.LobbyView(bohdan, true) // anyone may look behind ⚙️ More
	msg, data, ok := h.FindButton(OpAutoStart, 10, false)
	if !ok {
		t.Fatal("no button to start in 10 minutes")
	}
	h.Press(bohdan, msg, data)
	if h.Record().LobbyStart != 0 {
		t.Fatal("someone else than the creator timed the start")
	}
	h.Press(alice, msg, data)
	at := clock.Now().Add(10 * time.Minute)
	rec := h.Record()
	if rec.LobbyStart != at.UnixMilli() || rec.Clock.Timer != at.UnixMilli() {
		t.Fatalf("start at %d, timer %d, want both %d", rec.LobbyStart, rec.Clock.Timer, at.UnixMilli())
	}
	if m := h.lobbyMessage(msg); !hasOp(m.Keyboard, OpAutoStart) || !strings.Contains(m.Text, at.UTC().Format("15:04")) {
		t.Errorf("the lobby does not say when it starts: %q", m.Text)
	}
	// Alone at the moment: it cannot start, says why, and waits on.
	clock.Add(10*time.Minute + time.Second)
	rec = h.WaitRecord("the start was tried", func(r *kit.Record) bool { return r != nil && r.LobbyStart == 0 })
	if rec.Status != kit.StatusLobby {
		t.Fatalf("a lobby of one started: %s", rec.Status)
	}
	reason := h.bot.cat.T("en", "lobby_need_players_now", map[string]any{"Count": 2, "Joined": 1})
	h.API.WaitFor(func() bool { last, _ := h.API.LastMessage(testChat); return strings.Contains(last.Text, reason) }, 5*time.Second)
	if last, _ := h.API.LastMessage(testChat); !strings.Contains(last.Text, reason) {
		t.Errorf("the failed start said %q, want the reason %q", last.Text, reason)
	}
	// With two, it starts by itself, even after a restart.
	h.MustPress(bohdan, OpJoin) // (from ⚙️ More's view, which then shows the main buttons)
	h.LobbyView(alice, true)
	msg, data, _ = h.FindButton(OpAutoStart, 10, false)
	h.Press(alice, msg, data)
	h.Stop()
	clock.Add(10*time.Minute + time.Second)
	h.Start()
	rec = h.WaitRecord("the game started by itself", func(r *kit.Record) bool { return r != nil && r.Status == kit.StatusPlaying })
	if len(rec.Seats) != 2 || board.Of(rec).Game == nil {
		t.Fatalf("started with %d seats", len(rec.Seats))
	}
	if m := h.finalMessage(rec.LobbyMsg); hasOp(m.Keyboard, OpStart) || !strings.Contains(m.Text, h.bot.cat.T("en", "lobby_started", nil)) {
		t.Errorf("the started lobby: %q %v", m.Text, m.Keyboard)
	}
}

// TestNotifyOfTheNextGame: someone who missed a game asks for one with
// /newgame and presses 🔔 under the answer; the bot refuses, saying what
// to do, while it may not write to them; once it may, it confirms in
// private, and the next lobby brings a private message in their language
// — once. An open lobby has the bell too.
func TestNotifyOfTheNextGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	h.API.RequireStart(true)
	alice, bohdan, vera := h.Users[0], h.Users[1], h.Users[2]
	h.Say(alice, "/newgame")
	h.MustPress(bohdan, OpJoin)
	h.LobbyView(vera, true)
	if bell, _, ok := h.FindButton(OpNotify, 0, true); !ok || bell != h.Record().LobbyMsg {
		t.Fatalf("no 🔔 under the open lobby's ⚙️ More (found on %d)", bell)
	}
	h.LobbyView(vera, false)
	h.MustPress(alice, OpStart)
	h.Say(vera, "/newgame")
	bell, data, ok := h.FindButton(OpNotify, 0, true)
	if last, _ := h.API.LastMessage(testChat); !ok || bell != last.ID {
		t.Fatalf("no 🔔 under the answer to /newgame while a game runs (found on %d)", bell)
	}
	h.Press(vera, bell, data)
	want := h.bot.cat.T("ru", "notify_need_start", map[string]any{"Bot": "@" + fakeapi.BotUsername})
	if a := h.LastAnswer(); !a.ShowAlert || a.Text != want {
		t.Errorf("🔔 before the private chat answered %+v, want %q", a, want)
	}
	if n := h.chatSettings().Notify; n != nil {
		t.Fatalf("listed someone the bot cannot write to: %+v", n)
	}
	h.API.PushMessage(vera.ID, vera, "/start")
	h.Settle()
	h.Press(vera, bell, data)
	if a := h.LastAnswer(); a.ShowAlert || a.Text != h.bot.cat.T("ru", "notify_on", nil) {
		t.Errorf("🔔 answered %+v", a)
	}
	if n := h.chatSettings().Notify; n == nil || len(n.People) != 1 || n.People[0].User != vera.ID {
		t.Fatalf("the list is %+v", n)
	}
	h.Press(vera, bell, data) // a second press takes her off the list...
	if a := h.LastAnswer(); a.Text != h.bot.cat.T("ru", "notify_off", nil) || h.chatSettings().Notify != nil {
		t.Errorf("🔔 again answered %+v, list %+v", a, h.chatSettings().Notify)
	}
	h.Press(vera, bell, data) // ...and a third puts her back
	before := len(h.API.Messages(vera.ID))
	h.Say(alice, "/endgame")
	h.MustPress(alice, OpEndGameYes)
	h.Say(alice, "/newgame")
	private := h.API.Messages(vera.ID)
	if len(private) != before+1 || !strings.HasPrefix(private[len(private)-1].Text, "🎲 В «") { // notify_opened in Вера's Russian
		t.Fatalf("Вера's private chat after the next lobby: %+v", private[before:])
	}
	if n := h.chatSettings().Notify; n != nil {
		t.Errorf("the list was not emptied: %+v", n)
	}
	h.CancelLobby(alice)
	h.Say(alice, "/newgame")
	if got := len(h.API.Messages(vera.ID)); got != before+1 {
		t.Errorf("Вера was told of a second lobby (%d messages)", got-before)
	}
}

// TestLobbyComputersByCreatorOrAdmin: a chat admin who did not create the
// lobby may add a computer seat; anyone else is refused with the
// creator's name.
func TestLobbyComputersByCreatorOrAdmin(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	alice, bohdan, vera := h.Users[0], h.Users[1], h.Users[2]
	h.API.SetAdmins(testChat, bohdan.ID)
	h.Say(alice, "/newgame")
	h.MustPress(vera, OpAddComputer)
	if a, want := h.LastAnswer(), h.bot.cat.T("ru", "lobby_only_creator_named", map[string]any{"Player": kit.Isolate(alice.FirstName)}); !a.ShowAlert || a.Text != want {
		t.Errorf("Вера's ➕ answered %+v, want %q", a, want)
	}
	h.MustPress(bohdan, OpAddComputer)
	if rec := h.Record(); len(rec.Seats) != 2 || !rec.Seats[1].Computer {
		t.Fatalf("the admin's ➕ left the seats %+v", rec.Seats)
	}
}

// TestNotifyListIsBounded: a full list refuses one more person, saying so,
// before anything is sent to them.
func TestNotifyListIsBounded(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	alice, vera := h.Users[0], h.Users[2]
	full := &kit.Notify{}
	for i := range lobby.MaxNotified {
		full.People = append(full.People, kit.Notified{User: int64(1000 + i), Lang: "en"})
	}
	h.Say(alice, "/newgame") // (a list is told of a new lobby and emptied: filled after it)
	s := h.chatSettings()
	s.Notify = full
	if err := h.bot.store.Update(func(tx *storage.Tx) error { return putJSON(tx.PutSettings, testChat, s) }); err != nil {
		t.Fatal(err)
	}
	h.LobbyView(vera, true)
	msg, data, ok := h.FindButton(OpNotify, 0, true)
	if !ok {
		t.Fatal("no 🔔 under the lobby")
	}
	h.Press(vera, msg, data)
	if a, want := h.LastAnswer(), h.bot.cat.T("ru", "notify_full", map[string]any{"Count": lobby.MaxNotified}); !a.ShowAlert || a.Text != want {
		t.Errorf("🔔 on a full list answered %+v, want %q", a, want)
	}
	if n := h.chatSettings().Notify; n == nil || len(n.People) != lobby.MaxNotified {
		t.Errorf("the full list changed: %d people", len(n.People))
	}
	if m := h.API.Messages(vera.ID); len(m) != 0 {
		t.Errorf("Вера was written to: %+v", m)
	}
}

// TestLobbyFitsFourRows: the lobby shows at most 4 rows of buttons in
// every language and state — none, one or several computer seats, the
// cancel question, a start timed by itself — with its rarer buttons (when
// to start by itself, a computer's level, 🔔, the settings menu) behind ⚙️ More, which
// anyone opens and ⬅️ Back closes; Join is on both views, and joining
// from More's view shows the main buttons again (issue #27, item 12).
// With the longest and shortest names.
func TestLobbyFitsFourRows(t *testing.T) {
	t.Parallel()
	for _, lang := range locales.Languages {
		h := namedHarness(t)
		creator, other := h.Users[1], h.Users[2] // the longest name creates, the shortest joins
		h.Say(creator, "/lang "+lang)
		h.Say(creator, "/newgame")
		check := func(state string, more bool) {
			t.Helper()
			rows := h.lobbyButtons()
			if len(rows) > 4 {
				t.Errorf("%s, %s: the lobby has %d rows of buttons", lang, state, len(rows))
			}
			if !hasOp(rows, OpLobbyMore) || hasOp(rows, OpAutoStart) != more || hasOp(rows, OpNotify) != more ||
				(hasOp(rows, OpStart) || hasOp(rows, OpCancelYes)) == more || !hasOp(rows, OpJoin) {
				t.Errorf("%s, %s: the lobby shows %+v", lang, state, rows)
			}
		}
		check("open", false)
		h.LobbyView(other, true)
		check("⚙️ More", true)
		h.MustPress(other, OpLobbySets) // the settings menu, as /settings posts it
		if last, _ := h.API.LastMessage(testChat); last.ID == h.Record().LobbyMsg || !hasOp(last.Keyboard, OpSetView) {
			t.Errorf("%s: 🛠 behind ⚙️ More posted no settings menu: %+v", lang, last)
		}
		check("⚙️ More after 🛠", true)
		h.MustPress(creator, OpAutoStart)
		check("⚙️ More with the start timed", true)
		h.LobbyView(other, false)
		h.MustPress(creator, OpAddComputer)
		h.MustPress(creator, OpAddComputer)
		check("two computer seats", false)
		h.MustPress(creator, OpCancel)
		check("the cancel question", false)
		h.MustPress(creator, OpCancelNo)
		h.LobbyView(creator, true)
		if !hasOp(h.lobbyButtons(), OpLevel) {
			t.Errorf("%s: no level button behind ⚙️ More with computer seats", lang)
		}
		h.MustPress(other, OpJoin)
		if rec := h.Record(); rec.SeatOf(other.ID) < 0 || rec.LobbyMore {
			t.Fatalf("%s: joining from ⚙️ More's view: seated %v, still showing More", lang, rec.SeatOf(other.ID) >= 0)
		}
		check("joined", false)
		h.MustPress(creator, OpStart)
		if h.Record().Status != kit.StatusPlaying {
			t.Fatalf("%s: the game did not start", lang)
		}
		h.Say(creator, "/endgame")
		h.MustPress(creator, OpEndGameYes)
	}
}
