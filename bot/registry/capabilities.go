package registry

import (
	"context"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/settings"
)

// The optional capabilities a kind may have beyond Kind, each found once,
// when a registry makes the kind (capabilitiesOf), and read from it
// (Registry.Caps), never by a type assertion of the chat layer's own.
type (
	// SettingsKind is what /settings and the lobby ask a kind: what a game
	// of one of its editions (Entry.Editions) lets a chat choose beyond the
	// chat layer's own settings (kit.Offer: players, starting cash, house
	// rules, stake cap), and its lobby's text. The menu, the lobby's
	// buttons and the lines about the chat's options (the pace, the house
	// rules the offer has) are the chat layer's.
	SettingsKind interface {
		Offer(edition string) kit.Offer
		LobbyText(lang string, rec *kit.Record) string
	}
	// OptionsKind is the kind's own part of the chat's options in
	// /settings, as the menu declares it (settings.Options). A kind
	// without it offers none of these (Registry.Offer).
	OptionsKind = settings.Options
	// RulesKind is what /rules shows for one of a kind's editions: a text
	// and its buttons (the board's: a title and a button per section;
	// Deal's: one text, none).
	RulesKind interface {
		Rules(lang, edition string) (string, *kit.Markup)
	}
	// RulesPager shows the section a /rules button names (kit.OpRules; the
	// argument is the kind's), false for one it never made. The first
	// registered kind that has sections gets the presses (bot/settings/rules.go).
	RulesPager interface {
		RulesPage(lang string, arg int) (string, *kit.Markup, bool)
	}
	// InlineKind answers inline queries and chosen inline results (Monopoly
	// Deal: a player's hand). Neither carries a chat: the kind finds the
	// person's game itself. One kind answers them: the first registered
	// that can (Registry.InlineQuery).
	InlineKind interface {
		InlineQuery(ctx context.Context, q kit.InlineQueryIn)
		ChosenInline(ctx context.Context, updateID int, r kit.ChosenIn)
	}
	// MovedKind is a kind with more live messages than Reshow sends anew
	// (the board's open offers): Moved forgets their ids of the old group,
	// so that Repost posts them in the supergroup (bot/migrate.go).
	MovedKind interface {
		Moved(c *kit.Change, lang string)
	}
	// EndingKind is a kind whose game-over message says more than its
	// standings (the board's: the winner, the game's length, highlights;
	// bot/rematch.go).
	EndingKind interface {
		Ending(lang string, r *kit.Record) string
	}
	// SetsKind names the sets a kind's results count (SeatResult.Sets):
	// the board's colour sets, "<edition>:<group>", for /stats' favourite
	// set. A Deal game counts games and wins only (kindLines, bot/stats.go).
	SetsKind interface {
		SetName(lang, key string) (string, bool)
	}
	// StatsKind is a kind whose games count apart from the board's
	// (PlayerStats.Kinds) and show on a line of their own in /stats.
	StatsKind interface {
		StatsLine(lang string, played, won int) string
	}
)

// Capabilities are a kind's optional capabilities (nil: it has not that
// one).
type Capabilities struct {
	Settings SettingsKind
	Options  OptionsKind
	Rules    RulesKind
	Pages    RulesPager
	Inline   InlineKind
	Moved    MovedKind
	Ending   EndingKind
	Sets     SetsKind
	Stats    StatsKind
}

// capabilitiesOf finds k's capabilities: the one place they are asserted.
func capabilitiesOf(k Kind) *Capabilities {
	c := &Capabilities{}
	c.Settings, _ = k.(SettingsKind)
	c.Options, _ = k.(OptionsKind)
	c.Rules, _ = k.(RulesKind)
	c.Pages, _ = k.(RulesPager)
	c.Inline, _ = k.(InlineKind)
	c.Moved, _ = k.(MovedKind)
	c.Ending, _ = k.(EndingKind)
	c.Sets, _ = k.(SetsKind)
	c.Stats, _ = k.(StatsKind)
	return c
}
