package lobby

import (
	"slices"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// After a game: 🔁 Rematch under its ending message opens a lobby in the
// same chat with the same people (computer seats too) and the same
// options. The chat layer finds the game that ended among the chat's
// newest archives (bot/rematch.go) and hands it to Rematch.

// OpRematch is 🔁 Rematch: the data's game id is the game that ended.
const OpRematch kit.Op = "rm"

// RematchKeyboard is the ending message's button.
func (l *Lobby) RematchKeyboard(lang string, rec *kit.Record) *kit.Markup {
	k := &kit.Keyboard{Rec: rec}
	k.Row(k.Btn(l.cat.T(lang, "btn_rematch", nil), OpRematch, 0))
	return k.Markup()
}

// Ending is the message a 🔁 Rematch was pressed on: its id (0: not known
// to be the game's ending) and its text as the person saw it.
type Ending struct {
	ID   int
	Text string
}

// Rematch is the change a press of 🔁 Rematch on the ending message end of
// game makes: ended is that game as archived (nil: not among the newest),
// newest the chat's newest archive. Either way the message loses its
// button, so no button is left that can only be refused; a press by
// someone who did not play is refused and leaves the button to the
// players.
func (l *Lobby) Rematch(c *kit.Change, lang string, from User, game uint64, ended, newest *kit.Record, end Ending) {
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
		c.Alert = l.cat.T(lang, "alert_rematch_not_player", nil)
		return
	}
	if reason != "" {
		c.Alert = l.cat.T(lang, reason, nil)
		if end.ID != 0 {
			text := kit.Escape(end.Text) // its markup is lost, its words are not
			if ended != nil {
				text = l.host.Ending(lang, ended)
			}
			c.Finalize("", end.ID, text+"\n\n"+c.Alert)
		}
		return
	}
	if c.Settings.Lang == "" && c.Settings.AutoLang == "" { // as /newgame does
		c.Settings.AutoLang, c.SettingsChanged = locales.Normalize(from.Lang), true
	}
	// The game started with the chat's options in its edition; so does its
	// rematch. They differ only if /settings changed them meanwhile, and a
	// change made during a game was promised to the next one.
	opts := l.host.Options(c.Settings.Options, ended.Edition)
	kind := ended.Kind
	if kind == "" {
		kind = l.host.Kind(ended.Edition) // a record from before kinds
	}
	c.Rec = &kit.Record{ID: l.host.NewID(), Status: kit.StatusLobby, Kind: kind, Edition: ended.Edition, Creator: from.ID,
		Seats: slices.Clone(ended.Seats), Created: l.host.Now().UnixMilli(), Options: opts, RematchOf: ended.ID}
	c.Save, c.Lobby = true, true
	if end.ID != 0 {
		c.Finalize("", end.ID, l.host.Ending(lang, ended)+"\n\n"+
			l.cat.T(lang, "rematch_opened", map[string]any{"Player": kit.Name(from.Name)}))
	}
}
