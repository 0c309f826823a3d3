package kit

import (
	"time"

	"github.com/monopoly-tg/monopoly-bot/locales"
)

// DeadlineText says until when a decision waits, in the chat's zone and
// language: "⏳ до 14:05 UTC · ещё 1 ч 20 мин". The zone is named only when
// it is UTC, the default a chat may not know it has; a deadline on another
// day than now carries its date. An empty string for no deadline (paused,
// or none set).
func DeadlineText(cat *locales.Catalog, lang string, loc *time.Location, now time.Time, deadlineMS int64) string {
	if deadlineMS == 0 {
		return ""
	}
	at := time.UnixMilli(deadlineMS)
	return cat.T(lang, "clock_until", map[string]any{"Time": AtText(cat, lang, loc, now, deadlineMS), "Left": LeftText(cat, lang, at.Sub(now))})
}

// AtText is a moment as a chat reads it: "14:05" in the chat's zone, with
// its date when it is not today, and " UTC" when the zone is UTC.
func AtText(cat *locales.Catalog, lang string, loc *time.Location, now time.Time, ms int64) string {
	at := time.UnixMilli(ms).In(loc)
	now = now.In(loc)
	layout := "15:04"
	if y, m, d := at.Date(); y != now.Year() || m != now.Month() || d != now.Day() {
		layout = cat.T(lang, "clock_date_layout", nil)
	}
	when := at.Format(layout)
	if loc == time.UTC {
		when += " UTC"
	}
	return when
}

// LeftText is a remaining time in words, to the nearest minute ("1 ч 20
// мин": a fresh two-minute window, shown a few milliseconds after it
// started, is "2 min", not "1 min"); under a minute it says so rather than
// counting seconds a chat message cannot keep up with.
func LeftText(cat *locales.Catalog, lang string, left time.Duration) string {
	if left < time.Minute {
		return cat.T(lang, "clock_left_under_minute", nil)
	}
	left = left.Round(time.Minute)
	h, m := int(left/time.Hour), int(left%time.Hour/time.Minute)
	switch {
	case h == 0:
		return cat.T(lang, "clock_left_m", map[string]any{"M": m})
	case m == 0:
		return cat.T(lang, "clock_left_h", map[string]any{"H": h})
	}
	return cat.T(lang, "clock_left_hm", map[string]any{"H": h, "M": m})
}

// DurationText is a span in hours and minutes, at least one minute ("2 h
// 30 min"): a lobby's wait, a reminder's time left.
func DurationText(cat *locales.Catalog, lang string, ms int64) string {
	m := max(int((ms+59_999)/60_000), 1)
	h, m := m/60, m%60
	switch {
	case h == 0:
		return cat.T(lang, "dur_m", map[string]any{"M": m})
	case m == 0:
		return cat.T(lang, "dur_h", map[string]any{"H": h})
	}
	return cat.T(lang, "dur_hm", map[string]any{"H": h, "M": m})
}
