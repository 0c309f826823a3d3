package board

import "github.com/monopoly-tg/monopoly-bot/bot/kit"

// Moved forgets the ids of the old group's messages once the group became
// a supergroup: they name messages nobody can answer any more, and in the
// supergroup other messages or none. The chat layer then posts the open
// offers anew (Repost).
func (b *Kind) Moved(c *kit.Change, _ string) {
	rec := c.Rec
	for i := range Of(rec).Offers {
		if Of(rec).Offers[i].Msg != 0 {
			Of(rec).Offers[i].Msg = 0
			c.Quiet = true
		}
	}
	// The players' list and the composers' links are the old group's
	// messages too: a later final text for them would edit whatever
	// message has that id in the supergroup.
	if Of(rec).DeedsMsg != 0 || len(Of(rec).OfferEdits) > 0 { // OfferEdits: finals an older version left
		Of(rec).DeedsMsg, Of(rec).DeedsPhoto, Of(rec).OfferEdits, c.Quiet = 0, false, nil, true
	}
	for _, d := range Of(rec).Drafts {
		if d != nil && d.Link > 0 {
			d.Link, c.Quiet = 0, true
		}
	}
}
