package bot

import (
	"context"
	"encoding/json"
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

func (b *Bot) loadSettings(tx *storage.Tx, chat int64) Settings {
	data, _ := tx.SettingsBytes(chat)
	return decodeSettings(data)
}

func decodeSettings(data []byte) Settings {
	var s Settings
	if data != nil {
		_ = json.Unmarshal(data, &s) // a damaged settings value falls back to defaults
	}
	return s
}

// chatLang is the language of messages to the whole chat.
func (c *chatState) chatLang() string { return c.settings.Language() }

// lang is the chat's language, falling back to the user's own.
func (c *chatState) lang(userLang string) string {
	if c.settings.Lang != "" {
		return c.settings.Lang
	}
	return locales.Normalize(userLang)
}

// displayName is how a person is called in the chat (not yet escaped).
func displayName(u *tgbotapi.User) string {
	name := strings.TrimSpace(u.FirstName + " " + u.LastName)
	if name == "" {
		name = u.UserName
	}
	if r := []rune(name); len(r) > 32 {
		name = string(r[:32]) + "…"
	}
	return name
}

func (b *Bot) onCommand(ctx context.Context, updateID int, m *tgbotapi.Message) {
	if !b.addressedToUs(m) || m.From == nil {
		return
	}
	chat := m.Chat.ID
	group := m.Chat.IsGroup() || m.Chat.IsSuperGroup()
	defer b.lock(chat)()
	switch m.Command() {
	case "pause", "resume", "kick": // bot/pause.go
		b.cmdVote(ctx, updateID, m, m.Command())
		return
	}
	for _, k := range b.kinds { // the games' own commands
		if k.Command(ctx, updateID, m, group) {
			return
		}
	}
	fn := b.chatCommand(ctx, m, group)
	if fn == nil {
		return
	}
	st, err := b.change(chat, updateID, fn)
	b.finish(ctx, st, err, "")
}

// chatCommand is the change of the chat a command makes (nil: none of
// ours). What needs Telegram or a read of storage is done before it.
func (b *Bot) chatCommand(ctx context.Context, m *tgbotapi.Message, group bool) func(c *chatState) error {
	from := m.From
	switch m.Command() {
	case "start", "help":
		return b.cmdHelp(from, group)
	case "newgame":
		return func(c *chatState) error { return b.cmdNewGame(c, from, group, from.LanguageCode) }
	case "lang":
		return b.cmdLang(from, m.CommandArguments())
	case "endgame":
		return b.cmdEndGame(from, group && b.tg.IsAdmin(ctx, m.Chat.ID, from.ID))
	case "settings":
		return func(c *chatState) error { b.cmdSettings(c, from.LanguageCode); return nil }
	case "stats":
		return b.cmdStats(m.Chat.ID, from, group)
	case "top":
		var top []ranked
		_ = b.store.View(func(tx *storage.Tx) error { top = chatTop(tx, m.Chat.ID); return nil })
		return b.reply(from, func(lang string) string { return b.renderTop(lang, top) })
	}
	return nil
}

// reply answers a command with one message in the chat's language.
func (b *Bot) reply(from *tgbotapi.User, text func(lang string) string) func(c *chatState) error {
	return func(c *chatState) error {
		c.replies = append(c.replies, reply{text: text(c.lang(from.LanguageCode))})
		return nil
	}
}

func (b *Bot) cmdHelp(from *tgbotapi.User, group bool) func(c *chatState) error {
	return b.reply(from, func(lang string) string {
		text := b.cat.T(lang, "help_classic", nil)
		if !group {
			text = b.cat.T(lang, "start_private", nil) + "\n\n" + text
		}
		return text
	})
}

func (b *Bot) cmdLang(from *tgbotapi.User, args string) func(c *chatState) error {
	return func(c *chatState) error {
		arg := strings.ToLower(strings.TrimSpace(args))
		for _, l := range locales.Languages {
			if arg == l {
				c.settings.Lang, c.settingsChanged = l, true
				c.replies = append(c.replies, reply{text: b.cat.T(l, "lang_set", nil)})
				c.turn = c.rec != nil && c.rec.Status == StatusPlaying
				c.lobby = c.rec != nil && c.rec.Status == StatusLobby
				return nil
			}
		}
		c.replies = append(c.replies, reply{text: b.cat.T(c.lang(from.LanguageCode), "lang_usage", nil)})
		return nil
	}
}

func (b *Bot) cmdEndGame(from *tgbotapi.User, admin bool) func(c *chatState) error {
	return func(c *chatState) error {
		lang := c.lang(from.LanguageCode)
		switch {
		case c.rec == nil:
			c.replies = append(c.replies, reply{text: b.cat.T(lang, "no_game", nil)})
		case c.rec.Creator != from.ID && !admin:
			c.replies = append(c.replies, reply{text: b.cat.T(lang, "endgame_not_allowed", nil)})
		default:
			kb := confirmKeyboard(b.cat, lang, c.rec, OpEndGameYes, OpEndGameNo, 0)
			c.replies = append(c.replies, reply{text: b.cat.T(lang, "endgame_confirm", nil), kb: kb})
		}
		return nil
	}
}

func (b *Bot) cmdStats(chat int64, from *tgbotapi.User, group bool) func(c *chatState) error {
	var here, all PlayerStats
	var okHere, okAll bool
	_ = b.store.View(func(tx *storage.Tx) error {
		here, all, okHere, okAll = loadStats(tx, chat, from.ID)
		return nil
	})
	return b.reply(from, func(lang string) string {
		return b.renderStats(lang, displayName(from), here, all, okHere, okAll, group)
	})
}

func (b *Bot) cmdNewGame(c *chatState, from *tgbotapi.User, group bool, userLang string) error {
	lang := c.lang(userLang)
	if !group {
		c.replies = append(c.replies, reply{text: b.cat.T(lang, "group_only", nil)})
		return nil
	}
	if c.rec != nil {
		id := "game_running"
		if c.rec.Status == StatusLobby {
			id = "lobby_exists"
		}
		c.replies = append(c.replies, reply{text: b.cat.T(lang, id, nil)})
		c.lobby = c.rec.Status == StatusLobby
		return nil
	}
	if c.settings.Lang == "" {
		c.settings.Lang, c.settingsChanged = locales.Normalize(userLang), true
	}
	now := b.cfg.Now().UnixMilli()
	c.rec = &Record{ID: randomID(), Status: StatusLobby, Kind: boardKindName, Edition: editionOf(&c.settings.Options).ID, Creator: from.ID,
		Seats: []Seat{{User: from.ID, Name: displayName(from)}}, Created: now, Options: c.settings.Options.Clone()}
	c.save, c.lobby = true, true
	return nil
}
