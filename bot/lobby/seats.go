package lobby

import (
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine/level"
)

// Computer seats in the lobby: the creator or an admin adds seats played by
// the engine's computer strategy (up to the game's most players) and may
// remove them before the start. A computer seat is named with a 🤖 and has
// no person behind it (kit.Seat.Computer, a negative user id), so nobody is
// mentioned for it and /top never counts it. How it plays is its kind's
// (bot/board/seats.go, bot/deal/seats.go).
//
// Each computer seat has a level (kit.Seat.Level: easy, normal or hard).
// A seat is added as normal; the level button beside ➕/➖ cycles the level
// of the last computer seat added, so a lobby sets every seat's level in
// the one row the computer seats have. The level is part of the seat's
// name ("🤖 Computer 2 · hard"), so the lobby, the turns and the standings
// say it plainly.

// The lobby's buttons for computer seats.
const (
	OpAddComputer  kit.Op = "ca" // add a computer seat
	OpDropComputer kit.Op = "cd" // remove the last computer seat
	OpLevel        kit.Op = "cl" // cycle the level of the last computer seat
)

// computer adds or removes a computer seat; false (with an alert) when it
// may not.
func (l *Lobby) computer(c *kit.Change, lang string, from User, op kit.Op, admin bool) bool {
	rec := c.Rec
	if from.ID != rec.Creator && !admin {
		c.Alert = l.host.OnlyCreator(lang, rec)
		return false
	}
	last, n := -1, 0
	for i, s := range rec.Seats {
		if s.Computer {
			last, n = i, max(n, int(-s.User))
		}
	}
	if op == OpLevel {
		if last < 0 {
			c.Toast = l.cat.T(lang, "seats_no_computer", nil)
			return false
		}
		s := &rec.Seats[last]
		s.Level = kit.Level(levelOf(*s).Next())
		s.Name = l.computerName(lang, int(-s.User), levelOf(*s))
		return true
	}
	if op == OpDropComputer {
		if last < 0 {
			c.Toast = l.cat.T(lang, "seats_no_computer", nil)
			return false
		}
		rec.Seats = append(rec.Seats[:last], rec.Seats[last+1:]...)
		return true
	}
	if _, most := l.host.SeatLimits(rec); len(rec.Seats) >= most {
		c.Alert = l.cat.T(lang, "lobby_full_count", map[string]any{"Count": most})
		return false
	}
	// A number no seat of the lobby has: a seat's user id names it.
	rec.Seats = append(rec.Seats, kit.Seat{User: -int64(n + 1), Computer: true, Name: l.computerName(lang, n+1, level.Normal)})
	return true
}

// computerName names computer seat n of level lv.
func (l *Lobby) computerName(lang string, n int, lv level.Level) string {
	return l.cat.T(lang, "seats_computer_name", map[string]any{"N": n, "Level": l.cat.T(lang, "level_"+lv.String(), nil)})
}

// computerRow is the lobby's row for computer seats: add one, and remove
// the last one added (its level is behind ⚙️ More, render.go).
func (l *Lobby) computerRow(k *kit.Keyboard, lang string, rec *kit.Record) {
	row := []kit.Button{k.Btn(l.cat.T(lang, "btn_add_computer", nil), OpAddComputer, 0)}
	if lastComputer(rec) >= 0 {
		row = append(row, k.Btn(l.cat.T(lang, "btn_drop_computer", nil), OpDropComputer, 0))
	}
	k.Row(row...)
}

// lastComputer is the last computer seat added (-1: none).
func lastComputer(rec *kit.Record) int {
	last := -1
	for i, s := range rec.Seats {
		if s.Computer {
			last = i
		}
	}
	return last
}

// levelOf is a computer seat's level (kit.Level stores its value).
func levelOf(s kit.Seat) level.Level { return level.Level(s.Level) }
