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
	params, files, perr := readParams(r)

	s.mu.Lock()
	s.trimRequests()
	idx := s.dropped + len(s.requests) // counts every request, dropped ones too
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
		if limited = s.movedAway(params); limited == nil {
			limited = s.kickedFrom(method, params)
		}
		if limited == nil {
			limited = s.notStarted(method, params)
		}
		if limited == nil {
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
		result, fail = s.call(r, method, params, files)
	}

	status := 200
	if fail != nil {
		status = fail.Code
	}
	s.mu.Lock()
	if i := idx - s.dropped; i >= 0 {
		s.requests[i].Status = status
	}
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
// tgbotapi encodes them: nested objects stay JSON text. Uploaded files
// (multipart) come back apart, by field name.
func readParams(r *http.Request) (map[string]string, map[string]upload, error) {
	out := map[string]string{}
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch ct {
	case "application/json":
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return out, nil, err
		}
		if len(body) == 0 {
			return out, nil, nil
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(body, &raw); err != nil {
			return out, nil, fmt.Errorf("can't parse JSON body: %v", err)
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
		if err := r.ParseMultipartForm(MaxPhotoSize + 1<<20); err != nil {
			return out, nil, err
		}
		for k, v := range r.Form {
			out[k] = v[0]
		}
		files, err := readUploads(r)
		return out, files, err
	default:
		if err := r.ParseForm(); err != nil {
			return out, nil, err
		}
		for k, v := range r.Form {
			out[k] = v[0]
		}
	}
	return out, nil, nil
}

func (s *Server) call(r *http.Request, method string, p map[string]string, files map[string]upload) (any, *ErrorResponse) {
	switch method {
	case "getMe":
		return tgbotapi.User{ID: BotID, IsBot: true, FirstName: "Monopoly", UserName: BotUsername}, nil
	case "getUpdates":
		return s.getUpdates(r, p)
	case "sendMessage":
		return s.sendMessage(p)
	case "editMessageText":
		return s.edit(p, editText)
	case "editMessageCaption":
		return s.edit(p, editCaption)
	case "editMessageReplyMarkup":
		return s.edit(p, editMarkup)
	case "sendPhoto":
		return s.sendPhoto(p, files)
	case "answerInlineQuery":
		return s.answerInline(p)
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
