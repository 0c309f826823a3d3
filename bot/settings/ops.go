package settings

import (
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// The menu's buttons: the game id is 0 and the revision is the chat's
// Settings.OptionsRev; the argument is a page or a preset index. One or
// two ASCII letters keep the data short (package bot registers them with
// the codec, among its own ops).
const (
	OpSetView     kit.Op = "sv" // show a page of the menu
	OpSetLang     kit.Op = "sl" // chat language (index in locales.Languages)
	OpSetEdition  kit.Op = "se" // edition (index in Host.Editions)
	OpSetPace     kit.Op = "sp" // pace (index in PaceNames)
	OpSetDecision kit.Op = "sd" // custom pace: time for a decision (preset)
	OpSetBid      kit.Op = "sb" // custom pace: silence after a bid (preset)
	OpSetCash     kit.Op = "sc" // starting cash (index in the edition's kit.Offer)
	OpSetRule     kit.Op = "sr" // switch a house rule (index in the edition's kit.Offer)
	OpSetMax      kit.Op = "sn" // the most players in a game
	OpSetKick     kit.Op = "sk" // missed turns in a row that remove a player (preset)
	OpSetArchive  kit.Op = "sa" // days without a move before a game is archived (preset)
	OpSetClose    kit.Op = "sx" // close the menu
	OpSetStakeCap kit.Op = "sg" // the most a stake may be (preset)
	OpSetZone     kit.Op = "sz" // the time zone (index in kit.TimeZones; zone.go)
)

// Settings pages, the argument of OpSetView.
const (
	PageMain = iota
	PageLang
	PageEdition
	PagePace
	PageCustom
	PageCash
	PageRules
	PagePlayers
	PageAbsence
	PageStake
	PageZone // zone.go
	PageCount
)

// Presets offered by the buttons. (The starting cash, house rules and
// stake caps are the edition's kind's: kit.Offer.)
var (
	DecisionPresets = []time.Duration{time.Minute, 5 * time.Minute, 15 * time.Minute, time.Hour, 6 * time.Hour, 24 * time.Hour}
	BidPresets      = []time.Duration{15 * time.Second, 30 * time.Second, time.Minute, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour}
	PaceNames       = []string{kit.PaceLive, kit.PaceRelaxed, kit.PaceAsync, kit.PaceCustom}
	// kickPresets are ChatOptions.KickAfter values: -1 never, else missed
	// turns in a row; archivePresets are days without a move.
	kickPresets    = []int{-1, 1, 2, 3, 5}
	archivePresets = []int{3, 7, 14, 30}
)

// MenuSlot is the live settings menu's slot. It names no game: a new menu
// detaches the old one's message and is sent as a new one.
const MenuSlot = "settings"
