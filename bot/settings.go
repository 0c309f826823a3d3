package bot

import (
	"context"
	"slices"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
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
	pageStake // bot/editions.go
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

// rulesOf are the engine rules the options give: the chat's own, else the
// operator's override (Config.Rules), else the edition's defaults.
func (b *Bot) rulesOf(o *ChatOptions) engine.Rules {
	switch {
	case o != nil && o.Rules != nil:
		return *o.Rules
	case b.cfg.Rules != nil:
		return *b.cfg.Rules
	}
	return kit.EditionOf(o).Rules
}

// maxPlayersOf is the largest game the options allow.
func maxPlayersOf(o *ChatOptions) int {
	ed := kit.EditionOf(o)
	if o != nil && o.MaxPlayers >= ed.MinPlayers && o.MaxPlayers < ed.MaxPlayers {
		return o.MaxPlayers
	}
	return ed.MaxPlayers
}

// onSettingsPress handles a press on the settings message.
func (b *Bot) onSettingsPress(ctx context.Context, updateID int, q *tgbotapi.CallbackQuery, press Press) {
	chat, msg := q.Message.Chat.ID, q.Message.MessageID
	admin := b.tg.IsAdmin(ctx, chat, q.From.ID)
	defer b.lock(chat)()
	page, show, closed := pageMain, false, false
	st, err := b.change(chat, updateID, func(c *chatState) error {
		lang := c.Lang(q.From.LanguageCode)
		page, show, closed = pageMain, false, false
		if press.Game != 0 || press.Rev != c.Settings.OptionsRev {
			c.Alert = b.cat.T(lang, "alert_outdated", nil)
			return nil
		}
		lobby := c.Rec != nil && c.Rec.Status == StatusLobby
		running := c.Rec != nil && c.Rec.Status == StatusPlaying
		if !admin && !(lobby && c.Rec.Creator == q.From.ID) {
			c.Alert = b.cat.T(lang, "alert_settings_denied", nil)
			return nil
		}
		o := b.withDefaultEdition(c.Settings.Options)
		r := b.rulesOf(&o)
		var ok, changed bool
		page, ok, changed, closed = b.applySetting(&c.Settings, &o, &r, press)
		if !ok {
			c.Alert = b.cat.T(lang, "alert_outdated", nil)
			return nil
		}
		show = true
		if !changed {
			return nil
		}
		c.SettingsChanged = true
		c.Settings.OptionsRev++
		if press.Op == OpSetLang {
			// The language applies at once, to the game on screen too.
			c.Turn, c.Lobby = running, lobby
			return nil
		}
		if press.Op == OpSetCash || press.Op == OpSetRule || press.Op == OpSetStakeCap {
			o.Rules = &r
		}
		c.Settings.Options = o
		switch {
		case lobby:
			c.Rec.Options, c.Rec.Edition = o.Clone(), kit.EditionOf(&o).ID
			c.Save, c.Lobby = true, true
		case running:
			c.Alert = b.cat.T(lang, "alert_settings_next_game", nil)
		}
		return nil
	})
	b.answer(ctx, q.ID, st, err)
	if err == nil && st != nil && !st.Duplicate && show {
		lang := st.Lang(q.From.LanguageCode)
		slot := settingsSlot(msg)
		if closed {
			st.Finalize(slot, msg, b.cat.T(lang, "settings_closed", nil))
		} else {
			text, kb := b.renderSettings(lang, st.Settings, page)
			b.out.Put(chat, slot, msg, text, kb)
		}
	}
	b.finish(ctx, st, err, q.ID)
}

// applySetting changes s, o and r as press asks. It returns the page to
// show, whether the press made sense, whether anything changed, and
// whether the menu closes.
func (b *Bot) applySetting(s *Settings, o *ChatOptions, r *engine.Rules, press Press) (page int, ok, changed, closed bool) {
	switch press.Op {
	case OpSetView:
		return press.Arg, press.Arg >= 0 && press.Arg < pageCount, false, false
	case OpSetClose:
		return pageMain, true, false, true
	case OpSetLang:
		if press.Arg >= len(locales.Languages) {
			return pageLang, false, false, false
		}
		changed = s.Lang != locales.Languages[press.Arg]
		s.Lang = locales.Languages[press.Arg]
		return pageMain, true, changed, false
	}
	set, known := optionSetters[press.Op]
	if !known {
		return pageMain, false, false, false
	}
	before := *o
	beforeRules := *r
	page, ok = set(o, r, press)
	// A house rule switch always counts as a change (it toggles).
	changed = ok && (press.Op == OpSetRule || !sameOptions(before, *o) || beforeRules != *r)
	return page, ok, changed, false
}

// sameOptions compares options without their rules (compared apart).
func sameOptions(a, b ChatOptions) bool {
	a.Rules, b.Rules = nil, nil
	return a == b
}

// optionSetters change the chat's options by a settings press; they return
// the page to show and whether the argument was valid.
var optionSetters = map[Op]func(o *ChatOptions, r *engine.Rules, press Press) (int, bool){
	OpSetEdition: func(o *ChatOptions, _ *engine.Rules, press Press) (int, bool) {
		eds := editionIDs()
		if press.Arg >= len(eds) {
			return pageEdition, false
		}
		if kit.EditionOf(o).ID != eds[press.Arg] {
			// House rules and starting cash were the other edition's.
			o.Rules = nil
		}
		o.Edition = eds[press.Arg] // classic too: "" is the operator's default
		return pageMain, true
	},
	OpSetPace: func(o *ChatOptions, _ *engine.Rules, press Press) (int, bool) {
		if press.Arg >= len(paceNames) {
			return pagePace, false
		}
		if name := paceNames[press.Arg]; name != PaceCustom {
			o.Pace = Pace{Name: name}
			return pageMain, true
		}
		o.Pace = o.EffectivePace() // custom starts from what the chat has now
		o.Pace.Name = PaceCustom
		return pageCustom, true
	},
	OpSetDecision: setCustomPace,
	OpSetBid:      setCustomPace,
	OpSetCash: func(o *ChatOptions, r *engine.Rules, press Press) (int, bool) {
		if press.Arg >= len(cashPresets) {
			return pageCash, false
		}
		r.StartingCash = cashPresets[press.Arg] * editionScale(kit.EditionOf(o))
		return pageMain, true
	},
	OpSetRule: func(o *ChatOptions, r *engine.Rules, press Press) (int, bool) {
		if press.Arg >= len(houseRules) {
			return pageRules, false
		}
		f := houseRules[press.Arg].field(o, r)
		*f = !*f
		if r.BuildBeforeRollOnly && r.BuildsPerTurn <= 0 {
			r.BuildsPerTurn = defaultBuildsPerTurn
		}
		return pageRules, true
	},
	OpSetKick: func(o *ChatOptions, _ *engine.Rules, press Press) (int, bool) {
		if press.Arg >= len(kickPresets) {
			return pageAbsence, false
		}
		if o.EffectiveKickAfter() != kickPresets[press.Arg] {
			o.KickAfter = kickPresets[press.Arg]
		}
		return pageAbsence, true
	},
	OpSetArchive: func(o *ChatOptions, _ *engine.Rules, press Press) (int, bool) {
		if press.Arg >= len(archivePresets) {
			return pageAbsence, false
		}
		if o.ArchiveDays() != archivePresets[press.Arg] {
			o.ArchiveAfter = time.Duration(archivePresets[press.Arg]) * 24 * time.Hour
		}
		return pageAbsence, true
	},
	OpSetMax: func(o *ChatOptions, _ *engine.Rules, press Press) (int, bool) {
		ed := kit.EditionOf(o)
		if press.Arg < ed.MinPlayers || press.Arg > ed.MaxPlayers {
			return pagePlayers, false
		}
		o.MaxPlayers = press.Arg
		if press.Arg == ed.MaxPlayers {
			o.MaxPlayers = 0
		}
		return pageMain, true
	},
}

// setCustomPace sets the time for a decision or the silence after a bid
// of a custom pace.
func setCustomPace(o *ChatOptions, _ *engine.Rules, press Press) (int, bool) {
	presets := decisionPresets
	if press.Op == OpSetBid {
		presets = bidPresets
	}
	if press.Arg >= len(presets) {
		return pageCustom, false
	}
	p := o.EffectivePace()
	p.Name = PaceCustom
	if press.Op == OpSetBid {
		p.Bid = presets[press.Arg]
	} else {
		p.Decision = presets[press.Arg]
	}
	o.Pace = p
	return pageCustom, true
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
