package fakeapi

import (
	"encoding/json"
	"errors"
	"strconv"
	"sync"

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

// ErrNoSuchResult is ChooseInlineResult's answer to a query that is not
// the person's, not answered, or has no such result.
var ErrNoSuchResult = errors.New("fakeapi: no such inline result for this person")

// inlineMode is the inline queries people typed, the bot's answers to
// them, and where chosen results with buttons were posted. Its state is
// guarded by the Server's one lock, mu points to it: the exported methods
// (the test API, promoted to Server) take it, the others expect it held.
type inlineMode struct {
	mu      *sync.Mutex
	queries map[string]*inlineQuery // by query id
	order   []string                // answered queries, oldest first
	posted  map[string]inlinePost   // by inline_message_id
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

// inlinePost is where a chosen result was posted.
type inlinePost struct {
	chat int64
	msg  int
}

func newInlineMode(mu *sync.Mutex) *inlineMode {
	return &inlineMode{mu: mu, queries: map[string]*inlineQuery{}, posted: map[string]inlinePost{}}
}

// InlineAnswers returns the answers to one person's inline queries, oldest first.
func (im *inlineMode) InlineAnswers(userID int64) []InlineAnswer {
	im.mu.Lock()
	defer im.mu.Unlock()
	var out []InlineAnswer
	for _, id := range im.order {
		if q := im.queries[id]; q.user == userID && q.answered {
			out = append(out, q.answer)
		}
	}
	return out
}

// InlineMessageID returns the inline_message_id of a message posted
// through inline mode with buttons, for a viewer that presses them.
func (im *inlineMode) InlineMessageID(chatID int64, msgID int) (string, bool) {
	im.mu.Lock()
	defer im.mu.Unlock()
	for id, p := range im.posted {
		if p.chat == chatID && p.msg == msgID {
			return id, true
		}
	}
	return "", false
}

// typed notes a query a person typed, under its id; mu must be held.
func (im *inlineMode) typed(id string, user int64, query string) {
	im.queries[id] = &inlineQuery{user: user, query: query}
}

// answered records the bot's answer to a query, completing a with who
// asked what; mu must be held. A query is answered once.
func (im *inlineMode) answered(a *InlineAnswer, results map[string]inlineResult) *ErrorResponse {
	q := im.queries[a.QueryID]
	if q == nil || q.answered {
		return badRequest("query is too old and response timeout expired or query ID is invalid")
	}
	a.UserID, a.Query = q.user, q.query
	q.answered, q.answer, q.results = true, *a, results
	im.order = append(im.order, a.QueryID)
	return nil
}

// chosen returns the result a person picked from the answer to their
// query, and the query; mu must be held.
func (im *inlineMode) chosen(user int64, queryID, resultID string) (inlineResult, string, error) {
	q := im.queries[queryID]
	if q == nil || q.user != user || !q.answered {
		return inlineResult{}, "", ErrNoSuchResult
	}
	r, ok := q.results[resultID]
	if !ok {
		return inlineResult{}, "", ErrNoSuchResult
	}
	return r, q.query, nil
}

// post gives a posted result's message its inline_message_id; mu must be
// held.
func (im *inlineMode) post(chatID int64, msgID int) string {
	id := "im" + strconv.Itoa(len(im.posted)+1)
	im.posted[id] = inlinePost{chat: chatID, msg: msgID}
	return id
}

// target finds the message an inline_message_id names; mu must be held.
func (im *inlineMode) target(id string) (int64, int, bool) {
	p, ok := im.posted[id]
	return p.chat, p.msg, ok
}

// parseInlineAnswer reads an answerInlineQuery's parameters, checking them
// as Telegram does: the answer as a test sees it, and the results to post
// by id.
func parseInlineAnswer(p map[string]string) (InlineAnswer, map[string]inlineResult, *ErrorResponse) {
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
		return InlineAnswer{}, nil, badRequest("can't parse inline query results JSON")
	}
	if len(raw) > MaxInlineResults {
		return InlineAnswer{}, nil, badRequest("RESULTS_TOO_MUCH")
	}
	a := InlineAnswer{QueryID: p["inline_query_id"], CacheTime: DefaultInlineCache, NextOffset: p["next_offset"]}
	if v, ok := p["cache_time"]; ok {
		a.CacheTime, _ = strconv.Atoi(v)
	}
	a.IsPersonal, _ = strconv.ParseBool(p["is_personal"])
	results := map[string]inlineResult{}
	for _, r := range raw {
		if n := len(r.ID); n < 1 || n > MaxInlineResultID {
			return InlineAnswer{}, nil, badRequest("RESULT_ID_INVALID")
		}
		if _, dup := results[r.ID]; dup {
			return InlineAnswer{}, nil, badRequest("RESULT_ID_DUPLICATE")
		}
		if r.Type == "article" && (r.Title == "" || r.InputMessageContent == nil) {
			return InlineAnswer{}, nil, badRequest("ARTICLE_TITLE_EMPTY or MESSAGE_EMPTY")
		}
		var ir inlineResult
		if c := r.InputMessageContent; c != nil {
			if e := checkText(c.MessageText, c.ParseMode); e != nil {
				return InlineAnswer{}, nil, e
			}
			ir.text, ir.parseMode = c.MessageText, c.ParseMode
		}
		if len(r.ReplyMarkup) > 0 {
			markup, e := parseMarkup(string(r.ReplyMarkup))
			if e != nil {
				return InlineAnswer{}, nil, e
			}
			ir.markup = markup
		}
		results[r.ID] = ir
		a.Results = append(a.Results, InlineResult{Type: r.Type, ID: r.ID, Title: r.Title, Description: r.Description,
			Text: ir.text, ParseMode: ir.parseMode, Keyboard: keyboardOf(ir.markup)})
	}
	return a, results, nil
}
