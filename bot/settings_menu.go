package bot

import (
	"strconv"
	"strings"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/registry"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// span renders a preset duration in words.
func (b *Bot) span(lang string, d time.Duration) string {
	switch {
	case d >= time.Hour && d%time.Hour == 0:
		return b.cat.T(lang, "set_dur_h", map[string]any{"N": int(d / time.Hour)})
	case d >= time.Minute && d%time.Minute == 0:
		return b.cat.T(lang, "set_dur_m", map[string]any{"N": int(d / time.Minute)})
	}
	return b.cat.T(lang, "set_dur_s", map[string]any{"N": int(d / time.Second)})
}

// paceText names a pace with its times: the bid window only for an
// edition with auctions (kit.Offer.Bids).
func (b *Bot) paceText(lang string, p Pace, bids bool) string {
	id := "pace_value"
	if !bids {
		id = "pace_value_no_bid"
	}
	return b.cat.T(lang, id, map[string]any{"Name": b.cat.T(lang, "pace_"+p.Name, nil),
		"Decision": b.span(lang, p.Decision), "Bid": b.span(lang, p.Bid)})
}

// chosen is what o chose of its offer (nothing for a kind without its
// own part of the options).
func (b *Bot) chosen(o *ChatOptions) kit.Chosen {
	if k := b.kinds.Options(o); k != nil {
		return k.Chosen(o)
	}
	return kit.Chosen{}
}

// rulesText lists the house rules of the offer switched on.
func (b *Bot) rulesText(lang string, o ChatOptions, of kit.Offer) string {
	chosen := b.chosen(&o)
	var on []string
	for _, h := range of.Rules {
		if chosen.On[h.ID] {
			on = append(on, b.kinds.Options(&o).RuleName(lang, &o, h.ID))
		}
	}
	if len(on) == 0 {
		return b.cat.T(lang, "opt_none", nil)
	}
	return strings.Join(on, ", ")
}

// optionLines is the compact summary of a chat's options: only what its
// edition offers (a Deal game has no starting cash, house rules or stake
// cap). The lobby shows it without the lines it already has (language,
// edition, cash, players) and those that do not concern the players.
func (b *Bot) optionLines(lang string, o *ChatOptions, full bool) []string {
	oo := ChatOptions{}
	if o != nil {
		oo = *o
	}
	of := b.kinds.Offer(&oo)
	var lines []string
	if full {
		lines = append(lines, b.cat.T(lang, "opt_edition", map[string]any{"Value": b.cat.T(lang, "edition_"+registry.EditionOf(&oo), nil)}))
		if len(of.Cash) > 0 {
			lines = append(lines, b.cat.T(lang, "opt_cash", map[string]any{"Value": b.money(lang, &oo, b.chosen(&oo).Cash)}))
		}
		lines = append(lines, b.cat.T(lang, "opt_players", map[string]any{"Min": of.MinPlayers, "Max": of.MostPlayers(&oo)}))
	}
	lines = append(lines, b.cat.T(lang, "opt_pace", map[string]any{"Value": b.paceText(lang, oo.EffectivePace(), of.Bids)}))
	if len(of.Rules) > 0 {
		lines = append(lines, b.cat.T(lang, "opt_rules", map[string]any{"Value": b.rulesText(lang, oo, of)}))
	}
	if full {
		kick := b.cat.T(lang, "set_kick_never", nil)
		if k := oo.EffectiveKickAfter(); k > 0 {
			kick = b.cat.T(lang, "set_kick_n", map[string]any{"N": k})
		}
		lines = append(lines, b.cat.T(lang, "opt_absence", map[string]any{"Kick": kick,
			"Archive": b.cat.T(lang, "set_days", map[string]any{"N": oo.ArchiveDays()})}))
		if len(of.StakeCaps) > 0 {
			lines = append(lines, b.cat.T(lang, "opt_stake", map[string]any{"Value": b.stakeCapText(lang, &oo, b.chosen(&oo).StakeCap)}))
		}
	}
	// The lobby names the zone its times are in, once; a game shows them
	// without it.
	return append(lines, b.cat.T(lang, "opt_zone", map[string]any{"Value": b.zoneText(lang, oo.Zone(lang))}))
}

// settingsMenu builds one page of the settings message.
type settingsMenu struct {
	b    *Bot
	lang string
	s    Settings
	o    ChatOptions
	of   kit.Offer // what the chosen edition offers
	// chosen is what o chose of it; kind is the edition's kind's part of
	// the options (nil when it offers none of it).
	chosen kit.Chosen
	kind   optionsKind
	rows   [][]kit.Button
}

func (m *settingsMenu) t(id string, data map[string]any) string { return m.b.cat.T(m.lang, id, data) }

func (m *settingsMenu) btn(text string, op Op, arg int) kit.Button {
	return kit.DataButton(text, Press{Rev: m.s.OptionsRev, Op: op, Arg: arg}.Encode())
}

func (m *settingsMenu) row(buttons ...kit.Button) {
	m.rows = append(m.rows, buttons)
}

// withBids is a page's hint: the one that explains the bid window, or
// for an edition without auctions the one without it.
func (m *settingsMenu) withBids(id string) string {
	if m.of.Bids {
		return id
	}
	return id + "_no_bid"
}

// rowsOf lays buttons out n to a row.
func (m *settingsMenu) rowsOf(n int, buttons []kit.Button) {
	for len(buttons) > 0 {
		k := min(n, len(buttons))
		m.row(buttons[:k]...)
		buttons = buttons[k:]
	}
}

// back is the row that returns to page.
func (m *settingsMenu) back(page int) { m.row(m.btn(m.t("btn_back", nil), OpSetView, page)) }

// mark ticks the chosen value.
func mark(on bool, text string) string {
	if on {
		return "✅ " + text
	}
	return text
}

// settingsPages build each page's buttons and return its hint.
var settingsPages = map[int]func(m *settingsMenu) string{
	pageLang: func(m *settingsMenu) string {
		var row []kit.Button
		for i, l := range locales.Languages {
			row = append(row, m.btn(mark(m.s.Lang == l, m.t("lang_name_"+l, nil)), OpSetLang, i))
		}
		m.row(row...)
		m.row(m.btn(mark(m.s.Lang == "", m.t("lang_name_auto", nil)), OpSetLang, len(locales.Languages)))
		m.back(pageMain)
		return m.t("settings_page_lang", nil)
	},
	pageEdition: func(m *settingsMenu) string {
		chosen := registry.EditionOf(&m.o)
		for i, id := range Editions() {
			m.row(m.btn(mark(id == chosen, m.t("edition_"+id, nil)), OpSetEdition, i))
		}
		m.back(pageMain)
		return m.t("settings_page_editions", nil)
	},
	pagePace: func(m *settingsMenu) string {
		cur := m.o.EffectivePace()
		for i, name := range paceNames {
			p, ok := Paces[name]
			if !ok {
				p = cur
				p.Name = PaceCustom
			}
			label := m.b.paceText(m.lang, p, m.of.Bids)
			if name == PaceCustom {
				label = m.t("btn_set_custom", nil)
			}
			m.row(m.btn(mark(cur.Name == name, label), OpSetPace, i))
		}
		m.back(pageMain)
		return m.t(m.withBids("settings_page_pace"), nil)
	},
	pageCustom: func(m *settingsMenu) string {
		cur := m.o.EffectivePace()
		for _, line := range []struct {
			op      Op
			presets []time.Duration
			cur     time.Duration
			icon    string
		}{{OpSetDecision, decisionPresets, cur.Decision, "🎲 "}, {OpSetBid, bidPresets, cur.Bid, "🔨 "}} {
			if line.op == OpSetBid && !m.of.Bids {
				continue
			}
			var row []kit.Button
			for i, d := range line.presets {
				row = append(row, m.btn(line.icon+mark(cur.Name == PaceCustom && d == line.cur, m.b.span(m.lang, d)), line.op, i))
			}
			m.rowsOf(3, row)
		}
		m.back(pagePace)
		return m.t(m.withBids("settings_page_custom"), nil)
	},
	pageCash: func(m *settingsMenu) string {
		var row []kit.Button
		for i, v := range m.of.Cash {
			row = append(row, m.btn(mark(m.chosen.Cash == v, m.b.money(m.lang, &m.o, v)), OpSetCash, i))
		}
		m.rowsOf(3, row)
		m.back(pageMain)
		return m.t("settings_page_cash", nil)
	},
	pageRules: func(m *settingsMenu) string {
		for i, h := range m.of.Rules {
			icon := "▫️ "
			if m.chosen.On[h.ID] {
				icon = "✅ "
			}
			m.row(m.btn(icon+m.kind.RuleName(m.lang, &m.o, h.ID), OpSetRule, i))
		}
		m.back(pageMain)
		return m.t("settings_page_rules", nil)
	},
	pagePlayers: func(m *settingsMenu) string {
		var row []kit.Button
		for n := m.of.MinPlayers; n <= m.of.MaxPlayers; n++ {
			row = append(row, m.btn(mark(m.of.MostPlayers(&m.o) == n, strconv.Itoa(n)), OpSetMax, n))
		}
		m.row(row...)
		m.back(pageMain)
		return m.t("settings_page_players", nil)
	},
	pageAbsence: func(m *settingsMenu) string {
		var kick, archive []kit.Button
		for i, v := range kickPresets {
			label := m.t("set_kick_never", nil)
			if v > 0 {
				label = m.t("set_kick_n", map[string]any{"N": v})
			}
			kick = append(kick, m.btn(mark(m.o.EffectiveKickAfter() == v, label), OpSetKick, i))
		}
		for i, v := range archivePresets {
			archive = append(archive, m.btn(mark(m.o.ArchiveDays() == v, m.t("set_days", map[string]any{"N": v})), OpSetArchive, i))
		}
		m.row(kick...)
		m.row(archive...)
		m.back(pageMain)
		return m.t("settings_page_absence", nil)
	},
	pageMain: func(m *settingsMenu) string {
		var pages []kit.Button
		for _, p := range mainPages {
			if m.offers(p.page) {
				pages = append(pages, m.btn(m.t(p.label, nil), OpSetView, p.page))
			}
		}
		m.rowsOf(2, pages)
		m.row(m.btn(m.t("btn_set_close", nil), OpSetClose, 0))
		return m.t("settings_hint", nil)
	},
}

// mainPages are the main page's buttons, two a row, in this order.
var mainPages = []struct {
	page  int
	label string
}{
	{pageLang, "btn_set_lang"}, {pageEdition, "btn_set_edition"}, {pagePace, "btn_set_pace"}, {pageCash, "btn_set_cash"},
	{pageRules, "btn_set_rules"}, {pagePlayers, "btn_set_players"}, {pageAbsence, "btn_set_absence"},
	{pageStake, "btn_set_stake"}, {pageZone, "btn_set_zone"},
}

// offers says whether the chosen edition has page: the board's settings
// (starting cash, house rules, a cap on players, the stake cap) are not
// offered for an edition without them (Monopoly Deal).
func (m *settingsMenu) offers(page int) bool {
	switch page {
	case pageCash:
		return len(m.of.Cash) > 0
	case pageRules:
		return len(m.of.Rules) > 0
	case pagePlayers:
		return m.of.CapPlayers
	case pageStake:
		return len(m.of.StakeCaps) > 0
	}
	return true
}

// renderSettings is the settings message on one page.
func (b *Bot) renderSettings(lang string, s Settings, page int) (string, *kit.Markup) {
	m := &settingsMenu{b: b, lang: lang, s: s, o: b.withDefaultEdition(s.Options)}
	m.of, m.chosen, m.kind = b.kinds.Offer(&m.o), b.chosen(&m.o), b.kinds.Options(&m.o)
	build, ok := settingsPages[page]
	if !ok || !m.offers(page) {
		build = settingsPages[pageMain]
	}
	hint := build(m)
	chatLang := s.Lang
	if chatLang == "" {
		chatLang = lang
	}
	lines := append([]string{b.cat.T(lang, "settings_title", nil) + "\n",
		b.cat.T(lang, "opt_lang", map[string]any{"Value": b.cat.T(lang, "lang_name_"+chatLang, nil)})},
		b.optionLines(lang, &m.o, true)...)
	return strings.Join(lines, "\n") + "\n\n" + hint, kit.MarkupOf(m.rows)
}
