package bot

import (
	"bytes"
	"compress/gzip"
	"os"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	dealengine "github.com/monopoly-tg/monopoly-bot/engine/deal"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// The fixture database testdata/v2.db.gz was written by the bot as it was
// at commit b3ed94d (game kinds over a kit that still embedded the
// board's state), by TestWriteFixtureV2 on a fake clock at Unix
// fixtureV2Time:
//
//   - fixtureDeal: a Monopoly Deal game in Ukrainian with the house rule
//     "Just Say No is free", each seat's hand opened in its private chat
//     (so each person's private settings link to it), a few moves in;
//   - fixtureBusiness, fixtureLux: games of the business and the deluxe
//     edition, a few moves in;
//   - fixtureLobbyV2: /lang ru, then a lobby of users 33 and 22;
//   - testChat: settings (English, relaxed pace, kick after 2 missed turns,
//     random order, Kyiv time, house rules: starting cash 2000, Free
//     Parking jackpot, no rent in jail) and a classic three-player game one
//     roll in with an open offer (Mediterranean Avenue for $10) and a draft
//     of the third player ($50) in its composer.
//
// The first three were played in testChat and moved to their own chats by
// Telegram's group upgrade, as a real chat's would be.
const (
	fixtureDeal     int64 = -1003003
	fixtureBusiness int64 = -1002002
	fixtureLux      int64 = -1004004
	fixtureLobbyV2  int64 = -1005005
	fixtureV2Time   int64 = 1_850_000_000
)

// fixtureV2Rules are the house rules of testChat's settings in the v2
// fixture.
func fixtureV2Rules() *engine.Rules {
	r := engine.EditionByID(engine.Classic).Rules
	r.StartingCash, r.FreeParkingJackpot, r.NoRentInJail = 2000, true, true
	return &r
}

// TestWriteFixtureV2 writes testdata/v2.db.gz when MONOPOLY_WRITE_FIXTURE
// is set. It is not a check: it is how the fixture was made, kept so the
// next shape of the record can make its own from the code of its day.
func TestWriteFixtureV2(t *testing.T) {
	out := os.Getenv("MONOPOLY_WRITE_FIXTURE")
	if out == "" {
		t.Skip("set MONOPOLY_WRITE_FIXTURE=path to write the fixture database")
	}
	clock := &fakeClock{now: time.Unix(fixtureV2Time, 0)}
	h := newHarnessWith(t, 7, nil, func(c *AppConfig) { c.AuctionSilence, c.Now = 0, clock.Now })
	alice, bohdan, vera := h.Users[0], h.Users[1], h.Users[2]
	migrate := func(to int64) {
		h.API.PushUpdate(tgbotapi.Update{Message: &tgbotapi.Message{MessageID: 999, Chat: &tgbotapi.Chat{ID: testChat, Type: "group"},
			From: &tgbotapi.User{ID: alice.ID}, MigrateToChatID: to}})
		h.Settle()
		if rec, _ := h.bot.Snapshot(to); rec == nil {
			t.Fatalf("nothing moved to %d", to)
		}
	}
	putOptions := func(s kit.Settings) {
		if err := h.bot.store.Update(func(tx *storage.Tx) error { return putJSON(tx.PutSettings, testChat, s) }); err != nil {
			t.Fatal(err)
		}
	}

	// Deal, with its house rule.
	dealOptions := kit.ChatOptions{Edition: deal.Name, Pace: kit.Pace{Name: kit.PaceRelaxed}}
	deal.SetOptions(&dealOptions, deal.Options{SayNoFree: true})
	putOptions(kit.Settings{Lang: "uk", Options: dealOptions})
	h.StartDeal("uk")
	for i := 0; i < 4 && h.DealStep(); i++ {
	}
	migrate(fixtureDeal)

	// The business and the deluxe editions, a few presses each.
	for _, ed := range []struct {
		name string
		chat int64
	}{{"business", fixtureBusiness}, {"lux", fixtureLux}} {
		putOptions(kit.Settings{Lang: "en", Options: kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceRelaxed}}})
		h.OpenLobby(ed.name)
		h.MustPress(alice, OpStart)
		for i := 0; i < 3; i++ {
			h.pressIn(testChat, firstOp(h, testChat))
		}
		migrate(ed.chat)
	}

	// A lobby.
	putOptions(kit.Settings{})
	h.Say(vera, "/lang ru")
	h.Say(vera, "/newgame")
	h.MustPress(bohdan, OpJoin)
	migrate(fixtureLobbyV2)

	// The classic game with options, house rules, an offer and a draft.
	classicOptions := kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceRelaxed}, KickAfter: 2, RandomOrder: true, TimeZone: "Europe/Kyiv"}
	board.SetRules(&classicOptions, fixtureV2Rules())
	putOptions(kit.Settings{Lang: "en", Options: classicOptions})
	h.StartGame()
	h.pressIn(testChat, firstOp(h, testChat))
	rec := h.Record()
	x := board.Of(rec).Game.Current
	y, z := (x+1)%3, (x+2)%3
	ux, uz := h.UserOf(rec, int(x)), h.UserOf(rec, int(z))
	h.Edit(func(r *kit.Record) { board.Of(r).Game.Props[1].Owner = x })
	h.ComposeDeedForCash(ux, y, 1, 10)
	h.PressPrivate(ux, board.OpTrSend, 0)
	h.MustPress(uz, board.OpTrade)
	h.PressPrivate(uz, board.OpTrTo, int(x))
	h.PressPrivate(uz, board.OpTrMode, board.EditGive)
	h.PressPrivate(uz, board.OpTrAdd, 50)
	if rec := h.Record(); len(board.Of(rec).Offers) != 1 || len(board.Of(rec).Drafts) != 1 {
		t.Fatalf("offers %+v, drafts %+v", board.Of(rec).Offers, board.Of(rec).Drafts)
	}

	h.Stop()
	db, err := os.ReadFile(h.DB)
	if err != nil {
		t.Fatal(err)
	}
	var zipped bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&zipped, gzip.BestCompression)
	if _, err := zw.Write(db); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, zipped.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestFixtureV2LoadsAndPlaysOn: every chat of the v2 fixture loads as it
// was written, and each game goes on.
func TestFixtureV2LoadsAndPlaysOn(t *testing.T) {
	t.Parallel()
	h := openFixtureFile(t, "testdata/v2.db.gz", fixtureV2Time)
	snapshot := func(chat int64) *kit.Record {
		t.Helper()
		rec, err := h.bot.Snapshot(chat)
		if err != nil || rec == nil {
			t.Fatalf("chat %d: %v, %v", chat, rec, err)
		}
		return rec
	}

	// The settings, with their options and house rules.
	set := h.settings(testChat)
	if set.Lang != "en" || set.Options.Pace.Name != kit.PaceRelaxed || set.Options.KickAfter != 2 || !set.Options.RandomOrder ||
		set.Options.TimeZone != "Europe/Kyiv" || board.RulesIn(&set.Options) == nil || *board.RulesIn(&set.Options) != *fixtureV2Rules() {
		t.Fatalf("the game chat's settings: %+v", set)
	}
	if s := h.settings(fixtureDeal); s.Lang != "uk" || !deal.OptionsIn(&s.Options).SayNoFree || s.Options.Edition != deal.Name {
		t.Fatalf("the Deal chat's settings: %+v", s)
	}
	if s := h.settings(fixtureLobbyV2); s.Lang != "ru" {
		t.Fatalf("the lobby chat's settings: %+v", s)
	}

	// The lobby takes another player.
	lobby := snapshot(fixtureLobbyV2)
	if lobby.Status != kit.StatusLobby || len(lobby.Seats) != 2 || lobby.Creator != 33 {
		t.Fatalf("lobby: %+v", lobby)
	}
	h.API.PushCallback(fixtureLobbyV2, lobby.LobbyMsg, h.Users[0], kit.Press{Game: lobby.ID, Rev: lobby.Rev, Op: OpJoin}.Encode())
	h.Settle()
	if lobby = snapshot(fixtureLobbyV2); len(lobby.Seats) != 3 {
		t.Fatalf("join in the fixture's lobby: %+v", lobby.Seats)
	}

	// The business and deluxe games go on.
	for chat, ed := range map[int64]string{fixtureBusiness: engine.Business, fixtureLux: engine.Lux} {
		rec := snapshot(chat)
		if rec.Edition != ed || board.Of(rec).Game == nil || board.Of(rec).Game.Edition != ed {
			t.Fatalf("chat %d: edition %q, game %v", chat, rec.Edition, board.Of(rec).Game)
		}
		if err := board.Of(rec).Game.CheckInvariants(); err != nil {
			t.Fatal(err)
		}
		before := board.Of(rec).Game.Version
		h.pressIn(chat, firstOp(h, chat))
		if v := h.version(chat); v <= before {
			t.Fatalf("chat %d: a press changed nothing (version %d)", chat, v)
		}
	}

	// The Deal game: its hands, its links, and the next move from a hand.
	rec := snapshot(fixtureDeal)
	if rec.Kind != deal.Name || deal.Of(rec) == nil || deal.Of(rec).Game == nil || len(deal.Of(rec).Hands) != 3 {
		t.Fatalf("Deal game: %+v", rec)
	}
	if err := deal.Of(rec).Game.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	if !deal.OptionsIn(rec.Options).SayNoFree {
		t.Fatalf("the Deal game's options: %+v", rec.Options)
	}
	for i, hand := range deal.Of(rec).Hands {
		if !hand.Open || hand.Msg == 0 {
			t.Fatalf("seat %d's hand: %+v", i, hand)
		}
		if s := h.settings(rec.Seats[i].User); s.Links.Get(deal.LinkKey) != fixtureDeal {
			t.Fatalf("seat %d's private settings link %d", i, s.Links.Get(deal.LinkKey))
		}
	}
	p := deal.Of(rec).Game.Waiting()
	if deal.Of(rec).Game.Phase != dealengine.PhasePlay {
		t.Fatalf("the Deal game waits in phase %v", deal.Of(rec).Game.Phase)
	}
	u := h.UserOf(rec, int(p))
	end := -1
	for _, b := range deal.Buttons(rec, int(p)) {
		if b.Op == deal.OpAct && b.Action.Kind == dealengine.ActEndTurn {
			end = b.Arg
		}
	}
	msg, data, ok := h.FindButtonIn(u.ID, deal.OpAct, end, false)
	if !ok {
		t.Fatalf("%s's hand has no end-turn button", u.FirstName)
	}
	h.API.PushCallback(u.ID, msg, u, data)
	h.Settle()
	if after := snapshot(fixtureDeal); deal.Of(after).Game.Current == deal.Of(rec).Game.Current {
		t.Fatalf("ending the turn from the hand changed nothing: %v", h.LastAnswer())
	}

	// The classic game, its offer and draft.
	rec = h.Record()
	if rec.Status != kit.StatusPlaying || board.Of(rec).Game == nil || len(rec.Seats) != 3 || len(board.Of(rec).Offers) != 1 || len(board.Of(rec).Drafts) != 1 {
		t.Fatalf("game: %+v", rec)
	}
	if rec.Options == nil || board.RulesIn(rec.Options) == nil || !board.RulesIn(rec.Options).FreeParkingJackpot || board.Of(rec).Game.Rules.StartingCash != 2000 {
		t.Fatalf("the game's options: %+v", rec.Options)
	}
	for user := range board.Of(rec).Drafts { // the composer's link, read from "trade_chat"
		if got := h.settings(user).Links.Get(board.LinkKey); got != testChat {
			t.Fatalf("the drafter's private chat links to %d", got)
		}
	}
	offer := board.Of(rec).Offers[0].Trade
	h.Press(h.UserOf(rec, int(offer.To)), board.Of(rec).Offers[0].Msg, kit.Press{Game: rec.ID, Op: board.OpOfAccept, Arg: offer.ID}.Encode())
	if after := h.Record(); board.Of(after).Game.Props[1].Owner != offer.To || len(board.Of(after).Offers) != 0 {
		t.Fatalf("accepting the fixture's offer: %q", h.LastAnswer().Text)
	}
	before := board.Of(h.Record()).Game.Version
	h.pressIn(testChat, firstOp(h, testChat))
	if v := board.Of(h.Record()).Game.Version; v <= before {
		t.Fatalf("a turn press changed nothing (version %d)", v)
	}
}
