package fakeapi

import (
	"fmt"
	"net/http"
)

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

func badRequest(desc string) *ErrorResponse {
	return &ErrorResponse{Code: 400, Description: "Bad Request: " + desc}
}

// defaultDescription is Telegram's usual text for an error, for an
// injected one that names none and for the fake's own 429s.
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
