package bot

import (
	"context"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/registry"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// /settings: a menu of buttons that changes the chat's ChatOptions (and its
// language). The settings message is edited in place; its buttons are
// <0>:<Settings.OptionsRev>:<op>[:<arg>], so a press on an outdated settings
// message is refused. What the menu offers beyond the chat layer's own
// settings is the chosen edition's (its kind's kit.Offer). Chat admins may
// change everything; the creator of a game not yet started may too, until
// it starts. A lobby follows the chat's options (Record.Options is kept in
// step); a running game keeps the options it started with, and a change
// then applies to the next game (the time zone applies at once).

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
	pageZone  // bot/settings_zone.go
	pageCount
)

// Presets offered by the buttons. (The starting cash, house rules and
// stake caps are the edition's kind's: kit.Offer.)
var (
	decisionPresets = []time.Duration{time.Minute, 5 * time.Minute, 15 * time.Minute, time.Hour, 6 * time.Hour, 24 * time.Hour}
	bidPresets      = []time.Duration{15 * time.Second, 30 * time.Second, time.Minute, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour}
	paceNames       = []string{PaceLive, PaceRelaxed, PaceAsync, PaceCustom}
	// kickPresets are ChatOptions.KickAfter values: -1 never, else missed
	// turns in a row; archivePresets are days without a move.
	kickPresets    = []int{-1, 1, 2, 3, 5}
	archivePresets = []int{3, 7, 14, 30}
)

// maxPlayers is the largest game the options allow.
func (b *Bot) maxPlayers(o *ChatOptions) int { return b.kinds.Offer(o).MostPlayers(o) }

// onSettingsPress handles a press on the settings message.
func (b *Bot) onSettingsPress(ctx context.Context, updateID int, q *tgbotapi.CallbackQuery, press Press) {
	chat, msg := q.Message.Chat.ID, q.Message.MessageID
	admin := b.tg.IsAdmin(ctx, chat, q.From.ID)
	defer b.lock(chat)()
	page, show, closed := pageMain, false, false
	st, err := b.change(chat, updateID, func(c *chatState) error {
		lang := c.PresserLang(q.From.LanguageCode) // only for alerts: the presser's to read
		c.AnswerLang = lang
		page, show, closed = pageMain, false, false
		if stale := staleMenu(c.Settings, press, msg); stale != "" {
			c.Alert = b.cat.T(lang, stale, nil)
			if stale != "alert_outdated" { // an old menu that kept its buttons (a kill before the edit)
				c.Finalize("", msg, b.cat.T(c.ChatLang(), "settings_closed", nil))
			}
			return nil
		}
		lobby := c.Rec != nil && c.Rec.Status == StatusLobby
		running := c.Rec != nil && c.Rec.Status == StatusPlaying
		if !admin && !(lobby && c.Rec.Creator == q.From.ID) {
			c.Alert = b.cat.T(lang, "alert_settings_denied", nil)
			return nil
		}
		o := b.withDefaultEdition(c.Settings.Options)
		var ok, changed bool
		page, ok, changed, closed = b.applySetting(&c.Settings, &o, press)
		if !ok {
			c.Alert = b.cat.T(lang, "alert_outdated", nil)
			return nil
		}
		show = true
		if closed {
			c.Settings.Menu, c.SettingsChanged = 0, true
			c.Toast = b.cat.T(lang, "settings_closed", nil)
		}
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
		c.Settings.Options = o
		switch {
		case lobby:
			b.lobbyFollows(c, press.Op == OpSetEdition)
		case running && press.Op == OpSetZone:
			b.zoneNow(c)
		case running:
			c.Alert = b.cat.T(lang, "alert_settings_next_game", nil)
		}
		return nil
	})
	b.answer(ctx, q.ID, st, err)
	if err == nil && st != nil && !st.Duplicate && show {
		lang := st.Lang(q.From.LanguageCode)
		if closed {
			// Closed, the menu is deleted (the presser's toast says so):
			// a "closed" notice would only pile up under the game.
			b.out.Remove(chat, settingsMenuSlot, msg)
		} else {
			text, kb := b.renderSettings(lang, st.Settings, page)
			b.out.Put(chat, settingsMenuSlot, msg, text, kb)
		}
	}
	b.finish(ctx, st, err, q.ID)
}

// lobbyFollows makes the lobby play the chat's new options: in its own
// edition (/newgame's), unless the change chose another edition, whose
// kind then plays it.
func (b *Bot) lobbyFollows(c *chatState, editionChanged bool) {
	rec := c.Rec
	edition := registry.RecordEdition(rec)
	if editionChanged {
		edition = registry.EditionOf(&c.Settings.Options)
	}
	rec.Options = b.lobbyOptions(c.Settings.Options, edition)
	rec.Edition, rec.Kind = edition, registry.EditionKind(edition)
	c.Save, c.Lobby = true, true
}

// applySetting changes s and o as press asks (o's kind its own part of
// the options). It returns the page to show, whether the press made
// sense, whether anything changed, and whether the menu closes.
func (b *Bot) applySetting(s *Settings, o *ChatOptions, press Press) (page int, ok, changed, closed bool) {
	switch press.Op {
	case OpSetView:
		return press.Arg, press.Arg >= 0 && press.Arg < pageCount, false, false
	case OpSetClose:
		return pageMain, true, false, true
	case OpSetLang:
		if press.Arg == len(locales.Languages) { // auto: the chat keeps its language, each person's alerts follow theirs
			changed = s.Lang != ""
			s.Lang, s.AutoLang = "", s.Language()
			return pageMain, true, changed, false
		}
		if press.Arg > len(locales.Languages) {
			return pageLang, false, false, false
		}
		changed = s.Lang != locales.Languages[press.Arg]
		s.Lang = locales.Languages[press.Arg]
		return pageMain, true, changed, false
	}
	before := *o
	if press.Op == OpSetEdition {
		page, ok = b.setEdition(o, press)
	} else {
		set, known := optionSetters[press.Op]
		if !known {
			return pageMain, false, false, false
		}
		page, ok = set(o, b.kinds.Options(o), b.kinds.Offer(o), press)
	}
	// A house rule switch always counts as a change (it toggles).
	changed = ok && (press.Op == OpSetRule || before != *o)
	return page, ok, changed, false
}

// setEdition chooses an edition of any kind (the argument is its index in
// Bot.editions). Another edition drops the house rules and starting cash
// chosen for the previous one (the kinds' parts per edition).
func (b *Bot) setEdition(o *ChatOptions, press Press) (int, bool) {
	eds := Editions()
	if press.Arg >= len(eds) {
		return pageEdition, false
	}
	if registry.EditionOf(o) != eds[press.Arg] {
		o.DropEditionParts()
	}
	o.Edition = eds[press.Arg] // classic too: "" is the operator's default
	return pageMain, true
}

// optionSetters change the chat's options by a settings press, within what
// the edition offers (of; k is its kind's part of the options, nil if it
// has none, and then of offers nothing that needs it); they return the
// page to show and whether the argument was valid.
var optionSetters = map[Op]func(o *ChatOptions, k optionsKind, of kit.Offer, press Press) (int, bool){
	OpSetPace: func(o *ChatOptions, _ optionsKind, _ kit.Offer, press Press) (int, bool) {
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
	OpSetCash: func(o *ChatOptions, k optionsKind, of kit.Offer, press Press) (int, bool) {
		if press.Arg >= len(of.Cash) {
			return pageCash, false
		}
		k.SetCash(o, of.Cash[press.Arg])
		return pageMain, true
	},
	OpSetRule: func(o *ChatOptions, k optionsKind, of kit.Offer, press Press) (int, bool) {
		if press.Arg >= len(of.Rules) {
			return pageRules, false
		}
		k.ToggleRule(o, of.Rules[press.Arg].ID)
		return pageRules, true
	},
	OpSetKick: func(o *ChatOptions, _ optionsKind, _ kit.Offer, press Press) (int, bool) {
		if press.Arg >= len(kickPresets) {
			return pageAbsence, false
		}
		if o.EffectiveKickAfter() != kickPresets[press.Arg] {
			o.KickAfter = kickPresets[press.Arg]
		}
		return pageAbsence, true
	},
	OpSetArchive: func(o *ChatOptions, _ optionsKind, _ kit.Offer, press Press) (int, bool) {
		if press.Arg >= len(archivePresets) {
			return pageAbsence, false
		}
		if o.ArchiveDays() != archivePresets[press.Arg] {
			o.ArchiveAfter = time.Duration(archivePresets[press.Arg]) * 24 * time.Hour
		}
		return pageAbsence, true
	},
	OpSetMax: func(o *ChatOptions, _ optionsKind, of kit.Offer, press Press) (int, bool) {
		if !of.CapPlayers || press.Arg < of.MinPlayers || press.Arg > of.MaxPlayers {
			return pagePlayers, false
		}
		o.MaxPlayers = press.Arg
		if press.Arg == of.MaxPlayers {
			o.MaxPlayers = 0
		}
		return pageMain, true
	},
}

// setCustomPace sets the time for a decision or the silence after a bid
// of a custom pace.
func setCustomPace(o *ChatOptions, _ optionsKind, of kit.Offer, press Press) (int, bool) {
	presets := decisionPresets
	if press.Op == OpSetBid {
		presets = bidPresets
	}
	if press.Arg >= len(presets) || press.Op == OpSetBid && !of.Bids {
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
