// Package state is the board game's state between changes, as the chat's
// record holds it (kit.Record embeds Board). It is apart from package board
// so that the record, which the chat layer and the kinds share, can hold it.
package state
