package board_test

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
)

// TestFollowEndedByEndgame: followers are told when a game ends by
// /endgame too; one who never opened a private chat with the bot cannot be
// told (Telegram refuses), and that refusal pauses nothing.
func TestFollowEndedByEndgame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 8, nil)
	h.API.RequireStart(true)
	h.StartGame()
	reachable := fakeapi.User{ID: 98, FirstName: "Yan", LanguageCode: "uk"}
	unreachable := fakeapi.User{ID: 99, FirstName: "Zoe", LanguageCode: "en"}
	h.API.PushMessage(reachable.ID, reachable, "/start")
	h.Settle()
	h.MustPress(reachable, board.OpFollow)
	h.MustPress(unreachable, board.OpFollow)
	h.Say(h.Users[0], "/endgame")
	h.MustPress(h.Users[0], bot.OpEndGameYes)
	if h.Record() != nil {
		t.Fatal("the game is still stored after /endgame")
	}
	var told []fakeapi.Message
	for _, m := range h.API.Messages(reachable.ID) {
		if strings.HasPrefix(m.Text, h.bot.Catalog().T("en", "follow_ended", nil)) {
			told = append(told, m)
		}
	}
	if len(told) != 1 || !strings.Contains(told[0].Text, h.bot.Catalog().T("en", "standings_title", nil)) {
		t.Errorf("the follower was told %+v, want the end with the table once", told)
	}
	if n := len(h.API.Messages(unreachable.ID)); n != 0 {
		t.Errorf("%d messages in a private chat never opened", n)
	}
	if s := h.bot.ChatSettings(unreachable.ID); s.Paused {
		t.Error("a refused notice paused the person's private chat")
	}
}

// TestFollowNoticeInGamesLanguage: a follower's notice of the end carries
// the final table in the game's own language — the chat's, pinned or the
// one its first creator brought (AutoLang) — whatever the follower's, the
// ender's or the presser's of 👁 Telegram language, in each edition's
// money; and its table is the one the group was shown.
func TestFollowNoticeInGamesLanguage(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ edition, pin, want string }{
		{"classic", "", "uk"}, // Богдан opens it: the chat speaks Ukrainian
		{"lux", "ru", "ru"},
		{"business", "en", "en"},
	} {
		t.Run(tc.edition+"/"+tc.want, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, 8, nil)
			h.Users = []fakeapi.User{h.Users[1], h.Users[2], h.Users[0]} // Богдан (uk), Вера (ru), Alice (en)
			if tc.pin != "" {
				h.Say(h.Users[0], "/lang "+tc.pin)
			}
			h.Say(h.Users[0], "/newgame "+tc.edition)
			h.JoinAndStart()
			f := fakeapi.User{ID: 98, FirstName: "Yan", LanguageCode: "en"}
			if tc.want == "en" {
				f.LanguageCode = "ru"
			}
			h.API.PushMessage(f.ID, f, "/start")
			h.Settle()
			h.MustPress(f, board.OpFollow)
			// The game's creator ends it with the words of another
			// language in their Telegram: Вера's (ru) or Богдан's (uk).
			h.API.SetAdmins(testChat, h.Users[1].ID)
			h.Say(h.Users[1], "/endgame")
			h.MustPress(h.Users[1], bot.OpEndGameYes)
			if h.Record() != nil {
				t.Fatal("the game is still stored after /endgame")
			}
			title := h.bot.Catalog().T(tc.want, "standings_title", nil)
			var table string
			for _, m := range h.API.Messages(testChat) {
				if i := strings.Index(m.Text, title); i >= 0 {
					table = strings.SplitN(m.Text[i:], "\n⏱", 2)[0]
				}
			}
			if table == "" {
				t.Fatalf("the group was shown no final table in %s:\n%s", tc.want, h.Texts())
			}
			var told []string
			for _, m := range h.API.Messages(f.ID) {
				if strings.Contains(m.Text, "🏁") {
					told = append(told, m.Text)
				}
			}
			want := h.bot.Catalog().T(tc.want, "follow_ended", nil) + "\n\n" + table
			if len(told) != 1 || told[0] != want {
				t.Errorf("the follower was told %q, want once %q", told, want)
			}
		})
	}
}
