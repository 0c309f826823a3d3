package bottest

import (
	"bytes"
	"encoding/json"
	"html"
	"image/png"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
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
		_, err := EditGame(tx, Chat, edit)
		return err
	}); err != nil {
		h.T.Fatal(err)
	}
}

// PutSettings stores Chat's settings s, as /settings would have.
func (h *Harness) PutSettings(s kit.Settings) {
	h.T.Helper()
	if err := h.App.Store().Update(func(tx *storage.Tx) error {
		return PutJSON(tx.PutSettings, Chat, s)
	}); err != nil {
		h.T.Fatal(err)
	}
}

// EditGame changes chat's stored record in tx with edit (nil: only reads
// it) and returns it.
func EditGame(tx *storage.Tx, chat int64, edit func(rec *kit.Record)) (*kit.Record, error) {
	data, _ := tx.Game(chat)
	rec, err := kit.DecodeRecord(data)
	if err != nil || edit == nil {
		return rec, err
	}
	edit(rec)
	out, err := rec.Encode()
	if err != nil {
		return rec, err
	}
	return rec, tx.PutGame(chat, out)
}

// WholeGameLangs are the languages a test of whole games plays its i-th
// edition in: every language, or under -short (the race run, where a whole
// game costs ten times the processor time) one, another for each i, so
// that the race run still plays each language somewhere.
func WholeGameLangs(i int) []string {
	if testing.Short() {
		return []string{locales.Languages[i%len(locales.Languages)]}
	}
	return locales.Languages
}

// HasOp reports whether a keyboard has a button with op.
func HasOp(kb [][]fakeapi.Button, op kit.Op) bool {
	for _, row := range kb {
		for _, b := range row {
			if p, err := kit.ParsePress(b.Data); err == nil && p.Op == op {
				return true
			}
		}
	}
	return false
}

var htmlTag = regexp.MustCompile(`<[^>]*>`)

// ShownText is s as Telegram shows it: no tags, entities unescaped, no
// isolation marks around names.
func ShownText(s string) string {
	return strings.NewReplacer("\u2068", "", "\u2069", "").Replace(html.UnescapeString(htmlTag.ReplaceAllString(s, "")))
}

// Texts are the texts of Chat's messages, one a line.
func (h *Harness) Texts() string {
	var sb strings.Builder
	for _, m := range h.API.Messages(Chat) {
		sb.WriteString(m.Text + "\n")
	}
	return sb.String()
}

// SentPhoto is a picture the bot sent.
type SentPhoto struct {
	FileID        string
	Uploaded      bool // sent as a file, not by file_id
	Size          int  // bytes
	Width, Height int
}

// Photos are the pictures the bot sent to Chat, in order: the chat's photo
// messages, and whether each sendPhoto carried the file (a multipart
// upload) or named a file_id.
func (h *Harness) Photos() []SentPhoto {
	h.T.Helper()
	var out []SentPhoto
	for _, m := range h.API.Messages(Chat) {
		if m.Photo == "" {
			continue
		}
		data, _, ok := h.API.File(m.Photo)
		if !ok {
			h.T.Fatalf("message %d shows an unknown photo %q", m.ID, m.Photo)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			h.T.Fatalf("photo %q is no PNG: %v", m.Photo, err)
		}
		out = append(out, SentPhoto{FileID: m.Photo, Size: len(data), Width: cfg.Width, Height: cfg.Height})
	}
	i := 0
	for _, r := range h.API.Calls("sendPhoto") {
		if r.Status != 200 || r.Params["chat_id"] != strconv.FormatInt(Chat, 10) {
			continue
		}
		if i < len(out) {
			out[i].Uploaded = r.Params["photo"] == ""
		}
		i++
	}
	if i != len(out) {
		h.T.Fatalf("%d photo messages, %d sendPhoto calls", len(out), i)
	}
	return out
}

// LastShown is chat's newest message not deleted.
func (h *Harness) LastShown(chat int64) fakeapi.Message {
	h.T.Helper()
	msgs := h.API.Messages(chat)
	for i := len(msgs) - 1; i >= 0; i-- {
		if !msgs[i].Deleted {
			return msgs[i]
		}
	}
	h.T.Fatal("the chat shows no message")
	return fakeapi.Message{}
}

// ButtonIn is the newest button with op on a message chat still shows.
func (h *Harness) ButtonIn(chat int64, op kit.Op) (msg int, data string, ok bool) {
	msgs := h.API.Messages(chat)
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Deleted {
			continue
		}
		for _, row := range msgs[i].Keyboard {
			for _, b := range row {
				if p, err := kit.ParsePress(b.Data); err == nil && p.Op == op {
					return msgs[i].ID, b.Data, true
				}
			}
		}
	}
	return 0, "", false
}

// OpenLobby opens a lobby with "/newgame args" as the first of Users and
// lets the others join; it returns the lobby's record.
func (h *Harness) OpenLobby(args string) *kit.Record {
	h.T.Helper()
	users := h.Users
	h.Say(users[0], strings.TrimSpace("/newgame "+args))
	for _, u := range users[1:] {
		h.MustPress(u, h.Lobby.Join)
	}
	return h.Record()
}

// LobbyWithComputers opens a lobby as the first of Users and adds n
// computer seats.
func (h *Harness) LobbyWithComputers(n int) {
	h.T.Helper()
	users := h.Users
	h.Say(users[0], "/newgame")
	for range n {
		h.MustPress(users[0], h.Lobby.AddComputer)
	}
	if rec := h.Record(); len(rec.Seats) != n+1 {
		h.T.Fatalf("lobby seats %+v, want %s and %d computers", rec.Seats, users[0].FirstName, n)
	}
}

// MemberUpdate is Telegram's my_chat_member update of the bot's new status
// in chat ("kicked", "member"), changed by person 11.
func MemberUpdate(chat int64, status string) tgbotapi.Update {
	return tgbotapi.Update{MyChatMember: &tgbotapi.ChatMemberUpdated{
		Chat: tgbotapi.Chat{ID: chat, Type: "group"}, From: tgbotapi.User{ID: 11},
		OldChatMember: tgbotapi.ChatMember{User: &tgbotapi.User{ID: fakeapi.BotID}, Status: "member"},
		NewChatMember: tgbotapi.ChatMember{User: &tgbotapi.User{ID: fakeapi.BotID}, Status: status},
	}}
}

// EdgeUsers are three people whose names test the edges of every text: a
// right-to-left name (ru), the longest Telegram allows (uk, 32 runes, with
// HTML's specials) and the shortest (en).
func EdgeUsers() []fakeapi.User {
	return []fakeapi.User{
		{ID: 11, FirstName: "ليلى", LanguageCode: "ru"},
		{ID: 22, FirstName: "Александра-Констанция <&> Wolfe!", LanguageCode: "uk"},
		{ID: 33, FirstName: "Ə", LanguageCode: "en"},
	}
}

// EncodePress is p's callback data (as a button carries it); the test
// fails unless it parses back to p.
func EncodePress(t testing.TB, p kit.Press) string {
	t.Helper()
	data := p.Encode()
	if got, err := kit.ParsePress(data); err != nil || got != p {
		t.Fatalf("%+v encodes to %q → %+v, %v", p, data, got, err)
	}
	return data
}
