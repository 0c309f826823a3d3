package board_test

import (
	"encoding/json"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// Names at the edges of what Telegram delivers: right-to-left, the longest
// a seat keeps (32 runes, with HTML's special characters) and the shortest.
const (
	rtlName      = "ليلى"
	longestName  = "Александра-Констанция <&> Wolfe!" // 32 runes
	shortestName = "Ə"
)

// sentTexts are the texts of every message, edit, caption and alert the
// bot sent, and of every button it made.
func (h *harness) sentTexts() []string {
	var out []string
	for _, r := range h.API.Requests() {
		for _, key := range []string{"text", "caption"} {
			if s := r.Params[key]; s != "" {
				out = append(out, s)
			}
		}
		if m := r.Params["reply_markup"]; m != "" {
			var kb struct {
				Rows [][]struct {
					Text string `json:"text"`
				} `json:"inline_keyboard"`
			}
			if err := json.Unmarshal([]byte(m), &kb); err != nil {
				h.T.Fatalf("reply_markup %q: %v", m, err)
			}
			for _, row := range kb.Rows {
				for _, b := range row {
					out = append(out, b.Text)
				}
			}
		}
	}
	return out
}

// isolatedEverywhere fails unless every occurrence of name in texts sits
// between U+2068 and U+2069; it returns how many it saw.
func isolatedEverywhere(t *testing.T, texts []string, name string) int {
	t.Helper()
	seen := 0
	for _, s := range texts {
		for i := strings.Index(s, name); i >= 0; {
			seen++
			before, after := s[:i], s[i+len(name):]
			if !strings.HasSuffix(before, "\u2068") || !strings.HasPrefix(after, "\u2069") {
				t.Errorf("%q is not isolated in %q", name, s)
				break
			}
			j := strings.Index(after, name)
			if j < 0 {
				break
			}
			i += len(name) + j
		}
	}
	return seen
}

// TestNamesAreIsolatedInEveryText plays a game of a right-to-left name,
// the longest and the shortest: every message, alert and button that names
// them isolates the name, so "1 500 ليلى $" cannot happen.
func TestNamesAreIsolatedInEveryText(t *testing.T) {
	t.Parallel()
	h := namedHarness(t)
	h.StartGame()
	// A press on someone else's turn gets an alert naming whose turn it is.
	rec := h.Record()
	other := h.UserOf(rec, int((board.Of(rec).Game.Current+1)%engine.PlayerID(len(rec.Seats))))
	if msg, data, ok := h.FindButton(board.OpRoll, 0, true); ok {
		h.Press(other, msg, data)
	}
	r := rand.New(rand.NewPCG(1, 2))
	seen := map[engine.EventKind]bool{}
	for i := 0; i < 40 && h.Step(r, seen); i++ {
	}
	h.Say(h.Users[0], "/trade") // the trade composer's buttons name the others
	h.Say(h.Users[0], "/board")
	texts := h.sentTexts()
	for _, s := range texts {
		if strings.Contains(s, "\n ") {
			t.Errorf("a line is wrapped and indented by hand: %q", s)
		}
	}
	// The HTML messages carry the escaped form of the longest name.
	escaped := strings.NewReplacer("<", "&lt;", ">", "&gt;", "&", "&amp;").Replace(longestName)
	for _, forms := range [][]string{{rtlName}, {escaped, longestName}, {shortestName}} {
		n := 0
		for _, name := range forms {
			n += isolatedEverywhere(t, texts, name)
		}
		if n == 0 {
			t.Errorf("no text named %q", forms[0])
		}
	}
}

// numberAfterName is an isolated name with a number right after it.
var numberAfterName = regexp.MustCompile(`\x{2069} +[0-9]`)

// TestComputerNameKeepsApartFromCash: a computer is called "🤖 Computer 1";
// a number right after its name would read as one ("1 1 500 $"). Every
// text the game sends puts a separator after a name.
func TestComputerNameKeepsApartFromCash(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 3, nil)
	alice := h.Users[0]
	h.Say(alice, "/newgame")
	h.MustPress(alice, bot.OpAddComputer)
	h.MustPress(alice, bot.OpAddComputer)
	h.MustPress(alice, bot.OpStart)
	rec := h.Record()
	if rec == nil || rec.Status != kit.StatusPlaying || !rec.Seats[1].Computer {
		t.Fatalf("the game with computers did not start: %+v", rec)
	}
	h.MustPress(alice, board.OpRoll)
	cashLines := 0
	for _, s := range h.sentTexts() {
		if numberAfterName.MatchString(s) {
			t.Errorf("a number follows a name: %q", s)
		}
		if strings.Contains(s, rec.Seats[1].Name+"\u2069: ") {
			cashLines++
		}
	}
	if cashLines == 0 {
		t.Error("no message shows the computer's cash after its name and a colon")
	}
}
