package lobby

import (
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// The lobby: a game gathering players. It waits for a while that depends
// on the pace (Wait) and then closes itself, saying so, as Werewolf
// lobbies do; its creator may have it start by itself at a chosen moment
// once enough players joined; cancelling it asks to confirm. Its moments
// are the chat's timer entry like a running game's deadlines (Next, Due),
// so they outlive a restart.

// The lobby's buttons.
const (
	OpJoin      kit.Op = "j"
	OpLeave     kit.Op = "l"
	OpStart     kit.Op = "s"
	OpCancel    kit.Op = "c"
	OpCancelYes kit.Op = "ly" // cancelling the lobby confirmed
	OpCancelNo  kit.Op = "ln" // cancelling the lobby called off
	OpAutoStart kit.Op = "lt" // start by itself in the argument's minutes (0: only by the button)
	OpLobbyMore kit.Op = "lm" // 1: show the rarer buttons (⚙️ More); 0: back to the main ones
	OpLobbySets kit.Op = "ls" // post the chat's settings menu, as /settings does (behind ⚙️ More)
)

// Host is what the lobby asks of the chat layer.
type Host interface {
	// Now is the clock's time.
	Now() time.Time
	// NewID is a new game's id.
	NewID() uint64
	// Options are the options a lobby of edition ("": the chat's) plays
	// with, from the chat's; Edition the edition they choose, Kind the kind
	// that plays it.
	Options(chat kit.ChatOptions, edition string) *kit.ChatOptions
	Edition(o *kit.ChatOptions) string
	Kind(edition string) string
	// SeatLimits are the fewest and most players rec's game takes.
	SeatLimits(rec *kit.Record) (fewest, most int)
	// Text is the kind's lobby text with the lines about its options.
	Text(lang string, rec *kit.Record) string
	// Start starts the kind's game of the lobby in c (its seats and
	// options set); a refusal is c.Alert.
	Start(c *kit.Change, lang string) bool
	// OnlyCreator and Outdated are the refusals of a press by someone
	// other than the creator, and of an outdated press.
	OnlyCreator(lang string, rec *kit.Record) string
	Outdated(c *kit.Change, lang string, press kit.Press) string
	// Settings posts the chat's settings menu, as /settings does.
	Settings(c *kit.Change, userLang string)
	// Ending is a game's ending message again (a rematch's final text for
	// it).
	Ending(lang string, rec *kit.Record) string
}

// User is who pressed a lobby's button.
type User struct {
	ID   int64
	Name string // as shown, for a seat joined
	Lang string // their Telegram language, for the settings menu
}

// Lobby is the lobby of a chat's game.
type Lobby struct {
	cat  *locales.Catalog
	host Host
}

// New is the lobby written with cat, over host.
func New(cat *locales.Catalog, host Host) *Lobby { return &Lobby{cat: cat, host: host} }

// autoStartChoices are the creator's choices of a moment to start by
// itself, in minutes from the press.
var autoStartChoices = []int{10, 60}

// Wait is how long a lobby waits for players before it closes. Who
// plays live gathers within one sitting: two hours. A relaxed game (an
// hour a decision) is joined over a day's breaks: twelve hours. An async
// game (a day a decision) is joined whenever people look: two days.
func Wait(o kit.ChatOptions) time.Duration {
	switch d := o.EffectivePace().Decision; {
	case d >= 12*time.Hour:
		return 48 * time.Hour
	case d >= 30*time.Minute:
		return 12 * time.Hour
	}
	return 2 * time.Hour
}

// opts are the options the lobby's game plays with (Record.Options, else
// the defaults).
func opts(r *kit.Record) kit.ChatOptions {
	if r.Options != nil {
		return *r.Options
	}
	return kit.ChatOptions{}
}

// ClosesAt is when the lobby closes if it has not started.
func ClosesAt(r *kit.Record) int64 { return r.Created + Wait(opts(r)).Milliseconds() }

// Next is the lobby's next moment: its own start, else its closing.
func Next(r *kit.Record) int64 {
	if r.LobbyStart != 0 {
		return min(r.LobbyStart, ClosesAt(r))
	}
	return ClosesAt(r)
}

// at is a moment of the lobby as the chat reads it, in its zone.
func (l *Lobby) at(lang string, r *kit.Record, ms int64) string {
	return kit.AtText(l.cat, lang, opts(r).LocationIn(lang), l.host.Now(), ms)
}

// Slot names the lobby's message (the chat layer's slot lobby:<game>).
func Slot(game uint64) string { return kit.GameSlot(SlotName, game, "") }

// SlotName is the name of the lobby's slot.
const SlotName = "lobby"

// Text is the lobby's text: its seats and options.
func (l *Lobby) Text(lang string, rec *kit.Record) string { return l.host.Text(lang, rec) }
