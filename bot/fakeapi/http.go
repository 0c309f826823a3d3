package fakeapi

import (
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// The HTTP side: requests in the shape tgbotapi sends them, answers in
// the shape Telegram gives them, and fault injection (FailNext, Enforce,
// Kick) applied before a method runs.

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
	if perr == nil {
		perr = s.readUploads(r, params)
	}

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
	var limited *ErrorResponse
	switch {
	case injected != nil:
		s.injectedBan(method, params, injected)
	case ok && perr == nil:
		if limited = s.kickedFrom(method, params); limited == nil {
			limited = s.admit(method, params)
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
	case limited != nil:
		fail = limited
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
	case "sendPhoto":
		return s.sendPhoto(p)
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
