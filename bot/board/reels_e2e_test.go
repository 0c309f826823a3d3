package board_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// toCasino plays a lux game (editionStep) until a player stands at the
// casino and has to choose a stake.
func (h *harness) toCasino() *kit.Record {
	h.T.Helper()
	r := rand.New(rand.NewPCG(3, 4))
	seen := map[engine.EventKind]bool{}
	for i := 0; i < 3000; i++ {
		rec := h.Record()
		if rec == nil {
			break
		}
		g := board.Of(rec).Game
		if g.Phase == engine.PhaseGamble && g.EditionData().Squares[g.Players[g.Current].Pos].Kind == engine.SquareCasino &&
			len(h.Buttons(board.OpStake)) > 0 {
			return rec
		}
		h.EditionStep(r, seen)
	}
	h.T.Fatal("nobody came to the casino")
	return nil
}

// editsOf are the texts the bot edited message id to, in order, from the
// request log's index from on.
func (h *harness) editsOf(id, from int) []string {
	var out []string
	for _, r := range h.API.Requests()[from:] {
		if r.Method == "editMessageText" && r.Params["chat_id"] == strconv.FormatInt(testChat, 10) &&
			r.Params["message_id"] == strconv.Itoa(id) {
			out = append(out, r.Params["text"])
		}
	}
	return out
}

// spinResult is the line of the spin's outcome in the turn's events.
func spinResult(h *harness, rec *kit.Record, evs []engine.Event) string {
	for _, e := range evs {
		switch e.Kind {
		case engine.EvCasinoWon, engine.EvCasinoLost, engine.EvCasinoPush, engine.EvCasinoJackpot:
			return boardOf(h).EventLine("en", rec, e)
		}
	}
	return ""
}

// checkFrames: the edits show the reels stopping one by one (▫️ for a
// reel still turning, no buttons), and the message's last text has all
// three and the outcome.
func checkFrames(t *testing.T, edits []string, final, result string) {
	t.Helper()
	if len(edits) != 3 {
		t.Fatalf("a spin made %d edits of the turn message, want 3 (reel 1, reels 1–2, all and the result):\n%s",
			len(edits), strings.Join(edits, "\n---\n"))
	}
	for i, e := range edits {
		if got, want := strings.Count(e, "▫️"), 2-i; got != want {
			t.Errorf("edit %d shows %d reels still turning, want %d:\n%s", i+1, got, want, e)
		}
		if i < 2 && strings.Contains(e, result) {
			t.Errorf("edit %d gives the outcome away:\n%s", i+1, e)
		}
	}
	if !strings.Contains(final, result) || strings.Contains(final, "▫️") {
		t.Errorf("the message's last text lacks the outcome %q or shows a turning reel:\n%s", result, final)
	}
}

// TestCasinoReelsOneByOne: at the lux casino the turn message shows the
// first reel, then two, then all three with the result: three edits of
// one message, in that order.
func TestCasinoReelsOneByOne(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	h.Users[0].LanguageCode = "en"
	h.OpenLobby(engine.Lux)
	h.MustPress(h.Users[0], bot.OpStart)
	rec := h.toCasino()
	msg := board.Of(rec).TurnMsg
	from := len(h.API.Requests())
	stake := h.Buttons(board.OpStake)[0]
	h.Press(h.UserOf(rec, int(board.Of(rec).Game.Current)), stake.Msg, stake.Data)
	if stake.Msg != msg {
		t.Fatalf("the stake button is on message %d, the turn message is %d", stake.Msg, msg)
	}
	after := h.Record()
	turn := board.Of(after).Turn
	if board.Of(after).TurnMsg != msg { // the spin ended the turn: its events are history
		turn = board.Of(after).History
	}
	checkFrames(t, h.editsOf(msg, from), h.Message(msg).Text, spinResult(h, after, turn))
	if kb := h.Message(msg).Keyboard; board.Of(after).TurnMsg != msg && len(kb) != 0 {
		t.Errorf("the closed turn keeps buttons: %v", kb)
	}
}

// TestCasinoReelsRestart: a spin whose animation never reached the chat
// (the process died: its edits never went out) shows the result once the
// bot is back: the turn message's content is stored, the frames are not.
func TestCasinoReelsRestart(t *testing.T) {
	t.Parallel()
	h, _ := newClockHarness(t, kit.ChatOptions{Edition: engine.Lux, ManualEndTurn: true})
	h.OpenLobby("")
	h.MustPress(h.Users[0], bot.OpStart)
	rec := h.toCasino()
	msg := board.Of(rec).TurnMsg
	from := len(h.API.Requests())
	h.API.FailNext("editMessageText", 3, fakeapi.ErrorResponse{Code: 400, Description: "Bad Request: can't parse entities"})
	stake := h.Buttons(board.OpStake)[0]
	h.Press(h.UserOf(rec, int(board.Of(rec).Game.Current)), stake.Msg, stake.Data)
	after := h.Record()
	if board.Of(after).TurnMsg != msg {
		t.Fatalf("the turn went on to message %d without its End button", board.Of(after).TurnMsg)
	}
	result := spinResult(h, after, board.Of(after).Turn)
	if got := h.Message(msg).Text; result == "" || strings.Contains(got, result) {
		t.Fatalf("the lost animation shows the outcome %q anyway:\n%s", result, got)
	}
	h.Stop()
	h.Start()
	h.Settle()
	final := h.Message(msg).Text
	if !strings.Contains(final, result) || strings.Contains(final, "▫️") {
		t.Errorf("after the restart the turn message lacks the outcome %q:\n%s", result, final)
	}
	if edits := h.editsOf(msg, from); len(edits) < 4 {
		t.Errorf("want the two lost frames, the lost result and the restored one as edits, got %d", len(edits))
	}
}
