package bot

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// TestReadmeShowsARealTurn: README's "What a turn looks like" is the turn
// message the bot shows (text as Telegram shows it, then the buttons), in
// ru and en: a scripted game of three, at the first purchase to decide
// after someone paid rent, on a fixed clock.
func TestReadmeShowsARealTurn(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"ru", "en"} {
		got := exampleTurn(t, lang)
		start := "<!-- turn example: " + lang + " -->\n```text\n"
		_, rest, ok := strings.Cut(string(readme), start)
		want, _, ok2 := strings.Cut(rest, "\n```")
		if !ok || !ok2 || want != got {
			t.Errorf("README's %s turn example is not what the bot shows; it shows:\n%s%s\n```", lang, start, got)
		}
	}
}

// exampleTurn plays the scripted game in lang and returns the turn message.
func exampleTurn(t *testing.T, lang string) string {
	h, _ := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceLive}, KickAfter: -1})
	names := map[string][]string{"ru": {"Оля", "Богдан", "Вера"}, "en": {"Olya", "Bohdan", "Vera"}}[lang]
	for i := range h.Users {
		h.Users[i].FirstName, h.Users[i].LanguageCode = names[i], lang
	}
	if err := h.bot.store.Update(func(tx *storage.Tx) error {
		return putJSON(tx.PutSettings, testChat, kit.Settings{Lang: lang, Options: kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceLive}, KickAfter: -1}})
	}); err != nil {
		t.Fatal(err)
	}
	h.StartGame()
	r, seen := rand.New(rand.NewPCG(1, 2)), map[engine.EventKind]bool{}
	for i := 0; i < 400; i++ {
		rec := h.Record()
		rent := false
		for _, e := range board.Of(rec).Turn {
			rent = rent || e.Kind == engine.EvRentPaid
		}
		if board.Of(rec).Game.Phase == engine.PhaseBuyDecision && rent {
			m := h.Message(board.Of(rec).TurnMsg)
			lines := []string{shownText(m.Text), ""}
			for _, row := range m.Keyboard {
				var bs []string
				for _, b := range row {
					bs = append(bs, "["+b.Text+"]")
				}
				lines = append(lines, strings.Join(bs, " "))
			}
			return strings.Join(lines, "\n")
		}
		h.Step(r, seen)
	}
	t.Fatal("no purchase to decide after a rent")
	return ""
}
