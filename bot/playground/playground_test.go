package playground

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
)

// startPlayground runs the playground with n people on a free port and
// returns the page's address. fast turns Telegram's pacing off on both
// sides, for tests that play many turns.
func startPlayground(t *testing.T, n int, fast bool) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	cfg := Config{
		Addr: "127.0.0.1:0", DBPath: filepath.Join(t.TempDir(), "playground.db"), People: n,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Ready:  func(url string) { ready <- url },
		Tune:   func(c *bot.AppConfig) { c.NoSync = true },
	}
	if fast {
		cfg.Limits = &fakeapi.Limits{}
		cfg.Tune = func(c *bot.AppConfig) {
			c.NoSync = true
			c.Client = telegram.ClientOptions{Global: telegram.NoLimit, Group: telegram.NoLimit, Private: telegram.NoLimit}
			c.Presses = telegram.NoLimit // a test clicks faster than a person
		}
	}
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run: %v", err)
			}
		case <-time.After(15 * time.Second):
			t.Error("the playground did not stop")
		}
	})
	select {
	case url := <-ready:
		return url
	case err := <-done:
		t.Fatalf("the playground did not start: %v", err)
	case <-time.After(20 * time.Second):
		t.Fatal("the playground did not start in time")
	}
	return ""
}

// stream reads the page's server-sent events.
type stream struct {
	t    *testing.T
	body io.Closer
	r    *bufio.Reader
}

func openStream(t *testing.T, url string) *stream {
	t.Helper()
	resp, err := http.Get(url + "api/events")
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode != 200 || ct != "text/event-stream" {
		t.Fatalf("events: %d %q", resp.StatusCode, ct)
	}
	s := &stream{t: t, body: resp.Body, r: bufio.NewReader(resp.Body)}
	t.Cleanup(func() { s.body.Close() })
	return s
}

// next returns the next event's name and data.
func (s *stream) next() (string, []byte) {
	s.t.Helper()
	var name string
	var data []byte
	for {
		line, err := s.r.ReadString('\n')
		if err != nil {
			s.t.Fatalf("reading events: %v", err)
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case strings.HasPrefix(line, "event: "):
			name = line[len("event: "):]
		case strings.HasPrefix(line, "data: "):
			data = append(data, line[len("data: "):]...)
		case line == "" && name != "":
			return name, data
		}
	}
}

// until reads events until match accepts one, and returns its data.
func (s *stream) until(what string, match func(name string, data []byte) bool) []byte {
	s.t.Helper()
	timer := time.AfterFunc(15*time.Second, func() { s.body.Close() })
	defer timer.Stop()
	for {
		name, data := s.next()
		if match(name, data) {
			return data
		}
	}
}

func post(t *testing.T, url, path string, body any) (int, map[string]any) {
	t.Helper()
	raw, _ := json.Marshal(body)
	resp, err := http.Post(url+"api/"+path, "application/json", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

func TestThePageIsServedWithAStrictPolicyOnItsOwnHostOnly(t *testing.T) {
	url := startPlayground(t, 2, false)
	for _, path := range []string{"", "app.js", "style.css", "icon.svg"} {
		resp, err := http.Get(url + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || len(body) == 0 {
			t.Fatalf("GET /%s: %d", path, resp.StatusCode)
		}
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
			t.Fatalf("GET /%s: policy %q", path, csp)
		}
	}
	req, _ := http.NewRequest("GET", url, nil)
	req.Host = "evil.example:80" // a DNS name rebound to 127.0.0.1
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMisdirectedRequest {
		t.Fatalf("a foreign Host got %d", resp.StatusCode)
	}
	// A form post from another site: not JSON, refused.
	resp, err = http.Post(url+"api/send", "text/plain", strings.NewReader(`{"user":1001,"chat":-4242,"text":"/newgame"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("a text/plain post got %d", resp.StatusCode)
	}
}

func TestRunRefusesAnAddressOtherMachinesReach(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", ":0", "192.0.2.1:0"} {
		err := Run(context.Background(), Config{Addr: addr, DBPath: filepath.Join(t.TempDir(), "x.db")})
		if err == nil || !strings.Contains(err.Error(), "loopback") {
			t.Errorf("%s: %v", addr, err)
		}
	}
	if err := Run(context.Background(), Config{Addr: "127.0.0.1:0", People: 7}); err == nil {
		t.Error("7 people accepted")
	}
}

type message struct {
	Chat     int64  `json:"chat"`
	ID       int    `json:"id"`
	From     int64  `json:"from"`
	Text     string `json:"text"`
	HTML     bool   `json:"html"`
	Keyboard [][]struct {
		Text, Data, URL string
	} `json:"keyboard"`
	Edited bool `json:"edited"`
}

func decode[T any](t *testing.T, data []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%v: %s", err, data)
	}
	return v
}

// TestTheStreamShowsTheBotAnsweringThePeople plays a lobby through the API
// the page uses and checks what the stream tells the page.
func TestTheStreamShowsTheBotAnsweringThePeople(t *testing.T) {
	t.Parallel() // it waits out the group's pace in real time: beside the browser tests
	url := startPlayground(t, 3, false)
	events := openStream(t, url)
	name, data := events.next()
	if name != "state" {
		t.Fatalf("first event %q", name)
	}
	st := decode[stateView](t, data)
	if len(st.People) != 3 || st.Group != GroupID || st.Bot.User != fakeapi.BotUsername || len(st.Chats) != 0 {
		t.Fatalf("state %+v", st)
	}
	for _, lang := range []string{"", "ru", "uk", "en"} {
		if cmds := st.Commands[lang]; len(cmds) == 0 || cmds[0].Command != "newgame" || cmds[0].Description == "" {
			t.Fatalf("the %q command menu: %+v", lang, cmds)
		}
	}
	olena, dmitry, alice := st.People[0], st.People[1], st.People[2]
	if olena.Lang != "uk" || dmitry.Lang != "ru" || alice.Lang != "en" {
		t.Fatalf("languages %+v", st.People)
	}

	if code, _ := post(t, url, "send", map[string]any{"user": olena.ID, "chat": GroupID, "text": "/newgame"}); code != 200 {
		t.Fatalf("send: %d", code)
	}
	mine := decode[message](t, events.until("Олена's message", func(n string, d []byte) bool { return n == "message" }))
	if mine.From != olena.ID || mine.Text != "/newgame" {
		t.Fatalf("the person's own message: %+v", mine)
	}
	lobby := decode[message](t, events.until("the lobby", func(n string, d []byte) bool { return n == "message" }))
	if lobby.From != 0 || !lobby.HTML || len(lobby.Keyboard) == 0 || !strings.Contains(lobby.Text, "Олена") {
		t.Fatalf("lobby %+v", lobby)
	}
	join := lobby.Keyboard[0][0]
	if !strings.HasPrefix(join.Text, "✋") {
		t.Fatalf("first button %+v", join)
	}

	// The page can press only what is on the message, as Telegram's app.
	if code, _ := post(t, url, "press", map[string]any{"user": dmitry.ID, "chat": GroupID, "message": lobby.ID, "data": "forged:1:s"}); code != 400 {
		t.Fatalf("a forged press got %d", code)
	}
	if code, _ := post(t, url, "press", map[string]any{"user": dmitry.ID, "chat": GroupID, "message": lobby.ID, "data": join.Data}); code != 200 {
		t.Fatalf("press: %d", code)
	}
	var answered, edited bool
	events.until("the answer and the lobby's edit", func(n string, d []byte) bool {
		switch n {
		case "answer":
			a := decode[answerView](t, d)
			answered = a.User == dmitry.ID && a.Chat == GroupID && a.Message == lobby.ID
		case "edit":
			m := decode[message](t, d)
			edited = m.ID == lobby.ID && m.Edited && strings.Contains(m.Text, "Дмитрий")
		}
		return answered && edited
	})

	// People write only in the group and in their own private chat.
	if code, _ := post(t, url, "send", map[string]any{"user": dmitry.ID, "chat": olena.ID, "text": "hi"}); code != 403 {
		t.Fatalf("writing into someone else's private chat got %d", code)
	}
	if code, _ := post(t, url, "send", map[string]any{"user": 9, "chat": GroupID, "text": "hi"}); code != 400 {
		t.Fatalf("a stranger got %d", code)
	}
	if code, _ := post(t, url, "send", map[string]any{"user": alice.ID, "chat": GroupID, "text": "  "}); code != 400 {
		t.Fatalf("an empty message got %d", code)
	}

	// A deep link opens Alice's private chat with /start; the bot answers there.
	if code, _ := post(t, url, "open", map[string]any{"user": alice.ID, "link": "https://example.com/?start=x"}); code != 400 {
		t.Fatalf("a foreign link got %d", code)
	}
	code, out := post(t, url, "open", map[string]any{"user": alice.ID, "link": "https://t.me/" + fakeapi.BotUsername + "?start=hello"})
	if code != 200 || out["chat"] != float64(alice.ID) {
		t.Fatalf("open: %d %v", code, out)
	}
	reply := decode[message](t, events.until("the bot's reply in private", func(n string, d []byte) bool {
		m := decode[message](t, d)
		return n == "message" && m.Chat == alice.ID && m.From == 0
	}))
	if reply.Text == "" {
		t.Fatalf("reply %+v", reply)
	}

	// The status line's figures: the lobby's sends and edits this minute.
	s := decode[statsView](t, events.until("stats", func(n string, d []byte) bool { return n == "stats" }))
	if s.PerMinute["-4242"] < 2 || s.TooMany != 0 || s.Limit != 20 {
		t.Fatalf("stats %+v", s)
	}
}

// TestPhotosAreServedByFileID checks the page's way to a photo the bot sent.
func TestPhotosAreServedByFileID(t *testing.T) {
	fake := fakeapi.New()
	defer fake.Close()
	h := newHandler(fake, People(2), "127.0.0.1:1", 20)
	get := func(path string) *http.Response {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "http://127.0.0.1:1"+path, nil))
		return w.Result()
	}
	if r := get("/api/file/AgACnothing"); r.StatusCode != 404 {
		t.Fatalf("unknown file: %d", r.StatusCode)
	}
	id := sendPhoto(t, fake)
	r := get("/api/file/" + id)
	body, _ := io.ReadAll(r.Body)
	if r.StatusCode != 200 || r.Header.Get("Content-Type") != "image/png" || len(body) == 0 {
		t.Fatalf("photo: %d %q %d bytes", r.StatusCode, r.Header.Get("Content-Type"), len(body))
	}
	if v := viewOf(GroupID, fake.History(GroupID)[0]); v.Photo != "/api/file/"+id || v.Text != "<b>Board</b>" {
		t.Fatalf("the page sees %+v", v)
	}
}

func sendPhoto(t *testing.T, fake *fakeapi.Server) string {
	t.Helper()
	api, err := tgbotapi.NewBotAPIWithAPIEndpoint("1:x", fake.Endpoint())
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 40, 30))); err != nil {
		t.Fatal(err)
	}
	p := tgbotapi.NewPhoto(GroupID, tgbotapi.FileBytes{Name: "board.png", Bytes: buf.Bytes()})
	p.Caption, p.ParseMode = "<b>Board</b>", "HTML"
	m, err := api.Send(p)
	if err != nil || len(m.Photo) == 0 {
		t.Fatalf("sendPhoto: %v", err)
	}
	return m.Photo[0].FileID
}

// TestInlineQueriesReachTheBotAndResultsOnlyTheirAsker plays inline mode
// through the page's API, with the test answering as the bot.
func TestInlineQueriesReachTheBotAndResultsOnlyTheirAsker(t *testing.T) {
	fake := fakeapi.New()
	t.Cleanup(fake.Close)
	people := People(2)
	srv := httptest.NewUnstartedServer(nil)
	srv.Config.Handler = newHandler(fake, people, srv.Listener.Addr().String(), 0)
	srv.Start()
	t.Cleanup(srv.Close) // after the stream below is closed
	url := srv.URL + "/"
	events := openStream(t, url)
	events.next() // the state

	code, out := post(t, url, "inline", map[string]any{"user": people[0].ID, "chat": GroupID, "query": "hand"})
	if code != 200 {
		t.Fatalf("inline: %d %v", code, out)
	}
	qid, _ := out["query"].(string)
	api, err := tgbotapi.NewBotAPIWithAPIEndpoint("1:x", fake.Endpoint())
	if err != nil {
		t.Fatal(err)
	}
	us, _ := api.GetUpdates(tgbotapi.UpdateConfig{})
	if len(us) != 1 || us[0].InlineQuery == nil || us[0].InlineQuery.ID != qid || us[0].InlineQuery.ChatType != "group" {
		t.Fatalf("the bot got %+v", us)
	}
	card := tgbotapi.NewInlineQueryResultArticleHTML("c1", "🂡 Ace", "<b>Ace</b> played")
	kb := tgbotapi.NewInlineKeyboardMarkup(tgbotapi.NewInlineKeyboardRow(tgbotapi.NewInlineKeyboardButtonData("Take", "take")))
	card.ReplyMarkup = &kb
	if _, err := api.Request(tgbotapi.InlineConfig{InlineQueryID: qid, Results: []any{card}, IsPersonal: true}); err != nil {
		t.Fatal(err)
	}
	iv := decode[inlineView](t, events.until("the results", func(n string, _ []byte) bool { return n == "inline" }))
	if iv.User != people[0].ID || iv.Query != qid || len(iv.Results) != 1 || iv.Results[0].Title != "🂡 Ace" {
		t.Fatalf("results %+v", iv)
	}

	if code, _ := post(t, url, "choose", map[string]any{"user": people[1].ID, "chat": GroupID, "query": qid, "result": "c1"}); code != 400 {
		t.Fatalf("someone else chose the result: %d", code)
	}
	if code, out := post(t, url, "choose", map[string]any{"user": people[0].ID, "chat": GroupID, "query": qid, "result": "c1"}); code != 200 {
		t.Fatalf("choose: %d %v", code, out)
	}
	posted := decode[message](t, events.until("the chosen message", func(n string, _ []byte) bool { return n == "message" }))
	if posted.From != people[0].ID || posted.Text != "<b>Ace</b> played" || len(posted.Keyboard) != 1 {
		t.Fatalf("posted %+v", posted)
	}
	if code, _ := post(t, url, "press", map[string]any{"user": people[1].ID, "chat": GroupID, "message": posted.ID, "data": "take"}); code != 200 {
		t.Fatalf("press on the inline message: %d", code)
	}
	us, _ = api.GetUpdates(tgbotapi.UpdateConfig{Offset: us[0].UpdateID + 1})
	var press *tgbotapi.CallbackQuery
	for _, u := range us {
		if u.CallbackQuery != nil {
			press = u.CallbackQuery
		}
	}
	if press == nil || press.InlineMessageID == "" || press.Message != nil || press.From.ID != people[1].ID {
		t.Fatalf("the bot got %+v", us)
	}
}

// TestInlineHereButtonsReachThePage: the Deal table's "My hand" button is a
// switch_inline_query_current_chat button; the page must see its query (an
// empty one included) to put "@bot query" in the text box, not a dead button.
func TestInlineHereButtonsReachThePage(t *testing.T) {
	fake := fakeapi.New()
	defer fake.Close()
	api, err := tgbotapi.NewBotAPIWithAPIEndpoint("1:x", fake.Endpoint())
	if err != nil {
		t.Fatal(err)
	}
	empty, hand := "", "hand"
	msg := tgbotapi.NewMessage(GroupID, "table")
	msg.ReplyMarkup = tgbotapi.NewInlineKeyboardMarkup(tgbotapi.NewInlineKeyboardRow(
		tgbotapi.InlineKeyboardButton{Text: "🃏", SwitchInlineQueryCurrentChat: &empty},
		tgbotapi.InlineKeyboardButton{Text: "🃏 hand", SwitchInlineQueryCurrentChat: &hand},
		tgbotapi.NewInlineKeyboardButtonData("roll", "r"),
	))
	if _, err := api.Send(msg); err != nil {
		t.Fatal(err)
	}
	v := viewOf(GroupID, fake.History(GroupID)[0])
	row := v.Keyboard[0]
	if row[0].Inline == nil || *row[0].Inline != "" || row[1].Inline == nil || *row[1].Inline != "hand" || row[2].Inline != nil {
		t.Fatalf("buttons as the page sees them: %+v", row)
	}
	data, err := json.Marshal(row)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"inline":""`) || strings.Count(string(data), `"inline"`) != 2 {
		t.Fatalf("JSON for the page: %s", data)
	}
}
