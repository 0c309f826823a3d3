package bot

import (
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
)

// playBusily drives the chats' games as fast as the bot handles presses
// (not as fast as Telegram shows them) for d.
func playBusily(h *harness, chats []*benchChat, d time.Duration) {
	h.t.Helper()
	for end := time.Now().Add(d); time.Now().Before(end); {
		for _, c := range chats {
			h.api.PushUpdate(c.next(h.bot))
		}
		if !h.api.WaitFor(func() bool { return h.api.Pending() == 0 }, 10*time.Second) {
			h.t.Fatal("updates were not handled in time")
		}
	}
}

// TestRestartsKeepTelegramLimits is issue 12's goal: against a fake Bot API
// that enforces Telegram's limits (20 a minute and about one a second per
// group, 429 with retry_after), busy play in two groups with the bot
// restarted three times — each start re-shows the games at once — gets no
// 429 and makes no request inside a ban.
func TestRestartsKeepTelegramLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("plays for several seconds of real time")
	}
	h := newHarnessWith(t, 7, nil, func(cfg *AppConfig) {
		cfg.Client = telegram.ClientOptions{} // Telegram's limits
		// Quick restarts: what the outbox could not flush is re-shown by
		// the next process, which must still honour this one's minute.
		cfg.ShutdownTimeout = 200 * time.Millisecond
	})
	h.api.Enforce(fakeapi.TelegramLimits())
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
		playBusily(h, chats, time.Second)
		if restart == 0 {
			for _, c := range chats {
				started[c.id] = h.version(c.id)
			}
		}
		if restart == 3 {
			break
		}
		h.stop()
		h.start()
	}
	for _, c := range chats {
		if v := h.version(c.id); v <= started[c.id] {
			t.Errorf("chat %d: the game did not move on across the restarts (version %d, then %d)", c.id, started[c.id], v)
		}
	}
	h.stop()
	if f := h.api.Flood(); f.TooMany != 0 || f.InsideBan != 0 {
		t.Fatalf("%d answers were 429 and %d requests came inside a ban; want none", f.TooMany, f.InsideBan)
	}
}
