package telegram

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// Answers a caller has to act on. They wrap the *tgbotapi.Error, so
// errors.As still reaches Telegram's code and description.
var (
	// ErrMessageNotFound: the message is gone, or too old or not the bot's to
	// edit or delete. Either way the remedy is the same: send a new one.
	ErrMessageNotFound = errors.New("telegram: message not found or not editable")
	// ErrNotModified: an edit to identical content. Edit and EditMarkup
	// swallow it, since the message already shows what was wanted.
	ErrNotModified = errors.New("telegram: message is not modified")
	// ErrForbidden: the bot cannot write to the chat any more: kicked,
	// blocked, never started by the user, no rights, or the chat is gone.
	ErrForbidden = errors.New("telegram: forbidden to write to the chat")
	// ErrQueryTooOld: the callback query expired (about 15 s) or was already
	// answered; the user's spinner is gone anyway.
	ErrQueryTooOld = errors.New("telegram: callback query is too old or invalid")
)

// MigratedError says the group became a supergroup with a new chat id:
// the caller moves its state to NewChatID and sends there.
type MigratedError struct {
	ChatID    int64 // the old id the call was made with
	NewChatID int64
	Err       *tgbotapi.Error
}

func (e *MigratedError) Error() string {
	return fmt.Sprintf("telegram: chat %d migrated to %d", e.ChatID, e.NewChatID)
}

func (e *MigratedError) Unwrap() error { return e.Err }

// apiError extracts Telegram's error answer. tgbotapi returns it as a
// pointer although Error has a value receiver, so both shapes are checked.
func apiError(err error) (*tgbotapi.Error, bool) {
	var p *tgbotapi.Error
	if errors.As(err, &p) {
		return p, true
	}
	var v tgbotapi.Error
	if errors.As(err, &v) {
		return &v, true
	}
	return nil, false
}

// classify turns a final (not retried) error into what callers match on.
func classify(method string, chatID int64, err error) error {
	e, ok := apiError(err)
	if !ok {
		return fmt.Errorf("telegram %s (chat %d): %w", method, chatID, redact(err))
	}
	if e.MigrateToChatID != 0 {
		return &MigratedError{ChatID: chatID, NewChatID: e.MigrateToChatID, Err: e}
	}
	var kind error
	desc := strings.ToLower(e.Message)
	switch {
	case e.Code == 403:
		kind = ErrForbidden
	case e.Code != 400:
	case strings.Contains(desc, "message is not modified"):
		kind = ErrNotModified
	case strings.Contains(desc, "message to edit not found"),
		strings.Contains(desc, "message to delete not found"),
		strings.Contains(desc, "message can't be edited"),
		strings.Contains(desc, "message can't be deleted"):
		kind = ErrMessageNotFound
	case strings.Contains(desc, "query is too old"),
		strings.Contains(desc, "query id is invalid"):
		kind = ErrQueryTooOld
	case strings.Contains(desc, "chat not found"),
		strings.Contains(desc, "have no rights to send"),
		strings.Contains(desc, "not enough rights to send"),
		strings.Contains(desc, "chat_write_forbidden"):
		kind = ErrForbidden
	}
	if kind == nil {
		return fmt.Errorf("telegram %s (chat %d): %w", method, chatID, e)
	}
	return fmt.Errorf("telegram %s (chat %d): %w: %w", method, chatID, kind, e)
}

// transient reports whether a failure that is not a Telegram answer is
// worth another try: the network, a timeout, or a proxy's non-JSON page.
func transient(err error) bool {
	var ue *url.Error
	var se *json.SyntaxError
	return errors.As(err, &ue) || errors.As(err, &se) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}

// redact hides the bot token: net/http puts the request URL, which embeds
// the token, into every transport error, and those errors end up in logs.
func redact(err error) error {
	var ue *url.Error
	if err == nil || !errors.As(err, &ue) {
		return err
	}
	return &url.Error{Op: ue.Op, URL: redactURL(ue.URL), Err: ue.Err}
}

func redactURL(u string) string {
	i := strings.Index(u, "/bot")
	if i < 0 {
		return u
	}
	rest := u[i+len("/bot"):]
	j := strings.IndexByte(rest, '/')
	if j < 0 {
		return u[:i] + "/bot<token>"
	}
	return u[:i] + "/bot<token>" + rest[j:]
}
