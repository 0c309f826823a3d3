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

// cancelLobby cancels the open lobby as u: Cancel, then the confirmation.
func (h *harness) cancelLobby(u fakeapi.User) {
	h.t.Helper()
	if _, _, ok := h.findButton(OpCancel, 0, true); !ok {
		h.lobbyView(u, false) // the lobby shows ⚙️ More's buttons
	}
	h.mustPress(u, OpCancel)
	h.mustPress(u, OpCancelYes)
}

// lobbyView has u press ⚙️ More (more) or ⬅️ Back on the lobby.
func (h *harness) lobbyView(u fakeapi.User, more bool) {
	h.t.Helper()
	arg := 0
	if more {
		arg = 1
	}
	msg, data, ok := h.findButton(OpLobbyMore, arg, false)
	if !ok {
		h.t.Fatalf("no lobby button to show more (%v)", more)
	}
	h.press(u, msg, data)
}

// newLobbyClockHarness runs the bot on a fake clock in a chat that pinned
// no language, with the chat's options.
func newLobbyClockHarness(t *testing.T, o ChatOptions) (*harness, *fakeClock) {
	t.Helper()
	clock := &fakeClock{now: time.Unix(1_800_000_000, 0)}
	h := newHarnessWith(t, 42, nil, func(c *AppConfig) { c.Now = clock.Now })
	if err := h.bot.store.Update(func(tx *storage.Tx) error {
		return putJSON(tx.PutSettings, testChat, Settings{Options: o})
	}); err != nil {
		t.Fatal(err)
	}
	return h, clock
}

// lobbyMessage is the lobby's message as the chat shows it.
func (h *harness) lobbyMessage(id int) fakeapi.Message {
	h.t.Helper()
	m := h.findMsg(testChat, id)
	if m == nil {
		h.t.Fatalf("no lobby message %d", id)
	}
	return *m
}

// finalMessage waits until message id has lost its buttons: a timer's
// change is stored before its messages are queued, so the record alone
// does not say they are out.
func (h *harness) finalMessage(id int) fakeapi.Message {
	h.t.Helper()
	h.api.WaitFor(func() bool { m := h.findMsg(testChat, id); return m != nil && m.Keyboard == nil }, 5*time.Second)
	h.settle()
	return h.lobbyMessage(id)
}

// TestLobbyCancelAsksFirst: Cancel asks in the lobby's own message; only
// the creator may answer (a refusal names them, in the presser's
// language); "No" keeps the lobby (a "Yes" pressed after it too), "Yes"
// closes it without game buttons.
func TestLobbyCancelAsksFirst(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	alice, bohdan := h.users[0], h.users[1]
	h.say(alice, "/newgame")
	h.mustPress(bohdan, OpJoin)
	msg := h.record().LobbyMsg

	h.mustPress(bohdan, OpCancel)
	if a, want := h.lastAlert(), h.bot.cat.T("uk", "lobby_only_creator_named", map[string]any{"Player": kit.Isolate(alice.FirstName)}); !a.ShowAlert || a.Text != want {
		t.Errorf("Богдан's cancel answered %+v, want %q", a, want)
	}
	h.mustPress(alice, OpCancel)
	m := h.lobbyMessage(msg)
	if h.record() == nil || !strings.Contains(m.Text, h.bot.cat.T("en", "lobby_cancel_ask", nil)) ||
		!hasOp(m.Keyboard, OpCancelYes) || !hasOp(m.Keyboard, OpCancelNo) || hasOp(m.Keyboard, OpCancel) {
		t.Fatalf("Cancel did not ask in the lobby: %q %v", m.Text, m.Keyboard)
	}
	_, yes, _ := h.findButton(OpCancelYes, 0, true)
	h.mustPress(bohdan, OpCancelYes)
	if h.record() == nil {
		t.Fatal("Богдан cancelled Alice's lobby")
	}
	h.mustPress(alice, OpCancelNo)
	if a := h.lastAlert(); a.Text != h.bot.cat.T("en", "lobby_kept", nil) {
		t.Errorf("No answered %+v", a)
	}
	// The question's Yes, pressed after No answered it: the lobby stays,
	// and the alert says how to close it.
	h.press(alice, msg, yes)
	if a := h.lastAlert(); !a.ShowAlert || a.Text != h.bot.cat.T("en", "alert_lobby_kept", nil) || h.record() == nil {
		t.Errorf("Yes after No answered %+v (lobby open: %v)", a, h.record() != nil)
	}
	if m := h.lobbyMessage(msg); !hasOp(m.Keyboard, OpCancel) || hasOp(m.Keyboard, OpCancelYes) || strings.Contains(m.Text, h.bot.cat.T("en", "lobby_cancel_ask", nil)) {
		t.Fatalf("No did not restore the lobby: %q %v", m.Text, m.Keyboard)
	}
	h.cancelLobby(alice)
	if h.record() != nil {
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
	h, clock := newLobbyClockHarness(t, ChatOptions{})
	alice := h.users[0]
	h.say(alice, "/newgame")
	rec := h.record()
	closes := clock.Now().Add(2 * time.Hour)
	if rec.Clock.Timer != closes.UnixMilli() {
		t.Fatalf("the lobby's timer is at %d, want %d (in 2 h)", rec.Clock.Timer, closes.UnixMilli())
	}
	m := h.lobbyMessage(rec.LobbyMsg)
	if !strings.Contains(m.Text, closes.UTC().Format("15:04")+" UTC") {
		t.Errorf("the lobby does not say until when it waits: %q", m.Text)
	}
	h.stop()
	clock.Add(2*time.Hour + time.Second)
	h.start()
	h.waitRecord("the lobby closed", func(r *Record) bool { return r == nil })
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
	h, clock := newLobbyClockHarness(t, ChatOptions{})
	alice, bohdan := h.users[0], h.users[1]
	h.say(alice, "/newgame")
	h.lobbyView(bohdan, true) // anyone may look behind ⚙️ More
	msg, data, ok := h.findButton(OpAutoStart, 10, false)
	if !ok {
		t.Fatal("no button to start in 10 minutes")
	}
	h.press(bohdan, msg, data)
	if h.record().LobbyStart != 0 {
		t.Fatal("someone else than the creator timed the start")
	}
	h.press(alice, msg, data)
	at := clock.Now().Add(10 * time.Minute)
	rec := h.record()
	if rec.LobbyStart != at.UnixMilli() || rec.Clock.Timer != at.UnixMilli() {
		t.Fatalf("start at %d, timer %d, want both %d", rec.LobbyStart, rec.Clock.Timer, at.UnixMilli())
	}
	if m := h.lobbyMessage(msg); !hasOp(m.Keyboard, OpAutoStart) || !strings.Contains(m.Text, at.UTC().Format("15:04")) {
		t.Errorf("the lobby does not say when it starts: %q", m.Text)
	}
	// Alone at the moment: it cannot start, says why, and waits on.
	clock.Add(10*time.Minute + time.Second)
	rec = h.waitRecord("the start was tried", func(r *Record) bool { return r != nil && r.LobbyStart == 0 })
	if rec.Status != StatusLobby {
		t.Fatalf("a lobby of one started: %s", rec.Status)
	}
	reason := h.bot.cat.T("en", "lobby_need_players_now", map[string]any{"Count": 2, "Joined": 1})
	h.api.WaitFor(func() bool { last, _ := h.api.LastMessage(testChat); return strings.Contains(last.Text, reason) }, 5*time.Second)
	if last, _ := h.api.LastMessage(testChat); !strings.Contains(last.Text, reason) {
		t.Errorf("the failed start said %q, want the reason %q", last.Text, reason)
	}
	// With two, it starts by itself, even after a restart.
	h.mustPress(bohdan, OpJoin) // (from ⚙️ More's view, which then shows the main buttons)
	h.lobbyView(alice, true)
	msg, data, _ = h.findButton(OpAutoStart, 10, false)
	h.press(alice, msg, data)
	h.stop()
	clock.Add(10*time.Minute + time.Second)
	h.start()
	rec = h.waitRecord("the game started by itself", func(r *Record) bool { return r != nil && r.Status == StatusPlaying })
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
	h.api.RequireStart(true)
	alice, bohdan, vera := h.users[0], h.users[1], h.users[2]
	h.say(alice, "/newgame")
	h.mustPress(bohdan, OpJoin)
	h.lobbyView(vera, true)
	if bell, _, ok := h.findButton(OpNotify, 0, true); !ok || bell != h.record().LobbyMsg {
		t.Fatalf("no 🔔 under the open lobby's ⚙️ More (found on %d)", bell)
	}
	h.lobbyView(vera, false)
	h.mustPress(alice, OpStart)
	h.say(vera, "/newgame")
	bell, data, ok := h.findButton(OpNotify, 0, true)
	if last, _ := h.api.LastMessage(testChat); !ok || bell != last.ID {
		t.Fatalf("no 🔔 under the answer to /newgame while a game runs (found on %d)", bell)
	}
	h.press(vera, bell, data)
	want := h.bot.cat.T("ru", "notify_need_start", map[string]any{"Bot": "@" + fakeapi.BotUsername})
	if a := h.lastAlert(); !a.ShowAlert || a.Text != want {
		t.Errorf("🔔 before the private chat answered %+v, want %q", a, want)
	}
	if n := h.chatSettings().Notify; n != nil {
		t.Fatalf("listed someone the bot cannot write to: %+v", n)
	}
	h.api.PushMessage(vera.ID, vera, "/start")
	h.settle()
	h.press(vera, bell, data)
	if a := h.lastAlert(); a.ShowAlert || a.Text != h.bot.cat.T("ru", "notify_on", nil) {
		t.Errorf("🔔 answered %+v", a)
	}
	if n := h.chatSettings().Notify; n == nil || len(n.People) != 1 || n.People[0].User != vera.ID {
		t.Fatalf("the list is %+v", n)
	}
	h.press(vera, bell, data) // a second press takes her off the list...
	if a := h.lastAlert(); a.Text != h.bot.cat.T("ru", "notify_off", nil) || h.chatSettings().Notify != nil {
		t.Errorf("🔔 again answered %+v, list %+v", a, h.chatSettings().Notify)
	}
	h.press(vera, bell, data) // ...and a third puts her back
	before := len(h.api.Messages(vera.ID))
	h.say(alice, "/endgame")
	h.mustPress(alice, OpEndGameYes)
	h.say(alice, "/newgame")
	private := h.api.Messages(vera.ID)
	if len(private) != before+1 || !strings.HasPrefix(private[len(private)-1].Text, "🎲 В «") { // notify_opened in Вера's Russian
		t.Fatalf("Вера's private chat after the next lobby: %+v", private[before:])
	}
	if n := h.chatSettings().Notify; n != nil {
		t.Errorf("the list was not emptied: %+v", n)
	}
	h.cancelLobby(alice)
	h.say(alice, "/newgame")
	if got := len(h.api.Messages(vera.ID)); got != before+1 {
		t.Errorf("Вера was told of a second lobby (%d messages)", got-before)
	}
}

// TestLobbyComputersByCreatorOrAdmin: a chat admin who did not create the
// lobby may add a computer seat; anyone else is refused with the
// creator's name.
func TestLobbyComputersByCreatorOrAdmin(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	alice, bohdan, vera := h.users[0], h.users[1], h.users[2]
	h.api.SetAdmins(testChat, bohdan.ID)
	h.say(alice, "/newgame")
	h.mustPress(vera, OpAddComputer)
	if a, want := h.lastAlert(), h.bot.cat.T("ru", "lobby_only_creator_named", map[string]any{"Player": kit.Isolate(alice.FirstName)}); !a.ShowAlert || a.Text != want {
		t.Errorf("Вера's ➕ answered %+v, want %q", a, want)
	}
	h.mustPress(bohdan, OpAddComputer)
	if rec := h.record(); len(rec.Seats) != 2 || !rec.Seats[1].Computer {
		t.Fatalf("the admin's ➕ left the seats %+v", rec.Seats)
	}
}

// TestNotifyListIsBounded: a full list refuses one more person, saying so,
// before anything is sent to them.
func TestNotifyListIsBounded(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	alice, vera := h.users[0], h.users[2]
	full := &kit.Notify{}
	for i := range lobby.MaxNotified {
		full.People = append(full.People, kit.Notified{User: int64(1000 + i), Lang: "en"})
	}
	h.say(alice, "/newgame") // (a list is told of a new lobby and emptied: filled after it)
	s := h.chatSettings()
	s.Notify = full
	if err := h.bot.store.Update(func(tx *storage.Tx) error { return putJSON(tx.PutSettings, testChat, s) }); err != nil {
		t.Fatal(err)
	}
	h.lobbyView(vera, true)
	msg, data, ok := h.findButton(OpNotify, 0, true)
	if !ok {
		t.Fatal("no 🔔 under the lobby")
	}
	h.press(vera, msg, data)
	if a, want := h.lastAlert(), h.bot.cat.T("ru", "notify_full", map[string]any{"Count": lobby.MaxNotified}); !a.ShowAlert || a.Text != want {
		t.Errorf("🔔 on a full list answered %+v, want %q", a, want)
	}
	if n := h.chatSettings().Notify; n == nil || len(n.People) != lobby.MaxNotified {
		t.Errorf("the full list changed: %d people", len(n.People))
	}
	if m := h.api.Messages(vera.ID); len(m) != 0 {
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
		creator, other := h.users[1], h.users[2] // the longest name creates, the shortest joins
		h.say(creator, "/lang "+lang)
		h.say(creator, "/newgame")
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
		h.lobbyView(other, true)
		check("⚙️ More", true)
		h.mustPress(other, OpLobbySets) // the settings menu, as /settings posts it
		if last, _ := h.api.LastMessage(testChat); last.ID == h.record().LobbyMsg || !hasOp(last.Keyboard, OpSetView) {
			t.Errorf("%s: 🛠 behind ⚙️ More posted no settings menu: %+v", lang, last)
		}
		check("⚙️ More after 🛠", true)
		h.mustPress(creator, OpAutoStart)
		check("⚙️ More with the start timed", true)
		h.lobbyView(other, false)
		h.mustPress(creator, OpAddComputer)
		h.mustPress(creator, OpAddComputer)
		check("two computer seats", false)
		h.mustPress(creator, OpCancel)
		check("the cancel question", false)
		h.mustPress(creator, OpCancelNo)
		h.lobbyView(creator, true)
		if !hasOp(h.lobbyButtons(), OpLevel) {
			t.Errorf("%s: no level button behind ⚙️ More with computer seats", lang)
		}
		h.mustPress(other, OpJoin)
		if rec := h.record(); rec.SeatOf(other.ID) < 0 || rec.LobbyMore {
			t.Fatalf("%s: joining from ⚙️ More's view: seated %v, still showing More", lang, rec.SeatOf(other.ID) >= 0)
		}
		check("joined", false)
		h.mustPress(creator, OpStart)
		if h.record().Status != StatusPlaying {
			t.Fatalf("%s: the game did not start", lang)
		}
		h.say(creator, "/endgame")
		h.mustPress(creator, OpEndGameYes)
	}
}
