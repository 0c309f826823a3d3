package board

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// TestTradePayload: the deep-link payload stays within Telegram's rules.
func TestTradePayload(t *testing.T) {
	for _, c := range []struct {
		chat int64
		game uint64
	}{{-1, 1}, {-1001234567890123, 1<<52 - 1}, {-1001234, 42}} {
		p := TradePayload(c.chat, c.game)
		if len(p) > 64 || strings.Trim(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != "" {
			t.Errorf("payload %q", p)
		}
		chat, game, ok := parseTradePayload(p)
		if !ok || chat != c.chat || game != c.game {
			t.Errorf("%q parses as %d %d %v", p, chat, game, ok)
		}
	}
	for _, bad := range []string{"", "t", "t_", "t0_1", "x1_1", "t1_", "t1-1", "tzzzzzzzzzzzzzz_1"} {
		if _, _, ok := parseTradePayload(bad); ok {
			t.Errorf("%q accepted", bad)
		}
	}
	for _, p := range []kit.Press{{Game: 1, Rev: 2, Op: OpTrAdd, Arg: 500, Chat: -1001234567890123}, {Game: 1 << 52, Rev: 1 << 20, Op: OpTrSend, Chat: -1}} {
		data := p.Encode()
		got, err := kit.ParsePress(data)
		if err != nil || got != p || len(data) > kit.MaxCallbackData {
			t.Errorf("%+v → %q → %+v, %v", p, data, got, err)
		}
	}
	for _, bad := range []string{"1:2:ta:1", "1:2:ta:1:0", "1:2:r:1:1", "1:2:oa:1:1", "1:2:ta:1:-1"} {
		if _, err := kit.ParsePress(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
