package fakeapi

import (
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf16"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// The bot the fake answers getMe with.
const (
	BotID       int64 = 100500
	BotUsername       = "fake_monopoly_bot"
)

// Telegram's limits that the fake enforces.
const (
	MaxTextLen         = 4096 // UTF-16 code units of the text after entity parsing
	MaxCallbackDataLen = 64   // bytes
	MaxAnswerTextLen   = 200  // characters
)

// User is someone who writes to the bot or presses its buttons.
type User struct {
	ID           int64
	FirstName    string
	UserName     string
	LanguageCode string
}

func (u User) api() *tgbotapi.User {
	return &tgbotapi.User{ID: u.ID, FirstName: u.FirstName, UserName: u.UserName, LanguageCode: u.LanguageCode}
}

// Button is one inline keyboard button as the fake stored it.
type Button struct {
	Text string
	Data string // callback_data
	URL  string
}

// Message is one message the bot sent, in its current state.
type Message struct {
	ID        int
	Text      string // as sent, markup included
	ParseMode string
	Keyboard  [][]Button // nil when the message has no inline keyboard
	Deleted   bool
	Edits     int // successful editMessageText/editMessageReplyMarkup calls
}

// Request is one call the fake received, failed ones included.
type Request struct {
	Method string
	Params map[string]string
	Time   time.Time
	Status int // the error_code answered, 200, or 0 while in progress or after a hang-up
}

// CallbackAnswer is one successful answerCallbackQuery.
type CallbackAnswer struct {
	ID        string
	Text      string
	ShowAlert bool
	URL       string
}

// ErrorResponse is an error the fake answers with, injected by FailNext.
// Description defaults to Telegram's usual text for the code.
type ErrorResponse struct {
	Code            int
	Description     string
	RetryAfter      int   // seconds, sent as parameters.retry_after
	MigrateToChatID int64 // sent as parameters.migrate_to_chat_id
	// Hangup closes the connection without an answer, as a network failure
	// or a proxy timeout would look to the client.
	Hangup bool
}

type storedMessage struct {
	id        int
	text      string
	parseMode string
	markup    *tgbotapi.InlineKeyboardMarkup
	deleted   bool
	edits     int
	date      int
}

type chatState struct {
	lastID int // user messages take ids from the same sequence, as in Telegram
	msgs   []*storedMessage
}

type failure struct {
	left int
	resp ErrorResponse
}

// Server is a fake Bot API. It is safe for concurrent use.
type Server struct {
	hs        *httptest.Server
	closing   chan struct{}
	closeOnce sync.Once

	mu         sync.Mutex
	lastUpdate int
	updates    []tgbotapi.Update // unconfirmed, ascending update_id
	pushed     chan struct{}     // closed and replaced whenever an update is queued
	chats      map[int64]*chatState
	requests   []Request
	answers    []CallbackAnswer
	queries    map[string]bool // callback query id → answered
	failures   map[string][]*failure
	admins     map[int64][]int64
	commands   map[string][]tgbotapi.BotCommand
}

// New starts a fake Bot API on a loopback port. Close it when done.
func New() *Server {
	s := &Server{
		closing:  make(chan struct{}),
		pushed:   make(chan struct{}),
		chats:    map[int64]*chatState{},
		queries:  map[string]bool{},
		failures: map[string][]*failure{},
		admins:   map[int64][]int64{},
		commands: map[string][]tgbotapi.BotCommand{},
	}
	s.hs = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// Endpoint is the format string for tgbotapi.NewBotAPIWithAPIEndpoint.
// Any token is accepted.
func (s *Server) Endpoint() string { return s.hs.URL + "/bot%s/%s" }

// Close releases pending long polls first, because httptest.Server.Close
// waits for every request in flight.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		close(s.closing)
		s.hs.Close()
	})
}

// PushMessage queues a text message from a user and returns its update_id.
// Negative chat ids are groups, positive ones private chats. A leading
// /command gets its bot_command entity, as Telegram would add.
func (s *Server) PushMessage(chatID int64, from User, text string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.chat(chatID)
	c.lastID++
	m := &tgbotapi.Message{
		MessageID: c.lastID,
		From:      from.api(),
		Date:      int(time.Now().Unix()),
		Chat:      chatOf(chatID),
		Text:      text,
	}
	if strings.HasPrefix(text, "/") {
		cmd, _, _ := strings.Cut(text, " ")
		m.Entities = []tgbotapi.MessageEntity{{Type: "bot_command", Offset: 0, Length: utf16Len(cmd)}}
	}
	return s.push(tgbotapi.Update{Message: m})
}

// PushCallback queues a press of a button with the given callback data on
// the bot's message messageID and returns the update_id. The callback
// query id is "cq<update_id>". The data is not checked against the
// message's keyboard: clients can send anything, and tests should be able
// to as well.
func (s *Server) PushCallback(chatID int64, messageID int, from User, data string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	msg := &tgbotapi.Message{MessageID: messageID, Chat: chatOf(chatID), Date: int(time.Now().Unix())}
	if m := s.find(chatID, messageID); m != nil {
		msg = s.apiMessage(chatID, m)
	}
	id := s.lastUpdate + 1
	q := &tgbotapi.CallbackQuery{
		ID:           "cq" + strconv.Itoa(id),
		From:         from.api(),
		Message:      msg,
		ChatInstance: strconv.FormatInt(chatID, 10),
		Data:         data,
	}
	return s.push(tgbotapi.Update{CallbackQuery: q})
}

// PushUpdate queues any update (service messages, my_chat_member, …) and
// returns the update_id it was given; UpdateID is overwritten.
func (s *Server) PushUpdate(u tgbotapi.Update) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.push(u)
}

// ContinueUpdatesAfter makes the next pushed update's id follow id, as
// Telegram's ids go on growing: a bot started on a database written
// against another server (a fixture) has confirmed ids up to its offset.
func (s *Server) ContinueUpdatesAfter(id int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lastUpdate = max(s.lastUpdate, id)
}

func (s *Server) push(u tgbotapi.Update) int {
	s.lastUpdate++
	u.UpdateID = s.lastUpdate
	if u.CallbackQuery != nil {
		s.queries[u.CallbackQuery.ID] = false
	}
	s.updates = append(s.updates, u)
	close(s.pushed)
	s.pushed = make(chan struct{})
	return u.UpdateID
}

// Pending is the number of updates not yet confirmed by a getUpdates offset.
func (s *Server) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.updates)
}

// Messages returns the bot's messages in a chat, oldest first, deleted
// ones included (flagged). Users' messages are not listed.
func (s *Server) Messages(chatID int64) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.chats[chatID]
	if !ok {
		return nil
	}
	out := make([]Message, 0, len(c.msgs))
	for _, m := range c.msgs {
		out = append(out, m.public())
	}
	return out
}

// LastMessage returns the newest message the bot sent to a chat.
func (s *Server) LastMessage(chatID int64) (Message, bool) {
	msgs := s.Messages(chatID)
	if len(msgs) == 0 {
		return Message{}, false
	}
	return msgs[len(msgs)-1], true
}

func (m *storedMessage) public() Message {
	p := Message{ID: m.id, Text: m.text, ParseMode: m.parseMode, Deleted: m.deleted, Edits: m.edits}
	if m.markup != nil {
		for _, row := range m.markup.InlineKeyboard {
			var r []Button
			for _, b := range row {
				r = append(r, Button{Text: b.Text, Data: deref(b.CallbackData), URL: deref(b.URL)})
			}
			p.Keyboard = append(p.Keyboard, r)
		}
	}
	return p
}

// Requests returns every call received so far, in arrival order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Request, len(s.requests))
	for i, r := range s.requests {
		r.Params = cloneMap(r.Params)
		out[i] = r
	}
	return out
}

// Calls returns the calls of one method, in arrival order.
func (s *Server) Calls(method string) []Request {
	var out []Request
	for _, r := range s.Requests() {
		if r.Method == method {
			out = append(out, r)
		}
	}
	return out
}

// CallbackAnswers returns the successful answerCallbackQuery calls.
func (s *Server) CallbackAnswers() []CallbackAnswer {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.answers)
}

// Commands returns what setMyCommands stored for a scope type ("" is the
// default scope) and language ("" is all languages).
func (s *Server) Commands(scope, lang string) []tgbotapi.BotCommand {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.commands[scope+"/"+lang])
}

// WaitFor polls cond until it holds or timeout passes, and reports whether
// it held. Tests use it instead of sleeping for a guessed duration.
func (s *Server) WaitFor(cond func() bool, timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for {
		if cond() {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// FailNext makes the next n calls of method answer resp instead of doing
// anything. Several FailNext calls for one method queue up in order.
func (s *Server) FailNext(method string, n int, resp ErrorResponse) {
	if n <= 0 {
		return
	}
	if resp.Code == 0 && !resp.Hangup {
		resp.Code = http.StatusInternalServerError
	}
	if resp.Description == "" {
		resp.Description = defaultDescription(resp)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failures[method] = append(s.failures[method], &failure{left: n, resp: resp})
}

func defaultDescription(r ErrorResponse) string {
	switch {
	case r.Code == 429:
		return fmt.Sprintf("Too Many Requests: retry after %d", r.RetryAfter)
	case r.MigrateToChatID != 0:
		return "Bad Request: group chat was upgraded to a supergroup chat"
	case r.Code == 400:
		return "Bad Request"
	case r.Code == 403:
		return "Forbidden: bot was kicked from the group chat"
	case r.Code == 409:
		return "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running"
	case r.Code >= 500:
		return http.StatusText(r.Code)
	}
	return "Error"
}

// SetAdmins makes exactly these users the administrators of a group.
func (s *Server) SetAdmins(chatID int64, userIDs ...int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.admins[chatID] = slices.Clone(userIDs)
}

func (s *Server) chat(id int64) *chatState {
	c, ok := s.chats[id]
	if !ok {
		c = &chatState{}
		s.chats[id] = c
	}
	return c
}

func (s *Server) find(chatID int64, msgID int) *storedMessage {
	c, ok := s.chats[chatID]
	if !ok {
		return nil
	}
	for _, m := range c.msgs {
		if m.id == msgID {
			return m
		}
	}
	return nil
}

func chatOf(id int64) *tgbotapi.Chat {
	switch {
	case id > 0:
		return &tgbotapi.Chat{ID: id, Type: "private", FirstName: "User"}
	case id <= -1000000000000:
		return &tgbotapi.Chat{ID: id, Type: "supergroup", Title: "Test supergroup"}
	default:
		return &tgbotapi.Chat{ID: id, Type: "group", Title: "Test group"}
	}
}

func (s *Server) apiMessage(chatID int64, m *storedMessage) *tgbotapi.Message {
	text := m.text
	if strings.EqualFold(m.parseMode, "HTML") {
		text, _ = htmlPlain(text) // validated when stored
	}
	return &tgbotapi.Message{
		MessageID:   m.id,
		From:        &tgbotapi.User{ID: BotID, IsBot: true, FirstName: "Monopoly", UserName: BotUsername},
		Date:        m.date,
		Chat:        chatOf(chatID),
		Text:        text,
		ReplyMarkup: m.markup,
	}
}

// --- HTTP ---

type okResponse struct {
	Ok     bool `json:"ok"`
	Result any  `json:"result"`
}

type errResponse struct {
	Ok          bool                         `json:"ok"`
	ErrorCode   int                          `json:"error_code"`
	Description string                       `json:"description"`
	Parameters  *tgbotapi.ResponseParameters `json:"parameters,omitempty"`
}

func badRequest(desc string) *ErrorResponse {
	return &ErrorResponse{Code: 400, Description: "Bad Request: " + desc}
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	method, ok := parsePath(r.URL.Path)
	params, perr := readParams(r)

	s.mu.Lock()
	idx := len(s.requests)
	s.requests = append(s.requests, Request{Method: method, Params: params, Time: start})
	var injected *ErrorResponse
	if q := s.failures[method]; len(q) > 0 {
		resp := q[0].resp
		injected = &resp
		if q[0].left--; q[0].left == 0 {
			s.failures[method] = q[1:]
		}
	}
	s.mu.Unlock()

	var result any
	var fail *ErrorResponse
	switch {
	case !ok:
		fail = &ErrorResponse{Code: 404, Description: "Not Found"}
	case injected != nil:
		fail = injected
	case perr != nil:
		fail = badRequest(perr.Error())
	default:
		result, fail = s.call(r, method, params)
	}

	status := 200
	if fail != nil {
		status = fail.Code
	}
	s.mu.Lock()
	s.requests[idx].Status = status
	s.mu.Unlock()

	if fail != nil && fail.Hangup {
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				return
			}
		}
		status = http.StatusBadGateway
		fail = &ErrorResponse{Code: status, Description: "Bad Gateway"}
	}

	w.Header().Set("Content-Type", "application/json")
	if fail != nil {
		var p *tgbotapi.ResponseParameters
		if fail.RetryAfter != 0 || fail.MigrateToChatID != 0 {
			p = &tgbotapi.ResponseParameters{RetryAfter: fail.RetryAfter, MigrateToChatID: fail.MigrateToChatID}
		}
		w.WriteHeader(fail.Code)
		_ = json.NewEncoder(w).Encode(errResponse{ErrorCode: fail.Code, Description: fail.Description, Parameters: p})
		return
	}
	_ = json.NewEncoder(w).Encode(okResponse{Ok: true, Result: result})
}

// parsePath accepts /bot<token>/<method>, the shape tgbotapi builds.
func parsePath(p string) (method string, ok bool) {
	rest, found := strings.CutPrefix(p, "/bot")
	if !found {
		return "", false
	}
	_, method, found = strings.Cut(rest, "/")
	return method, found && method != "" && !strings.Contains(method, "/")
}

// readParams flattens form, multipart and JSON bodies into strings the way
// tgbotapi encodes them: nested objects stay JSON text.
func readParams(r *http.Request) (map[string]string, error) {
	out := map[string]string{}
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch ct {
	case "application/json":
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return out, err
		}
		if len(body) == 0 {
			return out, nil
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(body, &raw); err != nil {
			return out, fmt.Errorf("can't parse JSON body: %v", err)
		}
		for k, v := range raw {
			var s string
			if json.Unmarshal(v, &s) == nil {
				out[k] = s
			} else {
				out[k] = string(v)
			}
		}
	case "multipart/form-data":
		if err := r.ParseMultipartForm(10 << 20); err != nil {
			return out, err
		}
		for k, v := range r.Form {
			out[k] = v[0]
		}
	default:
		if err := r.ParseForm(); err != nil {
			return out, err
		}
		for k, v := range r.Form {
			out[k] = v[0]
		}
	}
	return out, nil
}

func (s *Server) call(r *http.Request, method string, p map[string]string) (any, *ErrorResponse) {
	switch method {
	case "getMe":
		return tgbotapi.User{ID: BotID, IsBot: true, FirstName: "Monopoly", UserName: BotUsername}, nil
	case "getUpdates":
		return s.getUpdates(r, p)
	case "sendMessage":
		return s.sendMessage(p)
	case "editMessageText":
		return s.edit(p, true)
	case "editMessageReplyMarkup":
		return s.edit(p, false)
	case "deleteMessage":
		return s.deleteMessage(p)
	case "answerCallbackQuery":
		return s.answerCallback(p)
	case "setMyCommands":
		return s.setMyCommands(p)
	case "getChatMember":
		return s.getChatMember(p)
	case "getChatAdministrators":
		return s.getChatAdministrators(p)
	}
	return nil, &ErrorResponse{Code: 404, Description: "Not Found"}
}

func (s *Server) getUpdates(r *http.Request, p map[string]string) (any, *ErrorResponse) {
	offset, _ := strconv.Atoi(p["offset"])
	limit, _ := strconv.Atoi(p["limit"])
	if limit <= 0 || limit > 100 {
		limit = 100
	}
	timeout, _ := strconv.Atoi(p["timeout"])
	timer := time.NewTimer(time.Duration(timeout) * time.Second)
	defer timer.Stop()
	for {
		s.mu.Lock()
		if offset > 0 {
			// An offset confirms every update below it: Telegram forgets them.
			i := 0
			for i < len(s.updates) && s.updates[i].UpdateID < offset {
				i++
			}
			s.updates = s.updates[i:]
		}
		n := min(limit, len(s.updates))
		batch := slices.Clone(s.updates[:n])
		wake := s.pushed
		s.mu.Unlock()
		if n > 0 || timeout <= 0 {
			return batch, nil
		}
		select {
		case <-wake:
		case <-timer.C:
			return []tgbotapi.Update{}, nil
		case <-s.closing:
			return []tgbotapi.Update{}, nil
		case <-r.Context().Done():
			return []tgbotapi.Update{}, nil
		}
	}
}

func chatAndMessage(p map[string]string) (int64, int, *ErrorResponse) {
	if p["inline_message_id"] != "" {
		return 0, 0, badRequest("inline messages are not supported by the fake")
	}
	chatID, err := strconv.ParseInt(p["chat_id"], 10, 64)
	if err != nil || chatID == 0 {
		return 0, 0, badRequest("chat_id is empty")
	}
	msgID, _ := strconv.Atoi(p["message_id"])
	return chatID, msgID, nil
}

func (s *Server) sendMessage(p map[string]string) (any, *ErrorResponse) {
	chatID, err := strconv.ParseInt(p["chat_id"], 10, 64)
	if err != nil || chatID == 0 {
		return nil, badRequest("chat_id is empty")
	}
	if e := checkText(p["text"], p["parse_mode"]); e != nil {
		return nil, e
	}
	markup, e := parseMarkup(p["reply_markup"])
	if e != nil {
		return nil, e
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.chat(chatID)
	c.lastID++
	m := &storedMessage{id: c.lastID, text: p["text"], parseMode: p["parse_mode"], markup: markup, date: int(time.Now().Unix())}
	c.msgs = append(c.msgs, m)
	return s.apiMessage(chatID, m), nil
}

func (s *Server) edit(p map[string]string, withText bool) (any, *ErrorResponse) {
	chatID, msgID, e := chatAndMessage(p)
	if e != nil {
		return nil, e
	}
	if withText {
		if e := checkText(p["text"], p["parse_mode"]); e != nil {
			return nil, e
		}
	}
	// Omitting reply_markup removes the keyboard, in both methods.
	markup, e := parseMarkup(p["reply_markup"])
	if e != nil {
		return nil, e
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.find(chatID, msgID)
	if m == nil || m.deleted {
		return nil, badRequest("message to edit not found")
	}
	text, mode := m.text, m.parseMode
	if withText {
		text, mode = p["text"], p["parse_mode"]
	}
	if text == m.text && strings.EqualFold(mode, m.parseMode) && sameMarkup(markup, m.markup) {
		return nil, badRequest("message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message")
	}
	m.text, m.parseMode, m.markup = text, mode, markup
	m.edits++
	out := s.apiMessage(chatID, m)
	out.EditDate = int(time.Now().Unix())
	return out, nil
}

func (s *Server) deleteMessage(p map[string]string) (any, *ErrorResponse) {
	chatID, msgID, e := chatAndMessage(p)
	if e != nil {
		return nil, e
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.find(chatID, msgID)
	if m == nil || m.deleted {
		return nil, badRequest("message to delete not found")
	}
	m.deleted = true
	return true, nil
}

func (s *Server) answerCallback(p map[string]string) (any, *ErrorResponse) {
	id := p["callback_query_id"]
	text := p["text"]
	if len([]rune(text)) > MaxAnswerTextLen {
		return nil, badRequest("MESSAGE_TOO_LONG")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	// Telegram accepts one answer per query; a second one fails like an
	// expired query does.
	if answered, known := s.queries[id]; !known || answered {
		return nil, badRequest("query is too old and response timeout expired or query ID is invalid")
	}
	s.queries[id] = true
	alert, _ := strconv.ParseBool(p["show_alert"])
	s.answers = append(s.answers, CallbackAnswer{ID: id, Text: text, ShowAlert: alert, URL: p["url"]})
	return true, nil
}

func (s *Server) setMyCommands(p map[string]string) (any, *ErrorResponse) {
	var cmds []tgbotapi.BotCommand
	if err := json.Unmarshal([]byte(p["commands"]), &cmds); err != nil {
		return nil, badRequest("can't parse commands JSON")
	}
	if len(cmds) > 100 {
		return nil, badRequest("too many commands")
	}
	for _, c := range cmds {
		if !validCommand(c.Command) {
			return nil, badRequest("BOT_COMMAND_INVALID")
		}
		if n := len([]rune(c.Description)); n < 1 || n > 256 {
			return nil, badRequest("BOT_COMMAND_DESCRIPTION_INVALID")
		}
	}
	scope := ""
	if raw := p["scope"]; raw != "" {
		var sc struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal([]byte(raw), &sc); err != nil {
			return nil, badRequest("can't parse scope JSON")
		}
		if sc.Type != "default" {
			scope = sc.Type
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.commands[scope+"/"+p["language_code"]] = cmds
	return true, nil
}

func validCommand(c string) bool {
	if len(c) < 1 || len(c) > 32 {
		return false
	}
	for _, r := range c {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}

func (s *Server) getChatMember(p map[string]string) (any, *ErrorResponse) {
	chatID, err := strconv.ParseInt(p["chat_id"], 10, 64)
	if err != nil || chatID == 0 {
		return nil, badRequest("chat_id is empty")
	}
	userID, err := strconv.ParseInt(p["user_id"], 10, 64)
	if err != nil || userID == 0 {
		return nil, badRequest("user_id is empty")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	status := "member"
	if slices.Contains(s.admins[chatID], userID) {
		status = "administrator"
	}
	return tgbotapi.ChatMember{User: &tgbotapi.User{ID: userID, FirstName: "User"}, Status: status}, nil
}

func (s *Server) getChatAdministrators(p map[string]string) (any, *ErrorResponse) {
	chatID, err := strconv.ParseInt(p["chat_id"], 10, 64)
	if err != nil || chatID == 0 {
		return nil, badRequest("chat_id is empty")
	}
	if chatID > 0 {
		return nil, badRequest("there are no administrators in the private chat")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []tgbotapi.ChatMember{}
	for _, id := range s.admins[chatID] {
		out = append(out, tgbotapi.ChatMember{User: &tgbotapi.User{ID: id, FirstName: "User"}, Status: "administrator"})
	}
	return out, nil
}

// --- validation ---

func checkText(text, parseMode string) *ErrorResponse {
	plain := text
	if strings.EqualFold(parseMode, "HTML") {
		var err error
		if plain, err = htmlPlain(text); err != nil {
			return badRequest("can't parse entities: " + err.Error())
		}
	}
	n := utf16Len(strings.TrimSpace(plain))
	if n == 0 {
		return badRequest("message text is empty")
	}
	if n > MaxTextLen {
		return badRequest("message is too long")
	}
	return nil
}

// parseMarkup returns the inline keyboard in raw, or nil for no markup or
// another kind of markup (reply keyboards are accepted but not stored).
func parseMarkup(raw string) (*tgbotapi.InlineKeyboardMarkup, *ErrorResponse) {
	if raw == "" {
		return nil, nil
	}
	var probe map[string]json.RawMessage
	if err := json.Unmarshal([]byte(raw), &probe); err != nil {
		return nil, badRequest("can't parse reply keyboard markup JSON object")
	}
	if _, ok := probe["inline_keyboard"]; !ok {
		return nil, nil
	}
	var m tgbotapi.InlineKeyboardMarkup
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		return nil, badRequest("can't parse inline keyboard button: " + err.Error())
	}
	for _, row := range m.InlineKeyboard {
		for _, b := range row {
			if b.Text == "" {
				return nil, badRequest("BUTTON_TEXT_EMPTY")
			}
			switch {
			case b.CallbackData != nil:
				if n := len(*b.CallbackData); n < 1 || n > MaxCallbackDataLen {
					return nil, badRequest("BUTTON_DATA_INVALID")
				}
			case b.URL != nil, b.SwitchInlineQuery != nil, b.SwitchInlineQueryCurrentChat != nil,
				b.LoginURL != nil, b.CallbackGame != nil, b.Pay:
			default:
				return nil, badRequest("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard")
			}
		}
	}
	if len(m.InlineKeyboard) == 0 {
		return nil, nil // an empty keyboard removes the keyboard
	}
	return &m, nil
}

func sameMarkup(a, b *tgbotapi.InlineKeyboardMarkup) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

// utf16Len is how Telegram measures text: in UTF-16 code units.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func cloneMap(m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// DeleteMessage deletes one of the bot's messages as an administrator
// would; later edits of it fail with "message to edit not found".
func (s *Server) DeleteMessage(chatID int64, msgID int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.find(chatID, msgID)
	if m == nil || m.deleted {
		return false
	}
	m.deleted = true
	return true
}
