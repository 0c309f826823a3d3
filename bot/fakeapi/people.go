package fakeapi

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// directory is who is who: people with names and languages, groups with
// titles and administrators, and the private chats people have opened
// (with RequireStart, the bot may write only to those). Its state is
// guarded by the Server's one lock, mu points to it: the exported methods
// (the test API, promoted to Server) take it, the others expect it held.
type directory struct {
	mu           *sync.Mutex
	users        map[int64]User
	titles       map[int64]string
	admins       map[int64][]int64
	started      map[int64]bool // private chats the person has written to
	requireStart bool
}

func newDirectory(mu *sync.Mutex) *directory {
	return &directory{mu: mu, users: map[int64]User{}, titles: map[int64]string{},
		admins: map[int64][]int64{}, started: map[int64]bool{}}
}

// AddUser makes a person known by name: their private chat, chat member
// lookups and the chats' descriptions in updates use it. Pushed updates
// carry whatever User they are given regardless.
func (d *directory) AddUser(u User) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.users[u.ID] = u
}

// Users returns the people added with AddUser, by id.
func (d *directory) Users() []User {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]User, 0, len(d.users))
	for _, u := range d.users {
		out = append(out, u)
	}
	slices.SortFunc(out, func(a, b User) int { return int(a.ID - b.ID) })
	return out
}

// SetChatTitle names a group.
func (d *directory) SetChatTitle(chatID int64, title string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.titles[chatID] = title
}

// SetAdmins makes exactly these users the administrators of a group.
func (d *directory) SetAdmins(chatID int64, userIDs ...int64) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.admins[chatID] = slices.Clone(userIDs)
}

// RequireStart makes private chats behave as on Telegram: the bot may
// write to a person only after the person wrote to it (a deep link's
// /start counts); before that sends answer 403 "bot can't initiate
// conversation with a user". Off by default, so tests that do not care
// may message anyone.
func (d *directory) RequireStart(on bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.requireStart = on
}

// Started reports whether a person has opened their private chat with the bot.
func (d *directory) Started(userID int64) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.started[userID]
}

// open notes that a person wrote to the bot in private; mu must be held.
func (d *directory) open(userID int64) { d.started[userID] = true }

// follow moves a group's title (unless the supergroup has its own) and
// administrators to the supergroup it became; mu must be held.
func (d *directory) follow(from, to int64) {
	if t, ok := d.titles[from]; ok {
		if _, named := d.titles[to]; !named {
			d.titles[to] = t
		}
	}
	if a, ok := d.admins[from]; ok {
		d.admins[to] = a
	}
}

// chatOf describes a chat as Telegram would, with the names given by
// AddUser and SetChatTitle; mu must be held.
func (d *directory) chatOf(id int64) *tgbotapi.Chat {
	switch {
	case id > 0:
		u, ok := d.users[id]
		if !ok {
			return &tgbotapi.Chat{ID: id, Type: "private", FirstName: "User"}
		}
		return &tgbotapi.Chat{ID: id, Type: "private", FirstName: u.FirstName, UserName: u.UserName}
	case id <= -1000000000000:
		return &tgbotapi.Chat{ID: id, Type: "supergroup", Title: d.titleOr(id, "Test supergroup")}
	default:
		return &tgbotapi.Chat{ID: id, Type: "group", Title: d.titleOr(id, "Test group")}
	}
}

func (d *directory) titleOr(id int64, def string) string {
	if t, ok := d.titles[id]; ok {
		return t
	}
	return def
}

// member is a chat member as getChatMember and getChatAdministrators
// describe one; mu must be held.
func (d *directory) member(chatID, userID int64) tgbotapi.ChatMember {
	status := "member"
	if slices.Contains(d.admins[chatID], userID) {
		status = "administrator"
	}
	user, ok := d.users[userID]
	if !ok {
		return tgbotapi.ChatMember{User: &tgbotapi.User{ID: userID, FirstName: "User"}, Status: status}
	}
	return tgbotapi.ChatMember{User: user.api(), Status: status}
}

// administrators lists a group's administrators as getChatAdministrators
// does; mu must be held.
func (d *directory) administrators(chatID int64) []tgbotapi.ChatMember {
	out := []tgbotapi.ChatMember{}
	for _, id := range d.admins[chatID] {
		out = append(out, d.member(chatID, id))
	}
	return out
}

// sendMethods post a new message; only they need an opened private chat.
var sendMethods = map[string]bool{"sendMessage": true, "sendPhoto": true}

// notStarted answers a send into a private chat its person never opened
// (with RequireStart); mu must be held.
func (d *directory) notStarted(method string, p map[string]string) *ErrorResponse {
	if !d.requireStart || !sendMethods[method] {
		return nil
	}
	chat, err := strconv.ParseInt(p["chat_id"], 10, 64)
	if err != nil || chat <= 0 || d.started[chat] {
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
