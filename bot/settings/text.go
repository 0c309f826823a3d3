package settings

import (
	"strings"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// The words of the menu and the lobby about a chat's options.

// span renders a preset duration in words.
func (m *Menu) span(lang string, d time.Duration) string {
	switch {
	case d >= time.Hour && d%time.Hour == 0:
		return m.cat.T(lang, "set_dur_h", map[string]any{"N": int(d / time.Hour)})
	case d >= time.Minute && d%time.Minute == 0:
		return m.cat.T(lang, "set_dur_m", map[string]any{"N": int(d / time.Minute)})
	}
	return m.cat.T(lang, "set_dur_s", map[string]any{"N": int(d / time.Second)})
}

// PaceText names a pace with its times: the bid window only for an
// edition with auctions (kit.Offer.Bids).
func (m *Menu) PaceText(lang string, p kit.Pace, bids bool) string {
	id := "pace_value"
	if !bids {
		id = "pace_value_no_bid"
	}
	return m.cat.T(lang, id, map[string]any{"Name": m.cat.T(lang, "pace_"+p.Name, nil),
		"Decision": m.span(lang, p.Decision), "Bid": m.span(lang, p.Bid)})
}

// chosen is what o chose of its offer (nothing for a kind without its
// own part of the options).
func (m *Menu) chosen(o *kit.ChatOptions) kit.Chosen {
	if k := m.host.Options(o); k != nil {
		return k.Chosen(o)
	}
	return kit.Chosen{}
}

// money is an amount in the currency of o's edition (the lux edition's
// hryvnias), as its kind writes it.
func (m *Menu) money(lang string, o *kit.ChatOptions, amount int) string {
	if k := m.host.Options(o); k != nil {
		return k.Money(lang, o, amount)
	}
	return m.cat.Money(lang, amount)
}

func (m *Menu) stakeCapText(lang string, o *kit.ChatOptions, limit int) string {
	if limit == 0 {
		return m.cat.T(lang, "set_stake_none", nil)
	}
	return m.money(lang, o, limit)
}

// rulesText lists the house rules of the offer switched on.
func (m *Menu) rulesText(lang string, o kit.ChatOptions, of kit.Offer) string {
	chosen := m.chosen(&o)
	var on []string
	for _, h := range of.Rules {
		if chosen.On[h.ID] {
			on = append(on, m.host.Options(&o).RuleName(lang, &o, h.ID))
		}
	}
	if len(on) == 0 {
		return m.cat.T(lang, "opt_none", nil)
	}
	return strings.Join(on, ", ")
}

// OptionLines is the compact summary of a chat's options: only what its
// edition offers (a Deal game has no starting cash, house rules or stake
// cap). The lobby shows it without the lines it already has (language,
// edition, cash, players) and those that do not concern the players.
func (m *Menu) OptionLines(lang string, o *kit.ChatOptions, full bool) []string {
	oo := kit.ChatOptions{}
	if o != nil {
		oo = *o
	}
	of := m.host.Offer(&oo)
	var lines []string
	if full {
		lines = append(lines, m.cat.T(lang, "opt_edition", map[string]any{"Value": m.cat.T(lang, "edition_"+m.host.EditionOf(&oo), nil)}))
		if len(of.Cash) > 0 {
			lines = append(lines, m.cat.T(lang, "opt_cash", map[string]any{"Value": m.money(lang, &oo, m.chosen(&oo).Cash)}))
		}
		lines = append(lines, m.cat.T(lang, "opt_players", map[string]any{"Min": of.MinPlayers, "Max": of.MostPlayers(&oo)}))
	}
	lines = append(lines, m.cat.T(lang, "opt_pace", map[string]any{"Value": m.PaceText(lang, oo.EffectivePace(), of.Bids)}))
	if len(of.Rules) > 0 {
		lines = append(lines, m.cat.T(lang, "opt_rules", map[string]any{"Value": m.rulesText(lang, oo, of)}))
	}
	if full {
		kick := m.cat.T(lang, "set_kick_never", nil)
		if k := oo.EffectiveKickAfter(); k > 0 {
			kick = m.cat.T(lang, "set_kick_n", map[string]any{"N": k})
		}
		lines = append(lines, m.cat.T(lang, "opt_absence", map[string]any{"Kick": kick,
			"Archive": m.cat.T(lang, "set_days", map[string]any{"N": oo.ArchiveDays()})}))
		if len(of.StakeCaps) > 0 {
			lines = append(lines, m.cat.T(lang, "opt_stake", map[string]any{"Value": m.stakeCapText(lang, &oo, m.chosen(&oo).StakeCap)}))
		}
	}
	// The lobby names the zone its times are in, once; a game shows them
	// without it.
	return append(lines, m.cat.T(lang, "opt_zone", map[string]any{"Value": m.ZoneText(lang, oo.Zone(lang))}))
}
