package playground

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
)

// GroupID is the playground's group chat (a basic group: a negative id
// above the supergroups' range).
const GroupID int64 = -4242

//go:embed web
var web embed.FS

// statsEvery is how often an open page gets the status line's figures.
const statsEvery = 2 * time.Second

// maxBody bounds a request from the page; a message is at most 4096
// characters.
const maxBody = 64 << 10

// handler serves the page and its API. The API speaks JSON and answers
// only requests addressed to this machine by the page's own origin.
type handler struct {
	fake   *fakeapi.Server
	people []fakeapi.User
	addr   string // host:port the page is served on
	limit  int    // the stand-in's sends and edits a minute per group; 0: not enforced
	mux    *http.ServeMux
}

func newHandler(fake *fakeapi.Server, people []fakeapi.User, addr string, groupLimit int) *handler {
	h := &handler{fake: fake, people: people, addr: addr, limit: groupLimit, mux: http.NewServeMux()}
	static, _ := fs.Sub(web, "web")
	h.mux.Handle("GET /", http.FileServerFS(static))
	h.mux.HandleFunc("GET /api/events", h.events)
	h.mux.HandleFunc("GET /api/file/{id}", h.file)
	h.mux.HandleFunc("POST /api/send", h.send)
	h.mux.HandleFunc("POST /api/press", h.press)
	h.mux.HandleFunc("POST /api/open", h.open)
	h.mux.HandleFunc("POST /api/inline", h.inlineQuery)
	h.mux.HandleFunc("POST /api/choose", h.choose)
	return h
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// Another site open in the same browser may send requests here, and a
	// DNS name rebound to 127.0.0.1 may read the answers: only the page's
	// own host is served.
	if !h.ownHost(r.Host) {
		http.Error(w, "this playground answers only on "+h.addr, http.StatusMisdirectedRequest)
		return
	}
	w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", "no-referrer")
	h.mux.ServeHTTP(w, r)
}

func (h *handler) ownHost(host string) bool {
	_, port, err := net.SplitHostPort(h.addr)
	if err != nil {
		return false
	}
	return host == h.addr || host == "localhost:"+port || host == "127.0.0.1:"+port || host == "[::1]:"+port
}

// The page's view of the world.

type personView struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	User string `json:"username,omitempty"`
	Lang string `json:"lang"`
}

type buttonView struct {
	Text string `json:"text"`
	Data string `json:"data,omitempty"`
	URL  string `json:"url,omitempty"`
	// Inline is the query a switch_inline_query_current_chat button puts
	// after "@bot " in the text box (absent for other buttons).
	Inline *string `json:"inline,omitempty"`
}

type messageView struct {
	Chat     int64          `json:"chat"`
	ID       int            `json:"id"`
	From     int64          `json:"from"` // 0: the bot
	ViaBot   bool           `json:"viaBot,omitempty"`
	Text     string         `json:"text"`
	HTML     bool           `json:"html"`
	Photo    string         `json:"photo,omitempty"` // a URL under /api/file/
	Keyboard [][]buttonView `json:"keyboard,omitempty"`
	Edited   bool           `json:"edited,omitempty"`
	Deleted  bool           `json:"deleted,omitempty"`
	Date     int            `json:"date"`
}

type stateView struct {
	Bot    personView               `json:"bot"`
	Group  int64                    `json:"group"`
	Title  string                   `json:"title"`
	People []personView             `json:"people"`
	Chats  map[string][]messageView `json:"chats"` // by chat id
	// The bot's command menu (setMyCommands) by language; "" for everyone else.
	Commands map[string][]commandView `json:"commands"`
	Stats    statsView                `json:"stats"`
}

type commandView struct {
	Command     string `json:"command"`
	Description string `json:"description"`
}

type statsView struct {
	PerMinute map[string]int `json:"perMinute"` // sends and edits in the last minute, by chat id
	Limit     int            `json:"limit"`     // the group limit the stand-in enforces; 0: none
	TooMany   int            `json:"tooMany"`   // 429 answers so far
	TooManyIn map[string]int `json:"tooManyIn"` // the same, by chat id
	InsideBan int            `json:"insideBan"` // calls made while a retry_after ran
}

type answerView struct {
	User    int64  `json:"user"`
	Chat    int64  `json:"chat"`
	Message int    `json:"message"`
	Text    string `json:"text"`
	Alert   bool   `json:"alert"`
	URL     string `json:"url,omitempty"`
}

func viewOf(chat int64, m fakeapi.Message) messageView {
	v := messageView{Chat: chat, ID: m.ID, From: m.From, ViaBot: m.ViaBot, Text: m.Text, HTML: strings.EqualFold(m.ParseMode, "HTML"),
		Edited: m.Edits > 0, Deleted: m.Deleted, Date: m.Date}
	if m.Photo != "" {
		v.Photo = "/api/file/" + m.Photo
	}
	for _, row := range m.Keyboard {
		var r []buttonView
		for _, b := range row {
			r = append(r, buttonView{Text: b.Text, Data: b.Data, URL: b.URL, Inline: b.InlineHere})
		}
		v.Keyboard = append(v.Keyboard, r)
	}
	return v
}

func (h *handler) state() stateView {
	st := stateView{
		Bot:   personView{ID: fakeapi.BotID, Name: "Monopoly", User: fakeapi.BotUsername},
		Group: GroupID, Title: "Monopoly playground",
		Chats:    map[string][]messageView{},
		Commands: map[string][]commandView{},
		Stats:    h.stats(),
	}
	for _, lang := range []string{"", "ru", "uk", "en"} {
		for _, c := range h.fake.Commands("", lang) {
			st.Commands[lang] = append(st.Commands[lang], commandView{Command: c.Command, Description: c.Description})
		}
	}
	chats := []int64{GroupID}
	for _, u := range h.people {
		st.People = append(st.People, personView{ID: u.ID, Name: u.FirstName, User: u.UserName, Lang: u.LanguageCode})
		chats = append(chats, u.ID)
	}
	for _, c := range chats {
		var msgs []messageView
		for _, m := range h.fake.History(c) {
			msgs = append(msgs, viewOf(c, m))
		}
		if msgs != nil {
			st.Chats[strconv.FormatInt(c, 10)] = msgs
		}
	}
	return st
}

func (h *handler) stats() statsView {
	v := statsView{PerMinute: map[string]int{}, TooManyIn: map[string]int{}, Limit: h.limit}
	for chat, n := range h.fake.RequestsPerMinute() {
		v.PerMinute[strconv.FormatInt(chat, 10)] = n
	}
	for chat, n := range h.fake.TooManyPerChat() {
		v.TooManyIn[strconv.FormatInt(chat, 10)] = n
	}
	f := h.fake.Flood()
	v.TooMany, v.InsideBan = f.TooMany, f.InsideBan
	return v
}

// events is the live stream: the whole state first, then every change as
// it happens, and the status line's figures every statsEvery. A page that
// falls behind is dropped by the stand-in; its EventSource reconnects and
// starts again from a fresh state.
func (h *handler) events(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	changes, stop := h.fake.Subscribe(1024)
	defer stop()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	// Changes after Subscribe may also be in the state: each event carries
	// the message's whole new state, so applying it again in order is harmless.
	if writeEvent(w, "state", h.state()) != nil {
		return
	}
	flusher.Flush()
	tick := time.NewTicker(statsEvery)
	defer tick.Stop()
	for {
		var err error
		select {
		case <-r.Context().Done():
			return
		case <-tick.C:
			err = writeEvent(w, "stats", h.stats())
		case e, ok := <-changes:
			if !ok {
				return // dropped: the page reconnects
			}
			err = h.writeChange(w, e)
		}
		if err != nil {
			return
		}
		flusher.Flush()
	}
}

func (h *handler) writeChange(w io.Writer, e fakeapi.Event) error {
	switch e.Kind {
	case fakeapi.EventAnswer:
		a := e.Answer
		return writeEvent(w, "answer", answerView{User: a.UserID, Chat: a.ChatID, Message: a.MessageID, Text: a.Text, Alert: a.ShowAlert, URL: a.URL})
	case fakeapi.EventInline:
		return writeEvent(w, "inline", inlineViewOf(e.Inline))
	}
	return writeEvent(w, string(e.Kind), viewOf(e.Chat, e.Message))
}

func writeEvent(w io.Writer, name string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	// JSON has no raw newlines, so one data: line carries it.
	_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, data)
	return err
}

func (h *handler) file(w http.ResponseWriter, r *http.Request) {
	data, ct, ok := h.fake.File(r.PathValue("id"))
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Cache-Control", "private, max-age=86400, immutable") // a file_id names one picture
	_, _ = w.Write(data)
}

// inlineView is the bot's answer to a person's inline query: the results
// their app lists above the text box (the page shows them to that person).
type inlineView struct {
	User    int64              `json:"user"`
	Query   string             `json:"query"` // the query's id
	Results []inlineResultView `json:"results"`
}

type inlineResultView struct {
	ID          string `json:"id"`
	Title       string `json:"title"`
	Description string `json:"description,omitempty"`
}

func inlineViewOf(a *fakeapi.InlineAnswer) inlineView {
	v := inlineView{User: a.UserID, Query: a.QueryID, Results: []inlineResultView{}}
	for _, r := range a.Results {
		v.Results = append(v.Results, inlineResultView{ID: r.ID, Title: r.Title, Description: r.Description})
	}
	return v
}

// Requests from the page. Each names the person acting; the playground is
// that person's Telegram app, so it only lets them do what the app would.

type sendRequest struct {
	User int64  `json:"user"`
	Chat int64  `json:"chat"`
	Text string `json:"text"`
}

type pressRequest struct {
	User    int64  `json:"user"`
	Chat    int64  `json:"chat"`
	Message int    `json:"message"`
	Data    string `json:"data"`
}

type inlineRequest struct {
	User  int64  `json:"user"`
	Chat  int64  `json:"chat"`
	Query string `json:"query"`
}

type chooseRequest struct {
	User   int64  `json:"user"`
	Chat   int64  `json:"chat"`
	Query  string `json:"query"`  // the query's id
	Result string `json:"result"` // the result's id
}

type openRequest struct {
	User int64  `json:"user"`
	Link string `json:"link"`
}

var errNotJSON = errors.New("the API takes application/json")

// readJSON decodes the body. Requiring the JSON content type keeps other
// sites out: a browser sends it cross-origin only after a preflight,
// which this server does not grant.
func readJSON(r *http.Request, v any) error {
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct != "application/json" {
		return errNotJSON
	}
	dec := json.NewDecoder(io.LimitReader(r.Body, maxBody))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// mayWrite: a person writes in the group and in their own private chat.
func mayWrite(u fakeapi.User, chat int64) bool {
	return chat == GroupID || chat == u.ID
}

// actor reads a request from the page and finds the person it names,
// answering a bad request itself (ok false).
func (h *handler) actor(w http.ResponseWriter, r *http.Request, req interface{ userID() int64 }) (fakeapi.User, bool) {
	if err := readJSON(r, req); err != nil {
		fail(w, http.StatusBadRequest, err.Error())
		return fakeapi.User{}, false
	}
	i := slices.IndexFunc(h.people, func(u fakeapi.User) bool { return u.ID == req.userID() })
	if i < 0 {
		fail(w, http.StatusBadRequest, "no such person")
		return fakeapi.User{}, false
	}
	return h.people[i], true
}

func (q *sendRequest) userID() int64   { return q.User }
func (q *pressRequest) userID() int64  { return q.User }
func (q *openRequest) userID() int64   { return q.User }
func (q *inlineRequest) userID() int64 { return q.User }
func (q *chooseRequest) userID() int64 { return q.User }

func (h *handler) send(w http.ResponseWriter, r *http.Request) {
	var req sendRequest
	u, ok := h.actor(w, r, &req)
	switch {
	case !ok:
	case !mayWrite(u, req.Chat):
		fail(w, http.StatusForbidden, "not a chat of this person")
	case strings.TrimSpace(req.Text) == "" || len([]rune(req.Text)) > fakeapi.MaxTextLen:
		fail(w, http.StatusBadRequest, "a message has 1 to 4096 characters")
	default:
		reply(w, map[string]int{"update": h.fake.PushMessage(req.Chat, u, req.Text)})
	}
}

func (h *handler) press(w http.ResponseWriter, r *http.Request) {
	var req pressRequest
	u, ok := h.actor(w, r, &req)
	switch {
	case !ok:
	case !mayWrite(u, req.Chat):
		fail(w, http.StatusForbidden, "not a chat of this person")
	case !h.hasButton(req.Chat, req.Message, req.Data):
		// Telegram's app presses only buttons that are on the message.
		fail(w, http.StatusBadRequest, "no such button on that message")
	default:
		if id, ok := h.fake.InlineMessageID(req.Chat, req.Message); ok {
			reply(w, map[string]int{"update": h.fake.PushInlineCallback(id, u, req.Data)})
			return
		}
		reply(w, map[string]int{"update": h.fake.PushCallback(req.Chat, req.Message, u, req.Data)})
	}
}

// maxInlineQuery is Telegram's bound on an inline query's text.
const maxInlineQuery = 256

// inlineQuery is "@bot query" typed in a chat: the bot gets the query
// (and, as on Telegram, not the chat), its results come by the stream.
func (h *handler) inlineQuery(w http.ResponseWriter, r *http.Request) {
	var req inlineRequest
	u, ok := h.actor(w, r, &req)
	switch {
	case !ok:
	case !mayWrite(u, req.Chat):
		fail(w, http.StatusForbidden, "not a chat of this person")
	case len([]rune(req.Query)) > maxInlineQuery:
		fail(w, http.StatusBadRequest, "an inline query has at most 256 characters")
	default:
		chatType := "group"
		if req.Chat == u.ID {
			chatType = "sender"
		}
		update, id := h.fake.PushInlineQuery(u, req.Query, chatType)
		reply(w, map[string]any{"update": update, "query": id})
	}
}

// choose posts a result the person tapped into the chat.
func (h *handler) choose(w http.ResponseWriter, r *http.Request) {
	var req chooseRequest
	u, ok := h.actor(w, r, &req)
	if !ok {
		return
	}
	if !mayWrite(u, req.Chat) {
		fail(w, http.StatusForbidden, "not a chat of this person")
		return
	}
	msg, _, err := h.fake.ChooseInlineResult(u, req.Chat, req.Query, req.Result)
	if err != nil {
		fail(w, http.StatusBadRequest, err.Error())
		return
	}
	reply(w, map[string]int{"message": msg})
}

func (h *handler) hasButton(chat int64, msg int, data string) bool {
	if data == "" {
		return false
	}
	for _, m := range h.fake.History(chat) {
		if m.ID != msg || m.Deleted || (m.From != 0 && !m.ViaBot) {
			continue
		}
		for _, row := range m.Keyboard {
			for _, b := range row {
				if b.Data == data {
					return true
				}
			}
		}
	}
	return false
}

func (h *handler) open(w http.ResponseWriter, r *http.Request) {
	var req openRequest
	u, ok := h.actor(w, r, &req)
	if !ok {
		return
	}
	id, ok := h.fake.OpenDeepLink(u, req.Link)
	if !ok {
		fail(w, http.StatusBadRequest, "not a link to this bot")
		return
	}
	reply(w, map[string]int64{"update": int64(id), "chat": u.ID})
}

func reply(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

func fail(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": msg})
}
