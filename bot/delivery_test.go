package bot

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Failures of the real world, against the fake Bot API, where the board's
// record is part of them (its turn message). Those of the chat layer alone
// (429, migration, 403, a deleted message, junk, throttling) are tested on
// the fake kind in bot/chattest.

const superChat int64 = -1009876543210 // what testChat becomes when upgraded

func (h *harness) pressIn(chat int64, op kit.Op) {
	h.T.Helper()
	msg, data, ok := h.ButtonIn(chat, op)
	if !ok {
		h.T.Fatalf("chat %d: no %q button", chat, op)
	}
	h.API.PushCallback(chat, msg, h.Current(chat), data)
	h.Settle()
}

func (h *harness) version(chat int64) uint64 {
	rec, _ := h.bot.Snapshot(chat)
	if rec == nil || board.Of(rec).Game == nil {
		return 0
	}
	return board.Of(rec).Game.Version
}

// firstOp is a game-moving button on the turn message.
func firstOp(h *harness, chat int64) kit.Op {
	for _, op := range []kit.Op{board.OpRoll, board.OpBuy, board.OpEndTurn, board.OpPayFine} {
		if _, _, ok := h.ButtonIn(chat, op); ok {
			return op
		}
	}
	return board.OpRoll
}

func (h *harness) settings(chat int64) kit.Settings {
	var s kit.Settings
	_ = h.bot.store.View(func(tx *storageTx) error { s = h.bot.loadSettings(tx, chat); return nil })
	return s
}

type storageTx = storage.Tx

// TestLateSentReportKeepsTheNewTurn: the report that a turn's message was
// sent can reach the game after the press that ended that turn (both wait
// for the chat's lock). The record must keep pointing at the new turn's
// message, or a restart would re-show the game in the closed turn's
// message while the newest one keeps outdated buttons.
func TestLateSentReportKeepsTheNewTurn(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.StartGame()
	first := h.Record()
	for i := 0; i < 20 && board.Of(h.Record()).TurnMsg == board.Of(first).TurnMsg; i++ {
		h.pressIn(testChat, firstOp(h, testChat))
	}
	rec := h.Record()
	if board.Of(rec).TurnMsg == board.Of(first).TurnMsg || board.Of(rec).TurnMsg == 0 {
		t.Fatalf("no new turn message after 20 presses (turn message %d)", board.Of(rec).TurnMsg)
	}
	sentIDs{h.bot}.onSent(testChat, board.TurnSlot(rec.ID), board.Of(first).TurnMsg)
	if got := board.Of(h.Record()).TurnMsg; got != board.Of(rec).TurnMsg {
		t.Fatalf("a late report of the closed turn's message %d moved the record from %d to %d", board.Of(first).TurnMsg, board.Of(rec).TurnMsg, got)
	}
	// The current message's own report is still taken.
	sentIDs{h.bot}.onSent(testChat, board.TurnSlot(rec.ID), board.Of(rec).TurnMsg)
	if got := board.Of(h.Record()).TurnMsg; got != board.Of(rec).TurnMsg {
		t.Fatalf("turn message %d, want %d", got, board.Of(rec).TurnMsg)
	}
	// A restart shows the game in the current message, not the closed one.
	closed := *h.FindMessage(testChat, board.Of(first).TurnMsg)
	h.Stop()
	h.Start()
	h.Settle()
	if m := h.FindMessage(testChat, board.Of(first).TurnMsg); m.Text != closed.Text || m.Keyboard != nil {
		t.Fatalf("the closed turn's message was changed on restart: %q", m.Text)
	}
	v := h.version(testChat)
	h.pressIn(testChat, firstOp(h, testChat))
	if h.version(testChat) == v {
		t.Fatal("the current message's buttons do not work after the restart")
	}
}
