package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// TestZoneFollowsLanguageUntilChosen: a chat that never opened the time
// zone's page reads its deadlines in its language's zone (uk: Kyiv, ru:
// Moscow, en: UTC); the lobby names that zone once, and the turn message
// shows the local time.
func TestZoneFollowsLanguageUntilChosen(t *testing.T) {
	t.Parallel()
	for lang, zone := range map[string]string{"uk": "Europe/Kyiv", "ru": "Europe/Moscow", "en": "UTC"} {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			h, clock := newClockHarness(t, kit.ChatOptions{})
			if err := h.bot.store.Update(func(tx *storage.Tx) error {
				return putJSON(tx.PutSettings, testChat, kit.Settings{Lang: lang})
			}); err != nil {
				t.Fatal(err)
			}
			loc, err := time.LoadLocation(zone)
			if err != nil {
				t.Fatal(err)
			}
			h.Say(h.Users[0], "/newgame")
			lobby := h.Message(h.Record().LobbyMsg).Text
			named := h.bot.cat.T(lang, "opt_zone", map[string]any{"Value": h.bot.settingsMenu().ZoneText(lang, zone)})
			if strings.Count(lobby, named) != 1 {
				t.Errorf("the lobby does not name the zone %q once:\n%s", named, lobby)
			}
			for _, u := range h.Users[1:] {
				h.MustPress(u, OpJoin)
			}
			h.MustPress(h.Users[0], OpStart)
			rec := h.Record()
			want := kit.DeadlineText(h.bot.cat, lang, loc, clock.Now(), rec.Clock.Deadline)
			turn := h.Message(board.Of(rec).TurnMsg).Text
			if want == "" || !strings.Contains(turn, want) {
				t.Errorf("the turn message lacks %q:\n%s", want, turn)
			}
			if utc := strings.Contains(turn, "UTC"); utc != (zone == "UTC") {
				t.Errorf("in %s the turn message names UTC: %v\n%s", zone, utc, turn)
			}
		})
	}
}
