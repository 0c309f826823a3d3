package settings

import (
	"strconv"
	"strings"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// settingsPages build each page's buttons and return its hint.
var settingsPages = map[int]func(p *builder) string{
	PageLang: func(p *builder) string {
		var row []kit.Button
		for i, l := range locales.Languages {
			row = append(row, p.btn(mark(p.s.Lang == l, p.t("lang_name_"+l, nil)), OpSetLang, i))
		}
		p.row(row...)
		p.row(p.btn(mark(p.s.Lang == "", p.t("lang_name_auto", nil)), OpSetLang, len(locales.Languages)))
		p.back(PageMain)
		return p.t("settings_page_lang", nil)
	},
	PageEdition: func(p *builder) string {
		chosen := p.m.host.EditionOf(&p.o)
		for i, id := range p.m.host.Editions() {
			p.row(p.btn(mark(id == chosen, p.t("edition_"+id, nil)), OpSetEdition, i))
		}
		p.back(PageMain)
		return p.t("settings_page_editions", nil)
	},
	PagePace: func(p *builder) string {
		cur := p.o.EffectivePace()
		for i, name := range PaceNames {
			pace, ok := kit.Paces[name]
			if !ok {
				pace = cur
				pace.Name = kit.PaceCustom
			}
			label := p.m.PaceText(p.lang, pace, p.of.Bids)
			if name == kit.PaceCustom {
				label = p.t("btn_set_custom", nil)
			}
			p.row(p.btn(mark(cur.Name == name, label), OpSetPace, i))
		}
		p.back(PageMain)
		return p.t(p.withBids("settings_page_pace"), nil)
	},
	PageCustom: func(p *builder) string {
		cur := p.o.EffectivePace()
		for _, line := range []struct {
			op      kit.Op
			presets []time.Duration
			cur     time.Duration
			icon    string
		}{{OpSetDecision, DecisionPresets, cur.Decision, "🎲 "}, {OpSetBid, BidPresets, cur.Bid, "🔨 "}} {
			if line.op == OpSetBid && !p.of.Bids {
				continue
			}
			var row []kit.Button
			for i, d := range line.presets {
				row = append(row, p.btn(line.icon+mark(cur.Name == kit.PaceCustom && d == line.cur, p.m.span(p.lang, d)), line.op, i))
			}
			p.rowsOf(3, row)
		}
		p.back(PagePace)
		return p.t(p.withBids("settings_page_custom"), nil)
	},
	PageCash: func(p *builder) string {
		var row []kit.Button
		for i, v := range p.of.Cash {
			row = append(row, p.btn(mark(p.chosen.Cash == v, p.m.money(p.lang, &p.o, v)), OpSetCash, i))
		}
		p.rowsOf(3, row)
		p.back(PageMain)
		return p.t("settings_page_cash", nil)
	},
	PageRules: func(p *builder) string {
		for i, h := range p.of.Rules {
			icon := "▫️ "
			if p.chosen.On[h.ID] {
				icon = "✅ "
			}
			p.row(p.btn(icon+p.kind.RuleName(p.lang, &p.o, h.ID), OpSetRule, i))
		}
		p.back(PageMain)
		return p.t("settings_page_rules", nil)
	},
	PagePlayers: func(p *builder) string {
		var row []kit.Button
		for n := p.of.MinPlayers; n <= p.of.MaxPlayers; n++ {
			row = append(row, p.btn(mark(p.of.MostPlayers(&p.o) == n, strconv.Itoa(n)), OpSetMax, n))
		}
		p.row(row...)
		p.back(PageMain)
		return p.t("settings_page_players", nil)
	},
	PageAbsence: func(p *builder) string {
		var kick, archive []kit.Button
		for i, v := range kickPresets {
			label := p.t("set_kick_never", nil)
			if v > 0 {
				label = p.t("set_kick_n", map[string]any{"N": v})
			}
			kick = append(kick, p.btn(mark(p.o.EffectiveKickAfter() == v, label), OpSetKick, i))
		}
		for i, v := range archivePresets {
			archive = append(archive, p.btn(mark(p.o.ArchiveDays() == v, p.t("set_days", map[string]any{"N": v})), OpSetArchive, i))
		}
		p.row(kick...)
		p.row(archive...)
		p.back(PageMain)
		return p.t("settings_page_absence", nil)
	},
	PageStake: func(p *builder) string {
		var row []kit.Button
		for i, v := range p.of.StakeCaps {
			row = append(row, p.btn(mark(p.chosen.StakeCap == v, p.m.stakeCapText(p.lang, &p.o, v)), OpSetStakeCap, i))
		}
		p.row(row...)
		p.back(PageMain)
		return p.t("settings_page_stake", nil)
	},
	PageZone: zonePage, // zone.go
	PageMain: func(p *builder) string {
		var pages []kit.Button
		for _, mp := range mainPages {
			if p.offers(mp.page) {
				pages = append(pages, p.btn(p.t(mp.label, nil), OpSetView, mp.page))
			}
		}
		p.rowsOf(2, pages)
		p.row(p.btn(p.t("btn_set_close", nil), OpSetClose, 0))
		return p.t("settings_hint", nil)
	},
}

// mainPages are the main page's buttons, two a row, in this order.
var mainPages = []struct {
	page  int
	label string
}{
	{PageLang, "btn_set_lang"}, {PageEdition, "btn_set_edition"}, {PagePace, "btn_set_pace"}, {PageCash, "btn_set_cash"},
	{PageRules, "btn_set_rules"}, {PagePlayers, "btn_set_players"}, {PageAbsence, "btn_set_absence"},
	{PageStake, "btn_set_stake"}, {PageZone, "btn_set_zone"},
}

// offers says whether the chosen edition has page: the board's settings
// (starting cash, house rules, a cap on players, the stake cap) are not
// offered for an edition without them (Monopoly Deal).
func (p *builder) offers(page int) bool {
	switch page {
	case PageCash:
		return len(p.of.Cash) > 0
	case PageRules:
		return len(p.of.Rules) > 0
	case PagePlayers:
		return p.of.CapPlayers
	case PageStake:
		return len(p.of.StakeCaps) > 0
	}
	return true
}

// Render is the settings message on one page (the main page for a page
// the chat's edition does not offer).
func (m *Menu) Render(lang string, s kit.Settings, page int) (string, *kit.Markup) {
	p := &builder{m: m, lang: lang, s: s, o: m.withDefaultEdition(s.Options)}
	p.of, p.chosen, p.kind = m.host.Offer(&p.o), m.chosen(&p.o), m.host.Options(&p.o)
	build, ok := settingsPages[page]
	if !ok || !p.offers(page) {
		build = settingsPages[PageMain]
	}
	hint := build(p)
	chatLang := s.Lang
	if chatLang == "" {
		chatLang = lang
	}
	lines := append([]string{m.cat.T(lang, "settings_title", nil) + "\n",
		m.cat.T(lang, "opt_lang", map[string]any{"Value": m.cat.T(lang, "lang_name_"+chatLang, nil)})},
		m.OptionLines(lang, &p.o, true)...)
	return strings.Join(lines, "\n") + "\n\n" + hint, kit.MarkupOf(p.rows)
}
