package bot

import (
	"context"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/lobby"
)

func (b *Bot) onCallback(ctx context.Context, updateID int, q *tgbotapi.CallbackQuery) {
	if q.From == nil {
		_ = b.tg.AnswerCallback(ctx, q.ID, "", false)
		return
	}
	if q.Message == nil {
		// A button of an inline message, which has no chat: only a kind's
		// button that names its group chat can be one.
		press, err := kit.ParsePress(q.Data)
		if _, host := hostOps[press.Op]; err != nil || host || press.Chat == 0 {
			_ = b.tg.AnswerCallback(ctx, q.ID, "", false)
			return
		}
		b.kinds.ForPress(press, press.Chat, b.Snapshot).Press(ctx, updateID, pressIn(q), press)
		return
	}
	chat := q.Message.Chat.ID
	press, perr := kit.ParsePress(q.Data)
	if perr != nil {
		_ = b.tg.AnswerCallback(ctx, q.ID, b.cat.T(b.chatLang(chat, q.From.LanguageCode), "alert_outdated", nil), true)
		return
	}
	if _, host := hostOps[press.Op]; !host {
		b.kinds.ForPress(press, chat, b.Snapshot).Press(ctx, updateID, pressIn(q), press) // the game's own button
		return
	}
	switch hostOps[press.Op].route {
	case routeSettings:
		b.settingsMenu().Press(ctx, updateID, pressIn(q), press) // bot/settings
		return
	case routeVote: // bot/pause.go
		voteCommands{b}.onVotePress(ctx, updateID, q, press)
		return
	case routeRules: // bot/settings/rules.go
		b.settingsMenu().RulesPress(ctx, pressIn(q), q.Message.Chat.IsPrivate(), press)
		return
	case routeNotify: // bot/lobby_notify.go
		bell{b}.onPress(ctx, updateID, q)
		return
	case routeRematch: // bot/rematch.go
		b.onRematchPress(ctx, updateID, q, press)
		return
	}
	admin := false
	switch press.Op {
	case OpStart, OpCancel, OpCancelYes, OpCancelNo, OpAutoStart, OpAddComputer, OpDropComputer, OpLevel, OpEndGameYes:
		admin = b.tg.IsAdmin(ctx, chat, q.From.ID)
	}
	defer b.lock(chat)()
	st, err := b.pressChange(chat, updateID, personOf(q.From), press, func(c *kit.Change, lang string) {
		b.onHostPress(c, lang, q.From, press, admin)
		if (press.Op == OpEndGameYes || press.Op == OpEndGameNo) && c.Alert == "" {
			c.CloseQuestion(messageIn(q.Message), b.answeredAs(lang, press.Op == OpEndGameYes))
		}
	})
	b.answer(ctx, q.ID, st, err)
	b.finish(ctx, st, err, q.ID)
}

// pressChange is the change a press of a button on the game's messages
// makes, checked against the game: the op's handler (fn) checks the
// button's key against what it refers to (kit/callback.go); a button made
// before keys is checked against the revision it carries. A press that
// saves without an engine action is logged as the user's; one that
// changed something is remembered as the presser's last (kit.Repeated).
// fn writes what the chat sees in lang, the chat's language; the alert or
// toast is the presser's to read, in their own language (answerIn).
func (b *Bot) pressChange(chat int64, updateID int, from *kit.Person, press kit.Press, fn func(c *kit.Change, lang string)) (*kit.Change, error) {
	return b.change(chat, updateID, func(c *kit.Change) error {
		lang := c.Lang(from.Lang)
		c.AnswerLang = c.PresserLang(from.Lang)
		if c.Rec == nil || c.Rec.ID != press.Game || !press.Keyed && c.Rec.Rev != press.Rev {
			c.Alert = b.outdated(c, c.AnswerLang, press)
			// The game's messages again: an edit lost with a killed process
			// leaves outdated buttons on screen, and nothing else would
			// bring them up to date. Content already shown is not resent.
			c.Turn = c.Rec != nil && c.Rec.ID == press.Game && c.Rec.Status == kit.StatusPlaying
			c.Lobby = c.Rec != nil && c.Rec.ID == press.Game && c.Rec.Status == kit.StatusLobby
			return nil
		}
		kit.AnswerIn(c, lang, fn)
		if c.Save && len(c.Logs) == 0 {
			c.Log(kit.LogEntry{Update: updateID, User: from.ID, Seat: -1, At: b.cfg.Now().UnixMilli()})
		}
		if c.Alert == "" && (c.Save || c.Quiet) && !c.Remove {
			c.Applied(from.ID, press.Encode())
		}
		return nil
	})
}

// onHostPress handles the chat layer's buttons on a game's messages: the
// lobby's and the /endgame confirmation.
func (b *Bot) onHostPress(c *kit.Change, lang string, from *tgbotapi.User, press kit.Press, admin bool) {
	rec := c.Rec
	if rec.Status == kit.StatusLobby {
		b.lobby().Press(c, lang, lobbyUser(from), press, admin)
		return
	}
	if lobby.Ops[press.Op] { // the lobby this button was on has started
		if press.Op == OpStart {
			c.Toast = b.cat.T(lang, "toast_done", nil) // a second tap, or someone else's Start
		} else {
			c.Alert = b.cat.T(lang, "alert_lobby_started", nil)
		}
		c.Turn = true // the game's message, in case its first edit was lost
		return
	}
	if seat := rec.SeatOf(from.ID); seat < 0 || !b.kinds.Of(rec).Active(rec, int(seat)) {
		if press.Op == OpEndGameYes && admin {
			b.endGame(c, lang, from)
			return
		}
		c.Alert = b.cat.T(lang, "alert_not_player", nil)
		return
	}
	switch press.Op {
	case OpEndGameNo:
		c.Toast = b.cat.T(lang, "cancelled", nil)
	case OpEndGameYes:
		if rec.Creator != from.ID && !admin {
			c.Alert = b.cat.T(lang, "endgame_not_allowed", nil)
			return
		}
		b.endGame(c, lang, from)
	default:
		c.Alert = b.outdated(c, lang, press)
	}
}

// answeredAs is how a confirmation question was answered, for its final
// text: yes, or cancelled.
func (b *Bot) answeredAs(lang string, yes bool) string {
	if yes {
		return "✅"
	}
	return b.cat.T(lang, "cancelled", nil)
}

// endGame stops the game by /endgame: it counts in the statistics, a win
// for the ranking's leader (recordGameEnd); its ranking closes the game,
// after the game's messages, with 🔁 Rematch as a game over does.
func (b *Bot) endGame(c *kit.Change, lang string, from *tgbotapi.User) {
	c.Closing = append(c.Closing, kit.Reply{Text: b.cat.T(lang, "endgame_done", map[string]any{"Player": kit.Name(displayName(from))}) +
		"\n\n" + b.kinds.Of(c.Rec).Standings(lang, c.Rec)})
	c.Remove, c.Turn, c.Stopped = true, true, true
}
