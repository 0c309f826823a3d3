package settings

import (
	"slices"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// The editions in the menu: the operator's default edition, the edition a
// lobby plays (/newgame classic|business|lux|deal) and the lobby that
// follows an edition chosen in the menu.

// withDefaultEdition fills in the operator's default edition
// (Host.OperatorEdition, MONOPOLY_EDITION) for a chat that never chose one.
// The kinds' parts chosen per edition (the board's rules) stored without
// an edition were chosen for the default edition (a change in /settings
// stores the edition too), so another default edition plays with its own.
func (m *Menu) withDefaultEdition(o kit.ChatOptions) kit.ChatOptions {
	if op := m.host.OperatorEdition(); o.Edition == "" && op != "" {
		if op != m.host.Editions()[0] {
			o.DropEditionParts()
		}
		o.Edition = op
	}
	return o
}

// LobbyOptions are the options of a new lobby: the chat's, in the edition
// that /newgame names ("" for the chat's own). Another edition than the
// chat's plays with its own default rules: the chat's house rules were
// chosen for its edition.
func (m *Menu) LobbyOptions(chat kit.ChatOptions, edition string) *kit.ChatOptions {
	o := m.withDefaultEdition(chat)
	if edition != "" && m.host.EditionOf(&o) != edition {
		o.Edition = edition
		o.DropEditionParts()
	}
	return o.Clone()
}

// ParseEdition reads /newgame's argument: "" (none) or the id of an
// edition of any kind (/newgame deal: the card game).
func (m *Menu) ParseEdition(arg string) (id string, ok bool) {
	arg = strings.ToLower(strings.TrimSpace(arg))
	if arg == "" {
		return "", true
	}
	return arg, slices.Contains(m.host.Editions(), arg)
}

// recordEdition is the edition of rec's game: the lobby's or game's own,
// else its options'.
func (m *Menu) recordEdition(rec *kit.Record) string {
	if rec.Edition != "" {
		return rec.Edition
	}
	return m.host.EditionOf(rec.Options)
}

// chatEdition is the edition /rules explains: the game's in the chat,
// else the chat's setting.
func (m *Menu) chatEdition(c *kit.Change) string {
	if c.Rec != nil {
		return m.recordEdition(c.Rec)
	}
	o := m.withDefaultEdition(c.Settings.Options)
	return m.host.EditionOf(&o)
}

// lobbyFollows makes the lobby play the chat's new options: in its own
// edition (/newgame's), unless the change chose another edition, whose
// kind then plays it.
func (m *Menu) lobbyFollows(c *kit.Change, editionChanged bool) {
	rec := c.Rec
	edition := m.recordEdition(rec)
	if editionChanged {
		edition = m.host.EditionOf(&c.Settings.Options)
	}
	rec.Options = m.LobbyOptions(c.Settings.Options, edition)
	rec.Edition, rec.Kind = edition, m.host.Kind(edition)
	c.Save, c.Lobby = true, true
}
