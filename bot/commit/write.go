package commit

import (
	"encoding/json"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// changeWrites is what a change stores, computed before the transaction.
type changeWrites struct {
	updateID int
	offset   int // the getUpdates offset to store (0: none)
	timer    TimerMove
	deadline *storage.Deadline // the chat's deadline for the timer index (nil: no game before or after)
	settings []byte            // nil: unchanged
	via      []byte            // the settings of the chat the update came from (nil: unchanged)
	game     []byte            // the new record (nil: unchanged)
	cached   *kit.Record
	touched  bool   // a new revision: its log entry is stored
	stamp    bool   // stamp the chat in the index of recent changes
	owed     []Owed // new messages kept until delivered (Options.Owed)
}

// prepare finishes the change outside the transaction: it re-plans the
// deadlines (Options.Rearm), stamps a new revision and encodes what is
// to be stored.
func (p *Path) prepare(st *kit.Change, updateID int, discard bool) (changeWrites, error) {
	w := changeWrites{updateID: updateID}
	if updateID > 0 && p.opt.Offset != nil {
		// Computed before the transaction: it counts only updates handled
		// by now and this one, so it can only be lower than the truth.
		w.offset = p.opt.Offset(updateID)
	}
	var err error
	if st.Rec != nil && !st.Remove {
		// A press in a private chat (the trade composer) is not the seat's
		// own move in the game: it does not clear its missed turns.
		seat := -1
		if st.Via == st.Chat && len(st.Logs) > 0 && p.opt.ActingSeat != nil {
			seat = p.opt.ActingSeat(st.Logs[len(st.Logs)-1])
		}
		if p.opt.Rearm != nil {
			w.timer, st.ClockChanged = p.opt.Rearm(st, updateID > 0 && st.Save, seat)
		}
	} else if st.Remove && st.Rec != nil {
		w.timer = TimerMove{Drop: st.Rec.Clock.Timer}
	}
	// The index is storage's to keep (storage/timers.go): it learns the
	// deadline, the one before, and the entry that fired.
	if st.Rec != nil || st.Stale.At != 0 {
		d := storage.Deadline{Fired: st.Stale.At}
		if st.Rec != nil {
			d.At, d.Was = st.Rec.Clock.Timer, st.Rec.Clock.Timer
			if w.timer.Drop != 0 || w.timer.Add != 0 {
				d.Was = w.timer.Drop
			}
			if st.Remove {
				d.At = 0
			}
		}
		w.deadline = &d
	}
	if st.SettingsChanged {
		w.settings = st.Settings.AppendJSON(make([]byte, 0, 256))
	}
	if st.ViaSettingsChanged {
		w.via = st.ViaSettings.AppendJSON(make([]byte, 0, 256))
	}
	switch {
	case st.Remove:
	case st.Save:
		st.Rec.Rev++
		st.Rec.Updated = p.opt.Now().UnixMilli()
		w.touched = true
		w.stamp = p.opt.Restamp != nil && p.opt.Restamp(st.Rec)
		fallthrough
	case st.Rec != nil && (st.ClockChanged || st.Quiet):
		// Reached from above, or quietly: when only the clock or a message
		// id changed (a reminder, a re-planned timer, a sent message) the
		// buttons on screen stay valid, so there is no new revision.
		if w.game, err = st.Rec.Encode(); err != nil {
			return w, err
		}
		w.cached = st.Rec // nobody shows it: the cache may keep it as it is
		if !discard {
			w.cached = st.Rec.Clone() // as encoded: st.Rec is shown and may change
		}
	}
	// It runs last, so buttons carry the revision being stored.
	if (w.game != nil || st.Remove && st.Rec != nil) && p.opt.Owed != nil {
		if w.owed, err = p.opt.Owed(st); err != nil {
			return w, err
		}
	}
	return w, nil
}

// write stores a prepared change; it may run more than once (Batch).
func (p *Path) write(tx *storage.Tx, st *kit.Change, w changeWrites) error {
	chat := st.Chat
	archiving := st.Remove && st.Rec != nil
	// What goes into the chat's entry is written at once (storage/chat.go).
	cw := storage.ChatWrite{Record: w.game}
	if w.updateID > 0 {
		if st.Via == chat && !archiving {
			cw.UpdateID = w.updateID
		} else if err := tx.SetLastUpdate(st.Via, w.updateID); err != nil {
			return err
		}
	}
	if w.offset > 0 {
		// With the update applied in this transaction, never before it.
		if err := tx.SetOffset(w.offset); err != nil {
			return err
		}
	}
	if w.via != nil {
		if err := tx.PutSettings(st.Via, w.via); err != nil {
			return err
		}
	}
	var err error
	if st.Kept, err = Keep(tx, chat, w.owed); err != nil {
		return err
	}
	if w.settings != nil {
		if err := tx.PutSettings(chat, w.settings); err != nil {
			return err
		}
	}
	if archiving {
		if w.deadline != nil {
			if err := tx.SetDeadline(chat, *w.deadline); err != nil {
				return err
			}
		}
		return p.archive(tx, st)
	}
	cw.Deadline = w.deadline
	if w.touched {
		cw.Logs = st.Logs
	}
	if w.stamp {
		if err := tx.MarkRecent(chat, st.Rec.Marked); err != nil {
			return err
		}
	}
	return tx.WriteChat(chat, cw)
}

// Keep stores a change's owed messages in its transaction; it may run more
// than once (Batch), and the last run's numbers are the ones committed.
func Keep(tx *storage.Tx, chat int64, owed []Owed) ([]kit.Kept, error) {
	if len(owed) == 0 {
		return nil, nil
	}
	kept := make([]kit.Kept, 0, len(owed))
	for _, m := range owed {
		seq, err := tx.AddPending(chat, m.Data)
		if err != nil {
			return nil, err
		}
		kept = append(kept, kit.Kept{Seq: seq, Text: m.Text})
	}
	return kept, nil
}

// archive ends a chat's game: its last log entry, the players'
// statistics, and the archive, which keeps the action log with the final
// record so a finished game can still be replayed from its seed.
func (p *Path) archive(tx *storage.Tx, st *kit.Change) error {
	chat := st.Chat
	if err := appendLogs(tx, chat, st.Logs); err != nil {
		return err
	}
	// A started game that ends counts in its players' statistics.
	if p.opt.GameEnd != nil {
		if err := p.opt.GameEnd(tx, chat, st.Rec, st.Stopped); err != nil {
			return err
		}
	}
	arch := archived{Record: st.Rec}
	err := tx.Log(chat, 1, func(_ uint64, entry []byte) error {
		arch.Log = append(arch.Log, json.RawMessage(entry))
		return nil
	})
	if err != nil {
		return err
	}
	data, err := json.Marshal(arch)
	if err != nil {
		return err
	}
	if err := tx.Archive(chat, data); err != nil {
		return err
	}
	if err := tx.DeleteLog(chat); err != nil {
		return err
	}
	return tx.DeleteGame(chat)
}

func appendLogs(tx *storage.Tx, chat int64, logs [][]byte) error {
	for _, e := range logs {
		if _, err := tx.AppendLog(chat, e); err != nil {
			return err
		}
	}
	return nil
}

// archived is what stays of a finished game.
type archived struct {
	Record *kit.Record       `json:"record"`
	Log    []json.RawMessage `json:"log"`
}
