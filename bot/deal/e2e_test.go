package deal_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	dealengine "github.com/monopoly-tg/monopoly-bot/engine/deal"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// TestDealGameEndToEnd plays whole 3-player Deal games through the fake
// Bot API, one in each language, every move pressed on a hand button in
// the person's private chat (the engine's computer player chooses). The
// seeds are games with a Just Say No chain (the actor says no to a
// target's no), a Deal Breaker and a partial payment; the bot is stopped
// and started again in the middle of a turn, and the hands go on in the
// same private messages.
func TestDealGameEndToEnd(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		lang string
		seed uint64
	}{{"uk", 2}, {"ru", 37}, {"en", 64}} {
		t.Run(c.lang, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, c.seed, nil)
			h.StartDeal(c.lang)
			var chain, breaker, partial, restarted bool
			steps := 0
			for ; steps < 2000; steps++ {
				rec := h.Record()
				if rec == nil {
					break
				}
				g := deal.Of(rec).Game
				for _, e := range deal.Of(rec).Events {
					switch {
					case e.Kind == dealengine.EvSaidNo && e.Player == g.Current:
						chain = true
					case e.Kind == dealengine.EvPlayed && dealengine.Cards[e.Card].Action == dealengine.DealBreaker:
						breaker = true
					case e.Kind == dealengine.EvPaid && e.Amount < e.Owed:
						partial = true
					}
				}
				if !restarted && steps >= 10 && (g.Plays > 0 || g.Phase == dealengine.PhaseRespond) {
					h.restartKeepsHands(rec)
					restarted = true
				}
				if !h.DealStep() {
					break
				}
			}
			if rec := h.Record(); rec != nil {
				t.Fatalf("the game did not end in %d moves", steps)
			}
			last, _ := h.API.LastMessage(testChat)
			if !strings.Contains(last.Text, "🏆") {
				t.Fatalf("the last group message is not the result: %q", last.Text)
			}
			if !chain || !breaker || !partial || !restarted {
				t.Fatalf("the game lacked a Just Say No chain (%v), a Deal Breaker (%v), a partial payment (%v) or the restart (%v)",
					chain, breaker, partial, restarted)
			}
			h.noTemplateGaps()
			h.logBudget(steps)
			h.dealCountedApart()
		})
	}
}

// restartKeepsHands stops the bot and starts it again; every hand stays in
// its private message (no new message in a private chat).
func (h *harness) restartKeepsHands(rec *kit.Record) {
	h.T.Helper()
	before := map[int64]int{}
	for _, u := range h.Users {
		before[u.ID] = len(h.API.Messages(u.ID))
	}
	h.Stop()
	h.Start()
	h.Settle()
	after := h.Record()
	for i, hd := range deal.Of(after).Hands {
		if hd.Msg != deal.Of(rec).Hands[i].Msg {
			h.T.Fatalf("seat %d's hand moved from message %d to %d", i, deal.Of(rec).Hands[i].Msg, hd.Msg)
		}
	}
	for _, u := range h.Users {
		if n := len(h.API.Messages(u.ID)); n != before[u.ID] {
			h.T.Fatalf("%s got %d new private messages after the restart", u.FirstName, n-before[u.ID])
		}
	}
}

// noTemplateGaps: no message shown in the group or a private chat has a
// missing value or a raw message id.
func (h *harness) noTemplateGaps() {
	h.T.Helper()
	for _, chat := range []int64{testChat, h.Users[0].ID, h.Users[1].ID, h.Users[2].ID} {
		for _, m := range h.API.Messages(chat) {
			texts := []string{m.Text}
			for _, row := range m.Keyboard {
				for _, b := range row {
					texts = append(texts, b.Text)
				}
			}
			for _, s := range texts {
				if strings.Contains(s, "<no value>") || strings.Contains(s, "deal_") || strings.Contains(s, "{{") {
					h.T.Fatalf("chat %d shows %q", chat, s)
				}
			}
		}
	}
}

// dealCountedApart: a finished Deal game counts in its players' statistics
// apart from the board games (one game each, one win among them), and
// /stats shows it.
func (h *harness) dealCountedApart() {
	h.T.Helper()
	wins := 0
	for _, u := range h.Users {
		var here, all bot.PlayerStats
		_ = h.bot.Store().View(func(tx *storage.Tx) error {
			here, all, _, _ = bot.ReadStats(tx, testChat, u.ID)
			return nil
		})
		for _, s := range []bot.PlayerStats{here, all} {
			if k := s.Kinds[deal.Name]; k == nil || k.Played != 1 || s.Played != 0 {
				h.T.Fatalf("%s's statistics %+v: want one Deal game and no board game", u.FirstName, s)
			}
		}
		wins += here.Kinds[deal.Name].Won
	}
	if wins != 1 {
		h.T.Fatalf("%d Deal wins counted, want 1", wins)
	}
	h.Say(h.Users[0], "/stats")
	if last, _ := h.API.LastMessage(testChat); !strings.Contains(last.Text, "Deal") {
		h.T.Fatalf("/stats does not show the Deal game: %q", last.Text)
	}
}

// logBudget reports what a Deal game cost in the group's budget (20 sends
// and edits a minute) and in the private chats: the figures the README
// quotes.
func (h *harness) logBudget(moves int) {
	group, private, turns := 0, 0, 0
	for _, method := range []string{"sendMessage", "editMessageText"} {
		for _, r := range h.API.Calls(method) {
			if r.Params["chat_id"] == strconv.FormatInt(testChat, 10) {
				group++
			} else {
				private++
			}
		}
	}
	for _, m := range h.API.Messages(testChat) {
		if strings.Contains(m.Text, "Monopoly Deal</b> ·") || strings.Contains(m.Text, "Монополія Deal</b> ·") || strings.Contains(m.Text, "Монополия Deal</b> ·") {
			turns++
		}
	}
	h.T.Logf("%d moves, %d turns: %d group sends and edits (%.2f a turn), %d in private chats", moves, turns, group, float64(group)/float64(max(turns, 1)), private)
}

// TestDealTableFitsAPhone plays a whole five-player Deal game through the
// fake Bot API and reads every text the table message was sent or edited
// with: one line per seat, the latest moves only, within tableLines (15)
// lines, the short line about the buttons at most once, and no glyph
// that common fonts lack (🂠).
func TestDealTableFitsAPhone(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 5, nil)
	h.Users = append(h.Users, fakeapi.User{ID: 44, FirstName: "Dmytro", LanguageCode: "uk"},
		fakeapi.User{ID: 55, FirstName: "Ева", LanguageCode: "ru"})
	h.StartDeal("ru")
	steps, turns := 0, 0
	for ; steps < 4000 && h.DealStep(); steps++ {
		if rec := h.Record(); rec != nil {
			turns = deal.Of(rec).Game.Turn
		}
	}
	if h.Record() != nil {
		t.Fatalf("the game did not end in %d moves", steps)
	}
	pile := strings.SplitN(h.bot.Catalog().T("ru", "deal_table_pile", nil), ":", 2)[0]
	hint := h.bot.Catalog().T("ru", "deal_table_hint", nil)
	tables, longest, longestText := 0, 0, ""
	for _, r := range h.API.Requests() {
		text := r.Params["text"]
		if r.Params["chat_id"] != strconv.FormatInt(testChat, 10) || !strings.Contains(text, pile) {
			continue
		}
		tables++
		if n := strings.Count(text, "\n") + 1; n > longest {
			longest, longestText = n, text
		}
		if strings.Count(text, hint) > 1 || strings.Contains(text, "🂠") {
			t.Fatalf("the table repeats its hint or shows 🂠:\n%s", text)
		}
		// One line per seat: its hand, bank and sets (or that it left).
		seats := 0
		for _, line := range strings.Split(text, "\n") {
			if strings.Contains(line, ": на руке ") || strings.Contains(line, ": 🚪 вне игры") {
				seats++
			}
		}
		if seats != len(h.Users) {
			t.Fatalf("%d seat lines, want %d:\n%s", seats, len(h.Users), text)
		}
	}
	if tables < turns || turns < 20 {
		t.Fatalf("%d table texts over %d turns: want a long game, every turn's table", tables, turns)
	}
	if longest > 15 {
		t.Fatalf("a table of %d lines (over 15):\n%s", longest, longestText)
	}
	t.Logf("%d turns, %d moves, %d table texts, the longest %d lines:\n%s", turns, steps, tables, longest, longestText)
}
