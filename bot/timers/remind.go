package timers

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// The reminder of a decision is one message (the slot remind:<game>): a
// second reminder replaces the first (a new message, so that it notifies
// whom it mentions, and the old one deleted), and once the decision is
// taken or the game ends it is deleted, so the live turn's buttons are on
// the chat's last message again. Its id is stored in the clock
// (Clock.Reminder, through the chat layer's onSent), so a restart still
// deletes it. A reminder is not kept across a kill: the deadline it
// announced is.

// RemindSlot is the slot of a game's reminder.
func RemindSlot(game uint64) string { return kit.GameSlot(RemindSlotName, game, "") }

// RemindSlotName names the reminders' slots.
const RemindSlotName = "remind"

// PostReminder replaces the game's reminder with text; under the chat's
// lock, after the change that counted it.
func (t *Timers) PostReminder(chat int64, r *kit.Record, text string) {
	slot := RemindSlot(r.ID)
	t.out.Remove(chat, slot, r.Clock.Reminder)
	t.out.Put(chat, slot, 0, text, nil)
}

// UnsentReminder is the reminder text of a decision whose reminder was
// counted but never reported sent ("": none): a stop that cut its delivery
// leaves it owed, and a restore posts it.
func (t *Timers) UnsentReminder(lang string, r *kit.Record) string {
	cl := r.Clock
	if r.Status != kit.StatusPlaying || cl.Reminded == 0 || cl.Reminder != 0 || cl.Deadline == 0 || cl.PausedAt != 0 {
		return ""
	}
	p := t.host.Kind(r).Pending(r)
	if p.Decision != cl.Decision {
		return ""
	}
	return t.reminder(lang, r, p, max(cl.Deadline-t.now().UnixMilli(), 0))
}

// FinishReminder deletes the reminder of a decision the change moved on
// from (or of a game it ended): the chat layer calls it after the commit.
func (t *Timers) FinishReminder(st *kit.Change) {
	if st.Rec == nil || st.ClockBefore == nil {
		return
	}
	// A clock that sent no reminder stores no "reminded" (omitempty): most
	// changes need not decode it.
	var before kit.Clock
	if !bytes.Contains(st.ClockBefore, []byte(`"reminded":`)) || json.Unmarshal(st.ClockBefore, &before) != nil || before.Reminded == 0 {
		return
	}
	cl := st.Rec.Clock
	if st.Remove || st.GameOver || cl.Decision != before.Decision || cl.Reminded == 0 {
		t.out.Remove(st.Chat, RemindSlot(st.Rec.ID), before.Reminder)
	}
}

// reminder is the short message that mentions whom the game waits for.
func (t *Timers) reminder(lang string, r *kit.Record, p kit.Pending, left int64) string {
	var who []string
	for _, seat := range p.Remind {
		who = append(who, kit.Mention(r.Seats[seat]))
	}
	if len(who) == 0 {
		return ""
	}
	return t.cat.T(lang, "remind_decision", map[string]any{"Player": strings.Join(who, ", "), "Left": kit.DurationText(t.cat, lang, left)})
}
