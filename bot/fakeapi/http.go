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

// reply is the fake's answer to one call, whichever way it came: the
// status and JSON body, or a hangup (the connection closed unanswered).
type reply struct {
	status int
	body   []byte
	hangup bool
}

// serve answers one HTTP call (see answer); a hangup closes the
// connection, as a network failure would.
func (b *botAPI) serve(w http.ResponseWriter, r *http.Request) {
	rep := b.answer(r)
	if rep.hangup {
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				return
			}
		}
		rep = errorReply(&ErrorResponse{Code: http.StatusBadGateway, Description: "Bad Gateway"})
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(rep.status)
	_, _ = w.Write(rep.body)
}

// answer answers one call: it logs it, answers a fault queued for it or a
// refusal Telegram would give (a migrated group, a kicked bot, a private
// chat never opened, the flood limits), and otherwise runs the method.
func (b *botAPI) answer(r *http.Request) reply {
	start := time.Now()
	method, ok := parsePath(r.URL.Path)
	params, files, perr := readParams(r)

	b.mu.Lock()
	n, injected := b.calls.begin(method, params, start)
	var limited *ErrorResponse
	switch {
	case injected != nil:
		b.flood.injectedBan(method, params, injected)
	case ok && perr == nil:
		limited = b.refusal(method, params)
	}
	b.mu.Unlock()

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
		result, fail = b.call(r, method, params, files)
	}

	status := 200
	if fail != nil {
		status = fail.Code
	}
	b.mu.Lock()
	b.calls.finish(n, status)
	b.mu.Unlock()

	switch {
	case fail != nil && fail.Hangup:
		return reply{hangup: true}
	case fail != nil:
		return errorReply(fail)
	}
	body, _ := json.Marshal(okResponse{Ok: true, Result: result})
	return reply{status: http.StatusOK, body: body}
}

// errorReply is Telegram's answer for fail.
func errorReply(fail *ErrorResponse) reply {
	var p *tgbotapi.ResponseParameters
	if fail.RetryAfter != 0 || fail.MigrateToChatID != 0 {
		p = &tgbotapi.ResponseParameters{RetryAfter: fail.RetryAfter, MigrateToChatID: fail.MigrateToChatID}
	}
	body, _ := json.Marshal(errResponse{ErrorCode: fail.Code, Description: fail.Description, Parameters: p})
	return reply{status: fail.Code, body: body}
}

// refusal is what Telegram answers instead of running a well-formed call,
// in the order it checks (nil: run it); mu must be held.
func (b *botAPI) refusal(method string, params map[string]string) *ErrorResponse {
	if e := b.migrations.movedAway(params); e != nil {
		return e
	}
	if e := b.flood.kickedFrom(method, params); e != nil {
		return e
	}
	if e := b.people.notStarted(method, params); e != nil {
		return e
	}
	return b.flood.admit(method, params)
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

func (b *botAPI) call(r *http.Request, method string, p map[string]string, files map[string]upload) (any, *ErrorResponse) {
	switch method {
	case "getMe":
		return tgbotapi.User{ID: BotID, IsBot: true, FirstName: "Monopoly", UserName: BotUsername}, nil
	case "getUpdates":
		return b.getUpdates(r, p)
	case "sendMessage":
		return b.sendMessage(p)
	case "editMessageText":
		return b.edit(p, editText)
	case "editMessageCaption":
		return b.edit(p, editCaption)
	case "editMessageReplyMarkup":
		return b.edit(p, editMarkup)
	case "sendPhoto":
		return b.sendPhoto(p, files)
	case "answerInlineQuery":
		return b.answerInline(p)
	case "deleteMessage":
		return b.deleteMessage(p)
	case "answerCallbackQuery":
		return b.answerCallback(p)
	case "setMyCommands":
		return b.setMyCommands(p)
	case "getChatMember":
		return b.getChatMember(p)
	case "getChatAdministrators":
		return b.getChatAdministrators(p)
	}
	return nil, &ErrorResponse{Code: 404, Description: "Not Found"}
}
