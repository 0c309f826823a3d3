package fakeapi

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// The Bot API methods the fake answers, one function each, called by
// Server.call with the request's parameters.

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
	m := s.store(chatID, &storedMessage{text: p["text"], parseMode: p["parse_mode"], markup: markup})
	return s.apiMessage(chatID, m), nil
}

// store adds a message of the bot to a chat, giving it the next id; mu
// must be held.
func (s *Server) store(chatID int64, m *storedMessage) *storedMessage {
	c := s.chat(chatID)
	c.lastID++
	m.id, m.date = c.lastID, int(time.Now().Unix())
	c.msgs = append(c.msgs, m)
	s.publish(Event{Kind: EventMessage, Chat: chatID, Message: m.public()})
	return m
}

// editKind is what an edit method changes besides the keyboard.
type editKind int

const (
	editText    editKind = iota // editMessageText
	editCaption                 // editMessageCaption
	editMarkup                  // editMessageReplyMarkup: the keyboard only
)

func (s *Server) edit(p map[string]string, kind editKind) (any, *ErrorResponse) {
	// A message posted through inline mode is named by its
	// inline_message_id alone, and an edit of it answers true.
	inlineID := p["inline_message_id"]
	var chatID int64
	var msgID int
	var e *ErrorResponse
	if inlineID == "" {
		if chatID, msgID, e = chatAndMessage(p); e != nil {
			return nil, e
		}
	}
	text, mode := p["text"], p["parse_mode"]
	switch kind {
	case editText:
		e = checkText(text, mode)
	case editCaption:
		text = p["caption"]
		e = checkCaption(text, mode)
	}
	if e != nil {
		return nil, e
	}
	// Omitting reply_markup removes the keyboard, in every edit method.
	markup, e := parseMarkup(p["reply_markup"])
	if e != nil {
		return nil, e
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if inlineID != "" {
		var ok bool
		if chatID, msgID, ok = s.inlineTarget(inlineID); !ok {
			return nil, badRequest("MESSAGE_ID_INVALID")
		}
	}
	m := s.find(chatID, msgID)
	switch {
	case m == nil || m.deleted:
		return nil, badRequest("message to edit not found")
	case inlineID == "" && m.from != 0:
		return nil, badRequest("message can't be edited")
	case kind == editText && m.photo != "":
		return nil, badRequest("there is no text in the message to edit")
	case kind == editCaption && m.photo == "":
		return nil, badRequest("there is no caption in the message to edit")
	}
	if kind == editMarkup {
		text, mode = m.text, m.parseMode
	}
	if text == m.text && strings.EqualFold(mode, m.parseMode) && sameMarkup(markup, m.markup) {
		return nil, badRequest("message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message")
	}
	m.text, m.parseMode, m.markup = text, mode, markup
	m.edits++
	s.publish(Event{Kind: EventEdit, Chat: chatID, Message: m.public()})
	if inlineID != "" {
		return true, nil
	}
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
	if m.from != 0 && chatID > 0 {
		return nil, badRequest("message can't be deleted for everyone")
	}
	m.deleted = true
	s.publish(Event{Kind: EventDelete, Chat: chatID, Message: m.public()})
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
	q, known := s.queries[id]
	if !known || q.answered {
		return nil, badRequest("query is too old and response timeout expired or query ID is invalid")
	}
	q.answered = true
	s.queries[id] = q
	alert, _ := strconv.ParseBool(p["show_alert"])
	a := PressAnswer{CallbackAnswer{ID: id, Text: text, ShowAlert: alert, URL: p["url"]}, q.user, q.chat, q.msg}
	s.answers = append(s.answers, a)
	s.publish(Event{Kind: EventAnswer, Chat: q.chat, Answer: &a})
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
	return tgbotapi.ChatMember{User: s.userOrAnonymous(userID), Status: status}, nil
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
		out = append(out, tgbotapi.ChatMember{User: s.userOrAnonymous(id), Status: "administrator"})
	}
	return out, nil
}
