package kit

import "slices"

// Clock is the deadline state of a chat's game.
type Clock struct {
	// Decision names the pending decision (phase, who, turn, bid); when it
	// changes a new deadline starts.
	Decision string `json:"decision,omitempty"`
	Deadline int64  `json:"deadline,omitempty"` // Unix ms; 0 while paused
	Length   int64  `json:"length,omitempty"`   // ms: the whole window, for reminders
	Reminded int    `json:"reminded,omitempty"` // reminders sent for this decision
	// Reminder is the id of the reminder message in the chat (0: none or
	// not sent yet): the next reminder replaces it, and it is deleted once
	// the decision is taken (bot/timers).
	Reminder int `json:"reminder,omitempty"`
	// Strikes counts each seat's turns with a timeout in a row (several
	// timeouts in one turn count once: StruckTurn is the turn of the last);
	// an own action resets it.
	Strikes    []int `json:"strikes,omitempty"`
	StruckTurn []int `json:"struck_turn,omitempty"`
	// Touched is the last time a person changed the game (Unix ms): a game
	// untouched for ArchiveAfter is archived.
	Touched int64 `json:"touched,omitempty"`
	// PausedAt is set while the players paused the game (/pause); Left is
	// what remained of the deadline then. Paused is how long the game was
	// paused before (ms): game time is the wall clock minus the time paused
	// (GameTime), and what a kind keeps in game time (an offer's expiry)
	// needs no shift when the game resumes.
	PausedAt int64 `json:"paused_at,omitempty"`
	Left     int64 `json:"left,omitempty"`
	Paused   int64 `json:"paused,omitempty"`
	// Timer is the moment of the chat's entry in the timer index (0: none).
	Timer int64 `json:"timer,omitempty"`
	// Votes in progress (/pause, /resume, /kick).
	Votes []Vote `json:"votes,omitempty"`
}

// GameTime is the game's clock at the wall clock's moment wall (Unix ms):
// it stands still while the game is paused.
func (c *Clock) GameTime(wall int64) int64 {
	if c.PausedAt != 0 {
		wall = c.PausedAt
	}
	return wall - c.Paused
}

// WallTime is the wall clock's moment of the game's moment game, while the
// game runs.
func (c *Clock) WallTime(game int64) int64 { return game + c.Paused }

// Clone returns a copy of c that shares no slice with it.
func (c Clock) Clone() Clock {
	c.Strikes = slices.Clone(c.Strikes)
	c.StruckTurn = slices.Clone(c.StruckTurn)
	if c.Votes != nil {
		votes := make([]Vote, len(c.Votes))
		for i, v := range c.Votes {
			v.Users = slices.Clone(v.Users)
			votes[i] = v
		}
		c.Votes = votes
	}
	return c
}

// Vote is one vote in progress: the users who voted for it.
type Vote struct {
	Kind   string  `json:"kind"`             // "pause", "resume", "kick"
	Target int     `json:"target,omitempty"` // kick: the seat
	Users  []int64 `json:"users"`
	// Msg is the vote's message once sent (bot/votes): it loses its
	// button and says how the vote ended when it does.
	Msg int `json:"msg,omitempty"`
}
