package bot

import (
	"context"
)

// reshowMoved shows a game that just moved to a supergroup there at once:
// the messages of the old group are not the supergroup's (their ids name
// nothing there), so without a new message the game would sit unseen
// until someone typed a command. The caller holds the chat's lock.
func (b *Bot) reshowMoved(chat int64) {
	st, err := b.change(chat, 0, func(c *chatState) error {
		rec := c.Rec
		switch {
		case rec == nil:
			return nil
		case rec.Status == StatusLobby:
			rec.LobbyMsg = 0
			c.Lobby, c.Quiet = true, true
		case rec.Status == StatusPlaying:
			b.kindOf(rec).Reshow(c, c.ChatLang())
			if m, ok := b.kindOf(rec).(movedKind); ok {
				m.Moved(c, c.ChatLang())
			}
		}
		// A final text for a message of the old group cannot be given in
		// the supergroup: the id there names another message, or none.
		c.Finals = nil
		return nil
	})
	b.finish(context.Background(), st, err, "")
	if err == nil && st != nil && st.Rec != nil && st.Rec.Status == StatusPlaying {
		b.kindOf(st.Rec).Repost(chat, st.ChatLang(), st.Rec)
	}
}

// movedKind is a kind with more live messages than Reshow sends anew (the
// board's open offers): Moved forgets their ids of the old group, so that
// Repost posts them in the supergroup.
type movedKind interface {
	Moved(c *chatState, lang string)
}
