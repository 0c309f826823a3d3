// Package registry owns the kinds of game the bot hosts: the Kind
// interface every kind implements, the optional capabilities a kind may
// have beyond it (capabilities.go), the one line per kind that registers
// it with its editions, its buttons and its constructor (kinds.go:
// registered, in order), and the Registry a bot makes from those lines
// once (New): each kind by name, with its capabilities found once, and
// the lookups the chat layer asks of it — the kind of a record, of a
// press, of an edition; an edition's offer in /settings; the inline kind
// and the kind with /rules sections (registry.go).
//
// It asks nothing of the chat layer: a kind is made with what Deps holds
// (kit.Host, the outbox, the texts, the bot's clock, username, logger and
// operator's options). Editions, EditionKind, EditionOf and DefaultKind
// answer from the registered lines, for whoever knows no Registry (the
// codec, /settings). Adding a kind is one package implementing Kind and
// one line in registered (docs/ARCHITECTURE.md, "How to add a game kind").
package registry
