package bot

import (
	"log/slog"
	"runtime/debug"
)

// survive runs fn, the work of one chat outside an update's handler (a
// timer, a delivery, a sent message's id, a start-up's re-show). A panic
// there is a bug or a record no code expected; it is logged with the chat
// and reported as false, so the caller skips that chat and serves the
// rest instead of the process dying — at every start, if the record stays.
// (Handlers have the dispatcher's recover.)
func survive(log *slog.Logger, chat int64, what string, fn func()) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			log.Error("panic; skipping the chat", "chat", chat, "in", what, "panic", r, "stack", string(debug.Stack()))
		}
	}()
	fn()
	return true
}
