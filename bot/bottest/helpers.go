package bottest

import (
	"encoding/json"
	"sync"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Clock is a settable clock for tests of deadlines (the bot's
// AppConfig.Now).
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock is a clock that stands at now until moved.
func NewClock(now time.Time) *Clock { return &Clock{now: now} }

// Now is the clock's time.
func (c *Clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

// Add moves the clock by d.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// PutJSON stores v as JSON with put (a test's setup of settings:
// tx.PutSettings).
func PutJSON(put func(int64, []byte) error, chat int64, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return put(chat, data)
}

// FindMessage is the message id of chat as the fake Bot API holds it (nil
// if none).
func (h *Harness) FindMessage(chat int64, id int) *fakeapi.Message {
	for _, m := range h.API.Messages(chat) {
		if m.ID == id {
			return &m
		}
	}
	return nil
}

// LastAnswer is the newest answer to a button press.
func (h *Harness) LastAnswer() fakeapi.CallbackAnswer {
	h.T.Helper()
	a := h.API.CallbackAnswers()
	if len(a) == 0 {
		h.T.Fatal("no callback answered")
	}
	return a[len(a)-1]
}

// ArchivedGame is what stays of a finished game in storage's archive.
type ArchivedGame struct {
	Record *kit.Record       `json:"record"`
	Log    []json.RawMessage `json:"log"` // the start state, then the entries
}

// Archived is the last finished game of chat in store.
func Archived(store *storage.Store, chat int64) (ArchivedGame, error) {
	var arch ArchivedGame
	err := store.View(func(tx *storage.Tx) error {
		return tx.ForEachArchive(chat, func(_ uint64, data []byte) error { return json.Unmarshal(data, &arch) })
	})
	return arch, err
}

// ArchivedRecord is the final record of Chat's last finished game.
func (h *Harness) ArchivedRecord() *kit.Record {
	h.T.Helper()
	arch, err := Archived(h.App.Store(), Chat)
	if err != nil {
		h.T.Fatal(err)
	}
	return arch.Record
}

// EditRecord changes Chat's stored record with edit behind the bot's back
// (a test's setup of a position), under the chat's lock, without a new
// revision; the chat shows the change only with its next one.
func (h *Harness) EditRecord(edit func(rec *kit.Record)) {
	h.T.Helper()
	defer h.App.LockChat(Chat)()
	if err := h.App.Store().Update(func(tx *storage.Tx) error {
		data, _ := tx.Game(Chat)
		rec, err := kit.DecodeRecord(data)
		if err != nil {
			return err
		}
		edit(rec)
		out, err := rec.Encode()
		if err != nil {
			return err
		}
		return tx.PutGame(Chat, out)
	}); err != nil {
		h.T.Fatal(err)
	}
}
