package board_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// groupData is the data of message msg's button that opens group arg-1
// (arg 0: back to the groups).
func groupData(t *testing.T, h *harness, msg, arg int) string {
	t.Helper()
	return buttonData(t, h, msg, board.OpBoardGroup, arg)
}

// TestBoardSaysWhoOwnsWhat: in every edition with a board picture and in
// every language, /board's message under the picture says who owns what —
// a line per group with an owner: each owner's share, buildings and
// mortgages; the groups nobody owns in one line — not where the tokens
// stand. Its keyboard is a button per group in at most two rows; a group's
// button opens that group's deeds (and a way back) on the same message.
// The turn's buttons stay on the bot's last message.
func TestBoardSaysWhoOwnsWhat(t *testing.T) {
	t.Parallel()
	cases := []struct{ edition, lang string }{
		{engine.Classic, "en"}, {engine.Business, "ru"}, {engine.Lux, "uk"}, {engine.Classic, "ru"}, {engine.Lux, "en"},
	}
	for _, tc := range cases {
		t.Run(tc.edition+"-"+tc.lang, func(t *testing.T) {
			h := newHarness(t, 42, nil)
			err := h.bot.Store().Update(func(tx *storage.Tx) error {
				return bottest.PutJSON(tx.PutSettings, testChat, kit.Settings{Lang: tc.lang, Options: kit.ChatOptions{Edition: tc.edition}})
			})
			if err != nil {
				t.Fatal(err)
			}
			h.StartGame()
			ed := board.Of(h.Record()).Game.EditionData()
			set, split := ed.Group(0), ed.Group(1)
			h.Edit(func(r *kit.Record) {
				for k, sq := range set { // a complete set with houses
					board.Of(r).Game.Props[sq].Owner, board.Of(r).Game.Props[sq].Buildings = 0, int8(k+1)
					board.Of(r).Game.Houses -= k + 1
				}
				board.Of(r).Game.Props[split[0]].Owner, board.Of(r).Game.Props[split[0]].Mortgaged = 1, true
				board.Of(r).Game.Props[split[1]].Owner = 2
			})
			rec := h.Record()
			h.Say(h.Users[0], "/board")
			msg := h.newestWith(board.OpBoardGroup)
			text := h.Message(msg).Text
			cat, lang := h.bot.Catalog(), tc.lang
			line := func(grp int) string {
				head := cat.T(lang, "group_emoji_"+rec.Edition+"_"+strconv.Itoa(grp), nil) + " " + cat.T(lang, "group_"+rec.Edition+"_"+strconv.Itoa(grp), nil) + ":"
				for _, l := range strings.Split(text, "\n") {
					if strings.HasPrefix(l, head) {
						return l
					}
				}
				t.Fatalf("no line for group %d (%q) in:\n%s", grp, head, text)
				return ""
			}
			plain := func(s string) string { return strings.NewReplacer("\u2068", "", "\u2069", "").Replace(s) }
			houses := 0
			for k := range set {
				houses += k + 1
			}
			full := line(0)
			share := func(seat engine.PlayerID, n, of int) string {
				return plain(cat.T(lang, "board_owner_share", map[string]any{"Player": kit.SeatName(rec, seat), "N": n, "Max": of}))
			}
			if !strings.Contains(plain(full), share(0, len(set), len(set))) || !strings.Contains(full, "×"+strconv.Itoa(houses)) {
				t.Errorf("the complete set's line %q does not give its owner all %d deeds and %d buildings", full, len(set), houses)
			}
			half := plain(line(1))
			if !strings.Contains(half, share(1, 1, len(split))) || !strings.Contains(half, share(2, 1, len(split))) || !strings.Contains(half, "🔒×1") {
				t.Errorf("the split group's line %q does not name both owners and the mortgage", half)
			}
			unowned := cat.T(lang, "board_groups_unowned", map[string]any{"Items": ""})
			var rest string
			for _, l := range strings.Split(text, "\n") {
				if strings.HasPrefix(l, strings.TrimSpace(unowned)) {
					rest = l
				}
			}
			for grp := 2; grp < ed.GroupCount(); grp++ {
				if !strings.Contains(rest, cat.T(lang, "group_emoji_"+rec.Edition+"_"+strconv.Itoa(grp), nil)) {
					t.Errorf("group %d owned by nobody is not in the line %q", grp, rest)
				}
			}
			for _, where := range []string{cat.T(lang, "turn_visiting", nil), cat.T(lang, "sq_"+rec.Edition+"_0", nil)} {
				if strings.Contains(text, where) { // every token is on the start square
					t.Errorf("/board's text still says where tokens stand (%q):\n%s", where, text)
				}
			}
			if n := strings.Count(text, "\n") + 1; n > ed.GroupCount()+4 {
				t.Errorf("/board's text has %d lines", n)
			}

			// The keyboard: the groups in at most two rows, each button a group.
			kb := h.Message(msg).Keyboard
			buttons := 0
			for _, row := range kb {
				for _, b := range row {
					if p, err := kit.ParsePress(b.Data); err != nil || p.Op != board.OpBoardGroup {
						t.Errorf("a button %q on /board's message is not a group's", b.Text)
					}
					buttons++
				}
			}
			if len(kb) > 2 || buttons != ed.GroupCount() {
				t.Errorf("/board's keyboard has %d buttons in %d rows, want %d groups in at most 2", buttons, len(kb), ed.GroupCount())
			}
			h.assertTurnLast()

			// A group opens its deeds, and goes back to the groups.
			spectator := fakeapi.User{ID: 77, FirstName: "Zoe", LanguageCode: "en"}
			h.Press(spectator, msg, groupData(t, h, msg, 2)) // group 1
			kb = h.Message(msg).Keyboard
			var deeds []int
			for _, row := range kb {
				for _, b := range row {
					if p, err := kit.ParsePress(b.Data); err == nil && p.Op == board.OpDeed {
						deeds = append(deeds, p.Arg)
					}
				}
			}
			if len(deeds) != len(split) || len(kb) > 3 {
				t.Errorf("group 1 opens deeds %v in %d rows, want its %d deeds %v", deeds, len(kb), len(split), split)
			}
			for i, sq := range deeds {
				if i < len(split) && split[i] != sq {
					t.Errorf("group 1 opens deed %d, want %d", sq, split[i])
				}
			}
			h.Press(spectator, msg, groupData(t, h, msg, 0))
			if kb := h.Message(msg).Keyboard; len(kb) > 2 || len(kb) == 0 {
				t.Errorf("back to the groups: %d rows", len(kb))
			}
			if h.Record().Rev != rec.Rev {
				t.Error("/board or its buttons made a new revision (the players' buttons would be outdated)")
			}
			h.assertTurnLast()
		})
	}
}

// assertTurnLast fails the test unless the chat's last message is the
// turn's, with its buttons.
func (h *harness) assertTurnLast() {
	h.T.Helper()
	h.Settle()
	last := h.LastShown(testChat)
	if len(last.Keyboard) == 0 || last.ID != board.Of(h.Record()).TurnMsg {
		h.T.Errorf("the chat's last message is not the turn's with its buttons: %q", last.Text)
	}
}
