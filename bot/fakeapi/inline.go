package fakeapi

import (
	"encoding/json"
	"strconv"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// Inline mode: a user types "@bot …" in a chat (an inline query, which
// names the user but no chat), the bot answers with results, and choosing
// one sends a chosen inline result back (with inline feedback on).

// InlineAnswer is the bot's answer to an inline query, as sent.
type InlineAnswer struct {
	QueryID string
	// CacheTime and IsPersonal are the raw parameters ("" when not sent):
	// a hand must be sent with "0" and "true", never left to the defaults.
	CacheTime  string
	IsPersonal string
	Results    []InlineResult
}

// InlineResult is one article of an answer.
type InlineResult struct {
	Type        string `json:"type"`
	ID          string `json:"id"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Message     struct {
		Text string `json:"message_text"`
	} `json:"input_message_content"`
}

// PushInlineQuery queues an inline query typed by from; its id is
// "iq<update_id>".
func (s *Server) PushInlineQuery(from User, query string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	q := &tgbotapi.InlineQuery{ID: "iq" + strconv.Itoa(s.lastUpdate+1), From: from.api(), Query: query, ChatType: "supergroup"}
	return s.push(tgbotapi.Update{InlineQuery: q})
}

// PushChosenInline queues the choice of an inline result by from.
func (s *Server) PushChosenInline(from User, resultID, query string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.push(tgbotapi.Update{ChosenInlineResult: &tgbotapi.ChosenInlineResult{ResultID: resultID, From: from.api(), Query: query}})
}

// InlineAnswers are the bot's answers to inline queries, oldest first.
func (s *Server) InlineAnswers() []InlineAnswer {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]InlineAnswer(nil), s.inline...)
}

func (s *Server) answerInline(p map[string]string) (any, *ErrorResponse) {
	a := InlineAnswer{QueryID: p["inline_query_id"], CacheTime: p["cache_time"], IsPersonal: p["is_personal"]}
	if a.QueryID == "" {
		return nil, badRequest("Bad Request: query is too old and response timeout expired or query ID is invalid")
	}
	if err := json.Unmarshal([]byte(p["results"]), &a.Results); err != nil {
		return nil, badRequest("Bad Request: can't parse inline query results JSON object")
	}
	if len(a.Results) > 50 {
		return nil, badRequest("Bad Request: RESULTS_TOO_MUCH")
	}
	for _, r := range a.Results {
		if r.ID == "" || len(r.ID) > 64 || r.Title == "" || r.Message.Text == "" {
			return nil, badRequest("Bad Request: RESULT_ID_INVALID or an empty title or message")
		}
	}
	s.mu.Lock()
	s.inline = append(s.inline, a)
	s.mu.Unlock()
	return true, nil
}
