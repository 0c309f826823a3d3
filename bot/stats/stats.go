package stats

import (
	"encoding/json"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Catalog is the words statistics are written in (locales.Catalog).
type Catalog interface {
	T(lang, id string, data map[string]any) string
	Money(lang string, amount int) string
}

// Kinds is what statistics ask of the kinds of game, implemented by the
// chat layer over its registry.
type Kinds interface {
	// Primary names the kind whose games fill PlayerStats' own fields
	// (the board's); a record that names no kind is of it.
	Primary() string
	// Results is how each seat of rec ended, seat by seat.
	Results(rec *kit.Record) []kit.SeatResult
	// SetName names a set a primary kind's result counted
	// (kit.SeatResult.Sets, "<edition>:<group>"); false if none does.
	SetName(lang, key string) (string, bool)
	// Lines are the other kinds, in the registry's order, whose games
	// show on a line of their own: line writes a person's games and wins
	// of the kind named.
	Lines() []KindLine
}

// KindLine is a kind whose games show on a line of their own in /stats.
type KindLine struct {
	Kind string
	Line func(lang string, played, won int) string
}

// Stats counts games at their end and writes /stats and /top.
type Stats struct {
	cat   Catalog
	kinds Kinds
}

// New is statistics written with cat over kinds.
func New(cat Catalog, kinds Kinds) *Stats { return &Stats{cat: cat, kinds: kinds} }

// GameEnd adds a game that ends now to its players' statistics, in this
// chat and overall. Call it in the transaction that removes the game's
// record; the chat layer's change does so for every started game it
// removes (game over, /endgame), so only a removal outside it needs to
// call it. A lobby is not a game played; stopped says the game was ended
// by /endgame, whose ranking's leader counts a win.
func (s *Stats) GameEnd(tx *storage.Tx, chat int64, rec *kit.Record, stopped bool) error {
	if rec == nil || rec.Status != kit.StatusPlaying {
		return nil
	}
	primary := rec.Kind == "" || rec.Kind == s.kinds.Primary()
	for i, res := range s.kinds.Results(rec) {
		res.Won = res.Won || stopped && res.Leader
		seat := rec.Seats[i]
		if seat.User == 0 || seat.Computer { // /top ranks people
			continue
		}
		var cs, us PlayerStats
		if data, ok := tx.ChatStats(chat, seat.User); ok {
			_ = json.Unmarshal(data, &cs) // damaged: start again rather than lose the game
		}
		if data, ok := tx.UserStats(seat.User); ok {
			_ = json.Unmarshal(data, &us)
		}
		if primary {
			cs.add(seat.Name, res)
			us.add(seat.Name, res)
		} else {
			cs.addKind(seat.Name, rec.Kind, res)
			us.addKind(seat.Name, rec.Kind, res)
		}
		data, err := json.Marshal(cs)
		if err != nil {
			return err
		}
		if err := tx.PutChatStats(chat, seat.User, data); err != nil {
			return err
		}
		if data, err = json.Marshal(us); err != nil {
			return err
		}
		if err := tx.PutUserStats(seat.User, data); err != nil {
			return err
		}
	}
	return nil
}
