package lobby

import (
	"slices"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// Open opens a lobby in c's chat with seats, its creator's first, in
// edition ("" for the chat's; deal: the card game): /newgame's, and any
// other way to open one with seats already taken. Its wait, its self-start
// and the 🔔 list (told once its message is out) need only Created, which
// a rematch's lobby (bot/rematch.go, built apart) sets too.
func (l *Lobby) Open(c *kit.Change, seats []kit.Seat, edition string) {
	opts := l.host.Options(c.Settings.Options, edition)
	edition = l.host.Edition(opts)
	c.Rec = &kit.Record{ID: l.host.NewID(), Status: kit.StatusLobby, Kind: l.host.Kind(edition), Edition: edition, Creator: seats[0].User,
		Seats: seats, Created: l.host.Now().UnixMilli(), Options: opts}
	c.Save, c.Lobby = true, true
}

// Ops are the lobby message's buttons: valid while that lobby is open,
// whatever changed in it (its id is the game's; a started game's host
// answers them).
var Ops = map[kit.Op]bool{OpJoin: true, OpLeave: true, OpStart: true, OpCancel: true, OpCancelYes: true,
	OpCancelNo: true, OpAutoStart: true, OpAddComputer: true, OpDropComputer: true, OpLobbyMore: true, OpLobbySets: true}

// Press handles a lobby button. Start starts with the seats as they are
// now: the game's first message names who plays.
func (l *Lobby) Press(c *kit.Change, lang string, from User, press kit.Press, admin bool) {
	rec := c.Rec
	seat := rec.SeatOf(from.ID)
	op := press.Op
	owner := from.ID == rec.Creator || admin
	switch op {
	case OpJoin:
		if seat >= 0 {
			c.Toast = l.cat.T(lang, "lobby_already_joined", nil)
			return
		}
		if _, most := l.host.SeatLimits(rec); len(rec.Seats) >= most {
			c.Alert = l.cat.T(lang, "lobby_full_count", map[string]any{"Count": most})
			return
		}
		rec.Seats = append(rec.Seats, kit.Seat{User: from.ID, Name: from.Name})
	case OpLeave:
		if seat < 0 {
			c.Toast = l.cat.T(lang, "lobby_not_joined", nil)
			return
		}
		if from.ID == rec.Creator {
			c.Alert = l.cat.T(lang, "lobby_creator_leave", nil)
			return
		}
		rec.Seats = append(rec.Seats[:seat], rec.Seats[seat+1:]...)
	case OpStart:
		if !owner {
			c.Alert = l.host.OnlyCreator(lang, rec)
			return
		}
		if !l.Start(c, lang) {
			return
		}
	case OpAddComputer, OpDropComputer, OpLevel:
		if !l.computer(c, lang, from, op, admin) {
			return
		}
	case OpCancel, OpCancelYes, OpCancelNo, OpAutoStart:
		if !owner {
			c.Alert = l.host.OnlyCreator(lang, rec)
			return
		}
		if !l.ownerPress(c, lang, press) {
			return
		}
	case OpLobbyMore:
		more := press.Arg == 1
		if rec.LobbyMore == more { // a second tap, or someone else's first
			c.Toast = l.cat.T(lang, "toast_done", nil)
			return
		}
		rec.LobbyMore = more
		c.Save, c.Lobby = true, true
		return
	case OpLobbySets: // the menu is a message of its own; the lobby stays as it is
		l.host.Settings(c, from.Lang)
		return
	default:
		c.Alert = l.host.Outdated(c, lang, press)
		return
	}
	if op != OpLevel && op != OpAutoStart {
		rec.LobbyMore = false // a main action done: the main buttons again, Join first
	}
	c.Save, c.Lobby = true, true
}

// ownerPress handles the creator's (or an admin's) buttons that cancel
// the lobby or time its start; it reports whether the lobby changed.
func (l *Lobby) ownerPress(c *kit.Change, lang string, press kit.Press) bool {
	rec := c.Rec
	switch press.Op {
	case OpCancel: // the lobby's keyboard asks to confirm
		rec.LobbyAsk = true
	case OpCancelYes:
		if !rec.LobbyAsk { // answered "no" since: cancelling takes asking again
			c.Alert = l.cat.T(lang, "alert_lobby_kept", nil)
			return false
		}
		c.Remove = true
	case OpCancelNo:
		rec.LobbyAsk = false
		c.Toast = l.cat.T(lang, "lobby_kept", nil)
	case OpAutoStart:
		if press.Arg == 0 {
			rec.LobbyStart = 0
			c.Toast = l.cat.T(lang, "lobby_autostart_off", nil)
			return true
		}
		if !slices.Contains(autoStartChoices, press.Arg) {
			c.Alert = l.host.Outdated(c, lang, press)
			return false
		}
		at := l.host.Now().Add(time.Duration(press.Arg) * time.Minute).UnixMilli()
		if at >= ClosesAt(rec) {
			c.Alert = l.cat.T(lang, "lobby_autostart_too_late", nil)
			return false
		}
		rec.LobbyStart = at
	}
	return true
}

// Start starts the lobby's game with its seats, in the chat's settings as
// they are now and the lobby's edition (/newgame's). A refusal is
// c.Alert.
func (l *Lobby) Start(c *kit.Change, lang string) bool {
	rec := c.Rec
	rec.Options = l.host.Options(c.Settings.Options, rec.Edition)
	fewest, most := l.host.SeatLimits(rec)
	if len(rec.Seats) < fewest {
		c.Alert = l.cat.T(lang, "lobby_need_players_now", map[string]any{"Count": fewest, "Joined": len(rec.Seats)})
		return false
	}
	if len(rec.Seats) > most {
		c.Alert = l.cat.T(lang, "lobby_too_many", map[string]any{"Count": most})
		return false
	}
	if !l.host.Start(c, lang) {
		return false
	}
	rec.Status, rec.LobbyStart, rec.LobbyAsk = kit.StatusPlaying, 0, false
	startClock(c)
	return true
}

// startClock fixes the pace a game plays with, from its options or, for a
// record without them, the chat's.
func startClock(c *kit.Change) {
	o := c.Settings.Options
	if c.Rec.Options != nil {
		o = *c.Rec.Options
	}
	c.Rec.Pace = o.EffectivePace()
}

// Due handles a lobby's moment (the chat's timer): it starts by itself if
// its creator asked and enough joined, or closes when it waited long
// enough.
func (l *Lobby) Due(c *kit.Change, lang string, now int64) {
	r := c.Rec
	if r.LobbyStart != 0 && now >= r.LobbyStart && now < ClosesAt(r) {
		r.LobbyStart = 0
		c.Save, c.Lobby = true, true
		if l.Start(c, lang) {
			return
		}
		// Not enough players: the lobby says why and keeps waiting.
		c.Replies = append(c.Replies, kit.Reply{Text: l.cat.T(lang, "lobby_autostart_failed", map[string]any{
			"Reason": c.Alert, "Time": l.at(lang, r, ClosesAt(r))})})
		c.Alert = ""
		return
	}
	if now < ClosesAt(r) {
		return
	}
	c.Remove = true
	c.Finalize(Slot(r.ID), r.LobbyMsg, l.Text(lang, r)+"\n\n"+
		l.cat.T(lang, "lobby_expired", map[string]any{"Wait": kit.DurationText(l.cat, lang, Wait(opts(r)).Milliseconds())}))
}
