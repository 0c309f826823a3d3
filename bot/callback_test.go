package bot

import (
	"errors"
	"math"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

func TestPressRoundTrip(t *testing.T) {
	t.Parallel()
	cases := []kit.Press{
		{Game: 1, Rev: 0, Op: OpJoin},
		{Game: math.MaxUint64, Rev: math.MaxUint64, Op: board.OpBid, Arg: 1<<31 - 1},
		{Game: 123456789, Rev: 42, Op: board.OpBuild, Arg: 39},
		{Game: 7, Rev: 9, Op: board.OpDeed, Arg: 0},
		// Keyed buttons (issue 25): a key of what the button refers to.
		{Game: 1, Rev: 0, Keyed: true, Op: OpJoin},
		{Game: math.MaxUint64, Rev: math.MaxUint64, Keyed: true, Op: board.OpBid, Arg: 1<<31 - 1},
		{Game: math.MaxUint64, Rev: math.MaxUint64, Keyed: true, Op: board.OpTrSet, Arg: 1<<31 - 1, Chat: -1 << 62},
	}
	for _, c := range cases {
		data := c.Encode()
		if len(data) > kit.MaxCallbackData {
			t.Fatalf("%+v encodes to %d bytes", c, len(data))
		}
		got, err := kit.ParsePress(data)
		if err != nil || got != c {
			t.Fatalf("round trip of %+v: got %+v, %v (data %q)", c, got, err, data)
		}
	}
}

func TestParsePressRejects(t *testing.T) {
	t.Parallel()
	bad := []string{
		"", ":", "1:2", "1:2:zz", "1:2:r:5", "1:2:h", "01:2:r", "1:-2:r", "1:2:R",
		"1:2:h:-1", "1:2:h:00", "1:2:h:1:2", "1 :2:r", "ä:2:r", "1:2:a:zzzzzzzzzzzzz",
		"1:2:a:zik0zk", // 2^31 exceeds the argument range
		"zzzzzzzzzzzzzz:1:r", string(make([]byte, 65)),
		"1:_:r", "1:__2:r", "1:_02:r", "1:2_:r", "1:_-2:r", "1:_2:zz", "_1:2:r", // a key must be canonical too
	}
	for _, s := range bad {
		if p, err := kit.ParsePress(s); !errors.Is(err, kit.ErrBadCallback) {
			t.Errorf("kit.ParsePress(%q) = %+v, %v; want kit.ErrBadCallback", s, p, err)
		}
	}
}

func FuzzParsePress(f *testing.F) {
	f.Add("1:2:r")
	f.Add("abc:z:a:1f")
	f.Add("1:2:h:00")
	f.Add("1:_2:r")
	f.Add("abc:_z:tv:1f:2s")
	f.Fuzz(func(t *testing.T, data string) {
		p, err := kit.ParsePress(data)
		if err != nil {
			return
		}
		// Whatever parses must be exactly what Encode would have written.
		if p.Encode() != data {
			t.Fatalf("accepted non-canonical %q (re-encodes as %q)", data, p.Encode())
		}
	})
}

// TestOldButtonsStillParse: data made before keys (the record's revision,
// no "_") still reads, as not keyed, so an old message's press after an
// upgrade is checked against the revision as before.
func TestOldButtonsStillParse(t *testing.T) {
	t.Parallel()
	p, err := kit.ParsePress("1z:5:r")
	if err != nil || p.Keyed || p.Rev != 5 || p.Op != board.OpRoll {
		t.Fatalf("an old button parses as %+v, %v", p, err)
	}
	k, err := kit.ParsePress("1z:_5:r")
	if err != nil || !k.Keyed || k.Rev != 5 || k.Encode() != "1z:_5:r" {
		t.Fatalf("a keyed button parses as %+v, %v", k, err)
	}
}
