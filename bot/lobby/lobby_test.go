package lobby

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// fakeHost hosts lobbies of two to four seats at a fixed time; its game
// starts unless refuse is set.
type fakeHost struct {
	now     time.Time
	refuse  bool
	started int
	menus   int
}

func (h *fakeHost) Now() time.Time { return h.now }
func (h *fakeHost) NewID() uint64  { return 77 }
func (h *fakeHost) Options(chat kit.ChatOptions, edition string) *kit.ChatOptions {
	if edition != "" {
		chat.Edition = edition
	}
	return &chat
}
func (h *fakeHost) Edition(o *kit.ChatOptions) string { return o.Edition }
func (h *fakeHost) Kind(edition string) string        { return "kind-of-" + edition }
func (h *fakeHost) SeatLimits(*kit.Record) (int, int) { return 2, 4 }
func (h *fakeHost) Text(_ string, rec *kit.Record) string {
	return fmt.Sprintf("lobby of %d", len(rec.Seats))
}
func (h *fakeHost) OnlyCreator(string, *kit.Record) string         { return "only the creator" }
func (h *fakeHost) Settings(*kit.Change, string)                   { h.menus++ }
func (h *fakeHost) NotifyButton(string) kit.Button                 { return kit.DataButton("bell", "lb") }
func (h *fakeHost) Outdated(*kit.Change, string, kit.Press) string { return "outdated" }
func (h *fakeHost) Ending(_ string, rec *kit.Record) string {
	return fmt.Sprint("game ", rec.ID, " ended")
}
func (h *fakeHost) Start(c *kit.Change, _ string) bool {
	if h.refuse {
		c.Alert = "refused"
		return false
	}
	h.started++
	return true
}

func newLobby(t *testing.T) (*Lobby, *fakeHost) {
	t.Helper()
	cat, err := locales.Load()
	if err != nil {
		t.Fatal(err)
	}
	h := &fakeHost{now: time.UnixMilli(1_800_000_000_000)}
	return New(cat, h), h
}

func press(op kit.Op, arg int) kit.Press { return kit.Press{Op: op, Game: 77, Arg: arg} }

// TestWaitFollowsThePace: a live lobby waits two hours, a relaxed one
// twelve, an async one two days (moved from bot's
// TestLobbyClosesItselfAcrossRestart).
func TestWaitFollowsThePace(t *testing.T) {
	t.Parallel()
	for pace, want := range map[string]time.Duration{kit.PaceLive: 2 * time.Hour, kit.PaceRelaxed: 12 * time.Hour, kit.PaceAsync: 48 * time.Hour} {
		if got := Wait(kit.ChatOptions{Pace: kit.Pace{Name: pace}}); got != want {
			t.Errorf("a %s lobby waits %v, want %v", pace, got, want)
		}
	}
}

// TestJoinLeaveCancelStart: people join and leave (the creator may not),
// a full lobby refuses, only the creator or an admin starts or cancels,
// cancelling asks first, and a start with enough seats starts the kind's
// game and its clock.
func TestJoinLeaveCancelStart(t *testing.T) {
	t.Parallel()
	l, h := newLobby(t)
	ann, bo := User{ID: 1, Name: "Ann"}, User{ID: 2, Name: "Bo"}
	c := &kit.Change{}
	l.Open(c, []kit.Seat{{User: ann.ID, Name: ann.Name}}, "classic")
	rec := c.Rec
	if rec.ID != 77 || rec.Status != kit.StatusLobby || rec.Kind != "kind-of-classic" || rec.Creator != 1 || !c.Save || !c.Lobby {
		t.Fatalf("opened %+v", rec)
	}
	l.Press(c, "en", ann, press(OpLeave, 0), false)
	if c.Alert == "" || len(rec.Seats) != 1 {
		t.Errorf("the creator left: %q %v", c.Alert, rec.Seats)
	}
	c.Alert = ""
	l.Press(c, "en", ann, press(OpStart, 0), false)
	if h.started != 0 || !strings.Contains(c.Alert, "2") {
		t.Errorf("one seat started: %q", c.Alert)
	}
	c.Alert = ""
	l.Press(c, "en", bo, press(OpJoin, 0), false)
	l.Press(c, "en", bo, press(OpStart, 0), false)
	if len(rec.Seats) != 2 || rec.Seats[1].Name != "Bo" || c.Alert != "only the creator" || h.started != 0 {
		t.Fatalf("Bo joined and started: %v %q", rec.Seats, c.Alert)
	}
	l.Press(c, "en", bo, press(OpLeave, 0), false)
	l.Press(c, "en", bo, press(OpJoin, 0), false)
	for i := 3; i <= 5; i++ {
		c.Alert = ""
		l.Press(c, "en", User{ID: int64(i)}, press(OpJoin, 0), false)
	}
	if len(rec.Seats) != 4 || c.Alert == "" {
		t.Errorf("a fifth seat joined a lobby of four: %v %q", rec.Seats, c.Alert)
	}
	c.Alert = ""
	l.Press(c, "en", ann, press(OpCancelYes, 0), false)
	if c.Remove || c.Alert == "" {
		t.Error("cancelled without asking")
	}
	l.Press(c, "en", ann, press(OpCancel, 0), false)
	if !rec.LobbyAsk || c.Remove {
		t.Fatal("cancel does not ask")
	}
	l.Press(c, "en", ann, press(OpCancelNo, 0), false)
	if rec.LobbyAsk || c.Remove {
		t.Fatal("no does not keep the lobby")
	}
	l.Press(c, "en", User{ID: 9}, press(OpStart, 0), true) // an admin
	if want := (kit.ChatOptions{}).EffectivePace(); h.started != 1 || rec.Status != kit.StatusPlaying || rec.Pace.Name != want.Name || rec.Pace.Decision <= 0 {
		t.Errorf("the admin's start: %+v", rec)
	}
}

// TestComputerSeatsAndLevels: the creator adds computer seats numbered
// apart, cycles the last one's level (named in its seat) and removes it;
// someone else may not.
func TestComputerSeatsAndLevels(t *testing.T) {
	t.Parallel()
	l, _ := newLobby(t)
	c := &kit.Change{}
	l.Open(c, []kit.Seat{{User: 1, Name: "Ann"}}, "classic")
	rec := c.Rec
	ann := User{ID: 1}
	l.Press(c, "en", User{ID: 2}, press(OpAddComputer, 0), false)
	if c.Alert != "only the creator" || len(rec.Seats) != 1 {
		t.Fatalf("a stranger added a computer: %v", rec.Seats)
	}
	l.Press(c, "en", ann, press(OpAddComputer, 0), false)
	l.Press(c, "en", ann, press(OpAddComputer, 0), false)
	if len(rec.Seats) != 3 || rec.Seats[1].User != -1 || rec.Seats[2].User != -2 || !rec.Seats[2].Computer {
		t.Fatalf("computer seats %+v", rec.Seats)
	}
	name := rec.Seats[2].Name
	l.Press(c, "en", ann, press(OpLevel, 0), false)
	if rec.Seats[2].Level == 0 || rec.Seats[2].Name == name || rec.Seats[1].Level != 0 {
		t.Errorf("the level did not cycle on the last seat: %+v", rec.Seats)
	}
	l.Press(c, "en", ann, press(OpDropComputer, 0), false)
	if len(rec.Seats) != 2 || rec.Seats[1].User != -1 {
		t.Errorf("the last computer was not removed: %+v", rec.Seats)
	}
}

// TestDueStartsOrCloses: at the chosen moment a lobby with too few seats
// says why and keeps waiting; once its wait is over it closes with its
// final text; a full enough lobby starts by itself.
func TestDueStartsOrCloses(t *testing.T) {
	t.Parallel()
	l, h := newLobby(t)
	c := &kit.Change{}
	l.Open(c, []kit.Seat{{User: 1, Name: "Ann"}}, "classic")
	rec := c.Rec
	l.Press(c, "en", User{ID: 1}, press(OpAutoStart, 10), false)
	if rec.LobbyStart != h.now.Add(10*time.Minute).UnixMilli() || Next(rec) != rec.LobbyStart {
		t.Fatalf("auto-start at %d, next %d", rec.LobbyStart, Next(rec))
	}
	l.Press(c, "en", User{ID: 1}, press(OpAutoStart, 7), false)
	if c.Alert != "outdated" {
		t.Errorf("a moment not offered: %q", c.Alert)
	}
	c.Alert = ""
	l.Due(c, "en", rec.LobbyStart)
	if rec.LobbyStart != 0 || rec.Status != kit.StatusLobby || len(c.Replies) != 1 || c.Alert != "" || Next(rec) != ClosesAt(rec) {
		t.Fatalf("a failed auto-start: %+v, replies %v", rec, c.Replies)
	}
	l.Due(c, "en", ClosesAt(rec))
	if !c.Remove || len(c.Finals) != 1 || c.Finals[0].Slot != Slot(77) || !strings.HasPrefix(c.Finals[0].Text, "lobby of 1") {
		t.Errorf("the lobby did not close: %+v", c.Finals)
	}

	c = &kit.Change{}
	l.Open(c, []kit.Seat{{User: 1, Name: "Ann"}, {User: 2, Name: "Bo"}}, "classic")
	c.Rec.LobbyStart = h.now.UnixMilli()
	l.Due(c, "en", h.now.UnixMilli())
	if c.Rec.Status != kit.StatusPlaying || h.started != 1 {
		t.Errorf("a full enough lobby did not start by itself: %+v", c.Rec)
	}
}

// TestKeyboardFitsFourRows: the main buttons and those behind ⚙️ More fit
// four rows; More shows the bell and the level of the last computer.
func TestKeyboardFitsFourRows(t *testing.T) {
	t.Parallel()
	l, _ := newLobby(t)
	c := &kit.Change{}
	l.Open(c, []kit.Seat{{User: 1, Name: "Ann"}, {User: -1, Name: "CPU", Computer: true}}, "classic")
	for _, more := range []bool{false, true} {
		c.Rec.LobbyMore = more
		kb := l.Keyboard("en", c.Rec)
		if len(kb.Rows) > 4 {
			t.Errorf("more=%v: %d rows", more, len(kb.Rows))
		}
		ops := map[kit.Op]bool{}
		for _, row := range kb.Rows {
			for _, b := range row {
				// game:revision:op[:arg] (kit.Press.Encode); the ops'
				// shapes are registered by package bot, not here.
				parts := strings.Split(b.Data, ":")
				if len(parts) < 3 {
					t.Fatalf("button %q", b.Data)
				}
				ops[kit.Op(parts[2])] = true
			}
		}
		if ops[OpNotify] != more || ops[OpLevel] != more || ops[OpStart] == more || !ops[OpJoin] {
			t.Errorf("more=%v: buttons %v", more, ops)
		}
	}
}

// TestRematchOpensALobbyOfTheSamePlayers: a player's 🔁 on the newest
// ended game opens a lobby with its seats, kind and edition, and the
// ending message keeps its text and says so; someone who did not play is
// refused with the button left; a game that is not the newest, or whose
// rematch is open, is refused and its message loses the button.
func TestRematchOpensALobbyOfTheSamePlayers(t *testing.T) {
	t.Parallel()
	l, _ := newLobby(t)
	ended := &kit.Record{ID: 5, Status: kit.StatusPlaying, Kind: "deal", Edition: "deal",
		Seats: []kit.Seat{{User: 1, Name: "Ann"}, {User: -1, Name: "CPU", Computer: true}}}
	end := Ending{ID: 40, Text: "<b>over</b>"}

	c := &kit.Change{}
	l.Rematch(c, "en", User{ID: 9, Name: "Eve"}, 5, ended, ended, end)
	if c.Rec != nil || c.Alert == "" || len(c.Finals) != 0 {
		t.Fatalf("a stranger's rematch: %+v %q %+v", c.Rec, c.Alert, c.Finals)
	}

	c = &kit.Change{}
	l.Rematch(c, "en", User{ID: 1, Name: "Ann", Lang: "uk"}, 5, ended, ended, end)
	rec := c.Rec
	if rec == nil || rec.Status != kit.StatusLobby || rec.Kind != "deal" || rec.Edition != "deal" || rec.RematchOf != 5 ||
		len(rec.Seats) != 2 || !rec.Seats[1].Computer || rec.Creator != 1 || c.Settings.AutoLang != "uk" {
		t.Fatalf("the rematch's lobby: %+v, settings %+v", rec, c.Settings)
	}
	if len(c.Finals) != 1 || c.Finals[0].Msg != 40 || !strings.HasPrefix(c.Finals[0].Text, "game 5 ended\n\n") {
		t.Errorf("the ending message: %+v", c.Finals)
	}
	rec.Seats[0].Name = "changed"
	if ended.Seats[0].Name != "Ann" {
		t.Error("the lobby shares the archived game's seats")
	}

	// Pressed again while the rematch is open, and on an older game.
	for _, tc := range []struct {
		game          uint64
		ended, newest *kit.Record
		cur           *kit.Record
	}{{5, ended, ended, rec}, {5, ended, &kit.Record{ID: 6}, nil}, {5, nil, ended, nil}} {
		c = &kit.Change{Rec: tc.cur}
		l.Rematch(c, "en", User{ID: 1}, tc.game, tc.ended, tc.newest, Ending{ID: 40, Text: "a<b"})
		if c.Rec != tc.cur || c.Alert == "" || len(c.Finals) != 1 || !strings.HasSuffix(c.Finals[0].Text, c.Alert) {
			t.Errorf("a refused rematch: %+v %q %+v", c.Rec, c.Alert, c.Finals)
		}
	}
	if !strings.HasPrefix(c.Finals[0].Text, "a&lt;b") {
		t.Errorf("a game no longer archived keeps its words escaped: %q", c.Finals[0].Text)
	}
}

// TestMessageLink: a message's link by the group's username, else by a
// supergroup's id; a basic group's messages have none (moved from bot).
func TestMessageLink(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		chat int64
		user string
		msg  int
		want string
	}{
		{-1001234567890, "", 42, "https://t.me/c/1234567890/42"},
		{-1001234567890, "monopolyclub", 42, "https://t.me/monopolyclub/42"},
		{-4242, "", 42, ""}, // a basic group's messages have no link
		{-1001234567890, "", 0, ""},
	} {
		if got := MessageLink(c.chat, c.user, c.msg); got != c.want {
			t.Errorf("MessageLink(%d, %q, %d) = %q, want %q", c.chat, c.user, c.msg, got, c.want)
		}
	}
}

// TestNotifyListTogglesAndEmpties: a press puts the person on the list
// and a second takes them off; a full list refuses; a lobby's message out
// empties the list into one notice each, with a link to it, but only for
// the lobby named.
func TestNotifyListTogglesAndEmpties(t *testing.T) {
	t.Parallel()
	l, _ := newLobby(t)
	c := &kit.Change{AnswerLang: "en"}
	vera := User{ID: 3, Name: "Vera"}
	l.ToggleNotify(c, vera, "Club", "club")
	if !Listed(c.Settings, 3) || c.Toast != l.cat.T("en", "notify_on", nil) || !c.SettingsChanged {
		t.Fatalf("on: %+v %q", c.Settings.Notify, c.Toast)
	}
	l.ToggleNotify(c, vera, "Club", "club")
	if c.Settings.Notify != nil || Listed(c.Settings, 3) {
		t.Fatalf("off: %+v", c.Settings.Notify)
	}
	full := &kit.Notify{}
	for i := range MaxNotified {
		full.People = append(full.People, kit.Notified{User: int64(100 + i)})
	}
	c = &kit.Change{AnswerLang: "en", Settings: kit.Settings{Notify: full}}
	l.ToggleNotify(c, vera, "Club", "club")
	if c.Alert == "" || len(full.People) != MaxNotified || Listed(c.Settings, 3) {
		t.Errorf("a full list took one more: %q", c.Alert)
	}

	c = &kit.Change{AnswerLang: "en"}
	l.ToggleNotify(c, vera, "Club", "club")
	c.Rec = &kit.Record{ID: 8, Status: kit.StatusLobby}
	if out := l.Opened(c, -1001234567890, 9, 42); out != nil || c.Settings.Notify == nil {
		t.Fatalf("another lobby emptied the list: %+v", out)
	}
	out := l.Opened(c, -1001234567890, 8, 42)
	if len(out) != 1 || out[0].User != 3 || out[0].Name != "Vera" || out[0].KB == nil ||
		out[0].KB.Rows[0][0].URL != "https://t.me/club/42" || c.Settings.Notify != nil {
		t.Errorf("the notices: %+v, list %+v", out, c.Settings.Notify)
	}
}
