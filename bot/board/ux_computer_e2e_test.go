package board_test

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// computerAddressed is a question put to a computer seat: "👉", its token,
// its (isolated) name and a comma, as every prompt to a person starts.
var computerAddressed = regexp.MustCompile(`👉 \S+ \x{2068}🤖[^\x{2069}]*\x{2069},`)

// decisionOps are the buttons of the decision a turn message waits for.
var decisionOps = map[kit.Op]bool{board.OpRoll: true, board.OpBuy: true, board.OpDecline: true, board.OpEndTurn: true,
	board.OpPayFine: true, board.OpJailCard: true, board.OpStayInJail: true, board.OpStake: true}

// TestComputerTurnAsksNobody plays a whole game of one person and two
// computers in Russian: while a computer decides, the turn message says it
// is thinking, asks no question and offers no decision's buttons.
func TestComputerTurnAsksNobody(t *testing.T) {
	t.Parallel()
	clock := bottest.NewClock(time.Unix(1_800_000_000, 0))
	h := newHarnessWith(t, 9, nil, func(c *bot.AppConfig) { c.TimerTick, c.Now = time.Millisecond, clock.Now })
	if err := h.bot.Store().Update(func(tx *storage.Tx) error {
		opts := kit.ChatOptions{Edition: engine.Classic, Pace: kit.Pace{Name: kit.PaceAsync}, KickAfter: -1}
		return bottest.PutJSON(tx.PutSettings, testChat, kit.Settings{Lang: "ru", Options: opts})
	}); err != nil {
		t.Fatal(err)
	}
	alice := h.Users[0]
	h.LobbyWithComputers(2)
	h.MustPress(alice, bot.OpStart)
	prefer := []kit.Op{board.OpBankruptYes, board.OpRoll, board.OpPayDebt, board.OpPayFine, board.OpDecline, board.OpPass, board.OpEndTurn, board.OpBankrupt}
	h.PlayAgainstComputers(alice, clock.Add, prefer, h.computerDue) // turnlength_test.go
	arch := h.ArchivedRecord()
	var thinking []string
	for p, s := range arch.Seats {
		if s.Computer {
			thinking = append(thinking, h.bot.Catalog().T("ru", "prompt_computer_thinking", map[string]any{"Player": kit.SeatName(arch, engine.PlayerID(p))}))
		}
	}
	chat := strconv.FormatInt(testChat, 10)
	shown := 0
	for _, r := range h.API.Requests() {
		text := r.Params["text"]
		if r.Params["chat_id"] != chat || (r.Method != "sendMessage" && r.Method != "editMessageText") {
			continue
		}
		if m := computerAddressed.FindString(text); m != "" {
			t.Errorf("a question to a computer (%q):\n%s", m, text)
		}
		if !slices.ContainsFunc(thinking, func(l string) bool { return strings.Contains(text, l) }) {
			continue
		}
		shown++
		var kb struct {
			Rows [][]struct {
				Text string `json:"text"`
				Data string `json:"callback_data"`
			} `json:"inline_keyboard"`
		}
		if m := r.Params["reply_markup"]; m != "" {
			if err := json.Unmarshal([]byte(m), &kb); err != nil {
				t.Fatal(err)
			}
		}
		for _, row := range kb.Rows {
			for _, b := range row {
				if p, err := kit.ParsePress(b.Data); err == nil && decisionOps[p.Op] {
					t.Errorf("a computer's decision offers people %q:\n%s", b.Text, text)
				}
			}
		}
	}
	if shown == 0 {
		t.Error("no turn message said a computer was thinking")
	}
	t.Logf("%d states of a computer thinking", shown)
}
