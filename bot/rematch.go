package bot

import (
	"context"
	"encoding/json"
	"slices"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// After a game: 🔁 Rematch under its ending message opens a lobby in the
// same chat with the same people (computer seats too) and the same
// options; /board draws the last game's final board. A game's record is
// archived when it ends (Bot.archive), so both read the chat's newest
// archives rather than keep a copy of their own.

// OpRematch is 🔁 Rematch: the data's game id is the game that ended.
const OpRematch Op = "rm"

// rematchLookback is how many of a chat's newest archives are read to find
// the game a rematch or /board means: a cancelled lobby or two may lie
// between.
const rematchLookback = 5

// archivedGames calls fn with the chat's newest archived records, newest
// first, while it returns true, at most rematchLookback of them.
func (b *Bot) archivedGames(chat int64, fn func(rec *Record) bool) {
	n := 0
	err := b.store.View(func(tx *storage.Tx) error {
		return tx.ForEachArchiveNewest(chat, func(_ uint64, data []byte) (bool, error) {
			n++
			var arch struct {
				Record *Record `json:"record"`
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
func (b *Bot) lastGame(chat int64) *Record {
	var last *Record
	b.archivedGames(chat, func(rec *Record) bool {
		if rec.Status == StatusPlaying {
			last = rec
		}
		return last == nil
	})
	return last
}

// rematchKeyboard is the ending message's button.
func (b *Bot) rematchKeyboard(lang string, rec *Record) *kit.Markup {
	k := &kit.Keyboard{Rec: rec}
	k.Row(k.Btn(b.cat.T(lang, "btn_rematch", nil), OpRematch, 0))
	return k.Markup()
}

// onRematchPress opens the rematch of the game the ending message belongs
// to, or says why not; either way the message loses its button, so no
// button is left that can only be refused.
func (b *Bot) onRematchPress(ctx context.Context, updateID int, q *tgbotapi.CallbackQuery, press Press) {
	chat := q.Message.Chat.ID
	defer b.lock(chat)()
	// Read under the chat's lock: every change that archives holds it.
	var ended, newest *Record
	b.archivedGames(chat, func(rec *Record) bool {
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
	end := endingMessage{}
	if carries(q.Message, q.Data) {
		end = endingMessage{ID: q.Message.MessageID, Text: q.Message.Text}
	}
	st, err := b.change(chat, updateID, func(c *chatState) error {
		// The chat reads the ending and the lobby in its language; the
		// alert is the presser's to read, in theirs.
		c.AnswerLang = c.PresserLang(q.From.LanguageCode)
		kit.AnswerIn(c, c.Lang(q.From.LanguageCode), func(c *chatState, lang string) {
			b.rematch(c, lang, q.From, press.Game, ended, newest, end)
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

// endingMessage is the message a 🔁 Rematch was pressed on: its id (0: not
// known to be the game's ending) and its text as the person saw it.
type endingMessage struct {
	ID   int
	Text string
}

// rematch is the change a press of 🔁 Rematch on the ending message end of
// game makes: ended is that game as archived (nil: not among the newest),
// newest the chat's newest archive.
func (b *Bot) rematch(c *chatState, lang string, from *tgbotapi.User, game uint64, ended, newest *Record, end endingMessage) {
	reason := ""
	switch {
	case ended == nil:
		reason = "alert_rematch_gone"
	case c.Rec != nil && c.Rec.RematchOf == game, c.Rec == nil && newest.RematchOf == game:
		reason = "alert_rematch_already" // open, or opened and cancelled
	case c.Rec != nil || newest.ID != game:
		reason = "alert_rematch_other"
	case ended.SeatOf(from.ID) < 0:
		// The button stays for the players.
		c.Alert = b.cat.T(lang, "alert_rematch_not_player", nil)
		return
	}
	if reason != "" {
		c.Alert = b.cat.T(lang, reason, nil)
		if end.ID != 0 {
			text := kit.Escape(end.Text) // its markup is lost, its words are not
			if ended != nil {
				text = b.endingText(lang, ended)
			}
			c.Finalize("", end.ID, text+"\n\n"+c.Alert)
		}
		return
	}
	if c.Settings.Lang == "" && c.Settings.AutoLang == "" { // as /newgame does
		c.Settings.AutoLang, c.SettingsChanged = locales.Normalize(from.LanguageCode), true
	}
	// The game started with the chat's options in its edition; so does its
	// rematch. They differ only if /settings changed them meanwhile, and a
	// change made during a game was promised to the next one.
	opts := b.lobbyOptions(c.Settings.Options, ended.Edition)
	kind := ended.Kind
	if kind == "" {
		kind = editionKind(ended.Edition) // a record from before kinds
	}
	c.Rec = &Record{ID: randomID(), Status: StatusLobby, Kind: kind, Edition: ended.Edition, Creator: from.ID,
		Seats: slices.Clone(ended.Seats), Created: b.cfg.Now().UnixMilli(), Options: opts, RematchOf: ended.ID}
	c.Save, c.Lobby = true, true
	if end.ID != 0 {
		c.Finalize("", end.ID, b.endingText(lang, ended)+"\n\n"+
			b.cat.T(lang, "rematch_opened", map[string]any{"Player": kit.Name(displayName(from))}))
	}
}

// endingText is a game's ending message again, for its final text.
func (b *Bot) endingText(lang string, rec *Record) string {
	k := b.kindOf(rec)
	if e := b.capsOf(k).ending; e != nil {
		return e.Ending(lang, rec)
	}
	return k.Standings(lang, rec)
}
