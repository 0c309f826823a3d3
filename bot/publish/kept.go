package publish

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

// Owed are what a change about to be stored keeps
// (commit.Options.Owed): its replies and closing messages, then what the
// kind's Show adds at a game's end, in the order Finish sends them. It
// runs last in the change's preparation, so buttons carry the revision
// being stored.
func (p *Publisher) Owed(st *kit.Change) ([]commit.Owed, error) {
	closing := append(slices.Clone(st.Closing), p.closingOf(st)...)
	p.offerRematch(st, st.ChatLang(), closing)
	var out []commit.Owed
	for _, r := range append(slices.Clone(st.Replies), closing...) {
		data, err := json.Marshal(keptMessage{Text: r.Text, KB: Markup(r.KB)})
		if err != nil {
			return nil, err
		}
		out = append(out, commit.Owed{Text: r.Text, Data: data})
	}
	return out, nil
}

// closingOf is what the kind's Show will add to the change's closing
// messages (Finish calls it after the commit): asked of a copy that shows
// no live message, so nothing but the closing texts is made.
func (p *Publisher) closingOf(st *kit.Change) []kit.Reply {
	rec := st.Rec
	if !st.GameOver || rec == nil || rec.Status != kit.StatusPlaying {
		return nil
	}
	scratch := *st
	scratch.Turn, scratch.Lobby = false, false
	scratch.Finals, scratch.Shows, scratch.Closing = nil, nil, nil
	p.host.Show(&scratch, st.ChatLang())
	return scratch.Closing
}

// offerRematch gives the last of a game's closing messages the rematch
// button (bot/rematch.go): a game over's or /endgame's.
func (p *Publisher) offerRematch(st *kit.Change, lang string, closing []kit.Reply) {
	if (st.GameOver || st.Stopped) && len(closing) > 0 && st.Rec != nil {
		closing[len(closing)-1].KB = p.host.RematchKeyboard(lang, st.Rec)
	}
}

// sendReply queues one of Finish's new messages; the first of the
// change's kept messages not yet queued is this one (same order), so its
// delivery deletes it.
func (p *Publisher) sendReply(st *kit.Change, r kit.Reply) {
	if len(st.Kept) == 0 {
		p.out.Send(st.Chat, r.Text, Markup(r.KB))
		return
	}
	k := st.Kept[0]
	st.Kept = st.Kept[1:]
	p.out.SendKept(st.Chat, k.Seq, r.Text, Markup(r.KB))
}

// sendUnclaimed queues the kept messages Finish did not send itself (a
// kind whose Show gave fewer closing messages after the commit than
// before it): stored, they are owed all the same.
func (p *Publisher) sendUnclaimed(st *kit.Change) {
	for _, k := range st.Kept {
		p.log.Warn("a kept message was not among finish's; sending it as stored", "chat", st.Chat, "seq", k.Seq)
		p.out.SendKept(st.Chat, k.Seq, k.Text, nil)
	}
	st.Kept = nil
}

// Forget deletes a kept message once Telegram accepted it, or once it can
// never be delivered (the chat refuses the bot, Telegram refused it): the
// outbox's OnKept.
func (p *Publisher) Forget(chat int64, seq uint64) {
	err := p.store.Batch(func(tx *storage.Tx) error { return tx.DeletePending(chat, seq) })
	if err != nil {
		p.log.Warn("forgetting a delivered message; a restart sends it again", "chat", chat, "seq", seq, "err", err)
	}
}

// ResendKept queues the messages a previous process kept but did not see
// accepted, before anything new is queued: each chat's in the order they
// were made. A paused chat's are dropped with it (the game shows itself
// anew when the bot is back).
func (p *Publisher) ResendKept() error {
	type owed struct {
		chat int64
		seq  uint64
		msg  keptMessage
	}
	var all []owed
	var gone []owed
	err := p.store.View(func(tx *storage.Tx) error {
		paused := map[int64]bool{}
		return tx.ForEachPending(func(chat int64, seq uint64, data []byte) error {
			off, ok := paused[chat]
			if !ok {
				off = p.path.Settings(tx, chat).Paused
				paused[chat] = off
			}
			var m keptMessage
			if err := json.Unmarshal(data, &m); err != nil || off {
				if err != nil {
					p.log.Error("an unreadable kept message; dropping it", "chat", chat, "seq", seq, "err", err)
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
		p.Forget(o.chat, o.seq)
	}
	for _, o := range all {
		p.out.SendKept(o.chat, o.seq, o.msg.Text, o.msg.KB)
	}
	if len(all) > 0 {
		p.log.Info("sending messages a previous run kept", "count", len(all))
	}
	return nil
}
