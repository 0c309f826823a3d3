package bot

import (
	"encoding/json"
	"slices"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/commit"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Messages kept across a kill.
//
// A change that moves a game (it stores the record or ends the game) owes
// its chat the new messages it made — a game's end and its standings, a
// pause decided, a reminder, a kick — and those may wait a while for the
// chat's budget. They are stored in the change's own transaction
// (storage's pending messages), deleted once Telegram accepted them, and
// what is left at a start is sent then. A kill between Telegram's
// acceptance and the deletion's commit (one group commit) sends that
// message again: the one repeat we cannot rule out. Answers that move
// nothing (/help, /stats, /rules, "no game here") stay in memory: a stop
// drops them with a log line.
//
// Live messages need no such care, since the record knows their content:
// Restore shows them again (a turn, offer or vote message whose id was
// never stored is sent, a game changed in the last minutes is edited to its
// current content), and a press answered "outdated" shows them again too,
// which brings up to date a message whose edit a kill lost longer ago. What
// a kill can still lose is a final edit: a closed turn's message keeps
// buttons, which answer "outdated".

// keptMessage is a pending message as stored.
type keptMessage struct {
	Text string                         `json:"text"`
	KB   *tgbotapi.InlineKeyboardMarkup `json:"kb,omitempty"`
}

// owedMessages are what a change about to be stored keeps
// (commit.Options.Owed): its replies and closing messages, then what the
// kind's Show adds at a game's end, in the order finish sends them. It
// runs last in the change's preparation, so buttons carry the revision
// being stored.
func (b *Bot) owedMessages(st *chatState) ([]commit.Owed, error) {
	closing := append(slices.Clone(st.Closing), b.closingOf(st)...)
	b.offerRematch(st, st.ChatLang(), closing)
	var out []commit.Owed
	for _, r := range append(slices.Clone(st.Replies), closing...) {
		data, err := json.Marshal(keptMessage{Text: r.Text, KB: tgMarkup(r.KB)})
		if err != nil {
			return nil, err
		}
		out = append(out, commit.Owed{Text: r.Text, Data: data})
	}
	return out, nil
}

// closingOf is what the kind's Show will add to the change's closing
// messages (finish calls it after the commit): asked of a copy that shows
// no live message, so nothing but the closing texts is made.
func (b *Bot) closingOf(st *chatState) []kit.Reply {
	rec := st.Rec
	if !st.GameOver || rec == nil || rec.Status != StatusPlaying {
		return nil
	}
	scratch := *st
	scratch.Turn, scratch.Lobby = false, false
	scratch.Finals, scratch.Shows, scratch.Closing = nil, nil, nil
	b.kinds.Of(rec).Show(&scratch, st.ChatLang())
	return scratch.Closing
}

// sendReply queues one of finish's new messages; the first of the
// change's kept messages not yet queued is this one (same order), so its
// delivery deletes it.
func (b *Bot) sendReply(st *chatState, r kit.Reply) {
	if len(st.Kept) == 0 {
		b.out.Send(st.Chat, r.Text, r.KB)
		return
	}
	k := st.Kept[0]
	st.Kept = st.Kept[1:]
	b.out.SendKept(st.Chat, k.Seq, r.Text, tgMarkup(r.KB))
}

// sendUnclaimed queues the kept messages finish did not send itself (a
// kind whose Show gave fewer closing messages after the commit than
// before it): stored, they are owed all the same.
func (b *Bot) sendUnclaimed(st *chatState) {
	for _, k := range st.Kept {
		b.log.Warn("a kept message was not among finish's; sending it as stored", "chat", st.Chat, "seq", k.Seq)
		b.out.SendKept(st.Chat, k.Seq, k.Text, nil)
	}
	st.Kept = nil
}

// forgetKept deletes a kept message once Telegram accepted it, or once it
// can never be delivered (the chat refuses the bot, Telegram refused it).
func (b *Bot) forgetKept(chat int64, seq uint64) {
	err := b.store.Batch(func(tx *storage.Tx) error { return tx.DeletePending(chat, seq) })
	if err != nil {
		b.log.Warn("forgetting a delivered message; a restart sends it again", "chat", chat, "seq", seq, "err", err)
	}
}

// resendKept queues the messages a previous process kept but did not see
// accepted, before anything new is queued: each chat's in the order they
// were made. A paused chat's are dropped with it (the game shows itself
// anew when the bot is back).
func (b *Bot) resendKept() error {
	type owed struct {
		chat int64
		seq  uint64
		msg  keptMessage
	}
	var all []owed
	var gone []owed
	err := b.store.View(func(tx *storage.Tx) error {
		paused := map[int64]bool{}
		return tx.ForEachPending(func(chat int64, seq uint64, data []byte) error {
			p, ok := paused[chat]
			if !ok {
				p = b.loadSettings(tx, chat).Paused
				paused[chat] = p
			}
			var m keptMessage
			if err := json.Unmarshal(data, &m); err != nil || p {
				if err != nil {
					b.log.Error("an unreadable kept message; dropping it", "chat", chat, "seq", seq, "err", err)
				}
				gone = append(gone, owed{chat: chat, seq: seq})
				return nil
			}
			all = append(all, owed{chat, seq, m})
			return nil
		})
	})
	if err != nil {
		return err
	}
	for _, o := range gone {
		b.forgetKept(o.chat, o.seq)
	}
	for _, o := range all {
		b.out.SendKept(o.chat, o.seq, o.msg.Text, o.msg.KB)
	}
	if len(all) > 0 {
		b.log.Info("sending messages a previous run kept", "count", len(all))
	}
	return nil
}
