package bottest

import (
	"context"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Chat is the group chat the harness's people play in; SuperChat is what
// it becomes when upgraded to a supergroup.
const (
	Chat      int64 = -1001234
	SuperChat int64 = -1009876543210
)

// App is the bot under test, as the harness drives it.
type App interface {
	// Snapshot is the stored record of a chat's game (nil if none).
	Snapshot(chat int64) (*kit.Record, error)
	// FireDue fires every timer whose moment has passed.
	FireDue(ctx context.Context)
	// Idle reports that nothing the bot started is still in flight: its
	// start's restore, calls made apart from a change, the outbox.
	Idle() bool
	// Store is the bot's database.
	Store() *storage.Store
	// LockChat takes a chat's lock, as a change does, and returns its
	// release.
	LockChat(chat int64) (unlock func())
	// ChangeAndShow changes a chat's state with fn under the lock the
	// caller holds, as an update without an id would, and queues what the
	// change shows.
	ChangeAndShow(chat int64, fn func(c *kit.Change) error) error
	// Catalog is the bot's message catalog.
	Catalog() *locales.Catalog
	// ChatLang is the language of an answer to a person of userLang in
	// chat; with no userLang, the chat's own.
	ChatLang(chat int64, userLang string) string
}

// Starter runs the bot under test until ctx ends, against the fake Bot API
// at api with its database at db; it calls ready once the bot serves, and
// returns what the bot's run returned.
type Starter func(ctx context.Context, api Endpoint, db string, ready func(App)) error

// Endpoint is how the bot under test reaches the fake Bot API: at URL (a
// tgbotapi endpoint format) through Transport, which the bot must use as
// its telegram.ClientOptions.Transport; nil means real HTTP, and is what a
// harness outside a bubble gives (InBubble).
type Endpoint struct {
	URL       string
	Transport http.RoundTripper
}

// Harness runs a whole bot against the fake Bot API.
type Harness struct {
	T   testing.TB
	API *fakeapi.Server
	// DB is the bot's database file; it outlives Stop, so Start again
	// continues on it.
	DB string
	// App is the running bot (a new one after each Start).
	App App
	// Users are the people who play: three people of three languages,
	// whose names test the HTML escaping — Alice <A&B> (en), Богдан (uk),
	// Вера (ru) — unless the test seats others.
	Users []fakeapi.User
	// Lobby are the lobby's buttons (the chat layer's, set by the package
	// that starts the bot).
	Lobby LobbyOps

	run    Starter
	cancel context.CancelFunc
	done   chan error
}

// catalog is the one message catalog of every bot the tests start:
// loading it parses every locale file, which cost more processor time
// than anything else in the bot's tests (under -race about a second a
// start, while 8 tests start bots at once).
var catalog = sync.OnceValues(locales.Load)

// LoadCatalog is the message catalog for the bots tests start, loaded
// once.
func LoadCatalog() (*locales.Catalog, error) { return catalog() }

// Catalog is LoadCatalog for a test, which fails if it cannot load.
func Catalog(t testing.TB) *locales.Catalog {
	t.Helper()
	cat, err := catalog()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// New starts a bot with run on a fresh database and a fresh fake Bot API;
// both are stopped when the test ends. Inside InBubble the fake is
// in-process (fakeapi.NewInProcess): the bot reaches it through the
// Endpoint's Transport.
func New(t testing.TB, run Starter) *Harness {
	api := fakeapi.New
	if inBubble(t) {
		api = fakeapi.NewInProcess
	}
	h := &Harness{T: t, API: api(), DB: filepath.Join(t.TempDir(), "monopoly.db"), run: run}
	t.Cleanup(h.API.Close)
	h.Users = []fakeapi.User{
		{ID: 11, FirstName: "Alice <A&B>", LanguageCode: "en"},
		{ID: 22, FirstName: "Богдан", LanguageCode: "uk"},
		{ID: 33, FirstName: "Вера", LanguageCode: "ru"},
	}
	h.Start()
	t.Cleanup(h.Stop)
	return h
}

// Start starts the bot again (after Stop) on the same database.
func (h *Harness) Start() {
	ready := make(chan App, 1)
	ctx, cancel := context.WithCancel(context.Background())
	h.cancel, h.done = cancel, make(chan error, 1)
	api := Endpoint{URL: h.API.Endpoint()}
	if h.API.InProcess() {
		// The run's long polls end with it: tgbotapi's carry no context,
		// and one left waiting would outlive the bot in its bubble.
		api.Transport = h.API.Transport(ctx)
	}
	go func() { h.done <- h.run(ctx, api, h.DB, func(a App) { ready <- a }) }()
	select {
	case h.App = <-ready:
	case err := <-h.done:
		h.T.Fatalf("bot did not start: %v", err)
	case <-time.After(handleWithin):
		h.T.Fatal("bot did not start in time")
	}
}

// Stop stops the bot and waits until it has.
func (h *Harness) Stop() {
	if h.cancel == nil {
		return
	}
	h.cancel()
	select {
	case err := <-h.done:
		if err != nil {
			h.T.Errorf("Run returned %v", err)
		}
	case <-time.After(15 * time.Second):
		h.T.Error("bot did not stop in time")
	}
	h.cancel = nil
}

// settleWithin bounds Settle's wait for the outbox: under Telegram's
// limits tidying may wait for spare budget up to twice the outbox's 15 s.
const settleWithin = 10*time.Second + 2*15*time.Second

// handleWithin bounds the waits for the bot to start and for the pushed
// updates to be handled:
// a condition, met within milliseconds on a quiet machine, but CI's busy
// two cores running three packages under -race once took over 10 s
// (TestMigratedPlayersListIsNotEditedInTheSupergroup failed 2 runs of 3).
const handleWithin = 60 * time.Second

// Settle waits until every pushed update has been handled (the poller
// confirms an update only after its handler returned) and what the bot
// set off is done.
func (h *Harness) Settle() {
	h.T.Helper()
	if !h.API.WaitFor(func() bool { return h.API.Pending() == 0 }, handleWithin) {
		h.T.Fatal("updates were not handled in time")
	}
	// A start restores the games while it serves; handlers only queue
	// messages, and make the calls a change needs apart: wait until all
	// are done and the outbox delivered them.
	if !h.API.WaitFor(h.App.Idle, settleWithin) {
		h.T.Fatal("the outbox did not deliver in time")
	}
}

// TimerPass runs one pass of the timer runner over the due deadlines now,
// as its next tick would, and waits for what it set off: a test that says
// "nothing is due yet" or "a second run would show" knows a pass happened,
// where a fixed sleep on a busy machine may cover no tick at all.
func (h *Harness) TimerPass() {
	h.T.Helper()
	h.App.FireDue(context.Background())
	h.Settle()
}

// Say sends text to Chat as u and waits until it is handled.
func (h *Harness) Say(u fakeapi.User, text string) {
	h.API.PushMessage(Chat, u, text)
	h.Settle()
}

// Press presses the button with data under message msg of Chat as u and
// waits until it is handled.
func (h *Harness) Press(u fakeapi.User, msg int, data string) {
	h.API.PushCallback(Chat, msg, u, data)
	h.Settle()
}

// Record is Chat's stored record (nil if no game).
func (h *Harness) Record() *kit.Record {
	h.T.Helper()
	rec, err := h.App.Snapshot(Chat)
	if err != nil {
		h.T.Fatal(err)
	}
	return rec
}

// FindButton returns the message and data of Chat's newest button with op
// (and arg, unless anyArg).
func (h *Harness) FindButton(op kit.Op, arg int, anyArg bool) (msg int, data string, ok bool) {
	return h.FindButtonIn(Chat, op, arg, anyArg)
}

// FindButtonIn is FindButton in any chat (a person's private chat).
func (h *Harness) FindButtonIn(chat int64, op kit.Op, arg int, anyArg bool) (msg int, data string, ok bool) {
	msgs := h.API.Messages(chat)
	for i := len(msgs) - 1; i >= 0; i-- {
		for _, row := range msgs[i].Keyboard {
			for _, b := range row {
				if b.URL != "" || b.InlineHere != nil {
					continue // a link or an inline query, not a press
				}
				p, err := kit.ParsePress(b.Data)
				if err != nil {
					h.T.Fatalf("the bot made a button with bad data %q: %v", b.Data, err)
				}
				if p.Op == op && (anyArg || p.Arg == arg) {
					return msgs[i].ID, b.Data, true
				}
			}
		}
	}
	return 0, "", false
}

// MustPress presses Chat's newest button with op as u; the test fails if
// there is none.
func (h *Harness) MustPress(u fakeapi.User, op kit.Op) {
	h.T.Helper()
	msg, data, ok := h.FindButton(op, 0, true)
	if !ok {
		h.T.Fatalf("no %q button on screen", op)
	}
	h.Press(u, msg, data)
}

// PressSetting presses the newest button with op and arg (a menu's, as
// /settings shows it) as u.
func (h *Harness) PressSetting(u fakeapi.User, op kit.Op, arg int) {
	h.T.Helper()
	msg, data, ok := h.FindButton(op, arg, false)
	if !ok {
		h.T.Fatalf("no settings button %q:%d on screen", op, arg)
	}
	h.Press(u, msg, data)
}

// UserOf is the one of Users who sits in rec's seat.
func (h *Harness) UserOf(rec *kit.Record, seat int) fakeapi.User {
	h.T.Helper()
	for _, u := range h.Users {
		if u.ID == rec.Seats[seat].User {
			return u
		}
	}
	h.T.Fatalf("seat %d has no user", seat)
	return fakeapi.User{}
}

// StartGame opens a lobby as the first of Users with /newgame, lets the
// others join and starts; the test fails unless a game of them all runs.
func (h *Harness) StartGame() {
	h.T.Helper()
	h.Say(h.Users[0], "/newgame")
	h.JoinAndStart()
}

// JoinAndStart lets Users after the first join the lobby on screen and
// the first start the game; the test fails unless a game of them all runs.
func (h *Harness) JoinAndStart() {
	h.T.Helper()
	users := h.Users
	for _, u := range users[1:] {
		h.MustPress(u, h.Lobby.Join)
	}
	h.MustPress(users[0], h.Lobby.Start)
	rec := h.Record()
	if rec == nil || rec.Status != kit.StatusPlaying || len(rec.Seats) != len(users) {
		h.T.Fatalf("game did not start: %+v", rec)
	}
}

// LobbyOps are the ops of the lobby's buttons.
type LobbyOps struct {
	Join, Start       kit.Op
	Cancel, CancelYes kit.Op
	More              kit.Op // ⚙️ More (argument 1) and ⬅️ Back (0)
	AddComputer       kit.Op
}

// CancelLobby has u cancel the lobby on screen and confirm.
func (h *Harness) CancelLobby(u fakeapi.User) {
	h.T.Helper()
	if _, _, ok := h.FindButton(h.Lobby.Cancel, 0, true); !ok {
		h.LobbyView(u, false) // the lobby shows ⚙️ More's buttons
	}
	h.MustPress(u, h.Lobby.Cancel)
	h.MustPress(u, h.Lobby.CancelYes)
}

// LobbyView has u press ⚙️ More (more) or ⬅️ Back on the lobby.
func (h *Harness) LobbyView(u fakeapi.User, more bool) {
	h.T.Helper()
	arg := 0
	if more {
		arg = 1
	}
	msg, data, ok := h.FindButton(h.Lobby.More, arg, false)
	if !ok {
		h.T.Fatalf("no lobby button to show more (%v)", more)
	}
	h.Press(u, msg, data)
}

// WaitRecord waits until Chat's stored record satisfies cond, then until
// the bot is idle, and returns the record.
func (h *Harness) WaitRecord(what string, cond func(*kit.Record) bool) *kit.Record {
	h.T.Helper()
	var rec *kit.Record
	if !h.API.WaitFor(func() bool { rec = h.Record(); return cond(rec) }, 5*time.Second) {
		h.T.Fatalf("timed out waiting: %s (record %+v)", what, rec)
	}
	h.Settle()
	return h.Record()
}

// Mentions counts the bot's messages in Chat that mention user and
// contain text.
func (h *Harness) Mentions(user int64, text string) int {
	n := 0
	for _, m := range h.API.Messages(Chat) {
		if strings.Contains(m.Text, "tg://user?id="+strconv.FormatInt(user, 10)) && strings.Contains(m.Text, text) {
			n++
		}
	}
	return n
}

// Reminders are the bot's messages in Chat that remind user (in English:
// "waiting for you"), those shown and those deleted.
func (h *Harness) Reminders(user int64) (shown, deleted []fakeapi.Message) {
	for _, m := range h.API.Messages(Chat) {
		if strings.Contains(m.Text, "tg://user?id="+strconv.FormatInt(user, 10)) && strings.Contains(m.Text, "waiting for you") {
			if m.Deleted {
				deleted = append(deleted, m)
			} else {
				shown = append(shown, m)
			}
		}
	}
	return shown, deleted
}

// Message is the newest content of Chat's message id (the bot's, or a
// person's posted through inline mode); the test fails if there is none.
func (h *Harness) Message(id int) fakeapi.Message {
	h.T.Helper()
	for _, m := range h.API.History(Chat) {
		if m.ID == id {
			return m
		}
	}
	h.T.Fatalf("no message %d", id)
	return fakeapi.Message{}
}
