package lobby

import (
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// Times are the open lobby's lines about time: when it starts by itself,
// if asked, and when it closes unless started; and the creator's question
// whether to cancel it.
func (l *Lobby) Times(lang string, rec *kit.Record) string {
	text := ""
	if rec.LobbyStart != 0 {
		fewest, _ := l.host.SeatLimits(rec)
		text = l.cat.T(lang, "lobby_autostart_at", map[string]any{"Time": l.at(lang, rec, rec.LobbyStart), "Count": fewest}) + "\n"
	}
	text += l.cat.T(lang, "lobby_closes_at", map[string]any{"Time": l.at(lang, rec, ClosesAt(rec)),
		"Wait": kit.DurationText(l.cat, lang, Wait(opts(rec)).Milliseconds())})
	if rec.LobbyAsk {
		text += "\n\n" + l.cat.T(lang, "lobby_cancel_ask", nil)
	}
	return text
}

// Keyboard is the lobby's buttons, at most 4 rows on a phone (issue #27,
// item 12): joining, computer seats, starting and cancelling, and ⚙️ More;
// or, behind More, the rarer ones — when to start by itself, a computer's
// level, the 🔔 for the next game, the settings menu (pace, house rules) —
// with Join and ⬅️ Back, so that whoever comes to a lobby left showing
// them can still join.
func (l *Lobby) Keyboard(lang string, rec *kit.Record) *kit.Markup {
	k := &kit.Keyboard{Rec: rec}
	join := k.Btn(l.cat.T(lang, "btn_join", nil), OpJoin, 0)
	if rec.LobbyMore {
		l.autoStartRow(k, lang, rec)
		if last := lastComputer(rec); last >= 0 {
			lv := l.cat.T(lang, "level_"+levelOf(rec.Seats[last]).String(), nil)
			k.Row(k.Btn(l.cat.T(lang, "btn_computer_level", map[string]any{"Level": lv}), OpLevel, 0))
		}
		k.Row(l.NotifyButton(lang)) // notify.go
		k.Row(join, k.Btn(l.cat.T(lang, "btn_lobby_settings", nil), OpLobbySets, 0), k.Btn(l.cat.T(lang, "btn_lobby_back", nil), OpLobbyMore, 0))
		return k.Markup()
	}
	k.Row(join, k.Btn(l.cat.T(lang, "btn_leave", nil), OpLeave, 0))
	l.computerRow(k, lang, rec) // seats.go
	if rec.LobbyAsk {
		k.Row(k.Btn(l.cat.T(lang, "btn_lobby_cancel_yes", nil), OpCancelYes, 0), k.Btn(l.cat.T(lang, "btn_lobby_cancel_no", nil), OpCancelNo, 0))
	} else {
		k.Row(k.Btn(l.cat.T(lang, "btn_start", nil), OpStart, 0), k.Btn(l.cat.T(lang, "btn_cancel", nil), OpCancel, 0))
	}
	k.Row(k.Btn(l.cat.T(lang, "btn_lobby_more", nil), OpLobbyMore, 1))
	return k.Markup()
}

// autoStartRow is the creator's choice of when the lobby starts by itself.
func (l *Lobby) autoStartRow(k *kit.Keyboard, lang string, rec *kit.Record) {
	if rec.LobbyStart != 0 {
		k.Row(k.Btn(l.cat.T(lang, "btn_autostart_off", nil), OpAutoStart, 0))
		return
	}
	var row []kit.Button
	for _, m := range autoStartChoices {
		if l.host.Now().Add(time.Duration(m)*time.Minute).UnixMilli() >= ClosesAt(rec) {
			continue // the lobby closes before then
		}
		row = append(row, k.Btn(l.cat.T(lang, "btn_autostart_in", map[string]any{"In": kit.DurationText(l.cat, lang, int64(m)*60_000)}), OpAutoStart, m))
	}
	k.Row(row...)
}
