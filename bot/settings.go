package bot

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// /settings: a menu of buttons that changes the chat's ChatOptions (and its
// language). The settings message is edited in place; its buttons are
// <0>:<Settings.OptionsRev>:<op>[:<arg>], so a press on an outdated settings
// message is refused. Chat admins may change everything; the creator of a
// game not yet started may too, until it starts. A lobby follows the
// chat's options (Record.Options is kept in step); a running game keeps the
// options it started with, and a change then applies to the next game.

// Settings pages, the argument of OpSetView.
const (
	pageMain = iota
	pageLang
	pageEdition
	pagePace
	pageCustom
	pageCash
	pageRules
	pagePlayers
	pageAbsence
	pageCount
)

// Presets offered by the buttons.
var (
	cashPresets     = []int{1000, 1500, 2000, 2500, 3000, 5000}
	decisionPresets = []time.Duration{time.Minute, 5 * time.Minute, 15 * time.Minute, time.Hour, 6 * time.Hour, 24 * time.Hour}
	bidPresets      = []time.Duration{15 * time.Second, 30 * time.Second, time.Minute, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour}
	paceNames       = []string{PaceLive, PaceRelaxed, PaceAsync, PaceCustom}
	// kickPresets are ChatOptions.KickAfter values: -1 never, else missed
	// turns in a row; archivePresets are days without a move.
	kickPresets    = []int{-1, 1, 2, 3, 5}
	archivePresets = []int{3, 7, 14, 30}
)

// houseRule is one switch of the house-rules page; the message is
// "rule_" + id.
type houseRule struct {
	id    string
	field func(o *ChatOptions, r *engine.Rules) *bool
}

var houseRules = []houseRule{
	{"auctions", func(_ *ChatOptions, r *engine.Rules) *bool { return &r.Auctions }},
	{"double_rent", func(_ *ChatOptions, r *engine.Rules) *bool { return &r.DoubleRentOnSet }},
	{"build_before_roll", func(_ *ChatOptions, r *engine.Rules) *bool { return &r.BuildBeforeRollOnly }},
	{"even_building", func(_ *ChatOptions, r *engine.Rules) *bool { return &r.EvenBuilding }},
	{"jackpot", func(_ *ChatOptions, r *engine.Rules) *bool { return &r.FreeParkingJackpot }},
	{"double_salary", func(_ *ChatOptions, r *engine.Rules) *bool { return &r.DoubleSalaryOnStart }},
	{"no_rent_in_jail", func(_ *ChatOptions, r *engine.Rules) *bool { return &r.NoRentInJail }},
	{"random_order", func(o *ChatOptions, _ *engine.Rules) *bool { return &o.RandomOrder }},
	{"manual_end", func(o *ChatOptions, _ *engine.Rules) *bool { return &o.ManualEndTurn }},
	{"early_end", func(_ *ChatOptions, r *engine.Rules) *bool { return &r.EarlyEndByAgreement }},
}

// defaultBuildsPerTurn is the printgames cap, used when the rule is
// switched on over rules that had no cap.
const defaultBuildsPerTurn = 3

// editionOf is the edition the options choose.
func editionOf(o *ChatOptions) *engine.Edition {
	if o != nil && o.Edition != "" {
		if ed := engine.EditionByID(o.Edition); ed != nil {
			return ed
		}
	}
	return engine.EditionByID(engine.Classic)
}

// rulesOf are the engine rules the options give: the chat's own, else the
// operator's override (Config.Rules), else the edition's defaults.
func (b *Bot) rulesOf(o *ChatOptions) engine.Rules {
	switch {
	case o != nil && o.Rules != nil:
		return *o.Rules
	case b.cfg.Rules != nil:
		return *b.cfg.Rules
	}
	return editionOf(o).Rules
}

// maxPlayersOf is the largest game the options allow.
func maxPlayersOf(o *ChatOptions) int {
	ed := editionOf(o)
	if o != nil && o.MaxPlayers >= ed.MinPlayers && o.MaxPlayers < ed.MaxPlayers {
		return o.MaxPlayers
	}
	return ed.MaxPlayers
}

// seatOrder is the random seating of RandomOrder: a permutation of n seats
// drawn from the game's seed, so a replay seats everyone the same way.
func seatOrder(seed uint64, n int) []int {
	r := rand.New(rand.NewPCG(seed, 0x5ea75ea75ea75ea7))
	return r.Perm(n)
}

// shuffleSeats seats rec's players in random order instead of the order
// roll: seat order[0] starts and the others follow in drawn order. The
// engine has already rolled for its first player (its dice stream stays
// as seeded); the people are placed around that seat, and the roll's
// events are dropped, since it decided nothing.
func shuffleSeats(rec *Record, g *engine.Game, seed uint64, evs []engine.Event) []engine.Event {
	n := len(rec.Seats)
	order := seatOrder(seed, n)
	seats := make([]Seat, n)
	for i, from := range order {
		seats[(int(g.Current)+i)%n] = rec.Seats[from]
	}
	rec.Seats = seats
	out := evs[:0:0]
	for _, e := range evs {
		if e.Kind != engine.EvOrderRoll {
			out = append(out, e)
		}
	}
	return out
}

// onSettingsPress handles a press on the settings message.
func (b *Bot) onSettingsPress(ctx context.Context, updateID int, q *tgbotapi.CallbackQuery, press Press) {
	chat, msg := q.Message.Chat.ID, q.Message.MessageID
	admin := b.tg.IsAdmin(ctx, chat, q.From.ID)
	defer b.lock(chat)()
	page, show, closed := pageMain, false, false
	st, err := b.change(chat, updateID, func(c *chatState) error {
		lang := c.lang(q.From.LanguageCode)
		page, show, closed = pageMain, false, false
		if press.Game != 0 || press.Rev != c.settings.OptionsRev {
			c.alert = b.cat.T(lang, "alert_outdated", nil)
			return nil
		}
		lobby := c.rec != nil && c.rec.Status == StatusLobby
		running := c.rec != nil && c.rec.Status == StatusPlaying
		if !admin && !(lobby && c.rec.Creator == q.From.ID) {
			c.alert = b.cat.T(lang, "alert_settings_denied", nil)
			return nil
		}
		o := c.settings.Options
		r := b.rulesOf(&o)
		var ok, changed bool
		page, ok, changed, closed = b.applySetting(&c.settings, &o, &r, press)
		if !ok {
			c.alert = b.cat.T(lang, "alert_outdated", nil)
			return nil
		}
		show = true
		if !changed {
			return nil
		}
		c.settingsChanged = true
		c.settings.OptionsRev++
		if press.Op == OpSetLang {
			// The language applies at once, to the game on screen too.
			c.turn, c.lobby = running, lobby
			return nil
		}
		if press.Op == OpSetCash || press.Op == OpSetRule {
			o.Rules = &r
		}
		c.settings.Options = o
		switch {
		case lobby:
			c.rec.Options = o.clone()
			c.save, c.lobby = true, true
		case running:
			c.alert = b.cat.T(lang, "alert_settings_next_game", nil)
		}
		return nil
	})
	b.answer(ctx, q.ID, st, err)
	if err == nil && st != nil && !st.duplicate && show {
		lang := st.lang(q.From.LanguageCode)
		slot := settingsSlot(msg)
		if closed {
			st.finalize(slot, msg, b.cat.T(lang, "settings_closed", nil))
		} else {
			text, kb := b.renderSettings(lang, st.settings, page)
			b.out.Put(chat, slot, msg, text, kb)
		}
	}
	b.finish(ctx, st, err, q.ID)
}

// applySetting changes s, o and r as press asks. It returns the page to
// show, whether the press made sense, whether anything changed, and
// whether the menu closes.
func (b *Bot) applySetting(s *Settings, o *ChatOptions, r *engine.Rules, press Press) (page int, ok, changed, closed bool) {
	arg := press.Arg
	switch press.Op {
	case OpSetView:
		return arg, arg >= 0 && arg < pageCount, false, false
	case OpSetClose:
		return pageMain, true, false, true
	case OpSetLang:
		if arg >= len(locales.Languages) {
			return pageLang, false, false, false
		}
		changed = s.Lang != locales.Languages[arg]
		s.Lang = locales.Languages[arg]
		return pageMain, true, changed, false
	case OpSetEdition:
		eds := editionIDs()
		if arg >= len(eds) || !selectableEdition(eds[arg]) {
			return pageEdition, false, false, false
		}
		id := eds[arg]
		if id == engine.Classic {
			id = ""
		}
		changed = o.Edition != id
		o.Edition = id
		return pageMain, true, changed, false
	case OpSetPace:
		if arg >= len(paceNames) {
			return pagePace, false, false, false
		}
		name := paceNames[arg]
		if name == PaceCustom {
			p := o.EffectivePace() // start from what the chat has now
			p.Name = PaceCustom
			changed = o.Pace != p
			o.Pace = p
			return pageCustom, true, changed, false
		}
		changed = o.Pace.Name != name || o.Pace.Decision != 0
		o.Pace = Pace{Name: name}
		return pageMain, true, changed, false
	case OpSetDecision, OpSetBid:
		presets := decisionPresets
		if press.Op == OpSetBid {
			presets = bidPresets
		}
		if arg >= len(presets) {
			return pageCustom, false, false, false
		}
		p := o.EffectivePace()
		p.Name = PaceCustom
		if press.Op == OpSetBid {
			p.Bid = presets[arg]
		} else {
			p.Decision = presets[arg]
		}
		changed = o.Pace != p
		o.Pace = p
		return pageCustom, true, changed, false
	case OpSetCash:
		if arg >= len(cashPresets) {
			return pageCash, false, false, false
		}
		changed = r.StartingCash != cashPresets[arg]
		r.StartingCash = cashPresets[arg]
		return pageMain, true, changed, false
	case OpSetRule:
		if arg >= len(houseRules) {
			return pageRules, false, false, false
		}
		f := houseRules[arg].field(o, r)
		*f = !*f
		if r.BuildBeforeRollOnly && r.BuildsPerTurn <= 0 {
			r.BuildsPerTurn = defaultBuildsPerTurn
		}
		return pageRules, true, true, false
	case OpSetKick:
		if arg >= len(kickPresets) {
			return pageAbsence, false, false, false
		}
		changed = o.kickAfter() != kickPresets[arg]
		o.KickAfter = kickPresets[arg]
		return pageAbsence, true, changed, false
	case OpSetArchive:
		if arg >= len(archivePresets) {
			return pageAbsence, false, false, false
		}
		changed = o.archiveDays() != archivePresets[arg]
		o.ArchiveAfter = time.Duration(archivePresets[arg]) * 24 * time.Hour
		return pageAbsence, true, changed, false
	case OpSetMax:
		ed := editionOf(o)
		if arg < ed.MinPlayers || arg > ed.MaxPlayers {
			return pagePlayers, false, false, false
		}
		if arg == ed.MaxPlayers {
			arg = 0
		}
		changed = o.MaxPlayers != arg
		o.MaxPlayers = arg
		return pageMain, true, changed, false
	}
	return pageMain, false, false, false
}

// editionIDs are the registered editions in a stable order, classic first.
func editionIDs() []string {
	ids := engine.Editions()
	slices.SortFunc(ids, func(a, b string) int {
		switch {
		case a == engine.Classic:
			return -1
		case b == engine.Classic:
			return 1
		}
		return strings.Compare(a, b)
	})
	return ids
}

// selectableEdition: only the classic game can be played for now.
func selectableEdition(id string) bool { return id == engine.Classic }

// cmdSettings answers /settings with the menu's main page.
func (b *Bot) cmdSettings(c *chatState, userLang string) {
	lang := c.lang(userLang)
	text, kb := b.renderSettings(lang, c.settings, pageMain)
	c.replies = append(c.replies, reply{text: text, kb: kb})
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
	ed := editionOf(&oo)
	var lines []string
	if full {
		lines = append(lines,
			b.cat.T(lang, "opt_edition", map[string]any{"Value": b.cat.T(lang, "edition_"+ed.ID, nil)}),
			b.cat.T(lang, "opt_cash", map[string]any{"Value": b.money(lang, b.rulesOf(&oo).StartingCash)}),
			b.cat.T(lang, "opt_players", map[string]any{"Min": ed.MinPlayers, "Max": maxPlayersOf(&oo)}))
	}
	lines = append(lines,
		b.cat.T(lang, "opt_pace", map[string]any{"Value": b.paceText(lang, oo.EffectivePace())}),
		b.cat.T(lang, "opt_rules", map[string]any{"Value": b.rulesText(lang, &oo)}))
	if full {
		kick := b.cat.T(lang, "set_kick_never", nil)
		if k := oo.kickAfter(); k > 0 {
			kick = b.cat.T(lang, "set_kick_n", map[string]any{"N": k})
		}
		lines = append(lines, b.cat.T(lang, "opt_absence", map[string]any{"Kick": kick,
			"Archive": b.cat.T(lang, "set_days", map[string]any{"N": oo.archiveDays()})}))
	}
	return lines
}

// renderSettings is the settings message on one page.
func (b *Bot) renderSettings(lang string, s Settings, page int) (string, *tgbotapi.InlineKeyboardMarkup) {
	o := s.Options
	r := b.rulesOf(&o)
	ed := editionOf(&o)
	var rows [][]tgbotapi.InlineKeyboardButton
	btn := func(text string, op Op, arg int) tgbotapi.InlineKeyboardButton {
		return tgbotapi.NewInlineKeyboardButtonData(text, Press{Rev: s.OptionsRev, Op: op, Arg: arg}.Encode())
	}
	mark := func(on bool, text string) string {
		if on {
			return "✅ " + text
		}
		return text
	}
	back := []tgbotapi.InlineKeyboardButton{btn(b.cat.T(lang, "btn_back", nil), OpSetView, pageMain)}
	var hint string
	switch page {
	case pageLang:
		hint = b.cat.T(lang, "settings_page_lang", nil)
		var row []tgbotapi.InlineKeyboardButton
		for i, l := range locales.Languages {
			row = append(row, btn(mark(s.Lang == l, b.cat.T(lang, "lang_name_"+l, nil)), OpSetLang, i))
		}
		rows = append(rows, row, back)
	case pageEdition:
		hint = b.cat.T(lang, "settings_page_edition", nil)
		for i, id := range editionIDs() {
			rows = append(rows, []tgbotapi.InlineKeyboardButton{btn(mark(id == ed.ID, b.cat.T(lang, "edition_"+id, nil)), OpSetEdition, i)})
		}
		rows = append(rows, back)
	case pagePace:
		hint = b.cat.T(lang, "settings_page_pace", nil)
		cur := o.EffectivePace()
		for i, name := range paceNames {
			p, ok := Paces[name]
			if !ok {
				p = cur
				p.Name = PaceCustom
			}
			label := b.paceText(lang, p)
			if name == PaceCustom {
				label = b.cat.T(lang, "btn_set_custom", nil)
			}
			rows = append(rows, []tgbotapi.InlineKeyboardButton{btn(mark(cur.Name == name, label), OpSetPace, i)})
		}
		rows = append(rows, back)
	case pageCustom:
		hint = b.cat.T(lang, "settings_page_custom", nil)
		cur := o.EffectivePace()
		for _, line := range []struct {
			op      Op
			presets []time.Duration
			cur     time.Duration
			icon    string
		}{{OpSetDecision, decisionPresets, cur.Decision, "🎲 "}, {OpSetBid, bidPresets, cur.Bid, "🔨 "}} {
			var row []tgbotapi.InlineKeyboardButton
			for i, d := range line.presets {
				label := b.span(lang, d)
				if cur.Name == PaceCustom && d == line.cur {
					label = "✅ " + label
				}
				row = append(row, btn(line.icon+label, line.op, i))
			}
			rows = append(rows, row[:3], row[3:])
		}
		rows = append(rows, []tgbotapi.InlineKeyboardButton{btn(b.cat.T(lang, "btn_back", nil), OpSetView, pagePace)})
	case pageCash:
		hint = b.cat.T(lang, "settings_page_cash", nil)
		var row []tgbotapi.InlineKeyboardButton
		for i, v := range cashPresets {
			row = append(row, btn(mark(r.StartingCash == v, b.money(lang, v)), OpSetCash, i))
		}
		rows = append(rows, row[:3], row[3:], back)
	case pageRules:
		hint = b.cat.T(lang, "settings_page_rules", nil)
		for i, h := range houseRules {
			icon := "▫️ "
			if *h.field(&o, &r) {
				icon = "✅ "
			}
			rows = append(rows, []tgbotapi.InlineKeyboardButton{btn(icon+b.ruleName(lang, i, r), OpSetRule, i)})
		}
		rows = append(rows, back)
	case pagePlayers:
		hint = b.cat.T(lang, "settings_page_players", nil)
		var row []tgbotapi.InlineKeyboardButton
		for n := ed.MinPlayers; n <= ed.MaxPlayers; n++ {
			row = append(row, btn(mark(maxPlayersOf(&o) == n, strconv.Itoa(n)), OpSetMax, n))
		}
		rows = append(rows, row, back)
	case pageAbsence:
		hint = b.cat.T(lang, "settings_page_absence", nil)
		var kick, archive []tgbotapi.InlineKeyboardButton
		for i, v := range kickPresets {
			label := b.cat.T(lang, "set_kick_never", nil)
			if v > 0 {
				label = b.cat.T(lang, "set_kick_n", map[string]any{"N": v})
			}
			kick = append(kick, btn(mark(o.kickAfter() == v, label), OpSetKick, i))
		}
		for i, v := range archivePresets {
			archive = append(archive, btn(mark(o.archiveDays() == v, b.cat.T(lang, "set_days", map[string]any{"N": v})), OpSetArchive, i))
		}
		rows = append(rows, kick, archive, back)
	default:
		hint = b.cat.T(lang, "settings_hint", nil)
		rows = append(rows,
			[]tgbotapi.InlineKeyboardButton{btn(b.cat.T(lang, "btn_set_lang", nil), OpSetView, pageLang), btn(b.cat.T(lang, "btn_set_edition", nil), OpSetView, pageEdition)},
			[]tgbotapi.InlineKeyboardButton{btn(b.cat.T(lang, "btn_set_pace", nil), OpSetView, pagePace), btn(b.cat.T(lang, "btn_set_cash", nil), OpSetView, pageCash)},
			[]tgbotapi.InlineKeyboardButton{btn(b.cat.T(lang, "btn_set_rules", nil), OpSetView, pageRules), btn(b.cat.T(lang, "btn_set_players", nil), OpSetView, pagePlayers)},
			[]tgbotapi.InlineKeyboardButton{btn(b.cat.T(lang, "btn_set_absence", nil), OpSetView, pageAbsence)},
			[]tgbotapi.InlineKeyboardButton{btn(b.cat.T(lang, "btn_set_close", nil), OpSetClose, 0)})
	}
	chatLang := s.Lang
	if chatLang == "" {
		chatLang = lang
	}
	lines := append([]string{b.cat.T(lang, "settings_title", nil) + "\n",
		b.cat.T(lang, "opt_lang", map[string]any{"Value": b.cat.T(lang, "lang_name_"+chatLang, nil)})},
		b.optionLines(lang, &o, true)...)
	return strings.Join(lines, "\n") + "\n\n" + hint, markup(rows)
}
