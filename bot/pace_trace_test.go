package bot

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
)

// Tracing the pace bench (PACE_TRACE=1): for every press slower than
// paceSlow, what the group's queue held when the press was handled (op
// kinds and slots) and the group's calls from the press until its result
// was shown, so that a slow p95 can be traced to what delayed it.

const paceSlow = time.Second

var paceTracing = os.Getenv("PACE_TRACE") != ""

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if r := []rune(s); len(r) > 30 {
		s = string(r[:30])
	}
	return s
}

// groupCallsSince describes the group's limited calls made since t.
func groupCallsSince(api *fakeapi.Server, t time.Time) string {
	var out []string
	for _, r := range api.Requests() {
		if r.Time.Before(t.Add(-3*time.Second)) || r.Params["chat_id"] != strconv.FormatInt(testChat, 10) {
			continue
		}
		switch r.Method {
		case "sendMessage", "sendPhoto", "editMessageText", "editMessageCaption", "editMessageReplyMarkup", "deleteMessage":
			out = append(out, fmt.Sprintf("+%v %s %s %q", r.Time.Sub(t).Round(time.Millisecond), r.Method, r.Params["message_id"], firstLine(r.Params["text"]+r.Params["caption"])))
		}
	}
	return strings.Join(out, " | ")
}

// traceSlow logs a slow press (PACE_TRACE).
func (p *pacePlayer) traceSlow(what string, t0 time.Time, queued string, d time.Duration) {
	if !paceTracing || d < paceSlow && !strings.Contains(os.Getenv("PACE_TRACE"), "all") {
		return
	}
	p.h.T.Logf("SLOW %s %v: queue at handling: %s\n\tcalls: %s", what, d.Round(time.Millisecond), queued, groupCallsSince(p.h.API, t0))
}
