package bot

import (
	"context"
	"encoding/json"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/lobby"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// After a game: 🔁 Rematch under its ending message opens a lobby in the
// same chat with the same people (bot/lobby's Rematch); /board draws the
// last game's final board. A game's record is
// archived when it ends (Bot.archive), so both read the chat's newest
// archives rather than keep a copy of their own.

// rematchLookback is how many of a chat's newest archives are read to find
// the game a rematch or /board means: a cancelled lobby or two may lie
// between.
const rematchLookback = 5

// archivedGames calls fn with the chat's newest archived records, newest
// first, while it returns true, at most rematchLookback of them.
func (b *Bot) archivedGames(chat int64, fn func(rec *kit.Record) bool) {
	n := 0
	err := b.store.View(func(tx *storage.Tx) error {
		return tx.ForEachArchiveNewest(chat, func(_ uint64, data []byte) (bool, error) {
			n++
			var arch struct {
				Record *kit.Record `json:"record"`
			}
			if err := json.Unmarshal(data, &arch); err != nil || arch.Record == nil {
				return n < rematchLookback, nil // damaged: look further back
			}
			return fn(arch.Record) && n < rematchLookback, nil
		})
	})
	if err != nil {
		b.log.Warn("reading archived games", "chat", chat, "err", err)
	}
}

// lastGame is the chat's last started game, as it ended (nil if none
// lately).
func (b *Bot) lastGame(chat int64) *kit.Record {
	var last *kit.Record
	b.archivedGames(chat, func(rec *kit.Record) bool {
		if rec.Status == kit.StatusPlaying {
			last = rec
		}
		return last == nil
	})
	return last
}

// onRematchPress opens the rematch of the game the ending message belongs
// to, or says why not; either way the message loses its button, so no
// button is left that can only be refused.
func (b *Bot) onRematchPress(ctx context.Context, updateID int, q *tgbotapi.CallbackQuery, press kit.Press) {
	chat := q.Message.Chat.ID
	defer b.lock(chat)()
	// Read under the chat's lock: every change that archives holds it.
	var ended, newest *kit.Record
	b.archivedGames(chat, func(rec *kit.Record) bool {
		if newest == nil {
			newest = rec
		}
		if rec.ID == press.Game {
			ended = rec
		}
		return ended == nil
	})
	// Callback data is untrusted: only the message that carries this very
	// button is the game's ending message, to be given its final text.
	end := lobby.Ending{}
	if carries(q.Message, q.Data) {
		end = lobby.Ending{ID: q.Message.MessageID, Text: q.Message.Text}
	}
	st, err := b.change(chat, updateID, func(c *kit.Change) error {
		// The chat reads the ending and the lobby in its language; the
		// alert is the presser's to read, in theirs.
		c.AnswerLang = c.PresserLang(q.From.LanguageCode)
		kit.AnswerIn(c, c.Lang(q.From.LanguageCode), func(c *kit.Change, lang string) {
			b.lobby().Rematch(c, lang, lobbyUser(q.From), press.Game, ended, newest, end)
		})
		return nil
	})
	b.answer(ctx, q.ID, st, err)
	b.finish(ctx, st, err, q.ID)
}

// carries says whether message m has a button with data.
func carries(m *tgbotapi.Message, data string) bool {
	if m == nil || m.ReplyMarkup == nil {
		return false
	}
	for _, row := range m.ReplyMarkup.InlineKeyboard {
		for _, btn := range row {
			if btn.CallbackData != nil && *btn.CallbackData == data {
				return true
			}
		}
	}
	return false
}
