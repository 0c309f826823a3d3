package board

import (
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// The casino's spin is one engine action: its three reels stop at once.
// The bot shows them stopping one by one in the turn message: two frames
// (the first reel, then the first two, each an edit without buttons) go
// before the message's next content, which has all three and the result,
// so a spin costs at most three edits, paced by the outbox like every
// other. Only the message's content is stored, never a frame: a restart
// shows the result at once.

// animateSpin gives the turn message the frames of the spin that the
// action whose events are evs made, if it made one; rec.Turn holds the
// spin's events (the turn's message is the one to animate).
func (b *turns) animateSpin(c *kit.Change, lang string, evs []engine.Event) {
	rec := c.Rec
	if Of(rec).TurnMsg == 0 || !spun(evs) {
		return // a message never sent shows its content at once
	}
	if frames := b.spinFrames(lang, rec); len(frames) > 0 {
		c.Animate(TurnSlot(rec.ID), frames...)
	}
}

func spun(evs []engine.Event) bool {
	for _, e := range evs {
		if e.Kind == engine.EvReelStopped {
			return true
		}
	}
	return false
}

// spinFrames are the turn's texts while the last spin of rec.Turn stops:
// its events up to the first reel, then up to the second (the reels line
// draws the ones still turning as ▫️), without the result or what follows.
func (b *turns) spinFrames(lang string, rec *kit.Record) []string {
	var reels []int
	for i, e := range Of(rec).Turn {
		switch e.Kind {
		case engine.EvCasinoOffered:
			reels = reels[:0]
		case engine.EvReelStopped:
			reels = append(reels, i)
		}
	}
	if len(reels) < 2 {
		return nil
	}
	turn := Of(rec).Turn
	defer func() { Of(rec).Turn = turn }()
	var frames []string
	for _, i := range reels[:len(reels)-1] {
		Of(rec).Turn = turn[:i+1]
		frames = append(frames, b.text.renderClosedTurn(lang, rec))
	}
	return frames
}
