// Package state is a Monopoly Deal game's state between changes, as the
// chat's record holds it (kit.Record.Deal): the engine's game, the group's
// table message and each seat's private hand message with what the person
// has picked there. It is apart from package deal (the kind) so that the
// record, which the chat layer and the kinds share, can hold it.
package state
