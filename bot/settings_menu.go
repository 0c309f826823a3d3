package bot

import (
	"strconv"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// cmdSettings answers /settings with the menu's main page.
func (b *Bot) cmdSettings(c *chatState, userLang string) {
	lang := c.Lang(userLang)
	text, kb := b.renderSettings(lang, c.Settings, pageMain)
	c.Replies = append(c.Replies, kit.Reply{Text: text, KB: kb})
}

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

func (b *Bot) paceText(lang string, p Pace) string {
	return b.cat.T(lang, "pace_value", map[string]any{"Name": b.cat.T(lang, "pace_"+p.Name, nil),
		"Decision": b.span(lang, p.Decision), "Bid": b.span(lang, p.Bid)})
}

func (b *Bot) ruleName(lang string, i int, r engine.Rules) string {
	return b.cat.T(lang, "rule_"+houseRules[i].id, map[string]any{"N": r.BuildsPerTurn})
}

// rulesText lists the house rules switched on.
func (b *Bot) rulesText(lang string, o *ChatOptions) string {
	oo := ChatOptions{}
	if o != nil {
		oo = *o
	}
	r := b.rulesOf(&oo)
	var on []string
	for i, h := range houseRules {
		if *h.field(&oo, &r) {
			on = append(on, b.ruleName(lang, i, r))
		}
	}
	if len(on) == 0 {
		return b.cat.T(lang, "opt_none", nil)
	}
	return strings.Join(on, ", ")
}

// optionLines is the compact summary of a chat's options; the lobby shows
// it without the lines it already has (language, edition, cash, players).
func (b *Bot) optionLines(lang string, o *ChatOptions, full bool) []string {
	oo := ChatOptions{}
	if o != nil {
		oo = *o
	}
	ed := kit.EditionOf(&oo)
	var lines []string
	if full {
		lines = append(lines,
			b.cat.T(lang, "opt_edition", map[string]any{"Value": b.cat.T(lang, "edition_"+ed.ID, nil)}),
			b.cat.T(lang, "opt_cash", map[string]any{"Value": b.money(lang, &oo, b.rulesOf(&oo).StartingCash)}),
			b.cat.T(lang, "opt_players", map[string]any{"Min": ed.MinPlayers, "Max": maxPlayersOf(&oo)}))
	}
	lines = append(lines,
		b.cat.T(lang, "opt_pace", map[string]any{"Value": b.paceText(lang, oo.EffectivePace())}),
		b.cat.T(lang, "opt_rules", map[string]any{"Value": b.rulesText(lang, &oo)}))
	if full {
		kick := b.cat.T(lang, "set_kick_never", nil)
		if k := oo.EffectiveKickAfter(); k > 0 {
			kick = b.cat.T(lang, "set_kick_n", map[string]any{"N": k})
		}
		lines = append(lines, b.cat.T(lang, "opt_absence", map[string]any{"Kick": kick,
			"Archive": b.cat.T(lang, "set_days", map[string]any{"N": oo.ArchiveDays()})}))
		if hasStakes(ed) {
			lines = append(lines, b.cat.T(lang, "opt_stake", map[string]any{"Value": b.stakeCapText(lang, &oo, b.rulesOf(&oo).GambleCap)}))
		}
	}
	return lines
}

// settingsMenu builds one page of the settings message.
type settingsMenu struct {
	b    *Bot
	lang string
	s    Settings
	o    ChatOptions
	r    engine.Rules
	ed   *engine.Edition
	rows [][]tgbotapi.InlineKeyboardButton
}

func (m *settingsMenu) t(id string, data map[string]any) string { return m.b.cat.T(m.lang, id, data) }

func (m *settingsMenu) btn(text string, op Op, arg int) tgbotapi.InlineKeyboardButton {
	return tgbotapi.NewInlineKeyboardButtonData(text, Press{Rev: m.s.OptionsRev, Op: op, Arg: arg}.Encode())
}

func (m *settingsMenu) row(buttons ...tgbotapi.InlineKeyboardButton) {
	m.rows = append(m.rows, buttons)
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
		var row []tgbotapi.InlineKeyboardButton
		for i, l := range locales.Languages {
			row = append(row, m.btn(mark(m.s.Lang == l, m.t("lang_name_"+l, nil)), OpSetLang, i))
		}
		m.row(row...)
		m.back(pageMain)
		return m.t("settings_page_lang", nil)
	},
	pageEdition: func(m *settingsMenu) string {
		for i, id := range editionIDs() {
			m.row(m.btn(mark(id == m.ed.ID, m.t("edition_"+id, nil)), OpSetEdition, i))
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
			label := m.b.paceText(m.lang, p)
			if name == PaceCustom {
				label = m.t("btn_set_custom", nil)
			}
			m.row(m.btn(mark(cur.Name == name, label), OpSetPace, i))
		}
		m.back(pageMain)
		return m.t("settings_page_pace", nil)
	},
	pageCustom: func(m *settingsMenu) string {
		cur := m.o.EffectivePace()
		for _, line := range []struct {
			op      Op
			presets []time.Duration
			cur     time.Duration
			icon    string
		}{{OpSetDecision, decisionPresets, cur.Decision, "🎲 "}, {OpSetBid, bidPresets, cur.Bid, "🔨 "}} {
			var row []tgbotapi.InlineKeyboardButton
			for i, d := range line.presets {
				row = append(row, m.btn(line.icon+mark(cur.Name == PaceCustom && d == line.cur, m.b.span(m.lang, d)), line.op, i))
			}
			m.row(row[:3]...)
			m.row(row[3:]...)
		}
		m.back(pagePace)
		return m.t("settings_page_custom", nil)
	},
	pageCash: func(m *settingsMenu) string {
		var row []tgbotapi.InlineKeyboardButton
		for i, v := range cashPresets {
			v *= editionScale(m.ed)
			row = append(row, m.btn(mark(m.r.StartingCash == v, m.b.money(m.lang, &m.o, v)), OpSetCash, i))
		}
		m.row(row[:3]...)
		m.row(row[3:]...)
		m.back(pageMain)
		return m.t("settings_page_cash", nil)
	},
	pageRules: func(m *settingsMenu) string {
		for i, h := range houseRules {
			icon := "▫️ "
			if *h.field(&m.o, &m.r) {
				icon = "✅ "
			}
			m.row(m.btn(icon+m.b.ruleName(m.lang, i, m.r), OpSetRule, i))
		}
		m.back(pageMain)
		return m.t("settings_page_rules", nil)
	},
	pagePlayers: func(m *settingsMenu) string {
		var row []tgbotapi.InlineKeyboardButton
		for n := m.ed.MinPlayers; n <= m.ed.MaxPlayers; n++ {
			row = append(row, m.btn(mark(maxPlayersOf(&m.o) == n, strconv.Itoa(n)), OpSetMax, n))
		}
		m.row(row...)
		m.back(pageMain)
		return m.t("settings_page_players", nil)
	},
	pageAbsence: func(m *settingsMenu) string {
		var kick, archive []tgbotapi.InlineKeyboardButton
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
		m.row(m.btn(m.t("btn_set_lang", nil), OpSetView, pageLang), m.btn(m.t("btn_set_edition", nil), OpSetView, pageEdition))
		m.row(m.btn(m.t("btn_set_pace", nil), OpSetView, pagePace), m.btn(m.t("btn_set_cash", nil), OpSetView, pageCash))
		m.row(m.btn(m.t("btn_set_rules", nil), OpSetView, pageRules), m.btn(m.t("btn_set_players", nil), OpSetView, pagePlayers))
		if hasStakes(m.ed) {
			m.row(m.btn(m.t("btn_set_absence", nil), OpSetView, pageAbsence), m.btn(m.t("btn_set_stake", nil), OpSetView, pageStake))
		} else {
			m.row(m.btn(m.t("btn_set_absence", nil), OpSetView, pageAbsence))
		}
		m.row(m.btn(m.t("btn_set_close", nil), OpSetClose, 0))
		return m.t("settings_hint", nil)
	},
}

// renderSettings is the settings message on one page.
func (b *Bot) renderSettings(lang string, s Settings, page int) (string, *tgbotapi.InlineKeyboardMarkup) {
	m := &settingsMenu{b: b, lang: lang, s: s, o: b.withDefaultEdition(s.Options)}
	m.r, m.ed = b.rulesOf(&m.o), kit.EditionOf(&m.o)
	build, ok := settingsPages[page]
	if !ok {
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
	return strings.Join(lines, "\n") + "\n\n" + hint, kit.Markup(m.rows)
}
