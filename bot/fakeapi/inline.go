package fakeapi

import (
	"encoding/json"
	"errors"
	"strconv"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// Inline mode: a person types "@bot query" in any chat, the bot answers
// with results only that person sees, and the chosen one is posted into
// the chat by the person, via the bot. Its buttons then come back with an
// inline_message_id instead of a message, and the bot edits it by that id.

// Telegram's limits on inline answers.
const (
	MaxInlineResults   = 50
	MaxInlineResultID  = 64  // bytes
	DefaultInlineCache = 300 // seconds Telegram caches an answer that names no cache_time
)

// InlineResult is one result of an answerInlineQuery, as the fake stored it.
type InlineResult struct {
	Type        string
	ID          string
	Title       string
	Description string
	Text        string // input_message_content.message_text: what choosing it posts
	ParseMode   string
	Keyboard    [][]Button
}

// InlineAnswer is the bot's answer to one inline query.
type InlineAnswer struct {
	QueryID    string
	UserID     int64
	Query      string
	Results    []InlineResult
	CacheTime  int // as Telegram applies it: DefaultInlineCache when the bot sent none
	IsPersonal bool
	NextOffset string
}

type inlineQuery struct {
	user     int64
	query    string
	answered bool
	answer   InlineAnswer
	results  map[string]inlineResult // by result id
}

type inlineResult struct {
	text, parseMode string
	markup          *tgbotapi.InlineKeyboardMarkup
}

// inlineMessage is where a chosen result was posted.
type inlineMessage struct {
	chat int64
	msg  int
}

// ErrNoSuchResult is ChooseInlineResult's answer to a query that is not
// the person's, not answered, or has no such result.
var ErrNoSuchResult = errors.New("fakeapi: no such inline result for this person")

// PushInlineQuery queues an inline query typed by a person in a chat of
// chatType ("sender", "private", "group", "supergroup") and returns its
// update_id and query id ("iq<update_id>"). As on Telegram, the query
// names no chat.
func (s *Server) PushInlineQuery(from User, query, chatType string) (int, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := "iq" + strconv.Itoa(s.lastUpdate+1)
	s.inline[id] = &inlineQuery{user: from.ID, query: query}
	return s.push(tgbotapi.Update{InlineQuery: &tgbotapi.InlineQuery{ID: id, From: from.api(), Query: query, ChatType: chatType}}), id
}

// InlineAnswers returns the answers to one person's inline queries, oldest first.
func (s *Server) InlineAnswers(userID int64) []InlineAnswer {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []InlineAnswer
	for _, id := range s.inlineOrder {
		if q := s.inline[id]; q.user == userID && q.answered {
			out = append(out, q.answer)
		}
	}
	return out
}

// ChooseInlineResult does what a person's app does when they tap a result:
// the result's message is posted into chatID as theirs, via the bot, and a
// chosen_inline_result update is queued (Telegram sends it when the bot
// has inline feedback on). It returns the message id and, when the result
// has buttons, its inline_message_id.
func (s *Server) ChooseInlineResult(from User, chatID int64, queryID, resultID string) (int, string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	q := s.inline[queryID]
	if q == nil || q.user != from.ID || !q.answered {
		return 0, "", ErrNoSuchResult
	}
	r, ok := q.results[resultID]
	if !ok {
		return 0, "", ErrNoSuchResult
	}
	c := s.chat(chatID)
	c.lastID++
	m := &storedMessage{id: c.lastID, from: from.ID, viaBot: true, text: r.text, parseMode: r.parseMode, markup: r.markup, date: int(time.Now().Unix())}
	c.msgs = append(c.msgs, m)
	inlineID := ""
	if r.markup != nil {
		inlineID = "im" + strconv.Itoa(len(s.inlineMsgs)+1)
		s.inlineMsgs[inlineID] = inlineMessage{chat: chatID, msg: m.id}
	}
	s.publish(Event{Kind: EventMessage, Chat: chatID, Message: m.public()})
	s.push(tgbotapi.Update{ChosenInlineResult: &tgbotapi.ChosenInlineResult{
		ResultID: resultID, From: from.api(), InlineMessageID: inlineID, Query: q.query}})
	return m.id, inlineID, nil
}

// PushInlineCallback queues a press of a button on a message posted
// through inline mode: the query carries the inline_message_id and no
// message, as Telegram sends it.
func (s *Server) PushInlineCallback(inlineMessageID string, from User, data string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	im := s.inlineMsgs[inlineMessageID]
	id := s.lastUpdate + 1
	q := &tgbotapi.CallbackQuery{ID: "cq" + strconv.Itoa(id), From: from.api(), InlineMessageID: inlineMessageID,
		ChatInstance: strconv.FormatInt(im.chat, 10), Data: data}
	n := s.push(tgbotapi.Update{CallbackQuery: q})
	s.queries[q.ID] = query{user: from.ID, chat: im.chat, msg: im.msg} // push knows no message
	return n
}

func (s *Server) answerInline(p map[string]string) (any, *ErrorResponse) {
	var raw []struct {
		Type                string `json:"type"`
		ID                  string `json:"id"`
		Title               string `json:"title"`
		Description         string `json:"description"`
		InputMessageContent *struct {
			MessageText string `json:"message_text"`
			ParseMode   string `json:"parse_mode"`
		} `json:"input_message_content"`
		ReplyMarkup json.RawMessage `json:"reply_markup"`
	}
	if err := json.Unmarshal([]byte(p["results"]), &raw); err != nil {
		return nil, badRequest("can't parse inline query results JSON")
	}
	if len(raw) > MaxInlineResults {
		return nil, badRequest("RESULTS_TOO_MUCH")
	}
	a := InlineAnswer{QueryID: p["inline_query_id"], CacheTime: DefaultInlineCache, NextOffset: p["next_offset"]}
	if v, ok := p["cache_time"]; ok {
		a.CacheTime, _ = strconv.Atoi(v)
	}
	a.IsPersonal, _ = strconv.ParseBool(p["is_personal"])
	results := map[string]inlineResult{}
	for _, r := range raw {
		if n := len(r.ID); n < 1 || n > MaxInlineResultID {
			return nil, badRequest("RESULT_ID_INVALID")
		}
		if _, dup := results[r.ID]; dup {
			return nil, badRequest("RESULT_ID_DUPLICATE")
		}
		if r.Type == "article" && (r.Title == "" || r.InputMessageContent == nil) {
			return nil, badRequest("ARTICLE_TITLE_EMPTY or MESSAGE_EMPTY")
		}
		var ir inlineResult
		if c := r.InputMessageContent; c != nil {
			if e := checkText(c.MessageText, c.ParseMode); e != nil {
				return nil, e
			}
			ir.text, ir.parseMode = c.MessageText, c.ParseMode
		}
		if len(r.ReplyMarkup) > 0 {
			markup, e := parseMarkup(string(r.ReplyMarkup))
			if e != nil {
				return nil, e
			}
			ir.markup = markup
		}
		results[r.ID] = ir
		pub := (&storedMessage{markup: ir.markup}).public()
		a.Results = append(a.Results, InlineResult{Type: r.Type, ID: r.ID, Title: r.Title, Description: r.Description,
			Text: ir.text, ParseMode: ir.parseMode, Keyboard: pub.Keyboard})
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	q := s.inline[a.QueryID]
	if q == nil || q.answered {
		return nil, badRequest("query is too old and response timeout expired or query ID is invalid")
	}
	a.UserID, a.Query = q.user, q.query
	q.answered, q.answer, q.results = true, a, results
	s.inlineOrder = append(s.inlineOrder, a.QueryID)
	s.publish(Event{Kind: EventInline, Inline: &a})
	return true, nil
}

// InlineMessageID returns the inline_message_id of a message posted
// through inline mode with buttons, for a viewer that presses them.
func (s *Server) InlineMessageID(chatID int64, msgID int) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, im := range s.inlineMsgs {
		if im.chat == chatID && im.msg == msgID {
			return id, true
		}
	}
	return "", false
}

// inlineTarget finds the message an inline_message_id names; mu must be held.
func (s *Server) inlineTarget(id string) (int64, int, bool) {
	im, ok := s.inlineMsgs[id]
	return im.chat, im.msg, ok
}
