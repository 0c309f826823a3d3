package bot

import (
	"github.com/monopoly-tg/monopoly-bot/bot/registry"
)

// The kinds of game are hosted through bot/registry: the Kind interface,
// the one line per kind that registers it, the capabilities found once
// and the lookups (Bot.kinds, made in New). Here are their names as the
// chat layer uses them.
type (
	Kind = registry.Kind
)

// Editions are every kind's editions, as /settings lists them: what a chat
// or the operator (MONOPOLY_EDITION) may choose.
func Editions() []string { return registry.Editions() }
