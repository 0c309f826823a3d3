package fakeapi

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

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
	// InlineHere is switch_inline_query_current_chat: pressing the button
	// puts "@bot " and this query into the chat's input (nil: not such a
	// button; an empty query is a valid one).
	InlineHere *string
}

// Message is one message in a chat, in its current state: the bot's, or
// a person's (From set) in History.
type Message struct {
	ID        int
	From      int64  // the user who wrote it; 0 for the bot
	ViaBot    bool   // a person's message posted through the bot's inline mode
	Text      string // as sent, markup included; a photo's caption
	ParseMode string
	Photo     string     // the photo's file_id (see File); "" for text
	Keyboard  [][]Button // nil when the message has no inline keyboard
	Deleted   bool
	Edits     int // successful editMessageText/Caption/ReplyMarkup calls
	Date      int // Unix seconds
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

// PressAnswer is a CallbackAnswer with the press it answers: Telegram shows
// it to the person who pressed, and only to them.
type PressAnswer struct {
	CallbackAnswer
	UserID    int64 // who pressed
	ChatID    int64 // where the pressed message is
	MessageID int
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
	from      int64 // 0: the bot
	viaBot    bool  // posted by a person through inline mode
	text      string
	parseMode string
	photo     string // file_id
	markup    *tgbotapi.InlineKeyboardMarkup
	deleted   bool
	edits     int
	date      int
}

// query is a callback query the bot has yet to answer (or has answered).
type query struct {
	answered bool
	user     int64
	chat     int64
	msg      int
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
	keep       int // see KeepRequests
	dropped    int // requests forgotten because of keep
	answers    []PressAnswer
	queries    map[string]query // by callback query id
	failures   map[string][]*failure
	admins     map[int64][]int64
	commands   map[string][]tgbotapi.BotCommand
	limits     Limits // see Enforce
	flood      map[int64]*chatFlood
	floodStats FloodStats
	kicked     map[int64]bool  // see Kick
	migrated   map[int64]int64 // a group's supergroup (migrate.go)
	people                     // people.go: names, chats, photos, subscribers
}

// New starts a fake Bot API on a loopback port. Close it when done.
func New() *Server {
	s := &Server{
		closing:  make(chan struct{}),
		pushed:   make(chan struct{}),
		chats:    map[int64]*chatState{},
		queries:  map[string]query{},
		failures: map[string][]*failure{},
		admins:   map[int64][]int64{},
		commands: map[string][]tgbotapi.BotCommand{},
		people:   newPeople(),
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
	stored := &storedMessage{id: c.lastID, from: from.ID, text: text, date: int(time.Now().Unix())}
	c.msgs = append(c.msgs, stored)
	if chatID == from.ID {
		s.started[from.ID] = true // writing to the bot opens the private chat
	}
	m := &tgbotapi.Message{
		MessageID: c.lastID,
		From:      from.api(),
		Date:      stored.date,
		Chat:      s.chatOf(chatID),
		Text:      text,
	}
	if strings.HasPrefix(text, "/") {
		cmd, _, _ := strings.Cut(text, " ")
		m.Entities = []tgbotapi.MessageEntity{{Type: "bot_command", Offset: 0, Length: utf16Len(cmd)}}
	}
	s.publish(Event{Kind: EventMessage, Chat: chatID, Message: stored.public()})
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
	msg := &tgbotapi.Message{MessageID: messageID, Chat: s.chatOf(chatID), Date: int(time.Now().Unix())}
	if m := s.find(chatID, messageID); m != nil && m.from == 0 {
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
	if q := u.CallbackQuery; q != nil {
		pq := query{}
		if q.From != nil {
			pq.user = q.From.ID
		}
		if q.Message != nil && q.Message.Chat != nil {
			pq.chat, pq.msg = q.Message.Chat.ID, q.Message.MessageID
		}
		s.queries[q.ID] = pq
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
// ones included (flagged). Users' messages are not listed (see History).
func (s *Server) Messages(chatID int64) []Message {
	return s.messages(chatID, false)
}

// History returns every message in a chat, oldest first: the bot's and
// the people's, deleted ones included (flagged).
func (s *Server) History(chatID int64) []Message {
	return s.messages(chatID, true)
}

func (s *Server) messages(chatID int64, people bool) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.chats[chatID]
	if !ok {
		return nil
	}
	out := make([]Message, 0, len(c.msgs))
	for _, m := range c.msgs {
		if m.from == 0 || people {
			out = append(out, m.public())
		}
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
	p := Message{ID: m.id, From: m.from, ViaBot: m.viaBot, Text: m.text, ParseMode: m.parseMode, Photo: m.photo,
		Deleted: m.deleted, Edits: m.edits, Date: m.date}
	if m.markup != nil {
		for _, row := range m.markup.InlineKeyboard {
			var r []Button
			for _, b := range row {
				r = append(r, Button{Text: b.Text, Data: deref(b.CallbackData), URL: deref(b.URL), InlineHere: b.SwitchInlineQueryCurrentChat})
			}
			p.Keyboard = append(p.Keyboard, r)
		}
	}
	return p
}

// KeepRequests bounds the log of calls to about the newest n (0: all, the
// default), for a stand-in that runs for days (the playground). Requests,
// Calls and RequestsPerMinute then see only those.
func (s *Server) KeepRequests(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.keep = n
	s.trimRequests()
}

// trimRequests drops the oldest calls once the log holds twice keep, so
// trimming costs little per call; mu must be held.
func (s *Server) trimRequests() {
	if s.keep <= 0 || len(s.requests) < 2*s.keep {
		return
	}
	n := len(s.requests) - s.keep
	s.requests = append([]Request(nil), s.requests[n:]...)
	s.dropped += n
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
	out := make([]CallbackAnswer, len(s.answers))
	for i, a := range s.answers {
		out[i] = a.CallbackAnswer
	}
	return out
}

// AnswersTo returns the answers to one person's presses, oldest first:
// what their Telegram showed them as toasts and alerts.
func (s *Server) AnswersTo(userID int64) []PressAnswer {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []PressAnswer
	for _, a := range s.answers {
		if a.UserID == userID {
			out = append(out, a)
		}
	}
	return out
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

// chatOf describes a chat as Telegram would, with the names given by
// AddUser and SetChatTitle; mu must be held.
func (s *Server) chatOf(id int64) *tgbotapi.Chat {
	switch {
	case id > 0:
		u, ok := s.users[id]
		if !ok {
			return &tgbotapi.Chat{ID: id, Type: "private", FirstName: "User"}
		}
		return &tgbotapi.Chat{ID: id, Type: "private", FirstName: u.FirstName, UserName: u.UserName}
	case id <= -1000000000000:
		return &tgbotapi.Chat{ID: id, Type: "supergroup", Title: s.titleOr(id, "Test supergroup")}
	default:
		return &tgbotapi.Chat{ID: id, Type: "group", Title: s.titleOr(id, "Test group")}
	}
}

func (s *Server) apiMessage(chatID int64, m *storedMessage) *tgbotapi.Message {
	text := m.text
	if strings.EqualFold(m.parseMode, "HTML") {
		text, _ = htmlPlain(text) // validated when stored
	}
	out := &tgbotapi.Message{
		MessageID:   m.id,
		From:        &tgbotapi.User{ID: BotID, IsBot: true, FirstName: "Monopoly", UserName: BotUsername},
		Date:        m.date,
		Chat:        s.chatOf(chatID),
		Text:        text,
		ReplyMarkup: m.markup,
	}
	if m.photo != "" {
		out.Text, out.Caption = "", text
		out.Photo = s.photoSizes(m.photo)
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
	s.publish(Event{Kind: EventDelete, Chat: chatID, Message: m.public()})
	return true
}
