package bot

import (
	"slices"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// The lobby: a game gathering players. It waits for a while that depends
// on the pace (lobbyWait) and then closes itself, saying so, as Werewolf
// lobbies do; its creator may have it start by itself at a chosen moment
// once enough players joined; cancelling it asks to confirm. Its moments
// are the chat's timer entry like a running game's deadlines (plan,
// fire), so they outlive a restart.

// The lobby's own buttons besides join, leave, start and cancel.
const (
	OpCancelYes Op = "ly" // cancelling the lobby confirmed
	OpCancelNo  Op = "ln" // cancelling the lobby called off
	OpAutoStart Op = "lt" // start by itself in the argument's minutes (0: only by the button)
	OpLobbyMore Op = "lm" // 1: show the rarer buttons (⚙️ More); 0: back to the main ones
	OpLobbySets Op = "ls" // post the chat's settings menu, as /settings does (behind ⚙️ More)
)

// autoStartChoices are the creator's choices of a moment to start by
// itself, in minutes from the press.
var autoStartChoices = []int{10, 60}

// lobbyWait is how long a lobby waits for players before it closes. Who
// plays live gathers within one sitting: two hours. A relaxed game (an
// hour a decision) is joined over a day's breaks: twelve hours. An async
// game (a day a decision) is joined whenever people look: two days.
func lobbyWait(o ChatOptions) time.Duration {
	switch d := o.EffectivePace().Decision; {
	case d >= 12*time.Hour:
		return 48 * time.Hour
	case d >= 30*time.Minute:
		return 12 * time.Hour
	}
	return 2 * time.Hour
}

// lobbyClosesAt is when the lobby closes if it has not started.
func lobbyClosesAt(r *Record) int64 { return r.Created + lobbyWait(opts(r)).Milliseconds() }

// lobbyNext is the lobby's next moment: its own start, else its closing.
func lobbyNext(r *Record) int64 {
	if r.LobbyStart != 0 {
		return min(r.LobbyStart, lobbyClosesAt(r))
	}
	return lobbyClosesAt(r)
}

// openLobby opens a lobby in c's chat with seats, its creator's first, in
// edition ("" for the chat's; deal: the card game): /newgame's, and any
// other way to open one with seats already taken. Its wait, its self-start
// and the 🔔 list (told once its message is out) need only Created, which
// a rematch's lobby (bot/rematch.go, built apart) sets too.
func (b *Bot) openLobby(c *chatState, seats []Seat, edition string) {
	opts := b.lobbyOptions(c.Settings.Options, edition)
	edition = editionOf(opts)
	c.Rec = &Record{ID: randomID(), Status: StatusLobby, Kind: editionKind(edition), Edition: edition, Creator: seats[0].User,
		Seats: seats, Created: b.cfg.Now().UnixMilli(), Options: opts}
	c.Save, c.Lobby = true, true
}

// lobbyOps are the lobby message's buttons: valid while that lobby is
// open, whatever changed in it (its id is the game's; a started game's
// answers them in onHostPress).
var lobbyOps = map[Op]bool{OpJoin: true, OpLeave: true, OpStart: true, OpCancel: true, OpCancelYes: true,
	OpCancelNo: true, OpAutoStart: true, OpAddComputer: true, OpDropComputer: true, OpLobbyMore: true, OpLobbySets: true}

// onLobbyPress handles a lobby button. Start starts with the seats as
// they are now: the game's first message names who plays.
func (b *Bot) onLobbyPress(c *chatState, lang string, from *tgbotapi.User, press Press, admin bool) {
	rec := c.Rec
	seat := rec.SeatOf(from.ID)
	op := press.Op
	owner := from.ID == rec.Creator || admin
	switch op {
	case OpJoin:
		if seat >= 0 {
			c.Toast = b.cat.T(lang, "lobby_already_joined", nil)
			return
		}
		if _, most := b.seatLimits(rec); len(rec.Seats) >= most {
			c.Alert = b.cat.T(lang, "lobby_full_count", map[string]any{"Count": most})
			return
		}
		rec.Seats = append(rec.Seats, Seat{User: from.ID, Name: displayName(from)})
	case OpLeave:
		if seat < 0 {
			c.Toast = b.cat.T(lang, "lobby_not_joined", nil)
			return
		}
		if from.ID == rec.Creator {
			c.Alert = b.cat.T(lang, "lobby_creator_leave", nil)
			return
		}
		rec.Seats = append(rec.Seats[:seat], rec.Seats[seat+1:]...)
	case OpStart:
		if !owner {
			c.Alert = b.onlyCreator(lang, rec)
			return
		}
		if !b.startLobby(c, lang) {
			return
		}
	case OpAddComputer, OpDropComputer, OpLevel:
		if !b.lobbyComputer(c, lang, from, op, admin) {
			return
		}
	case OpCancel, OpCancelYes, OpCancelNo, OpAutoStart:
		if !owner {
			c.Alert = b.onlyCreator(lang, rec)
			return
		}
		if !b.lobbyOwnerPress(c, lang, press) {
			return
		}
	case OpLobbyMore:
		more := press.Arg == 1
		if rec.LobbyMore == more { // a second tap, or someone else's first
			c.Toast = b.cat.T(lang, "toast_done", nil)
			return
		}
		rec.LobbyMore = more
		c.Save, c.Lobby = true, true
		return
	case OpLobbySets: // the menu is a message of its own; the lobby stays as it is
		b.cmdSettings(c, from.LanguageCode)
		return
	default:
		c.Alert = b.outdated(c, lang, press)
		return
	}
	if op != OpLevel && op != OpAutoStart {
		rec.LobbyMore = false // a main action done: the main buttons again, Join first
	}
	c.Save, c.Lobby = true, true
}

// lobbyOwnerPress handles the creator's (or an admin's) buttons that
// cancel the lobby or time its start; it reports whether the lobby
// changed.
func (b *Bot) lobbyOwnerPress(c *chatState, lang string, press Press) bool {
	rec := c.Rec
	switch press.Op {
	case OpCancel: // the lobby's keyboard asks to confirm
		rec.LobbyAsk = true
	case OpCancelYes:
		if !rec.LobbyAsk { // answered "no" since: cancelling takes asking again
			c.Alert = b.cat.T(lang, "alert_lobby_kept", nil)
			return false
		}
		c.Remove = true
	case OpCancelNo:
		rec.LobbyAsk = false
		c.Toast = b.cat.T(lang, "lobby_kept", nil)
	case OpAutoStart:
		if press.Arg == 0 {
			rec.LobbyStart = 0
			c.Toast = b.cat.T(lang, "lobby_autostart_off", nil)
			return true
		}
		if !slices.Contains(autoStartChoices, press.Arg) {
			c.Alert = b.outdated(c, lang, press)
			return false
		}
		at := b.cfg.Now().Add(time.Duration(press.Arg) * time.Minute).UnixMilli()
		if at >= lobbyClosesAt(rec) {
			c.Alert = b.cat.T(lang, "lobby_autostart_too_late", nil)
			return false
		}
		rec.LobbyStart = at
	}
	return true
}

// startLobby starts the lobby's game with its seats, in the chat's
// settings as they are now (bot/settings.go) and the lobby's edition
// (/newgame's, bot/editions.go). A refusal is c.Alert.
func (b *Bot) startLobby(c *chatState, lang string) bool {
	rec := c.Rec
	rec.Options = b.lobbyOptions(c.Settings.Options, rec.Edition)
	fewest, most := b.seatLimits(rec)
	if len(rec.Seats) < fewest {
		c.Alert = b.cat.T(lang, "lobby_need_players_now", map[string]any{"Count": fewest, "Joined": len(rec.Seats)})
		return false
	}
	if len(rec.Seats) > most {
		c.Alert = b.cat.T(lang, "lobby_too_many", map[string]any{"Count": most})
		return false
	}
	if !b.kindOf(rec).Start(c, lang) {
		return false
	}
	rec.Status, rec.LobbyStart, rec.LobbyAsk = StatusPlaying, 0, false
	b.startClock(c)
	return true
}

// lobbyDue handles a lobby's moment (fire): it starts by itself if its
// creator asked and enough joined, or closes when it waited long enough.
func (b *Bot) lobbyDue(c *chatState, lang string, now int64) {
	r := c.Rec
	if r.LobbyStart != 0 && now >= r.LobbyStart && now < lobbyClosesAt(r) {
		r.LobbyStart = 0
		c.Save, c.Lobby = true, true
		if b.startLobby(c, lang) {
			return
		}
		// Not enough players: the lobby says why and keeps waiting.
		c.Replies = append(c.Replies, kit.Reply{Text: b.cat.T(lang, "lobby_autostart_failed", map[string]any{
			"Reason": c.Alert, "Time": b.lobbyAt(lang, r, lobbyClosesAt(r))})})
		c.Alert = ""
		return
	}
	if now < lobbyClosesAt(r) {
		return
	}
	c.Remove = true
	c.Finalize(lobbySlot(r.ID), r.LobbyMsg, b.renderLobby(lang, r)+"\n\n"+
		b.cat.T(lang, "lobby_expired", map[string]any{"Wait": b.duration(lang, lobbyWait(opts(r)).Milliseconds())}))
}

// lobbyAt is a moment of the lobby as the chat reads it, in its zone.
func (b *Bot) lobbyAt(lang string, r *Record, ms int64) string {
	return kit.AtText(b.cat, lang, opts(r).LocationIn(lang), b.cfg.Now(), ms)
}
