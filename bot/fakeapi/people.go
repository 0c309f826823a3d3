package fakeapi

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// What makes the fake a stand-in a person can use (the playground), not
// only a test double: people with names and languages, chats with titles,
// private chats that a person must open first, deep links, photos, and a
// stream of everything that changes.

// people is the part of Server's state this file owns; Server.mu guards it.
type people struct {
	users        map[int64]User
	titles       map[int64]string
	started      map[int64]bool // private chats the person has written to
	requireStart bool
	files        map[string]storedFile // photos by file_id
	subs         map[*subscriber]bool
	seq          int64                    // the last event's Seq
	inline       map[string]*inlineQuery  // inline.go, by query id
	inlineOrder  []string                 // answered queries, oldest first
	inlineMsgs   map[string]inlineMessage // by inline_message_id
}

func newPeople() people {
	return people{users: map[int64]User{}, titles: map[int64]string{}, started: map[int64]bool{},
		files: map[string]storedFile{}, subs: map[*subscriber]bool{},
		inline: map[string]*inlineQuery{}, inlineMsgs: map[string]inlineMessage{}}
}

// AddUser makes a person known by name: their private chat, chat member
// lookups and the chats' descriptions in updates use it. Pushed updates
// carry whatever User they are given regardless.
func (s *Server) AddUser(u User) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.users[u.ID] = u
}

// Users returns the people added with AddUser, by id.
func (s *Server) Users() []User {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]User, 0, len(s.users))
	for _, u := range s.users {
		out = append(out, u)
	}
	slices.SortFunc(out, func(a, b User) int { return int(a.ID - b.ID) })
	return out
}

// SetChatTitle names a group.
func (s *Server) SetChatTitle(chatID int64, title string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.titles[chatID] = title
}

func (s *Server) titleOr(id int64, def string) string {
	if t, ok := s.titles[id]; ok {
		return t
	}
	return def
}

func (s *Server) userOrAnonymous(id int64) *tgbotapi.User {
	if u, ok := s.users[id]; ok {
		return u.api()
	}
	return &tgbotapi.User{ID: id, FirstName: "User"}
}

// RequireStart makes private chats behave as on Telegram: the bot may
// write to a person only after the person wrote to it (a deep link's
// /start counts); before that sends answer 403 "bot can't initiate
// conversation with a user". Off by default, so tests that do not care
// may message anyone.
func (s *Server) RequireStart(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requireStart = on
}

// Started reports whether a person has opened their private chat with the bot.
func (s *Server) Started(userID int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.started[userID]
}

// sendMethods post a new message; only they need an opened private chat.
var sendMethods = map[string]bool{"sendMessage": true, "sendPhoto": true}

// notStarted answers a send into a private chat its person never opened
// (with RequireStart); mu must be held.
func (s *Server) notStarted(method string, p map[string]string) *ErrorResponse {
	if !s.requireStart || !sendMethods[method] {
		return nil
	}
	chat, err := strconv.ParseInt(p["chat_id"], 10, 64)
	if err != nil || chat <= 0 || s.started[chat] {
		return nil
	}
	return &ErrorResponse{Code: 403, Description: "Forbidden: bot can't initiate conversation with a user"}
}

// DeepLinkPayload returns the start payload of a link to this bot
// (https://t.me/<bot>?start=PAYLOAD, or tg://resolve?domain=<bot>&start=…).
// ok is false for any other link, and for a payload Telegram would refuse
// (more than 64 characters, or other than A-Z a-z 0-9 _ -).
func DeepLinkPayload(link string) (payload string, ok bool) {
	u, err := url.Parse(link)
	if err != nil {
		return "", false
	}
	var bot string
	switch {
	case (u.Scheme == "https" || u.Scheme == "http") && (u.Host == "t.me" || u.Host == "telegram.me"):
		bot = strings.Trim(u.Path, "/")
	case u.Scheme == "tg" && u.Host == "resolve":
		bot = u.Query().Get("domain")
	default:
		return "", false
	}
	if !strings.EqualFold(bot, BotUsername) || !u.Query().Has("start") {
		return "", false
	}
	payload = u.Query().Get("start")
	if len(payload) > 64 {
		return "", false
	}
	for _, r := range payload {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return "", false
		}
	}
	return payload, true
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

// RequestsPerMinute counts, per chat, the calls that count towards
// Telegram's limits (sends and edits) answered in the last minute,
// refused ones included: what a bot should keep under 20 in a group.
func (s *Server) RequestsPerMinute() map[int64]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	since := time.Now().Add(-time.Minute) // as Request.Time, whatever Limits.Now says
	out := map[int64]int{}
	for i := len(s.requests) - 1; i >= 0 && s.requests[i].Time.After(since); i-- {
		r := s.requests[i]
		if !limitedMethods[r.Method] {
			continue
		}
		if chat, err := strconv.ParseInt(r.Params["chat_id"], 10, 64); err == nil && chat != 0 {
			out[chat]++
		}
	}
	return out
}
