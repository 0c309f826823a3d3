package bot

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/stats"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// The fixture database testdata/v1.db.gz was written by the bot as it was
// at commit 55306af (before bot/ was reshaped around game kinds), playing
// on a fake clock at Unix 1 800 000 000:
//
//   - chat fixtureStats: a two-player game started, one roll, /endgame
//     confirmed by its creator (statistics and the archive);
//   - chat fixtureLobby: /lang uk, then a lobby of users 33 and 22;
//   - testChat: settings (English, async pace, kick after 2 missed turns)
//     and a three-player game one roll in, with an open offer (trade 1:
//     Mediterranean Avenue for $10) whose message was sent, and a draft of
//     the third player (to the proposer, giving $50) in its composer.
//
// Records written by an older version must load unchanged and the games
// must go on; this test guards every change of the record's shape.
const (
	fixtureStats int64 = -1007777
	fixtureLobby int64 = -1005555
	fixtureTime  int64 = 1_800_000_000
)

// openFixture runs the whole bot on a copy of the fixture database, with
// a clock shortly after the fixture was written (so no deadline is due).
func openFixture(t *testing.T) *harness {
	t.Helper()
	return openFixtureFile(t, "testdata/v1.db.gz", fixtureTime)
}

// openFixtureFile is openFixture for the fixture database file, written
// at Unix time written.
func openFixtureFile(t *testing.T, file string, written int64) *harness {
	t.Helper()
	db := fixtureDB(t, file)
	clock := &fakeClock{now: time.Unix(written, 0).Add(3 * time.Minute)}
	copied := false
	h := newHarnessWith(t, 7, nil, func(c *AppConfig) {
		c.AuctionSilence, c.Now = 0, clock.Now
		if !copied {
			copied = true
			if err := os.WriteFile(c.DBPath, db, 0o600); err != nil {
				t.Fatal(err)
			}
		}
	})
	var offset int
	_ = h.bot.store.View(func(tx *storage.Tx) error { offset = tx.Offset(); return nil })
	h.API.ContinueUpdatesAfter(offset)
	return h
}

// fixtureDB is a fixture database file's bytes, unzipped.
func fixtureDB(t *testing.T, file string) []byte {
	t.Helper()
	zipped, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(zipped))
	if err != nil {
		t.Fatal(err)
	}
	db, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func TestFixtureDatabaseLoadsAndPlaysOn(t *testing.T) {
	t.Parallel()
	h := openFixture(t)

	// The settings.
	set := h.settings(testChat)
	if set.Lang != "en" || set.Options.Pace.Name != kit.PaceAsync || set.Options.KickAfter != 2 {
		t.Fatalf("game chat's settings: %+v", set)
	}
	if s := h.settings(fixtureLobby); s.Lang != "uk" {
		t.Fatalf("lobby chat's settings: %+v", s)
	}

	// The statistics of the ended game.
	err := h.bot.store.View(func(tx *storage.Tx) error {
		for _, u := range h.Users[:2] {
			here, _, ok, _ := stats.Load(tx, fixtureStats, u.ID)
			if !ok || here.Played != 1 || here.Won != 0 {
				t.Errorf("statistics of %d: %+v (ok %v)", u.ID, here, ok)
			}
		}
		if _, ok := tx.Game(fixtureStats); ok {
			t.Error("the ended game is still stored")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	// The lobby loads and takes another player.
	lobby, err := h.bot.Snapshot(fixtureLobby)
	if err != nil || lobby == nil || lobby.Status != kit.StatusLobby || len(lobby.Seats) != 2 || lobby.Creator != 33 {
		t.Fatalf("lobby: %+v, %v", lobby, err)
	}
	h.API.PushCallback(fixtureLobby, 1, h.Users[0], kit.Press{Game: lobby.ID, Rev: lobby.Rev, Op: OpJoin}.Encode())
	h.Settle()
	if lobby, _ = h.bot.Snapshot(fixtureLobby); len(lobby.Seats) != 3 || lobby.Seats[2].User != h.Users[0].ID {
		t.Fatalf("join in the fixture's lobby: %+v", lobby.Seats)
	}

	// The running game, its offer and its draft load.
	rec := h.Record()
	if rec == nil || rec.Status != kit.StatusPlaying || board.Of(rec).Game == nil || len(rec.Seats) != 3 {
		t.Fatalf("game: %+v", rec)
	}
	if err := board.Of(rec).Game.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	if rec.Pace.Name != kit.PaceAsync || rec.Options == nil || rec.Options.KickAfter != 2 {
		t.Fatalf("the game's pace and options: %+v %+v", rec.Pace, rec.Options)
	}
	if len(board.Of(rec).Offers) != 1 || board.Of(rec).Offers[0].ID != 1 || board.Of(rec).Offers[0].Msg == 0 || board.Of(rec).Offers[0].Trade.TakeCash != 10 {
		t.Fatalf("offers: %+v", board.Of(rec).Offers)
	}
	offer := board.Of(rec).Offers[0].Trade
	if len(board.Of(rec).Drafts) != 1 {
		t.Fatalf("drafts: %+v", board.Of(rec).Drafts)
	}
	var drafter int64
	var draft *state.Draft
	for u, d := range board.Of(rec).Drafts {
		drafter, draft = u, d
	}
	if draft.Trade.GiveCash != 50 || draft.Edit != board.EditGive || rec.SeatOf(drafter) != int(draft.Trade.From) {
		t.Fatalf("draft of %d: %+v", drafter, draft)
	}

	// The draft's composer goes on: +10.
	du := h.UserOf(rec, int(draft.Trade.From))
	h.API.PushCallback(du.ID, draft.Msg, du, kit.Press{Game: rec.ID, Rev: draft.Rev, Op: board.OpTrAdd, Arg: 10, Chat: testChat}.Encode())
	h.Settle()
	if a := h.LastAnswer(); a.ShowAlert {
		t.Fatalf("composer press refused: %q", a.Text)
	}
	if d := board.Of(h.Record()).Drafts[drafter]; d == nil || d.Trade.GiveCash != 60 {
		t.Fatalf("draft after +10: %+v", d)
	}

	// The offer is accepted: the deed changes hands, the offer's message
	// gets its final text.
	uy := h.UserOf(rec, int(offer.To))
	before := h.Record()
	h.Press(uy, board.Of(rec).Offers[0].Msg, kit.Press{Game: rec.ID, Op: board.OpOfAccept, Arg: offer.ID}.Encode())
	after := h.Record()
	if a := h.LastAnswer(); a.ShowAlert {
		t.Fatalf("accepting the fixture's offer: %q", a.Text)
	}
	if board.Of(after).Game.Props[1].Owner != offer.To || len(board.Of(after).Offers) != 0 || after.Rev != before.Rev+1 {
		t.Fatalf("after accepting: owner %d, offers %+v, rev %d → %d", board.Of(after).Game.Props[1].Owner, board.Of(after).Offers, before.Rev, after.Rev)
	}
	if !hasEvent(board.Of(after).Turn, engine.EvTradeAccepted) {
		t.Fatalf("the turn does not show the trade: %+v", board.Of(after).Turn)
	}

	// A turn button works: the current player's first move.
	op := firstOp(h, testChat)
	h.pressIn(testChat, op)
	if v := board.Of(h.Record()).Game.Version; v <= board.Of(after).Game.Version {
		t.Fatalf("the %q press changed nothing (version %d)", op, v)
	}
}

// TestLegacyOfferEditsAreFinalizedOnStart: a record of an older version
// may still hold offer messages to finalize (Record.OfferEdits); the next
// start gives them their final text without buttons and clears them.
func TestLegacyOfferEditsAreFinalizedOnStart(t *testing.T) {
	t.Parallel()
	h, p := composeOffer(t)
	h.PressPrivate(p.UX, board.OpTrSend, 0)
	id := board.Of(h.Record()).Game.NextTrade
	msgs := h.OfferMessages(testChat, id)
	if len(msgs) != 1 || msgs[0].Keyboard == nil {
		t.Fatalf("offer not posted: %+v", msgs)
	}
	final := msgs[0].Text + "\nfinal"
	h.Stop()
	h.Start()
	h.Edit(func(r *kit.Record) {
		board.Of(r).Offers = nil
		board.Of(r).OfferEdits = []state.OfferEdit{{Msg: msgs[0].ID, Offer: id, Text: final}}
	})
	h.Stop()
	h.Start()
	h.Settle()
	m := h.FindMessage(testChat, msgs[0].ID)
	if m.Text != final || len(m.Keyboard) != 0 {
		t.Fatalf("the legacy final edit was not made: %q %+v", m.Text, m.Keyboard)
	}
	if rec := h.Record(); len(board.Of(rec).OfferEdits) != 0 {
		t.Fatalf("legacy offer edits still pending: %+v", board.Of(rec).OfferEdits)
	}
}
