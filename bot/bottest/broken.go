package bottest

import (
	"bytes"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// PlantBrokenGame stores, for chat, a record that decodes but that no code
// expects — a running game of kind without its game state, changed at now
// and due on its timer — as a bug of an older version or a damaged write
// could leave it.
func PlantBrokenGame(t *testing.T, store *storage.Store, chat int64, now time.Time, kind string) {
	t.Helper()
	data := []byte(`{"id":77,"rev":3,"status":"playing","kind":"` + kind + `","edition":"classic","seats":[{"user":11,"name":"A"},{"user":22,"name":"B"}],` +
		`"created":` + strconv.FormatInt(now.UnixMilli(), 10) + `,"updated":` + strconv.FormatInt(now.UnixMilli(), 10) + `}`)
	if _, err := kit.DecodeRecord(data); err != nil {
		t.Fatalf("the planted record does not even decode: %v", err)
	}
	err := store.Update(func(tx *storage.Tx) error {
		if err := tx.PutGame(chat, data); err != nil {
			return err
		}
		if err := tx.MarkRecent(chat, now.UnixMilli()); err != nil {
			return err
		}
		return tx.PutTimer(now.Add(-time.Second).UnixMilli(), chat)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// SyncBuffer is a log the bot's goroutines write at once.
type SyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *SyncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *SyncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
