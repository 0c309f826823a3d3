package kit

import (
	"time"
	// The zone database goes into the binary: a slim container has no
	// zoneinfo, and a chat's chosen zone must not silently become UTC there.
	_ "time/tzdata"
)

// Pace is how fast a game is played: it sets the deadline of every pending
// decision. Chats choose it in /settings; a game keeps the pace it started
// with (Record.Pace).
type Pace struct {
	Name string `json:"name"` // PaceLive, PaceRelaxed, PaceAsync or PaceCustom
	// Decision is the time for a turn, a buy-or-auction choice, a jail
	// choice, a debt to raise or a trade answer; Bid is the silence that
	// closes an auction after a bid.
	Decision time.Duration `json:"decision"`
	Bid      time.Duration `json:"bid"`
}

// Pace names.
const (
	PaceLive    = "live"
	PaceRelaxed = "relaxed"
	PaceAsync   = "async"
	PaceCustom  = "custom"
)

// Paces are the presets; PaceCustom takes its durations from the settings.
var Paces = map[string]Pace{
	PaceLive:    {Name: PaceLive, Decision: 2 * time.Minute, Bid: 30 * time.Second},
	PaceRelaxed: {Name: PaceRelaxed, Decision: time.Hour, Bid: 10 * time.Minute},
	PaceAsync:   {Name: PaceAsync, Decision: 24 * time.Hour, Bid: 2 * time.Hour},
}

// DefaultPace is the pace of a chat that never chose one.
const DefaultPace = PaceLive

// ChatOptions are a chat's game settings (/settings). The zero value means
// the defaults: the live pace and the edition's rules. What only a kind
// reads (the board's engine rules, Deal's house rule) is the kind's own
// part (Kinds), stored among these members where it always was
// (options_codec.go).
type ChatOptions struct {
	Edition    string `json:"edition,omitempty"`     // "" = the default edition
	Pace       Pace   `json:"pace,omitempty"`        // Name "" = DefaultPace
	MaxPlayers int    `json:"max_players,omitempty"` // 0 = the edition's maximum
	// RandomOrder seats players in a random order instead of rolling.
	RandomOrder bool `json:"random_order,omitempty"`
	// ManualEndTurn keeps the "End turn" button; by default the turn passes
	// on by itself once its player has nothing left to decide, which saves
	// a press and a message edit a turn within Telegram's per-chat budget.
	ManualEndTurn bool `json:"manual_end_turn,omitempty"`
	// KickAfter removes a player who misses this many turns in a row (a
	// turn with one or more timeouts; bankruptcy to the bank); 0 = the
	// default, 3; negative = never (bot/timers).
	KickAfter int `json:"kick_after,omitempty"`
	// ArchiveAfter archives a game left untouched this long; 0 = 14 days.
	ArchiveAfter time.Duration `json:"archive_after,omitempty"`
	// TimeZone is the IANA name of the zone in which deadlines are shown
	// ("до 14:05"); "" or an unknown name is UTC.
	TimeZone string `json:"time_zone,omitempty"`
	// parts are the kinds' own parts of the options (RegisterOptions),
	// as the members each stores, so that options stay a comparable value
	// that copies share nothing of: see options_codec.go.
	parts string
}

// Clone returns a copy of o (a record never shares its options with the
// settings).
func (o ChatOptions) Clone() *ChatOptions { return &o }

// EffectiveKickAfter is the effective KickAfter: the default (3) when unset,
// negative for never.
func (o ChatOptions) EffectiveKickAfter() int {
	if o.KickAfter == 0 {
		return DefaultKickAfter
	}
	return o.KickAfter
}

// EffectiveArchiveAfter is the effective ArchiveAfter.
func (o ChatOptions) EffectiveArchiveAfter() time.Duration {
	if o.ArchiveAfter > 0 {
		return o.ArchiveAfter
	}
	return DefaultArchiveAfter
}

// ArchiveDays is the effective ArchiveAfter in days.
func (o ChatOptions) ArchiveDays() int { return int(o.EffectiveArchiveAfter() / (24 * time.Hour)) }

// EffectivePace resolves the preset or custom pace.
func (o ChatOptions) EffectivePace() Pace {
	if p, ok := Paces[o.Pace.Name]; ok {
		return p
	}
	if o.Pace.Name == PaceCustom && o.Pace.Decision > 0 && o.Pace.Bid > 0 {
		return o.Pace
	}
	return Paces[DefaultPace]
}

// Location is the zone the chat's deadlines are shown in: UTC unless the
// chat chose a zone the binary knows (the zone database is embedded, so a
// container without zoneinfo still knows every name).
func (o ChatOptions) Location() *time.Location {
	if o.TimeZone == "" {
		return time.UTC
	}
	loc, err := time.LoadLocation(o.TimeZone)
	if err != nil {
		return time.UTC
	}
	return loc
}

// Zone is the zone the chat reads its clock in: the one it chose in
// /settings, or until it chooses, its language's (uk: Kyiv, ru: Moscow,
// others: UTC), so a chat that never found the page reads local times.
func (o ChatOptions) Zone(lang string) string {
	if o.TimeZone != "" {
		return o.TimeZone
	}
	if z, ok := languageZones[lang]; ok {
		return z
	}
	return ZoneUTC
}

// LocationIn is Zone's location.
func (o ChatOptions) LocationIn(lang string) *time.Location {
	return ChatOptions{TimeZone: o.Zone(lang)}.Location()
}

// ZoneUTC is UTC chosen in /settings; an empty TimeZone is no choice.
const ZoneUTC = "UTC"

// languageZones are the zones of a chat that has not chosen one, by its
// language.
var languageZones = map[string]string{"uk": "Europe/Kyiv", "ru": "Europe/Moscow"}

// TimeZones are the zones /settings offers, west to east; the chats this
// bot is for are mostly in the first few.
var TimeZones = []string{ZoneUTC, "Europe/London", "Europe/Berlin", "Europe/Kyiv", "Europe/Moscow", "Asia/Yekaterinburg", "Asia/Almaty", "Asia/Novosibirsk", "America/New_York"}

// Defaults of the chat options that concern deadlines.
const (
	DefaultKickAfter    = 3
	DefaultArchiveAfter = 14 * 24 * time.Hour
)

// Offer is what a chat may choose in /settings for a game of one edition
// beyond the chat layer's own settings (language, pace, absent players,
// time zone). The edition's kind says it (bot's settingsKind); the chat
// layer builds the menu and the summary lines from it, so an edition
// without, say, starting cash has no such page or line.
type Offer struct {
	// MinPlayers and MaxPlayers bound a game of the edition; CapPlayers
	// lets a chat choose a lower most (ChatOptions.MaxPlayers).
	MinPlayers, MaxPlayers int
	CapPlayers             bool
	// Bids: the edition's games have auctions, so the pace's bid window
	// (Pace.Bid) applies.
	Bids bool
	// Cash are the starting cash presets and StakeCaps the stake caps
	// (0: no cap), in the edition's money.
	Cash      []int
	StakeCaps []int
	// Rules are the house rules a chat may switch.
	Rules []HouseRule
}

// HouseRule is one switch of the house rules, by its key; the kind names
// it, says whether a chat's options have it on and toggles it (bot's
// settingsKind).
type HouseRule struct {
	ID string
}

// Chosen is what a chat's options choose of their edition's Offer: the
// values /settings ticks and the summary lines show. The kind says it
// (bot's settingsKind.Chosen).
type Chosen struct {
	// Cash is the starting cash and StakeCap the stake cap (0: none), in
	// the edition's money; On are the house rules switched on, by ID.
	Cash, StakeCap int
	On             map[string]bool
}

// MostPlayers is the largest game o allows under the offer: the chat's
// cap when the edition takes one, else the edition's most.
func (of Offer) MostPlayers(o *ChatOptions) int {
	if of.CapPlayers && o != nil && o.MaxPlayers >= of.MinPlayers && o.MaxPlayers < of.MaxPlayers {
		return o.MaxPlayers
	}
	return of.MaxPlayers
}
