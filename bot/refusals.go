package bot

import "github.com/monopoly-tg/monopoly-bot/bot/kit"

// Refusals and answers to presses. An alert or a toast is read only by
// the person who pressed, so it is in their language (kit.PersonLang)
// while what the chat sees stays in the chat's; and every refusal says
// why, so nobody presses the same button twice wondering.

// outdated is the refusal of a press on a message the game has left
// behind, saying which way it was left: no game any more, another game
// since, a lobby that changed, or the same game moved on.
func (b *Bot) outdated(c *kit.Change, lang string, press kit.Press) string {
	return b.cat.T(lang, kit.StaleID(c.Rec, press), nil)
}

// onlyCreator refuses a lobby button only its creator (or a chat admin)
// may press, naming the creator.
func (b *Bot) onlyCreator(lang string, rec *kit.Record) string {
	return b.cat.T(lang, "lobby_only_creator_named", map[string]any{"Player": creatorName(rec)})
}

// creatorName is the name of the lobby's creator as seated, as plain text
// for an alert (a creator always keeps a seat in the lobby).
func creatorName(rec *kit.Record) string {
	if s := rec.SeatOf(rec.Creator); s >= 0 {
		return kit.Isolate(rec.Seats[s].Name)
	}
	return "—"
}
