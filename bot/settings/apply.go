package settings

import (
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// Apply changes s and o as press asks (o's kind its own part of the
// options). It returns the page to show, whether the press made sense,
// whether anything changed, and whether the menu closes.
func (m *Menu) Apply(s *kit.Settings, o *kit.ChatOptions, press kit.Press) (page int, ok, changed, closed bool) {
	switch press.Op {
	case OpSetView:
		return press.Arg, press.Arg >= 0 && press.Arg < PageCount, false, false
	case OpSetClose:
		return PageMain, true, false, true
	case OpSetLang:
		if press.Arg == len(locales.Languages) { // auto: the chat keeps its language, each person's alerts follow theirs
			changed = s.Lang != ""
			s.Lang, s.AutoLang = "", s.Language()
			return PageMain, true, changed, false
		}
		if press.Arg > len(locales.Languages) {
			return PageLang, false, false, false
		}
		changed = s.Lang != locales.Languages[press.Arg]
		s.Lang = locales.Languages[press.Arg]
		return PageMain, true, changed, false
	}
	before := *o
	if press.Op == OpSetEdition {
		page, ok = m.setEdition(o, press)
	} else {
		set, known := optionSetters[press.Op]
		if !known {
			return PageMain, false, false, false
		}
		page, ok = set(o, m.host.Options(o), m.host.Offer(o), press)
	}
	// A house rule switch always counts as a change (it toggles).
	changed = ok && (press.Op == OpSetRule || before != *o)
	return page, ok, changed, false
}

// setEdition chooses an edition of any kind (the argument is its index in
// Host.Editions). Another edition drops the house rules and starting cash
// chosen for the previous one (the kinds' parts per edition).
func (m *Menu) setEdition(o *kit.ChatOptions, press kit.Press) (int, bool) {
	eds := m.host.Editions()
	if press.Arg >= len(eds) {
		return PageEdition, false
	}
	if m.host.EditionOf(o) != eds[press.Arg] {
		o.DropEditionParts()
	}
	o.Edition = eds[press.Arg] // classic too: "" is the operator's default
	return PageMain, true
}

// optionSetters change the chat's options by a settings press, within what
// the edition offers (of; k is its kind's part of the options, nil if it
// has none, and then of offers nothing that needs it); they return the
// page to show and whether the argument was valid.
var optionSetters = map[kit.Op]func(o *kit.ChatOptions, k Options, of kit.Offer, press kit.Press) (int, bool){
	OpSetPace: func(o *kit.ChatOptions, _ Options, _ kit.Offer, press kit.Press) (int, bool) {
		if press.Arg >= len(PaceNames) {
			return PagePace, false
		}
		if name := PaceNames[press.Arg]; name != kit.PaceCustom {
			o.Pace = kit.Pace{Name: name}
			return PageMain, true
		}
		o.Pace = o.EffectivePace() // custom starts from what the chat has now
		o.Pace.Name = kit.PaceCustom
		return PageCustom, true
	},
	OpSetDecision: setCustomPace,
	OpSetBid:      setCustomPace,
	OpSetCash: func(o *kit.ChatOptions, k Options, of kit.Offer, press kit.Press) (int, bool) {
		if press.Arg >= len(of.Cash) {
			return PageCash, false
		}
		k.SetCash(o, of.Cash[press.Arg])
		return PageMain, true
	},
	OpSetRule: func(o *kit.ChatOptions, k Options, of kit.Offer, press kit.Press) (int, bool) {
		if press.Arg >= len(of.Rules) {
			return PageRules, false
		}
		k.ToggleRule(o, of.Rules[press.Arg].ID)
		return PageRules, true
	},
	OpSetKick: func(o *kit.ChatOptions, _ Options, _ kit.Offer, press kit.Press) (int, bool) {
		if press.Arg >= len(kickPresets) {
			return PageAbsence, false
		}
		if o.EffectiveKickAfter() != kickPresets[press.Arg] {
			o.KickAfter = kickPresets[press.Arg]
		}
		return PageAbsence, true
	},
	OpSetArchive: func(o *kit.ChatOptions, _ Options, _ kit.Offer, press kit.Press) (int, bool) {
		if press.Arg >= len(archivePresets) {
			return PageAbsence, false
		}
		if o.ArchiveDays() != archivePresets[press.Arg] {
			o.ArchiveAfter = time.Duration(archivePresets[press.Arg]) * 24 * time.Hour
		}
		return PageAbsence, true
	},
	OpSetMax: func(o *kit.ChatOptions, _ Options, of kit.Offer, press kit.Press) (int, bool) {
		if !of.CapPlayers || press.Arg < of.MinPlayers || press.Arg > of.MaxPlayers {
			return PagePlayers, false
		}
		o.MaxPlayers = press.Arg
		if press.Arg == of.MaxPlayers {
			o.MaxPlayers = 0
		}
		return PageMain, true
	},
	OpSetStakeCap: func(o *kit.ChatOptions, k Options, of kit.Offer, press kit.Press) (int, bool) {
		if press.Arg >= len(of.StakeCaps) {
			return PageStake, false
		}
		k.SetStakeCap(o, of.StakeCaps[press.Arg])
		return PageMain, true
	},
	OpSetZone: setZone, // zone.go
}

// setCustomPace sets the time for a decision or the silence after a bid
// of a custom pace.
func setCustomPace(o *kit.ChatOptions, _ Options, of kit.Offer, press kit.Press) (int, bool) {
	presets := DecisionPresets
	if press.Op == OpSetBid {
		presets = BidPresets
	}
	if press.Arg >= len(presets) || press.Op == OpSetBid && !of.Bids {
		return PageCustom, false
	}
	p := o.EffectivePace()
	p.Name = kit.PaceCustom
	if press.Op == OpSetBid {
		p.Bid = presets[press.Arg]
	} else {
		p.Decision = presets[press.Arg]
	}
	o.Pace = p
	return PageCustom, true
}
