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

func putJSON(put func(int64, []byte) error, chat int64, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return put(chat, data)
}

// language is the chat's language for messages to everyone in it.
func (s Settings) language() string {
	if s.Lang != "" {
		return s.Lang
	}
	return locales.Default
}

// chatLang is the language of messages to the whole chat.
func (c *chatState) chatLang() string { return c.settings.language() }

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
	userLang := m.From.LanguageCode
	var st *chatState
	var err error
	switch m.Command() {
	case "start", "help":
		if p := m.CommandArguments(); m.Command() == "start" && !group && strings.HasPrefix(p, "t") {
			b.onTradeStart(ctx, updateID, m, p) // a deep link from a group's trade button
			return
		}
		st, err = b.change(chat, updateID, func(c *chatState) error {
			lang := c.lang(userLang)
			text := b.cat.T(lang, "help_classic", nil)
			if !group {
				text = b.cat.T(lang, "start_private", nil) + "\n\n" + text
			}
			c.replies = append(c.replies, reply{text: text})
			return nil
		})
	case "newgame":
		st, err = b.change(chat, updateID, func(c *chatState) error {
			return b.cmdNewGame(c, m.From, group, userLang)
		})
	case "board":
		st, err = b.change(chat, updateID, func(c *chatState) error {
			lang := c.lang(userLang)
			if c.rec == nil || c.rec.Status != StatusPlaying {
				c.replies = append(c.replies, reply{text: b.cat.T(lang, "no_game", nil)})
				return nil
			}
			c.replies = append(c.replies, reply{text: b.renderBoard(lang, c.rec)})
			return nil
		})
	case "lang":
		st, err = b.change(chat, updateID, func(c *chatState) error {
			arg := strings.ToLower(strings.TrimSpace(m.CommandArguments()))
			for _, l := range locales.Languages {
				if arg == l {
					c.settings.Lang, c.settingsChanged = l, true
					c.replies = append(c.replies, reply{text: b.cat.T(l, "lang_set", nil)})
					c.turn = c.rec != nil && c.rec.Status == StatusPlaying
					c.lobby = c.rec != nil && c.rec.Status == StatusLobby
					return nil
				}
			}
			c.replies = append(c.replies, reply{text: b.cat.T(c.lang(userLang), "lang_usage", nil)})
			return nil
		})
	case "endgame":
		admin := group && b.tg.IsAdmin(ctx, chat, m.From.ID)
		st, err = b.change(chat, updateID, func(c *chatState) error {
			lang := c.lang(userLang)
			switch {
			case c.rec == nil:
				c.replies = append(c.replies, reply{text: b.cat.T(lang, "no_game", nil)})
			case c.rec.Creator != m.From.ID && !admin:
				c.replies = append(c.replies, reply{text: b.cat.T(lang, "endgame_not_allowed", nil)})
			default:
				kb := confirmKeyboard(b.cat, lang, c.rec, OpEndGameYes, OpEndGameNo, 0)
				c.replies = append(c.replies, reply{text: b.cat.T(lang, "endgame_confirm", nil), kb: kb})
			}
			return nil
		})
	case "leave":
		st, err = b.change(chat, updateID, func(c *chatState) error {
			lang := c.lang(userLang)
			switch {
			case c.rec == nil || c.rec.Status != StatusPlaying:
				c.replies = append(c.replies, reply{text: b.cat.T(lang, "no_game", nil)})
			case c.rec.SeatOf(m.From.ID) < 0 || !c.rec.Game.Active(c.rec.SeatOf(m.From.ID)):
				c.replies = append(c.replies, reply{text: b.cat.T(lang, "not_a_player", nil)})
			default:
				kb := confirmKeyboard(b.cat, lang, c.rec, OpResignYes, OpResignNo, int(c.rec.SeatOf(m.From.ID)))
				c.replies = append(c.replies, reply{text: b.cat.T(lang, "leave_confirm",
					map[string]any{"Player": mention(c.rec.Seats[c.rec.SeatOf(m.From.ID)])}), kb: kb})
			}
			return nil
		})
	case "settings":
		st, err = b.change(chat, updateID, func(c *chatState) error {
			b.cmdSettings(c, userLang)
			return nil
		})
	case "stats":
		var here, all PlayerStats
		var okHere, okAll bool
		_ = b.store.View(func(tx *storage.Tx) error {
			here, all, okHere, okAll = loadStats(tx, chat, m.From.ID)
			return nil
		})
		st, err = b.change(chat, updateID, func(c *chatState) error {
			c.replies = append(c.replies, reply{text: b.renderStats(c.lang(userLang), displayName(m.From), here, all, okHere, okAll, group)})
			return nil
		})
	case "top":
		var top []ranked
		_ = b.store.View(func(tx *storage.Tx) error { top = chatTop(tx, chat); return nil })
		st, err = b.change(chat, updateID, func(c *chatState) error {
			c.replies = append(c.replies, reply{text: b.renderTop(c.lang(userLang), top)})
			return nil
		})
	case "history":
		st, err = b.change(chat, updateID, func(c *chatState) error {
			lang := c.lang(userLang)
			if c.rec == nil || c.rec.Status != StatusPlaying {
				c.replies = append(c.replies, reply{text: b.cat.T(lang, "no_game", nil)})
				return nil
			}
			c.replies = append(c.replies, reply{text: b.renderHistory(lang, c.rec)})
			return nil
		})
	case "trade":
		b.cmdTrade(ctx, updateID, m, group)
		return
	case "cash":
		if !group {
			b.cmdCash(ctx, updateID, m)
		}
		return
	case "pause", "resume", "kick": // bot/pause.go
		b.cmdVote(ctx, updateID, m, m.Command())
		return
	default:
		return
	}
	b.finish(ctx, st, err, "")
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
	c.rec = &Record{ID: randomID(), Status: StatusLobby, Edition: editionOf(&c.settings.Options).ID, Creator: from.ID,
		Seats: []Seat{{User: from.ID, Name: displayName(from)}}, Created: now, Options: c.settings.Options.clone()}
	c.save, c.lobby = true, true
	return nil
}
