package bot

import (
	"strconv"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/reach"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// privateCalls counts the calls that tried to post into a person's
// private chat, and how many of them Telegram refused with 403.
func (h *harness) privateCalls(user int64) (calls, refused int) {
	for _, r := range h.API.Requests() {
		if (r.Method == "sendMessage" || r.Method == "sendPhoto" || r.Method == "editMessageText") && r.Params["chat_id"] == strconv.FormatInt(user, 10) {
			calls++
			if r.Status == 403 {
				refused++
			}
		}
	}
	return calls, refused
}

// TestBellPressedTenTimes: 🔔 pressed ten times by someone who opened the
// bot sends one private message (the first press's) and toggles with a
// toast each time; ten presses by someone who never opened it make one
// call to Telegram at most, each answered with what to do.
func TestBellPressedTenTimes(t *testing.T) {
	t.Parallel()
	h := newLimitedHarness(t)
	h.API.RequireStart(true)
	alice, bohdan, vera := h.Users[0], h.Users[1], h.Users[2]
	h.API.PushMessage(vera.ID, vera, "/start")
	h.Say(alice, "/newgame")
	h.LobbyView(vera, true)
	started := len(h.API.Messages(vera.ID)) // the answer to /start
	msg, data, ok := h.ButtonIn(testChat, OpNotify)
	if !ok {
		t.Fatal("no 🔔 under the lobby")
	}
	on, off := h.bot.cat.T("ru", "notify_on", nil), h.bot.cat.T("ru", "notify_off", nil)
	for i := range 10 {
		h.Press(vera, msg, data)
		want := on
		if i%2 == 1 {
			want = off
		}
		if a := h.API.AnswersTo(vera.ID); a[len(a)-1].ShowAlert || a[len(a)-1].Text != want {
			t.Fatalf("press %d answered %+v, want the toast %q", i+1, a[len(a)-1], want)
		}
	}
	if n := len(h.API.Messages(vera.ID)) - started; n != 1 {
		t.Errorf("ten presses sent Вера %d private messages, want 1", n)
	}
	if n := h.chatSettings().Notify; n != nil {
		t.Errorf("after an even number of presses Вера is still listed: %+v", n)
	}
	needStart := h.bot.cat.T("uk", "notify_need_start", map[string]any{"Bot": "@" + fakeapi.BotUsername})
	for i := range 10 {
		h.Press(bohdan, msg, data)
		if a := h.API.AnswersTo(bohdan.ID); !a[len(a)-1].ShowAlert || a[len(a)-1].Text != needStart {
			t.Fatalf("Богдан's press %d answered %+v", i+1, a[len(a)-1])
		}
	}
	if calls, _ := h.privateCalls(bohdan.ID); calls > 1 {
		t.Errorf("ten presses by someone who never opened the bot made %d calls to Telegram", calls)
	}
	if n := h.chatSettings().Notify; n != nil {
		t.Errorf("someone the bot cannot write to was listed: %+v", n)
	}
}

// TestUnreachablePersonIsRemembered: someone on the 🔔 list blocks the bot.
// The next lobby's private message is refused (403): the bot remembers it,
// says so once in the group with a link to the bot, and tries nothing
// more — not on their presses, not after a restart — until they write to
// the bot again, which makes 🔔 work for them again.
func TestUnreachablePersonIsRemembered(t *testing.T) {
	t.Parallel()
	bottest.InBubble(t, func(t *testing.T) {
		h := newLimitedHarness(t)
		h.API.RequireStart(true)
		alice, vera := h.Users[0], h.Users[2]
		h.API.PushMessage(vera.ID, vera, "/start")
		h.Say(alice, "/newgame")
		h.LobbyView(vera, true)
		h.MustPress(vera, OpNotify)
		if n := h.chatSettings().Notify; n == nil || len(n.People) != 1 {
			t.Fatalf("Вера is not listed: %+v", n)
		}
		h.API.Kick(vera.ID) // she blocks the bot
		h.CancelLobby(alice)
		h.Say(alice, "/newgame")
		if _, refused := h.privateCalls(vera.ID); refused != 1 {
			t.Fatalf("%d refused private messages, want 1 (the next lobby's)", refused)
		}
		notices := func() (n int, link string) {
			for _, m := range h.API.Messages(testChat) {
				if strings.Contains(m.Text, "tg://user?id="+strconv.FormatInt(vera.ID, 10)) && len(m.Keyboard) == 1 && m.Keyboard[0][0].URL != "" {
					n, link = n+1, m.Keyboard[0][0].URL
				}
			}
			return n, link
		}
		if n, link := notices(); n != 1 || link != "https://t.me/"+fakeapi.BotUsername+"?start="+reach.OpenPayload {
			t.Fatalf("%d notices in the group (link %q), want 1 with the link to the bot", n, link)
		}
		calls, _ := h.privateCalls(vera.ID)
		needStart := h.bot.cat.T("ru", "notify_need_start", map[string]any{"Bot": "@" + fakeapi.BotUsername})
		bell := func(when string) {
			t.Helper()
			h.MustPress(vera, OpNotify)
			if a := h.API.AnswersTo(vera.ID); !a[len(a)-1].ShowAlert || a[len(a)-1].Text != needStart {
				t.Fatalf("%s: 🔔 answered %+v", when, a[len(a)-1])
			}
		}
		h.LobbyView(vera, true)
		bell("blocked")
		bell("blocked, again")
		h.Stop()
		h.Start()
		h.Settle()
		bell("blocked, after a restart")
		if again, _ := h.privateCalls(vera.ID); again != calls {
			t.Errorf("%d more calls to a person known to have blocked the bot", again-calls)
		}
		if n, _ := notices(); n != 1 {
			t.Errorf("%d notices in the group, want still 1", n)
		}
		h.API.Unkick(vera.ID)
		_, link := notices()
		if _, ok := h.API.OpenDeepLink(vera, link); !ok {
			t.Fatalf("the notice's link %q does not open the bot", link)
		}
		h.Settle()
		h.MustPress(vera, OpNotify)
		if a := h.API.AnswersTo(vera.ID); a[len(a)-1].ShowAlert {
			t.Fatalf("after /start 🔔 answered %+v", a[len(a)-1])
		}
		if n := h.chatSettings().Notify; n == nil || len(n.People) != 1 || n.People[0].User != vera.ID {
			t.Fatalf("after /start Вера is not listed: %+v", n)
		}
	})
}

// TestForgedBellChangesNothing: a 🔔 press from a chat the bot does not
// serve (no game, no settings there) lists nobody and sends nothing,
// neither there nor to the presser.
func TestForgedBellChangesNothing(t *testing.T) {
	t.Parallel()
	h := newLimitedHarness(t)
	vera := h.Users[2]
	h.API.PushMessage(vera.ID, vera, "/start")
	h.Settle()
	before := len(h.API.Messages(vera.ID))
	const stranger int64 = -4242
	h.API.PushCallback(stranger, 5, vera, kit.Press{Op: OpNotify}.Encode())
	h.Settle()
	if m := h.API.Messages(stranger); len(m) != 0 {
		t.Errorf("the bot wrote to a chat it does not serve: %+v", m)
	}
	if n := len(h.API.Messages(vera.ID)) - before; n != 0 {
		t.Errorf("the presser got %d private messages", n)
	}
	var s kit.Settings
	_ = h.bot.store.View(func(tx *storage.Tx) error { s = h.bot.loadSettings(tx, stranger); return nil })
	if s.Notify != nil {
		t.Errorf("a forged press listed someone: %+v", s.Notify)
	}
	if a := h.API.AnswersTo(vera.ID); len(a) != 1 || a[0].Text != "" {
		t.Errorf("the forged press was answered %+v, want a bare answer", a)
	}
}
