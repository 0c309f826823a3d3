package bot

import (
	"context"
	"slices"
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/settings"
	"github.com/monopoly-tg/monopoly-bot/bot/stats"
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// commands are the chat layer's commands (/start, /help, /newgame, /lang,
// /endgame, /stats, /top; /pause, /resume and /kick are handed to
// voteCommands, bot/pause.go, the kinds' own to their kind, /rules and
// /settings to the menu): each is a method that reads or asks what it
// needs first and returns the change of the chat it makes. They hold
// nothing but the Bot they run on.
type commands struct{ b *Bot }

// addressedToUs says whether a command is for this bot: /cmd and
// /cmd@ThisBot are, /cmd@OtherBot is not.
func (cm commands) addressedToUs(m *tgbotapi.Message) bool {
	at := m.CommandWithAt()
	i := strings.IndexByte(at, '@')
	if i < 0 {
		return true
	}
	return cm.b.cfg.Username != "" && strings.EqualFold(at[i+1:], cm.b.cfg.Username)
}

func (cm commands) onCommand(ctx context.Context, updateID int, m *tgbotapi.Message) {
	if !cm.addressedToUs(m) || m.From == nil {
		return
	}
	chat := m.Chat.ID
	group := m.Chat.IsGroup() || m.Chat.IsSuperGroup()
	// Built before the lock: it may ask Telegram (is the sender an admin?),
	// and no network call waits while the chat is locked.
	fn := cm.chatCommand(ctx, m, group)
	defer cm.b.lock(chat)()
	switch m.Command() {
	case "pause", "resume", "kick": // bot/pause.go
		voteCommands{cm.b}.cmdVote(ctx, updateID, m, m.Command())
		return
	}
	for _, k := range cm.commandKinds(m, group) { // the games' own commands
		if k.Command(ctx, updateID, commandIn(m, group)) {
			return
		}
	}
	if fn == nil {
		return
	}
	st, err := cm.b.change(chat, updateID, fn)
	cm.b.finish(ctx, st, err, "")
}

// commandKinds are the kinds a command may be for, the likeliest first.
// In a group, the kind of its game (the default kind's when there is none), so
// /board never reaches a card game. In a private chat, a /start link names
// a group: the kind of its game first; then every kind as registered (each
// knows its own links, and a link to a game that ended is answered by the
// kind that made it).
func (cm commands) commandKinds(m *tgbotapi.Message, group bool) []Kind {
	if group {
		if rec, err := cm.b.Snapshot(m.Chat.ID); err == nil && rec != nil {
			return []Kind{cm.b.kinds.Of(rec)}
		}
		return []Kind{cm.b.kinds.First()}
	}
	var kinds []Kind
	if p := m.CommandArguments(); m.Command() == "start" && p != "" {
		if linked, _, ok := kit.ParseStartPayload(p[:1], p); ok {
			if rec, err := cm.b.Snapshot(linked); err == nil && rec != nil {
				kinds = append(kinds, cm.b.kinds.Of(rec))
			}
		}
	}
	for _, k := range cm.b.kinds.InOrder() {
		if !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	return kinds
}

// chatCommand is the change of the chat a command makes (nil: none of
// ours). What needs Telegram or a read of storage is done before it.
func (cm commands) chatCommand(ctx context.Context, m *tgbotapi.Message, group bool) func(c *kit.Change) error {
	from := m.From
	switch m.Command() {
	case "start", "help":
		return cm.cmdHelp(from, group)
	case "newgame":
		return func(c *kit.Change) error {
			return cm.cmdNewGame(c, from, group, from.LanguageCode, m.CommandArguments())
		}
	case "rules": // bot/settings/rules.go
		return func(c *kit.Change) error { cm.b.settingsMenu().Rules(c, from.LanguageCode); return nil }
	case "lang":
		return cm.cmdLang(from, m.CommandArguments())
	case "endgame":
		return cm.cmdEndGame(from, group && cm.b.tg.IsAdmin(ctx, m.Chat.ID, from.ID))
	case "settings":
		return func(c *kit.Change) error {
			cm.b.settingsMenu().Open(c, from.LanguageCode, settings.PageMain)
			return nil
		}
	case "stats":
		return cm.cmdStats(m.Chat.ID, from, group)
	case "top":
		var top []stats.Ranked
		_ = cm.b.store.View(func(tx *storage.Tx) error { top = stats.Top(tx, m.Chat.ID); return nil })
		return cm.reply(from, func(lang string) string { return cm.b.statistics().RenderTop(lang, top) })
	}
	return nil
}

// reply answers a command with one message in the chat's language.
func (cm commands) reply(from *tgbotapi.User, text func(lang string) string) func(c *kit.Change) error {
	return func(c *kit.Change) error {
		c.Replies = append(c.Replies, kit.Reply{Text: text(c.Lang(from.LanguageCode))})
		return nil
	}
}

func (cm commands) cmdHelp(from *tgbotapi.User, group bool) func(c *kit.Change) error {
	return cm.reply(from, func(lang string) string {
		text := cm.b.cat.T(lang, "help", nil) // one phone screen: the rules themselves are in /rules
		if !group {
			text = cm.b.cat.T(lang, "start_private", nil) + "\n\n" + text
		}
		return text
	})
}

func (cm commands) cmdLang(from *tgbotapi.User, args string) func(c *kit.Change) error {
	return func(c *kit.Change) error {
		arg := strings.ToLower(strings.TrimSpace(args))
		if arg == "" { // the choice as buttons: the settings' language page
			cm.b.settingsMenu().Open(c, from.LanguageCode, settings.PageLang)
			return nil
		}
		if arg == "auto" {
			// Unpins: the chat's messages keep its language, each person's
			// alerts and private messages follow their own (kit.PersonLang).
			l := c.Settings.Language()
			if c.Settings.Lang == "" && c.Settings.AutoLang == "" {
				l = locales.Normalize(from.LanguageCode)
			}
			c.Settings.Lang, c.Settings.AutoLang, c.SettingsChanged = "", l, true
			c.Replies = append(c.Replies, kit.Reply{Text: cm.b.cat.T(l, "lang_auto_set", nil)})
			return nil
		}
		for _, l := range locales.Languages {
			if arg == l {
				if c.Settings.Lang != l { // the settings changed elsewhere: the menu's buttons go
					cm.b.settingsMenu().Retire(c, l, "settings_changed_elsewhere")
				}
				c.Settings.Lang, c.SettingsChanged = l, true
				c.Replies = append(c.Replies, kit.Reply{Text: cm.b.cat.T(l, "lang_set", nil)})
				c.Turn = c.Rec != nil && c.Rec.Status == kit.StatusPlaying
				c.Lobby = c.Rec != nil && c.Rec.Status == kit.StatusLobby
				return nil
			}
		}
		c.Replies = append(c.Replies, kit.Reply{Text: cm.b.cat.T(c.Lang(from.LanguageCode), "lang_usage", nil)})
		return nil
	}
}

func (cm commands) cmdEndGame(from *tgbotapi.User, admin bool) func(c *kit.Change) error {
	return func(c *kit.Change) error {
		lang := c.Lang(from.LanguageCode)
		switch {
		case c.Rec == nil:
			c.Replies = append(c.Replies, kit.Reply{Text: cm.b.cat.T(lang, "no_game", nil)})
		case c.Rec.Creator != from.ID && !admin:
			c.Replies = append(c.Replies, kit.Reply{Text: cm.b.cat.T(lang, "endgame_not_allowed", nil)})
		default:
			kb := kit.ConfirmKeyboard(cm.b.cat, lang, c.Rec, OpEndGameYes, OpEndGameNo, 0)
			c.Replies = append(c.Replies, kit.Reply{Text: cm.b.cat.T(lang, "endgame_confirm", nil), KB: kb})
		}
		return nil
	}
}

func (cm commands) cmdStats(chat int64, from *tgbotapi.User, group bool) func(c *kit.Change) error {
	var here, all stats.PlayerStats
	var okHere, okAll bool
	_ = cm.b.store.View(func(tx *storage.Tx) error {
		here, all, okHere, okAll = stats.Load(tx, chat, from.ID)
		return nil
	})
	return cm.reply(from, func(lang string) string {
		return cm.b.statistics().Render(lang, displayName(from), here, all, okHere, okAll, group)
	})
}

func (cm commands) cmdNewGame(c *kit.Change, from *tgbotapi.User, group bool, userLang, args string) error {
	lang := c.Lang(userLang)
	if !group {
		c.Replies = append(c.Replies, kit.Reply{Text: cm.b.cat.T(lang, "group_only", nil)})
		return nil
	}
	edition, ok := cm.b.settingsMenu().ParseEdition(args) // /newgame deal: the card game
	if !ok {
		c.Replies = append(c.Replies, kit.Reply{Text: cm.b.cat.T(lang, "newgame_usage", nil)})
		return nil
	}
	if c.Rec != nil {
		id := "game_running"
		if c.Rec.Status == kit.StatusLobby {
			id = "lobby_exists"
		}
		reply := kit.Reply{Text: cm.b.cat.T(lang, id, nil)}
		if c.Rec.Status != kit.StatusLobby {
			reply.KB = cm.b.lobby().NotifyKeyboard(lang) // too late for this one: the next (bot/lobby/notify.go)
		}
		c.Replies = append(c.Replies, reply)
		c.Lobby = c.Rec.Status == kit.StatusLobby
		return nil
	}
	if c.Settings.Lang == "" && c.Settings.AutoLang == "" {
		// The chat's messages are in its first creator's language until
		// someone pins one (/lang); answers to each person follow their own.
		c.Settings.AutoLang, c.SettingsChanged = locales.Normalize(userLang), true
	}
	cm.b.lobby().Open(c, []kit.Seat{{User: from.ID, Name: displayName(from)}}, edition) // bot/lobby
	return nil
}
