package board

// Moved forgets the ids of the open offers' messages once the group became
// a supergroup: they name messages of the old group, where nobody can
// answer them any more. The chat layer then posts them anew (Repost).
func (b *Kind) Moved(c *chatState, _ string) {
	rec := c.Rec
	for i := range rec.Offers {
		if rec.Offers[i].Msg != 0 {
			rec.Offers[i].Msg = 0
			c.Quiet = true
		}
	}
}
