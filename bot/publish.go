package bot

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// finish shows the result of a committed change in the chat. It runs after
// the transaction, never inside it, and still under the chat's lock so the
// chat's messages change in order.
func (b *Bot) finish(ctx context.Context, st *chatState, err error, callbackID string) {
	if errors.Is(err, errDuplicate) {
		return
	}
	if err != nil {
		b.log.Error("changing chat state", "err", err)
		return
	}
	if st == nil {
		return
	}
	chat := st.chat
	lang := st.settings.Lang
	if lang == "" {
		lang = "en"
	}
	for _, r := range st.replies {
		if _, err := b.tg.Send(ctx, chat, r.text, r.kb); err != nil {
			b.log.Warn("sending reply", "chat", chat, "err", err)
		}
	}
	rec := st.rec
	if rec == nil {
		return
	}
	if st.lobby {
		b.publishLobby(ctx, chat, lang, st)
	}
	if st.closed != nil && st.closed.msg != 0 {
		if err := b.tg.Edit(ctx, chat, st.closed.msg, st.closed.text, nil); err != nil {
			b.log.Warn("closing turn message", "chat", chat, "err", err)
		}
	}
	if st.turn && rec.Game != nil {
		b.publishTurn(ctx, chat, lang, st)
	}
	if st.gameOver {
		text := b.cat.T(lang, "game_over", map[string]any{"Player": mention(rec.Seats[rec.Game.Winner])}) +
			"\n\n" + b.renderStandings(lang, rec)
		if _, err := b.tg.Send(ctx, chat, text, nil); err != nil {
			b.log.Warn("sending game over", "chat", chat, "err", err)
		}
	}
	b.schedule(chat, rec, st.remove)
}

func (b *Bot) publishLobby(ctx context.Context, chat int64, lang string, st *chatState) {
	rec := st.rec
	text := b.renderLobby(lang, rec)
	kb := b.lobbyKeyboard(lang, rec)
	switch {
	case st.remove && rec.Status == StatusLobby:
		text, kb = b.cat.T(lang, "lobby_cancelled", nil), nil
	case rec.Status == StatusPlaying:
		text, kb = text+"\n\n"+b.cat.T(lang, "lobby_started", nil), nil
	}
	if rec.LobbyMsg != 0 {
		if err := b.tg.Edit(ctx, chat, rec.LobbyMsg, text, kb); err == nil || st.remove {
			return
		}
		// The message is gone (deleted, too old): show a fresh one.
	}
	if st.remove {
		return
	}
	id, err := b.tg.Send(ctx, chat, text, kb)
	if err != nil {
		b.log.Warn("sending lobby", "chat", chat, "err", err)
		return
	}
	b.rememberMessage(chat, rec.ID, func(r *Record) { r.LobbyMsg = id })
}

func (b *Bot) publishTurn(ctx context.Context, chat int64, lang string, st *chatState) {
	rec := st.rec
	text := b.renderTurn(lang, rec)
	kb := b.turnKeyboard(lang, rec)
	if st.remove {
		kb = nil // the game is over or ended: no buttons stay behind
	}
	if rec.TurnMsg != 0 {
		err := b.tg.Edit(ctx, chat, rec.TurnMsg, text, kb)
		if err == nil || st.remove {
			return
		}
		b.log.Info("turn message not editable, sending a new one", "chat", chat, "err", err)
	}
	if st.remove {
		return
	}
	id, err := b.tg.Send(ctx, chat, text, kb)
	if err != nil {
		b.log.Warn("sending turn message", "chat", chat, "err", err)
		return
	}
	b.rememberMessage(chat, rec.ID, func(r *Record) { r.TurnMsg = id })
}

// rememberMessage stores a message id in the chat's record, if the record
// is still the same game. It does not bump the revision: the buttons on
// screen stay valid.
func (b *Bot) rememberMessage(chat int64, gameID uint64, set func(*Record)) {
	err := b.store.Update(func(tx *storage.Tx) error {
		data, ok := tx.Game(chat)
		if !ok {
			return nil
		}
		rec, err := decodeRecord(data)
		if err != nil || rec.ID != gameID {
			return err
		}
		set(rec)
		out, err := rec.encode()
		if err != nil {
			return err
		}
		return tx.PutGame(chat, out)
	})
	if err != nil {
		b.log.Warn("remembering message id", "chat", chat, "err", err)
	}
}

// Timers. An auction closes after a silence; its deadline is stored in the
// record and mirrored here, so a restart re-arms it from storage.

func (b *Bot) schedule(chat int64, rec *Record, removed bool) {
	b.timerMu.Lock()
	defer b.timerMu.Unlock()
	if removed || rec == nil || rec.AuctionDeadline == 0 {
		delete(b.timers, chat)
		return
	}
	b.timers[chat] = time.UnixMilli(rec.AuctionDeadline)
}

// Restore re-arms the deadlines of every stored game; call it on start.
func (b *Bot) Restore() error {
	return b.store.View(func(tx *storage.Tx) error {
		return tx.ForEachGame(func(chat int64, data []byte) error {
			rec, err := decodeRecord(data)
			if err != nil {
				b.log.Warn("unreadable game record", "chat", chat, "err", err)
				return nil
			}
			b.schedule(chat, rec, false)
			return nil
		})
	})
}

// RunTimers fires due deadlines until ctx ends.
func (b *Bot) RunTimers(ctx context.Context, tick time.Duration) {
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			b.FireDue(ctx)
		}
	}
}

// FireDue applies the timeouts whose deadline has passed.
func (b *Bot) FireDue(ctx context.Context) {
	now := b.cfg.Now()
	var due []int64
	b.timerMu.Lock()
	for chat, at := range b.timers {
		if !now.Before(at) {
			due = append(due, chat)
		}
	}
	b.timerMu.Unlock()
	for _, chat := range due {
		b.fireAuction(ctx, chat)
	}
}

func (b *Bot) fireAuction(ctx context.Context, chat int64) {
	defer b.lock(chat)()
	st, err := b.change(chat, 0, func(c *chatState) error {
		rec := c.rec
		if rec == nil || rec.Game == nil || rec.Game.Phase != engine.PhaseAuction || rec.AuctionDeadline == 0 ||
			b.cfg.Now().UnixMilli() < rec.AuctionDeadline {
			return nil
		}
		lang := c.settings.Lang
		a := engine.Action{Kind: engine.ActTimeout}
		evs, err := rec.Game.Apply(engine.System, a)
		if err != nil {
			return nil
		}
		c.logEntry, _ = json.Marshal(logEntry{Seat: int(engine.System), Action: a, Ver: rec.Game.Version, At: b.cfg.Now().UnixMilli()})
		rec.View = View{}
		b.absorb(c, lang, evs)
		return nil
	})
	if st != nil && !st.save {
		b.schedule(chat, st.rec, st.rec == nil)
		return
	}
	b.finish(ctx, st, err, "")
}
