package board

import (
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// One engine action of a trade, absorbed like any move (play.go): below the
// offers and the composer that apply it.

// tradeAct applies one engine action of a trade in change c.
func (b *trades) tradeAct(c *kit.Change, lang string, user int64, updateID int, seat engine.PlayerID, a engine.Action) error {
	g := Of(c.Rec).Game
	evs, err := g.Apply(seat, a)
	if err != nil {
		return err
	}
	c.Log(kit.LogEntry{Update: updateID, User: user, Seat: int(seat), Action: a, Ver: g.Version, At: b.cfg.Now().UnixMilli()})
	b.turn.absorb(c, lang, evs)
	return nil
}
