package fakeapi

import (
	"strconv"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// A group that becomes a supergroup, as Telegram does it: the supergroup
// is a new chat with a new id and its own message ids (its first message is
// the service message saying where it came from), and the old id is dead —
// every call naming it answers 400 with parameters.migrate_to_chat_id.

// Migrate upgrades the group from to the supergroup to (a chat id below
// -1000000000000): it queues the two service messages Telegram sends, the
// old group's migrate_to_chat_id and then the supergroup's
// migrate_from_chat_id (both by `by`, who made the change), and from then
// on answers every call for from with the migration error. The title and
// the administrators follow the group. It returns the two update ids.
func (s *Server) Migrate(from, to int64, by User) (oldUpdate, newUpdate int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.migrated == nil {
		s.migrated = map[int64]int64{}
	}
	s.migrated[from] = to
	if t, ok := s.titles[from]; ok {
		if _, named := s.titles[to]; !named {
			s.titles[to] = t
		}
	}
	if a, ok := s.admins[from]; ok {
		s.admins[to] = a
	}
	service := func(chat int64, msg *tgbotapi.Message) int {
		c := s.chat(chat)
		c.lastID++
		stored := &storedMessage{id: c.lastID, from: by.ID, date: int(time.Now().Unix())}
		c.msgs = append(c.msgs, stored)
		msg.MessageID, msg.From, msg.Date, msg.Chat = stored.id, by.api(), stored.date, s.chatOf(chat)
		return s.push(tgbotapi.Update{Message: msg})
	}
	oldUpdate = service(from, &tgbotapi.Message{MigrateToChatID: to})
	newUpdate = service(to, &tgbotapi.Message{MigrateFromChatID: from})
	return oldUpdate, newUpdate
}

// MigratedTo reports the supergroup a group became (0: none).
func (s *Server) MigratedTo(chat int64) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.migrated[chat]
}

// movedAway answers a call naming a group that became a supergroup, as
// Telegram does, whatever the method; mu must be held.
func (s *Server) movedAway(p map[string]string) *ErrorResponse {
	if len(s.migrated) == 0 {
		return nil
	}
	chat, err := strconv.ParseInt(p["chat_id"], 10, 64)
	if err != nil {
		return nil
	}
	to, ok := s.migrated[chat]
	if !ok {
		return nil
	}
	return &ErrorResponse{Code: 400, Description: "Bad Request: group chat was upgraded to a supergroup chat", MigrateToChatID: to}
}
