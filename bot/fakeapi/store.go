package fakeapi

import (
	"sync"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// messageStore is every chat's messages, the bot's and the people's, in
// their current state, and their history. Every change to a message is
// published to the viewers (events) as it is made. Its state is guarded by
// the Server's one lock, mu points to it: the exported methods (the test
// API, promoted to Server) take it, the others expect it held.
type messageStore struct {
	mu     *sync.Mutex
	chats  map[int64]*chatState
	events *eventHub
}

type chatState struct {
	lastID int // people's messages take ids from the same sequence, as in Telegram
	msgs   []*storedMessage
}

type storedMessage struct {
	id        int
	from      int64 // 0: the bot
	viaBot    bool  // posted by a person through inline mode
	text      string
	parseMode string
	photo     string // file_id
	markup    *tgbotapi.InlineKeyboardMarkup
	deleted   bool
	edits     int
	date      int
}

func newMessageStore(mu *sync.Mutex, events *eventHub) *messageStore {
	return &messageStore{mu: mu, chats: map[int64]*chatState{}, events: events}
}

func (m *storedMessage) public() Message {
	return Message{ID: m.id, From: m.from, ViaBot: m.viaBot, Text: m.text, ParseMode: m.parseMode, Photo: m.photo,
		Keyboard: keyboardOf(m.markup), Deleted: m.deleted, Edits: m.edits, Date: m.date}
}

// Messages returns the bot's messages in a chat, oldest first, deleted
// ones included (flagged). Users' messages are not listed (see History).
func (st *messageStore) Messages(chatID int64) []Message {
	return st.messages(chatID, false)
}

// History returns every message in a chat, oldest first: the bot's and
// the people's, deleted ones included (flagged).
func (st *messageStore) History(chatID int64) []Message {
	return st.messages(chatID, true)
}

func (st *messageStore) messages(chatID int64, people bool) []Message {
	st.mu.Lock()
	defer st.mu.Unlock()
	c, ok := st.chats[chatID]
	if !ok {
		return nil
	}
	out := make([]Message, 0, len(c.msgs))
	for _, m := range c.msgs {
		if m.from == 0 || people {
			out = append(out, m.public())
		}
	}
	return out
}

// LastMessage returns the newest message the bot sent to a chat.
func (st *messageStore) LastMessage(chatID int64) (Message, bool) {
	msgs := st.Messages(chatID)
	if len(msgs) == 0 {
		return Message{}, false
	}
	return msgs[len(msgs)-1], true
}

// DeleteMessage deletes one of the bot's messages as an administrator
// would; later edits of it fail with "message to edit not found".
func (st *messageStore) DeleteMessage(chatID int64, msgID int) bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	m := st.find(chatID, msgID)
	if m == nil || m.deleted {
		return false
	}
	st.remove(chatID, m)
	return true
}

// record adds a message to a chat with the chat's next id and the time
// now, telling no viewer (a service message); mu must be held.
func (st *messageStore) record(chatID int64, m *storedMessage) *storedMessage {
	c, ok := st.chats[chatID]
	if !ok {
		c = &chatState{}
		st.chats[chatID] = c
	}
	c.lastID++
	m.id, m.date = c.lastID, int(time.Now().Unix())
	c.msgs = append(c.msgs, m)
	return m
}

// post is record for a message the viewers see appear; mu must be held.
func (st *messageStore) post(chatID int64, m *storedMessage) *storedMessage {
	st.record(chatID, m)
	st.events.publish(Event{Kind: EventMessage, Chat: chatID, Message: m.public()})
	return m
}

// edited tells the viewers that m changed; mu must be held.
func (st *messageStore) edited(chatID int64, m *storedMessage) {
	m.edits++
	st.events.publish(Event{Kind: EventEdit, Chat: chatID, Message: m.public()})
}

// remove marks m deleted; mu must be held.
func (st *messageStore) remove(chatID int64, m *storedMessage) {
	m.deleted = true
	st.events.publish(Event{Kind: EventDelete, Chat: chatID, Message: m.public()})
}

// find returns a chat's message by id, deleted or not (nil: no such
// message); mu must be held.
func (st *messageStore) find(chatID int64, msgID int) *storedMessage {
	c, ok := st.chats[chatID]
	if !ok {
		return nil
	}
	for _, m := range c.msgs {
		if m.id == msgID {
			return m
		}
	}
	return nil
}
