package bot

import (
	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

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
	OpAddComputer  Op = "ca" // add a computer seat
	OpDropComputer Op = "cd" // remove the last computer seat
	OpLevel        Op = "cl" // cycle the level of the last computer seat
)

// lobbyComputer adds or removes a computer seat; false (with an alert)
// when it may not.
func (b *Bot) lobbyComputer(c *chatState, lang string, from *tgbotapi.User, op Op, admin bool) bool {
	rec := c.Rec
	if from.ID != rec.Creator && !admin {
		c.Alert = b.onlyCreator(lang, rec) // bot/refusals.go
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
			c.Toast = b.cat.T(lang, "seats_no_computer", nil)
			return false
		}
		s := &rec.Seats[last]
		s.Level = kit.Level(levelOf(*s).Next())
		s.Name = b.computerName(lang, int(-s.User), levelOf(*s))
		return true
	}
	if op == OpDropComputer {
		if last < 0 {
			c.Toast = b.cat.T(lang, "seats_no_computer", nil)
			return false
		}
		rec.Seats = append(rec.Seats[:last], rec.Seats[last+1:]...)
		return true
	}
	if _, most := b.seatLimits(rec); len(rec.Seats) >= most {
		c.Alert = b.cat.T(lang, "lobby_full_count", map[string]any{"Count": most})
		return false
	}
	// A number no seat of the lobby has: a seat's user id names it.
	rec.Seats = append(rec.Seats, Seat{User: -int64(n + 1), Computer: true, Name: b.computerName(lang, n+1, level.Normal)})
	return true
}

// computerName names computer seat n of level lv.
func (b *Bot) computerName(lang string, n int, lv level.Level) string {
	return b.cat.T(lang, "seats_computer_name", map[string]any{"N": n, "Level": b.cat.T(lang, "level_"+lv.String(), nil)})
}

// computerRow is the lobby's row for computer seats: add one, and remove
// the last one added (its level is behind ⚙️ More, bot/render.go).
func (b *Bot) computerRow(k *kit.Keyboard, lang string, rec *Record) {
	row := []kit.Button{k.Btn(b.cat.T(lang, "btn_add_computer", nil), OpAddComputer, 0)}
	if lastComputer(rec) >= 0 {
		row = append(row, k.Btn(b.cat.T(lang, "btn_drop_computer", nil), OpDropComputer, 0))
	}
	k.Row(row...)
}

// lastComputer is the last computer seat added (-1: none).
func lastComputer(rec *Record) int {
	last := -1
	for i, s := range rec.Seats {
		if s.Computer {
			last = i
		}
	}
	return last
}

// levelOf is a computer seat's level (kit.Level stores its value).
func levelOf(s Seat) level.Level { return level.Level(s.Level) }
