package fakeapi

import (
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// botAPI answers the Bot API methods the fake knows, one method each,
// called by serve (http.go) with the request's parameters once the call
// passed the faults and limits. It owns no state: it reads and changes the
// Server's parts, which share one lock, mu. A method checks the
// parameters without it, then takes it for the change, so a call is one
// critical section; getUpdates releases it while it waits.
type botAPI struct {
	mu         *sync.Mutex
	queue      *updateQueue
	store      *messageStore
	events     *eventHub
	people     *directory
	photos     *photoStore
	presses    *pressLog
	inline     *inlineMode
	menus      *commandMenus
	calls      *callLog
	flood      *floodControl
	migrations *migrations
}

// apiMessage describes a message of the bot as Telegram does, with its
// chat and, for a photo, its sizes; mu must be held.
func (b *botAPI) apiMessage(chatID int64, m *storedMessage) *tgbotapi.Message {
	text := m.text
	if strings.EqualFold(m.parseMode, "HTML") {
		text, _ = htmlPlain(text) // validated when stored
	}
	out := &tgbotapi.Message{
		MessageID:   m.id,
		From:        &tgbotapi.User{ID: BotID, IsBot: true, FirstName: "Monopoly", UserName: BotUsername},
		Date:        m.date,
		Chat:        b.people.chatOf(chatID),
		Text:        text,
		ReplyMarkup: m.markup,
	}
	if m.photo != "" {
		out.Text, out.Caption = "", text
		out.Photo = b.photos.photoSizes(m.photo)
	}
	return out
}

func (b *botAPI) getUpdates(r *http.Request, p map[string]string) (any, *ErrorResponse) {
	offset, _ := strconv.Atoi(p["offset"])
	limit, _ := strconv.Atoi(p["limit"])
	if limit <= 0 || limit > 100 {
		limit = 100
	}
	timeout, _ := strconv.Atoi(p["timeout"])
	timer := time.NewTimer(time.Duration(timeout) * time.Second)
	defer timer.Stop()
	for {
		b.mu.Lock()
		batch, wake := b.queue.take(offset, limit)
		b.mu.Unlock()
		if len(batch) > 0 || timeout <= 0 {
			return batch, nil
		}
		select {
		case <-wake:
		case <-timer.C:
			return []tgbotapi.Update{}, nil
		case <-b.queue.stopped:
			return []tgbotapi.Update{}, nil
		case <-r.Context().Done():
			return []tgbotapi.Update{}, nil
		}
	}
}

// chatID reads the chat_id parameter, which must name a chat.
func chatID(p map[string]string) (int64, *ErrorResponse) {
	id, err := strconv.ParseInt(p["chat_id"], 10, 64)
	if err != nil || id == 0 {
		return 0, badRequest("chat_id is empty")
	}
	return id, nil
}

func chatAndMessage(p map[string]string) (int64, int, *ErrorResponse) {
	if p["inline_message_id"] != "" {
		return 0, 0, badRequest("inline messages are not supported by the fake")
	}
	chat, e := chatID(p)
	if e != nil {
		return 0, 0, e
	}
	msgID, _ := strconv.Atoi(p["message_id"])
	return chat, msgID, nil
}

// sendParams reads what both sends take: the chat, the text (a photo's
// caption, under its own limit) checked by check, and the keyboard.
func sendParams(p map[string]string, text string, check func(text, parseMode string) *ErrorResponse) (int64, *tgbotapi.InlineKeyboardMarkup, *ErrorResponse) {
	chat, e := chatID(p)
	if e != nil {
		return 0, nil, e
	}
	if e := check(p[text], p["parse_mode"]); e != nil {
		return 0, nil, e
	}
	markup, e := parseMarkup(p["reply_markup"])
	if e != nil {
		return 0, nil, e
	}
	return chat, markup, nil
}

func (b *botAPI) sendMessage(p map[string]string) (any, *ErrorResponse) {
	chat, markup, e := sendParams(p, "text", checkText)
	if e != nil {
		return nil, e
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	m := b.store.post(chat, &storedMessage{text: p["text"], parseMode: p["parse_mode"], markup: markup})
	return b.apiMessage(chat, m), nil
}

// sendPhoto takes a new picture (a multipart upload in the field "photo")
// or the file_id of one sent before. The fake does not fetch URLs:
// Telegram would, and a test should not depend on the network.
func (b *botAPI) sendPhoto(p map[string]string, files map[string]upload) (any, *ErrorResponse) {
	chat, markup, e := sendParams(p, "caption", checkCaption)
	if e != nil {
		return nil, e
	}
	var fresh *storedFile
	if up, ok := files["photo"]; ok {
		f, e := checkPhoto(up.data)
		if e != nil {
			return nil, e
		}
		fresh = &f
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	id := p["photo"]
	if fresh != nil {
		id = b.photos.keep(*fresh)
	} else if !b.photos.has(id) {
		return nil, badRequest("wrong file identifier/HTTP URL specified")
	}
	m := b.store.post(chat, &storedMessage{text: p["caption"], parseMode: p["parse_mode"], photo: id, markup: markup})
	return b.apiMessage(chat, m), nil
}

// editKind is what an edit method changes besides the keyboard.
type editKind int

const (
	editText    editKind = iota // editMessageText
	editCaption                 // editMessageCaption
	editMarkup                  // editMessageReplyMarkup: the keyboard only
)

func (b *botAPI) edit(p map[string]string, kind editKind) (any, *ErrorResponse) {
	// A message posted through inline mode is named by its
	// inline_message_id alone, and an edit of it answers true.
	inlineID := p["inline_message_id"]
	var chat int64
	var msgID int
	var e *ErrorResponse
	if inlineID == "" {
		if chat, msgID, e = chatAndMessage(p); e != nil {
			return nil, e
		}
	}
	text, mode := p["text"], p["parse_mode"]
	switch kind {
	case editText:
		e = checkText(text, mode)
	case editCaption:
		text = p["caption"]
		e = checkCaption(text, mode)
	}
	if e != nil {
		return nil, e
	}
	// Omitting reply_markup removes the keyboard, in every edit method.
	markup, e := parseMarkup(p["reply_markup"])
	if e != nil {
		return nil, e
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if inlineID != "" {
		var ok bool
		if chat, msgID, ok = b.inline.target(inlineID); !ok {
			return nil, badRequest("MESSAGE_ID_INVALID")
		}
	}
	m := b.store.find(chat, msgID)
	switch {
	case m == nil || m.deleted:
		return nil, badRequest("message to edit not found")
	case inlineID == "" && m.from != 0:
		return nil, badRequest("message can't be edited")
	case kind == editText && m.photo != "":
		return nil, badRequest("there is no text in the message to edit")
	case kind == editCaption && m.photo == "":
		return nil, badRequest("there is no caption in the message to edit")
	}
	if kind == editMarkup {
		text, mode = m.text, m.parseMode
	}
	if text == m.text && strings.EqualFold(mode, m.parseMode) && sameMarkup(markup, m.markup) {
		return nil, badRequest("message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message")
	}
	m.text, m.parseMode, m.markup = text, mode, markup
	b.store.edited(chat, m)
	if inlineID != "" {
		return true, nil
	}
	out := b.apiMessage(chat, m)
	out.EditDate = int(time.Now().Unix())
	return out, nil
}

func (b *botAPI) deleteMessage(p map[string]string) (any, *ErrorResponse) {
	chat, msgID, e := chatAndMessage(p)
	if e != nil {
		return nil, e
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	m := b.store.find(chat, msgID)
	if m == nil || m.deleted {
		return nil, badRequest("message to delete not found")
	}
	if m.from != 0 && chat > 0 {
		return nil, badRequest("message can't be deleted for everyone")
	}
	b.store.remove(chat, m)
	return true, nil
}

func (b *botAPI) answerCallback(p map[string]string) (any, *ErrorResponse) {
	text := p["text"]
	if len([]rune(text)) > MaxAnswerTextLen {
		return nil, badRequest("MESSAGE_TOO_LONG")
	}
	alert, _ := strconv.ParseBool(p["show_alert"])
	b.mu.Lock()
	defer b.mu.Unlock()
	a, e := b.presses.answer(CallbackAnswer{ID: p["callback_query_id"], Text: text, ShowAlert: alert, URL: p["url"]})
	if e != nil {
		return nil, e
	}
	b.events.publish(Event{Kind: EventAnswer, Chat: a.ChatID, Answer: &a})
	return true, nil
}

func (b *botAPI) answerInline(p map[string]string) (any, *ErrorResponse) {
	a, results, e := parseInlineAnswer(p)
	if e != nil {
		return nil, e
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if e := b.inline.answered(&a, results); e != nil {
		return nil, e
	}
	b.events.publish(Event{Kind: EventInline, Inline: &a})
	return true, nil
}

func (b *botAPI) setMyCommands(p map[string]string) (any, *ErrorResponse) {
	scope, cmds, e := parseCommands(p)
	if e != nil {
		return nil, e
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.menus.set(scope, p["language_code"], cmds)
	return true, nil
}

func (b *botAPI) getChatMember(p map[string]string) (any, *ErrorResponse) {
	chat, e := chatID(p)
	if e != nil {
		return nil, e
	}
	userID, err := strconv.ParseInt(p["user_id"], 10, 64)
	if err != nil || userID == 0 {
		return nil, badRequest("user_id is empty")
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.people.member(chat, userID), nil
}

func (b *botAPI) getChatAdministrators(p map[string]string) (any, *ErrorResponse) {
	chat, e := chatID(p)
	if e != nil {
		return nil, e
	}
	if chat > 0 {
		return nil, badRequest("there are no administrators in the private chat")
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.people.administrators(chat), nil
}
