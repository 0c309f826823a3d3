package fakeapi

import (
	"strconv"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// What people and Telegram do that the bot sees as updates: messages,
// presses, deep links, inline queries and chosen results, a group's
// upgrade. Each spans parts of the Server (the store, the directory, the
// queue, the presses…), so it is Server's own, under its one lock.

// PushMessage queues a text message from a user and returns its update_id.
// Negative chat ids are groups, positive ones private chats. A leading
// /command gets its bot_command entity, as Telegram would add.
func (s *Server) PushMessage(chatID int64, from User, text string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	stored := s.messageStore.post(chatID, &storedMessage{from: from.ID, text: text})
	if chatID == from.ID {
		s.directory.open(from.ID) // writing to the bot opens the private chat
	}
	m := &tgbotapi.Message{
		MessageID: stored.id,
		From:      from.api(),
		Date:      stored.date,
		Chat:      s.directory.chatOf(chatID),
		Text:      text,
	}
	if strings.HasPrefix(text, "/") {
		cmd, _, _ := strings.Cut(text, " ")
		m.Entities = []tgbotapi.MessageEntity{{Type: "bot_command", Offset: 0, Length: utf16Len(cmd)}}
	}
	return s.push(tgbotapi.Update{Message: m})
}

// PushCallback queues a press of a button with the given callback data on
// the bot's message messageID and returns the update_id. The callback
// query id is "cq<update_id>". The data is not checked against the
// message's keyboard: clients can send anything, and tests should be able
// to as well.
func (s *Server) PushCallback(chatID int64, messageID int, from User, data string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	msg := &tgbotapi.Message{MessageID: messageID, Chat: s.directory.chatOf(chatID), Date: int(time.Now().Unix())}
	if m := s.messageStore.find(chatID, messageID); m != nil && m.from == 0 {
		msg = s.api.apiMessage(chatID, m)
	}
	q := &tgbotapi.CallbackQuery{
		ID:           PressID(s.updateQueue.nextID()),
		From:         from.api(),
		Message:      msg,
		ChatInstance: strconv.FormatInt(chatID, 10),
		Data:         data,
	}
	return s.push(tgbotapi.Update{CallbackQuery: q})
}

// PushUpdate queues any update (service messages, my_chat_member, …) and
// returns the update_id it was given; UpdateID is overwritten.
func (s *Server) PushUpdate(u tgbotapi.Update) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.push(u)
}

// push queues u, and a press in it as one the bot may answer; mu must be
// held.
func (s *Server) push(u tgbotapi.Update) int {
	if q := u.CallbackQuery; q != nil {
		pq := query{}
		if q.From != nil {
			pq.user = q.From.ID
		}
		if q.Message != nil && q.Message.Chat != nil {
			pq.chat, pq.msg = q.Message.Chat.ID, q.Message.MessageID
		}
		s.pressLog.expect(q.ID, pq)
	}
	return s.updateQueue.add(u)
}

// OpenDeepLink does what Telegram does when a person follows a link to the
// bot: it opens their private chat and sends "/start PAYLOAD" there (just
// "/start" without a payload). It returns the update_id, or false when
// the link is not a valid deep link to this bot.
func (s *Server) OpenDeepLink(from User, link string) (int, bool) {
	payload, ok := DeepLinkPayload(link)
	if !ok {
		return 0, false
	}
	text := "/start"
	if payload != "" {
		text += " " + payload
	}
	return s.PushMessage(from.ID, from, text), true
}

// PushInlineQuery queues an inline query typed by a person in a chat of
// chatType ("sender", "private", "group", "supergroup") and returns its
// update_id and query id ("iq<update_id>"). As on Telegram, the query
// names no chat.
func (s *Server) PushInlineQuery(from User, query, chatType string) (int, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := "iq" + strconv.Itoa(s.updateQueue.nextID())
	s.inlineMode.typed(id, from.ID, query)
	return s.push(tgbotapi.Update{InlineQuery: &tgbotapi.InlineQuery{ID: id, From: from.api(), Query: query, ChatType: chatType}}), id
}

// ChooseInlineResult does what a person's app does when they tap a result:
// the result's message is posted into chatID as theirs, via the bot, and a
// chosen_inline_result update is queued (Telegram sends it when the bot
// has inline feedback on). It returns the message id and, when the result
// has buttons, its inline_message_id.
func (s *Server) ChooseInlineResult(from User, chatID int64, queryID, resultID string) (int, string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, query, err := s.inlineMode.chosen(from.ID, queryID, resultID)
	if err != nil {
		return 0, "", err
	}
	m := s.messageStore.post(chatID, &storedMessage{from: from.ID, viaBot: true, text: r.text, parseMode: r.parseMode, markup: r.markup})
	inlineID := ""
	if r.markup != nil {
		inlineID = s.inlineMode.post(chatID, m.id)
	}
	s.push(tgbotapi.Update{ChosenInlineResult: &tgbotapi.ChosenInlineResult{
		ResultID: resultID, From: from.api(), InlineMessageID: inlineID, Query: query}})
	return m.id, inlineID, nil
}

// PushInlineCallback queues a press of a button on a message posted
// through inline mode: the query carries the inline_message_id and no
// message, as Telegram sends it.
func (s *Server) PushInlineCallback(inlineMessageID string, from User, data string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	chat, msg, _ := s.inlineMode.target(inlineMessageID)
	q := &tgbotapi.CallbackQuery{ID: PressID(s.updateQueue.nextID()), From: from.api(), InlineMessageID: inlineMessageID,
		ChatInstance: strconv.FormatInt(chat, 10), Data: data}
	n := s.updateQueue.add(tgbotapi.Update{CallbackQuery: q})
	s.pressLog.expect(q.ID, query{user: from.ID, chat: chat, msg: msg}) // the update names no message
	return n
}

// Migrate upgrades the group from to the supergroup to (a chat id below
// -1000000000000): it queues the two service messages Telegram sends, the
// old group's migrate_to_chat_id and then the supergroup's
// migrate_from_chat_id (both by `by`, who made the change), and from then
// on answers every call for from with the migration error. The title and
// the administrators follow the group. It returns the two update ids.
func (s *Server) Migrate(from, to int64, by User) (oldUpdate, newUpdate int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.migrations.moved(from, to)
	s.directory.follow(from, to)
	service := func(chat int64, msg *tgbotapi.Message) int {
		stored := s.messageStore.record(chat, &storedMessage{from: by.ID})
		msg.MessageID, msg.From, msg.Date, msg.Chat = stored.id, by.api(), stored.date, s.directory.chatOf(chat)
		return s.push(tgbotapi.Update{Message: msg})
	}
	oldUpdate = service(from, &tgbotapi.Message{MigrateToChatID: to})
	newUpdate = service(to, &tgbotapi.Message{MigrateFromChatID: from})
	return oldUpdate, newUpdate
}
