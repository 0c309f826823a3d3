package kit

import (
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/locales"
)

func TestDeadlineText(t *testing.T) {
	cat, err := locales.Load()
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 23, 12, 45, 0, 0, time.UTC)
	kyiv := ChatOptions{TimeZone: "Europe/Kyiv"}.Location()
	cases := []struct {
		lang string
		loc  *time.Location
		at   time.Time
		want string
	}{
		{"ru", time.UTC, now.Add(80 * time.Minute), "⏳ до 14:05 UTC · осталось 1 ч 20 мин"},
		{"uk", kyiv, now.Add(80 * time.Minute), "⏳ до 16:05 · залишилося 1 год 20 хв"},
		{"en", time.UTC, now.Add(30 * time.Second), "⏳ until 12:45 UTC · under a minute left"},
		{"ru", time.UTC, now.Add(24 * time.Hour), "⏳ до 24.11 12:45 UTC · осталось 24 ч"},
		{"en", kyiv, now.Add(12*time.Hour + 5*time.Minute), "⏳ until Nov 24 02:50 · 12 h 5 min left"},
		{"uk", time.UTC, now.Add(7 * time.Minute), "⏳ до 12:52 UTC · залишилося 7 хв"},
		// A fresh window, shown a moment after it started.
		{"en", time.UTC, now.Add(2*time.Minute - 20*time.Millisecond), "⏳ until 12:46 UTC · 2 min left"},
	}
	for _, c := range cases {
		if got := DeadlineText(cat, c.lang, c.loc, now, c.at.UnixMilli()); got != c.want {
			t.Errorf("%s %v %v: got %q, want %q", c.lang, c.loc, c.at, got, c.want)
		}
	}
	if got := DeadlineText(cat, "ru", time.UTC, now, 0); got != "" {
		t.Errorf("no deadline: got %q", got)
	}
}
