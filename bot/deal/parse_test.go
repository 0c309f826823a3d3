package deal

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// The link's payload and an inline result's id come back from Telegram
// as any bytes a client sends: they parse strictly and round-trip.
func TestPayloadAndResultIDs(t *testing.T) {
	chat, game, ok := parseHandPayload(HandPayload(-1001234, 77))
	if !ok || chat != -1001234 || game != 77 {
		t.Fatalf("payload round trip: %d %d %v", chat, game, ok)
	}
	for _, s := range []string{"", "d", "dx", "d_1", "d0_1", "dlgk2_", "dlgk2_01", "t1_1", "dLGK2_1", "d-1_1", "dlgk2_1_1"} {
		if _, _, ok := parseHandPayload(s); ok {
			t.Errorf("payload %q accepted", s)
		}
	}
	g, _, _ := deal.New(deal.Config{Players: 2, Seed: 1})
	rec := testRecord(g)
	key := handKey(rec, 0)
	id := resultID(-1001234, rec, key, 7)
	group, gameID, gotKey, i, ok := parseResultID(id)
	if !ok || group != -1001234 || gameID != rec.ID || gotKey != key || i != 7 || len(id) > 64 {
		t.Fatalf("result id %q: %d %d %d %d %v", id, group, gameID, gotKey, i, ok)
	}
	for _, s := range []string{"", "1_2_3", "1_2_3_4_5", "0_2_3_4", "1_2_3_4c", "1_02_3_4", "1__3_4", "1_2_3_-4", "A_2_3_4", "1_2_3_1e"} {
		if _, _, _, _, ok := parseResultID(s); ok {
			t.Errorf("result id %q accepted", s)
		}
	}
}

func FuzzResultID(f *testing.F) {
	f.Add("lgk2_25_3_7")
	f.Add("dlgk2_25")
	f.Fuzz(func(t *testing.T, s string) {
		if group, game, key, i, ok := parseResultID(s); ok {
			if group >= 0 || i < 0 || i >= maxInlineResults {
				t.Fatalf("%q parsed to group %d index %d", s, group, i)
			}
			if again := resultID(group, &kit.Record{ID: game}, key, i); again != s {
				t.Fatalf("%q parsed and wrote back as %q", s, again)
			}
		}
		if chat, game, ok := parseHandPayload(s); ok && HandPayload(chat, game) != s {
			t.Fatalf("payload %q wrote back as %q", s, HandPayload(chat, game))
		}
	})
}
