package bot

import (
	"slices"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// The chat's time zone in /settings (kit.ChatOptions.TimeZone, one of
// kit.TimeZones; until a chat chooses, its language's: kit.ChatOptions.Zone):
// deadlines show as local times in it, and the lobby names it once. It
// is how the chat reads the clock, not a rule of the game, so a change
// applies to a running game at once.

// OpSetZone chooses the time zone (index in kit.TimeZones).
const OpSetZone Op = "sz"

// zoneKey is the part of a zone's message ids after "zone_": the city's
// name ("kyiv", "new_york"), "utc" for UTC.
func zoneKey(name string) string {
	if name == "" || name == kit.ZoneUTC {
		return "utc"
	}
	_, city, _ := strings.Cut(name, "/")
	return strings.ToLower(city)
}

// zoneText names a zone with its local time now ("Київ · 14:05"), so that
// a chat sees at once whether it chose right.
func (b *Bot) zoneText(lang, name string) string {
	city := name
	if slices.Contains(kit.TimeZones, name) {
		city = b.cat.T(lang, "zone_"+zoneKey(name), nil)
	}
	o := ChatOptions{TimeZone: name}
	return city + " · " + b.cfg.Now().In(o.Location()).Format("15:04")
}

// zoneNow gives the running game the chat's new time zone: its deadlines
// show in it from the next edit on, which this change makes. The record is
// stored quietly, so the buttons on screen stay valid.
func (b *Bot) zoneNow(c *chatState) {
	if c.Rec.Options == nil {
		c.Rec.Options = &ChatOptions{}
	}
	c.Rec.Options.TimeZone = c.Settings.Options.TimeZone
	c.Quiet, c.Turn = true, true
}

// The time zone's page and setter, beside the other settings'.
func init() {
	settingsPages[pageZone] = func(m *settingsMenu) string {
		var zones []kit.Button
		for i, name := range kit.TimeZones {
			zones = append(zones, m.btn(mark(m.o.Zone(m.lang) == name, m.b.zoneText(m.lang, name)), OpSetZone, i))
		}
		m.rowsOf(2, zones)
		m.back(pageMain)
		return m.t("settings_page_zone", nil)
	}
	optionSetters[OpSetZone] = func(o *ChatOptions, _ optionsKind, _ kit.Offer, press Press) (int, bool) {
		if press.Arg >= len(kit.TimeZones) {
			return pageZone, false
		}
		o.TimeZone = kit.TimeZones[press.Arg]
		return pageMain, true
	}
}
