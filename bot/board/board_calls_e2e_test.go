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

// budgetMethods are the calls that spend a group's budget of 20 a minute.
var budgetMethods = map[string]bool{"sendMessage": true, "sendPhoto": true,
	"editMessageText": true, "editMessageCaption": true, "editMessageReplyMarkup": true}

// groupCalls counts the calls into the test chat that spend its budget
// (sends and edits), by method, answered 200 or not.
func (h *harness) groupCalls() map[string]int {
	out := map[string]int{}
	chat := strconv.FormatInt(testChat, 10)
	for _, r := range h.API.Requests() {
		if budgetMethods[r.Method] && r.Params["chat_id"] == chat {
			out[r.Method]++
		}
	}
	return out
}

// callsSince is what the test chat was asked for since before.
func (h *harness) callsSince(before map[string]int) (diff map[string]int, total int) {
	diff = map[string]int{}
	for m, n := range h.groupCalls() {
		if d := n - before[m]; d > 0 {
			diff[m] = d
			total += d
		}
	}
	return diff, total
}

// newestPhoto is the test chat's newest picture.
func (h *harness) newestPhoto() fakeapi.Message {
	h.T.Helper()
	var last fakeapi.Message
	for _, m := range h.API.Messages(testChat) {
		if m.Photo != "" {
			last = m
		}
	}
	if last.ID == 0 {
		h.T.Fatal("no picture in the chat")
	}
	return last
}

// TestBoardIsOneMessage: in a game, /board sends the picture with who owns
// what as its caption and the groups' keyboard on it — one sendPhoto —
// and moves the turn's message below it (one sendMessage), its buttons on
// the bot's last message; the only other call is the closed turn's final
// text (tidying nobody waits for): 3 calls, where a picture, a list and
// the turn took 4. A group's button edits the caption's keyboard (one
// editMessageCaption), also after a restart; the next /board gives the
// older picture a caption that points to it and takes its buttons.
// In en, ru and uk, each on another edition.
func TestBoardIsOneMessage(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ edition, lang string }{{engine.Classic, "en"}, {engine.Business, "ru"}, {engine.Lux, "uk"}} {
		t.Run(tc.edition+"-"+tc.lang, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, 42, nil)
			err := h.bot.Store().Update(func(tx *storage.Tx) error {
				return bottest.PutJSON(tx.PutSettings, testChat, kit.Settings{Lang: tc.lang, Options: kit.ChatOptions{Edition: tc.edition}})
			})
			if err != nil {
				t.Fatal(err)
			}
			h.StartGame()
			ed := board.Of(h.Record()).Game.EditionData()
			h.Edit(func(r *kit.Record) { // one group owned, so the list has a line of owners
				for _, sq := range ed.Group(0) {
					board.Of(r).Game.Props[sq].Owner = 1
				}
			})
			h.Settle()
			cat, lang := h.bot.Catalog(), tc.lang
			rev := h.Record().Rev

			before := h.groupCalls()
			h.Say(h.Users[2], "/board")
			h.Settle()
			calls, total := h.callsSince(before)
			if calls["sendPhoto"] != 1 || calls["sendMessage"] != 1 || total > 3 {
				t.Errorf("/board made %v, want one sendPhoto, one sendMessage (the turn) and at most the closed turn's edit", calls)
			}
			pic := h.newestPhoto()
			if !strings.HasPrefix(pic.Text, cat.T(lang, "board_owners_title", nil)) || !strings.Contains(pic.Text, cat.T(lang, "group_"+tc.edition+"_0", nil)) ||
				!strings.Contains(pic.Text, cat.T(lang, "board_groups_hint", nil)) {
				t.Errorf("the picture's caption does not say who owns what:\n%s", pic.Text)
			}
			groups := 0
			for _, row := range pic.Keyboard {
				for _, b := range row {
					if p, err := kit.ParsePress(b.Data); err == nil && p.Op == board.OpBoardGroup {
						groups++
					}
				}
			}
			if groups != ed.GroupCount() || len(pic.Keyboard) > 2 {
				t.Errorf("the picture has %d group buttons in %d rows, want %d in at most 2", groups, len(pic.Keyboard), ed.GroupCount())
			}
			if rec := h.Record(); board.Of(rec).DeedsMsg != pic.ID || !board.Of(rec).DeedsPhoto {
				t.Errorf("the record's /board message is %d (photo %v), want the picture %d", board.Of(rec).DeedsMsg, board.Of(rec).DeedsPhoto, pic.ID)
			}
			h.assertTurnLast()

			// A group's button: one caption edit, the caption unchanged.
			spectator := fakeapi.User{ID: 77, FirstName: "Zoe", LanguageCode: "en"}
			before = h.groupCalls()
			h.Press(spectator, pic.ID, groupData(t, h, pic.ID, 1))
			h.Settle()
			if calls, total := h.callsSince(before); calls["editMessageCaption"] != 1 || total != 1 {
				t.Errorf("a group's button made %v, want one editMessageCaption", calls)
			}
			if m := h.Message(pic.ID); m.Text != pic.Text || len(m.Keyboard) == 0 || m.Photo != pic.Photo {
				t.Errorf("after a group's button the picture shows %q with %d rows", m.Text, len(m.Keyboard))
			}
			// After a restart the record says the message is a picture.
			h.Stop()
			h.Start()
			h.Settle()
			before = h.groupCalls()
			h.Press(spectator, pic.ID, groupData(t, h, pic.ID, 0))
			h.Settle()
			if calls, _ := h.callsSince(before); calls["editMessageCaption"] != 1 || calls["editMessageText"] != 0 {
				t.Errorf("a group's button after a restart made %v, want one editMessageCaption", calls)
			}
			if m := h.Message(pic.ID); len(m.Keyboard) == 0 || len(m.Keyboard) > 2 {
				t.Errorf("back to the groups after a restart: %d rows", len(m.Keyboard))
			}

			// The next /board: the older picture points to it.
			before = h.groupCalls()
			h.Say(h.Users[1], "/board")
			h.Settle()
			calls, total = h.callsSince(before)
			if calls["sendPhoto"] != 1 || calls["sendMessage"] != 1 || total > 4 {
				t.Errorf("the second /board made %v, want one sendPhoto, one sendMessage and at most two tidying edits", calls)
			}
			if m := h.Message(pic.ID); m.Text != cat.T(lang, "board_deeds_newer", nil) || len(m.Keyboard) != 0 {
				t.Errorf("the older picture shows %q with %d rows, want %q without buttons", m.Text, len(m.Keyboard), cat.T(lang, "board_deeds_newer", nil))
			}
			if newer := h.newestPhoto(); newer.ID == pic.ID || board.Of(h.Record()).DeedsMsg != newer.ID || len(newer.Keyboard) == 0 {
				t.Errorf("the second /board's picture %d is not the live one (record: %d)", newer.ID, board.Of(h.Record()).DeedsMsg)
			}
			h.assertTurnLast()
			if h.Record().Rev != rev {
				t.Error("/board or its buttons made a new revision (the players' buttons would be outdated)")
			}
		})
	}
}

// TestBoardListTooLongForACaption: names so long that who owns what does
// not fit a caption: the picture goes alone and the list in a message of
// its own under it, with the groups' keyboard, edited as text.
func TestBoardListTooLongForACaption(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	for i := range h.Users {
		h.Users[i].FirstName = strings.Repeat("Щ", 28) + strconv.Itoa(i) + " &amp; <i>"
	}
	h.StartGame()
	ed := board.Of(h.Record()).Game.EditionData()
	h.Edit(func(r *kit.Record) { // every group split among the three, every deed mortgaged
		for grp := 0; grp < ed.GroupCount(); grp++ {
			for k, sq := range ed.Group(grp) {
				board.Of(r).Game.Props[sq].Owner, board.Of(r).Game.Props[sq].Mortgaged = engine.PlayerID((grp+k)%3), true
			}
		}
	})
	h.Settle()
	before := h.groupCalls()
	h.Say(h.Users[0], "/board")
	h.Settle()
	calls, _ := h.callsSince(before)
	pic := h.newestPhoto()
	if calls["sendPhoto"] != 1 || calls["sendMessage"] != 2 || pic.Text != "" || len(pic.Keyboard) != 0 {
		t.Errorf("/board made %v; the picture has caption %q and %d rows, want a bare picture, the list and the turn", calls, pic.Text, len(pic.Keyboard))
	}
	rec := h.Record()
	list := h.Message(board.Of(rec).DeedsMsg)
	if board.Of(rec).DeedsPhoto || list.Photo != "" || list.ID <= pic.ID || !strings.HasPrefix(list.Text, h.bot.Catalog().T("en", "board_owners_title", nil)) {
		t.Errorf("the list is message %d (photo %v) %q, want a text message under the picture %d", list.ID, board.Of(rec).DeedsPhoto, list.Text, pic.ID)
	}
	before = h.groupCalls()
	h.Press(h.Users[1], list.ID, groupData(t, h, list.ID, 1))
	h.Settle()
	if calls, total := h.callsSince(before); calls["editMessageText"] != 1 || total != 1 {
		t.Errorf("a group's button made %v, want one editMessageText", calls)
	}
	h.assertTurnLast()
}
