package board

import (
	"context"
	"strconv"
	"strings"
	"unicode"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// cmdStake is /stake <amount> in the group: a typed stake on the gamble
// square or at the casino, for an amount the buttons do not offer. The
// engine checks it like a button's; a refusal is answered in the chat.
func (b *Kind) cmdStake(ctx context.Context, updateID int, m kit.CommandIn) {
	from := m.From
	amount, ok := ParseAmount(m.Args)
	st, err := b.change(m.Chat, updateID, func(c *kit.Change) error {
		lang := c.Lang(from.Lang)
		rec := c.Rec
		refuse := func(text string) error {
			c.Replies = append(c.Replies, kit.Reply{Text: text})
			return nil
		}
		switch {
		case rec == nil || rec.Status != kit.StatusPlaying || Of(rec).Game == nil:
			return refuse(b.cat.T(lang, "no_game", nil))
		case !HasStakes(Of(rec).Game.EditionData()): // the classic game: nothing to explain
			return refuse(b.cat.T(lang, "stake_none", map[string]any{"Edition": b.cat.T(lang, "edition_"+Of(rec).Game.EditionData().ID, nil)}))
		case seatOf(rec, from.ID) < 0 || !Of(rec).Game.Active(seatOf(rec, from.ID)):
			return refuse(b.cat.T(lang, "not_a_player", nil))
		case !ok || Of(rec).Game.Phase != engine.PhaseGamble:
			return refuse(b.cat.T(lang, "stake_usage", nil))
		}
		b.turn.act(c, lang, from, seatOf(rec, from.ID), engine.Action{Kind: engine.ActStake, Amount: amount})
		if c.Alert != "" {
			text := c.Alert
			c.Alert = ""
			return refuse(text)
		}
		return nil
	})
	b.finish(ctx, st, err, "")
}

// ParseAmount reads a typed amount: digits, grouped or not ("50 000",
// "50,000", "50'000"); anything else is no amount.
func ParseAmount(s string) (int, bool) {
	s = strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == ',' || r == '\'' || r == '.' || r == '’' {
			return -1
		}
		return r
	}, s)
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, false
	}
	return n, true
}
