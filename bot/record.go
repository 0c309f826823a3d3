package bot

import (
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// The record and the chat's settings are kit's, shared with the kinds;
// the chat layer calls them by these names.
type (
	Record      = kit.Record
	Seat        = kit.Seat
	Settings    = kit.Settings
	ChatOptions = kit.ChatOptions
	Pace        = kit.Pace
	Clock       = kit.Clock
	Vote        = kit.Vote
)

// Status of a chat's game record.
const (
	StatusLobby   = kit.StatusLobby
	StatusPlaying = kit.StatusPlaying
)

// Paces.
const (
	PaceLive    = kit.PaceLive
	PaceRelaxed = kit.PaceRelaxed
	PaceAsync   = kit.PaceAsync
	PaceCustom  = kit.PaceCustom
	DefaultPace = kit.DefaultPace
)

// Paces are the presets.
var Paces = kit.Paces

// chatState is a change in progress (kit.Change).
type chatState = kit.Change
