package board_test

import (
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// TestBoardPicture: /board sends the board's picture in every edition, to
// anyone in the chat; while the game has not changed the same picture is
// sent again by file_id (nothing uploaded), also for the 🗺 button — which
// sends nothing while the same picture went out a moment ago; after
// a move it is drawn and uploaded anew. The turn's message follows the
// picture, its buttons on the chat's last message. Pressing 🗺 or 👁
// (follow) changes nothing in the game, so the players' buttons stay valid.
func TestBoardPicture(t *testing.T) {
	t.Parallel()
	for _, ed := range []string{engine.Classic, engine.Business, engine.Lux} {
		t.Run(ed, func(t *testing.T) {
			t.Parallel()
			h, clock := newClockHarness(t, kit.ChatOptions{Edition: ed})
			h.StartGame()
			if got := board.Of(h.Record()).Game.Edition; got != ed {
				t.Fatalf("the game plays %q, want %q", got, ed)
			}
			spectator := h.Users[0]
			spectator.ID, spectator.FirstName = 99, "Spectator"
			h.Say(spectator, "/board")
			photos := h.Photos()
			if len(photos) != 1 || !photos[0].Uploaded || photos[0].Width < 1080 || photos[0].Width+photos[0].Height > 10000 || photos[0].Size > 10<<20 {
				t.Fatalf("after /board: %+v, want one uploaded picture at least 1080 px wide within the photo limits", photos)
			}
			rev := h.Record().Rev
			h.Say(h.Users[1], "/board")
			// 🗺 while the same picture was just sent: a toast, no photo.
			h.MustPress(spectator, board.OpPicture)
			if a := h.LastAnswer(); a.ShowAlert || a.Text != h.bot.Catalog().T("en", "picture_recent", nil) || len(h.Photos()) != 2 {
				t.Errorf("🗺 right after /board: answer %+v, %d photos (want a toast and 2)", a, len(h.Photos()))
			}
			clock.Add(time.Minute)
			h.MustPress(spectator, board.OpPicture)
			// The turn moved below the picture (a reminder the minute
			// brought may follow it).
			h.Settle()
			if turn, pic := board.Of(h.Record()).TurnMsg, h.lastPhotoMsg(); turn < pic {
				t.Errorf("the turn's message %d stays above the picture %d", turn, pic)
			}
			photos = h.Photos()
			if len(photos) != 3 {
				t.Fatalf("%d photos after /board, /board and 🗺, want 3", len(photos))
			}
			for _, p := range photos[1:] {
				if p.Uploaded || p.FileID != photos[0].FileID {
					t.Errorf("an unchanged board was sent as %+v, want by file_id %s", p, photos[0].FileID)
				}
			}
			if a := h.LastAnswer(); a.ShowAlert {
				t.Errorf("🗺 answered with an alert %q", a.Text)
			}
			// Following and unfollowing: answered to the spectator alone.
			h.MustPress(spectator, board.OpFollow)
			if a := h.LastAnswer(); a.Text != h.bot.Catalog().T("en", "follow_started", nil) {
				t.Errorf("👁 answered %q", a.Text)
			}
			if f := board.Of(h.Record()).Followers; len(f) != 1 || f[0] != spectator.ID {
				t.Errorf("followers %v after 👁", f)
			}
			h.MustPress(spectator, board.OpFollow)
			if f := board.Of(h.Record()).Followers; len(f) != 0 {
				t.Errorf("followers %v after 👁 twice", f)
			}
			if h.Record().Rev != rev {
				t.Error("looking at the board or following the game made a new revision (the players' buttons would be outdated)")
			}
			rec := h.Record()
			h.MustPress(h.UserOf(rec, int(board.Of(rec).Game.Current)), board.OpRoll)
			h.Say(spectator, "/board")
			photos = h.Photos()
			if last := photos[len(photos)-1]; len(photos) != 4 || !last.Uploaded || last.FileID == photos[0].FileID {
				t.Errorf("after a move /board sent %+v, want a new upload", last)
			}
		})
	}
}

// lastPhotoMsg is the id of the newest picture in the test chat.
func (h *harness) lastPhotoMsg() int {
	id := 0
	for _, m := range h.API.Messages(testChat) {
		if m.Photo != "" {
			id = m.ID
		}
	}
	return id
}
