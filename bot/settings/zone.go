package settings

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

// ZoneKey is the part of a zone's message ids after "zone_": the city's
// name ("kyiv", "new_york"), "utc" for UTC.
func ZoneKey(name string) string {
	if name == "" || name == kit.ZoneUTC {
		return "utc"
	}
	_, city, _ := strings.Cut(name, "/")
	return strings.ToLower(city)
}

// ZoneText names a zone with its local time now ("Київ · 14:05"), so that
// a chat sees at once whether it chose right.
func (m *Menu) ZoneText(lang, name string) string {
	city := name
	if slices.Contains(kit.TimeZones, name) {
		city = m.cat.T(lang, "zone_"+ZoneKey(name), nil)
	}
	o := kit.ChatOptions{TimeZone: name}
	return city + " · " + m.host.Now().In(o.Location()).Format("15:04")
}

// zoneNow gives the running game the chat's new time zone: its deadlines
// show in it from the next edit on, which this change makes. The record is
// stored quietly, so the buttons on screen stay valid.
func zoneNow(c *kit.Change) {
	if c.Rec.Options == nil {
		c.Rec.Options = &kit.ChatOptions{}
	}
	c.Rec.Options.TimeZone = c.Settings.Options.TimeZone
	c.Quiet, c.Turn = true, true
}

// zonePage is the time zone's page, beside the other settings' (pages.go).
func zonePage(p *builder) string {
	var zones []kit.Button
	for i, name := range kit.TimeZones {
		zones = append(zones, p.btn(mark(p.o.Zone(p.lang) == name, p.m.ZoneText(p.lang, name)), OpSetZone, i))
	}
	p.rowsOf(2, zones)
	p.back(PageMain)
	return p.t("settings_page_zone", nil)
}

// setZone is the time zone's setter, beside the other settings' (apply.go).
func setZone(o *kit.ChatOptions, _ Options, _ kit.Offer, press kit.Press) (int, bool) {
	if press.Arg >= len(kit.TimeZones) {
		return PageZone, false
	}
	o.TimeZone = kit.TimeZones[press.Arg]
	return PageMain, true
}
