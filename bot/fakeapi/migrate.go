package fakeapi

import (
	"strconv"
	"sync"
)

// A group that becomes a supergroup, as Telegram does it: the supergroup
// is a new chat with a new id and its own message ids (its first message is
// the service message saying where it came from), and the old id is dead —
// every call naming it answers 400 with parameters.migrate_to_chat_id.
// Server.Migrate (push.go) makes the change; this is what stays of it.

// migrations is which groups became which supergroups. Its state is
// guarded by the Server's one lock, mu points to it: MigratedTo (the test
// API, promoted to Server) takes it, the others expect it held.
type migrations struct {
	mu *sync.Mutex
	to map[int64]int64 // a group's supergroup
}

func newMigrations(mu *sync.Mutex) *migrations {
	return &migrations{mu: mu, to: map[int64]int64{}}
}

// MigratedTo reports the supergroup a group became (0: none).
func (mg *migrations) MigratedTo(chat int64) int64 {
	mg.mu.Lock()
	defer mg.mu.Unlock()
	return mg.to[chat]
}

// moved notes that from became to; mu must be held.
func (mg *migrations) moved(from, to int64) { mg.to[from] = to }

// movedAway answers a call naming a group that became a supergroup, as
// Telegram does, whatever the method; mu must be held.
func (mg *migrations) movedAway(p map[string]string) *ErrorResponse {
	if len(mg.to) == 0 {
		return nil
	}
	chat, err := strconv.ParseInt(p["chat_id"], 10, 64)
	if err != nil {
		return nil
	}
	to, ok := mg.to[chat]
	if !ok {
		return nil
	}
	return &ErrorResponse{Code: 400, Description: "Bad Request: group chat was upgraded to a supergroup chat", MigrateToChatID: to}
}
