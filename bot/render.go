package bot

import (
	"strings"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// renderLobby is the lobby's text: its seats and options.
func (b *Bot) renderLobby(lang string, rec *Record) string {
	// The kind's own text, then the pace and whatever rules the edition offers.
	return b.settingsOf(rec.Kind).LobbyText(lang, rec) + "\n" + strings.Join(b.optionLines(lang, rec.Options, false), "\n")
}

// lobbyTimes are the open lobby's lines about time (bot/lobby.go): when
// it starts by itself, if asked, and when it closes unless started; and
// the creator's question whether to cancel it.
func (b *Bot) lobbyTimes(lang string, rec *Record) string {
	text := ""
	if rec.LobbyStart != 0 {
		fewest, _ := b.seatLimits(rec)
		text = b.cat.T(lang, "lobby_autostart_at", map[string]any{"Time": b.lobbyAt(lang, rec, rec.LobbyStart), "Count": fewest}) + "\n"
	}
	text += b.cat.T(lang, "lobby_closes_at", map[string]any{"Time": b.lobbyAt(lang, rec, lobbyClosesAt(rec)),
		"Wait": b.duration(lang, lobbyWait(opts(rec)).Milliseconds())})
	if rec.LobbyAsk {
		text += "\n\n" + b.cat.T(lang, "lobby_cancel_ask", nil)
	}
	return text
}

// lobbyKeyboard is the lobby's buttons, at most 4 rows on a phone (issue
// #27, item 12): joining, computer seats, starting and cancelling, and
// ⚙️ More; or, behind More, the rarer ones — when to start by itself, a
// computer's level, the 🔔 for the next game, the settings menu (pace,
// house rules) — with Join and ⬅️ Back, so that whoever comes to a lobby
// left showing them can still join.
func (b *Bot) lobbyKeyboard(lang string, rec *Record) *kit.Markup {
	k := &kit.Keyboard{Rec: rec}
	join := k.Btn(b.cat.T(lang, "btn_join", nil), OpJoin, 0)
	if rec.LobbyMore {
		b.autoStartRow(k, lang, rec)
		if last := lastComputer(rec); last >= 0 {
			lv := b.cat.T(lang, "level_"+levelOf(rec.Seats[last]).String(), nil)
			k.Row(k.Btn(b.cat.T(lang, "btn_computer_level", map[string]any{"Level": lv}), OpLevel, 0))
		}
		k.Row(b.notifyButton(lang)) // bot/lobby_notify.go
		k.Row(join, k.Btn(b.cat.T(lang, "btn_lobby_settings", nil), OpLobbySets, 0), k.Btn(b.cat.T(lang, "btn_lobby_back", nil), OpLobbyMore, 0))
		return k.Markup()
	}
	k.Row(join, k.Btn(b.cat.T(lang, "btn_leave", nil), OpLeave, 0))
	b.computerRow(k, lang, rec) // bot/seats.go
	if rec.LobbyAsk {
		k.Row(k.Btn(b.cat.T(lang, "btn_lobby_cancel_yes", nil), OpCancelYes, 0), k.Btn(b.cat.T(lang, "btn_lobby_cancel_no", nil), OpCancelNo, 0))
	} else {
		k.Row(k.Btn(b.cat.T(lang, "btn_start", nil), OpStart, 0), k.Btn(b.cat.T(lang, "btn_cancel", nil), OpCancel, 0))
	}
	k.Row(k.Btn(b.cat.T(lang, "btn_lobby_more", nil), OpLobbyMore, 1))
	return k.Markup()
}

// autoStartRow is the creator's choice of when the lobby starts by itself.
func (b *Bot) autoStartRow(k *kit.Keyboard, lang string, rec *Record) {
	if rec.LobbyStart != 0 {
		k.Row(k.Btn(b.cat.T(lang, "btn_autostart_off", nil), OpAutoStart, 0))
		return
	}
	var row []kit.Button
	for _, m := range autoStartChoices {
		if b.cfg.Now().Add(time.Duration(m)*time.Minute).UnixMilli() >= lobbyClosesAt(rec) {
			continue // the lobby closes before then
		}
		row = append(row, k.Btn(b.cat.T(lang, "btn_autostart_in", map[string]any{"In": b.duration(lang, int64(m)*60_000)}), OpAutoStart, m))
	}
	k.Row(row...)
}
