package telegram

import (
	"context"
	"time"
)

// When the Client saves its flood state (flood.go): at a graceful stop
// (Close), on demand (SaveFlood), and every FloodSaveEvery or at once
// after a 429 while RunFlood runs.

// Close ends the client at a graceful stop, after its last call: further
// calls fail with ErrClientClosed, and the flood state is saved as
// complete, so the next process need not assume calls it does not know
// of (it does after a kill, which costs busy chats a few seconds).
func (c *Client) Close() error {
	c.lim.close()
	return c.SaveFlood()
}

// SaveFlood writes the flood state that changed since the last save.
func (c *Client) SaveFlood() error {
	if c.opts.Flood == nil {
		return nil
	}
	c.lim.flood.saving.Lock()
	defer c.lim.flood.saving.Unlock()
	return c.saveFloodLocked()
}

// saveFloodLocked is SaveFlood with flood.saving held. A failed save
// renews the lease too: calls go on (the bot keeps playing on a failing
// disk, as the games do), RunFlood tries again at its next tick, and a
// call past the lease tries once more rather than every call.
func (c *Client) saveFloodLocked() error {
	now := c.opts.Now()
	states := c.lim.snapshot(now)
	err := c.opts.Flood.SaveFlood(states)
	if err != nil {
		c.lim.unsaved(states)
	}
	c.lim.leased(now)
	return err
}

// saveAhead saves the flood state before a call booked at `at` is made,
// if at is past the lease of the last save (flood.go): a successor after
// a kill then knows of the call, or assumes it.
func (c *Client) saveAhead(at time.Time) {
	if c.opts.Flood == nil || c.lim.covers(at) {
		return
	}
	c.lim.flood.saving.Lock()
	defer c.lim.flood.saving.Unlock()
	if c.lim.covers(at) { // another call's save, or the periodic one
		return
	}
	if err := c.saveFloodLocked(); err != nil {
		c.log.Error("telegram: saving the flood state before a call failed; a restart now may break Telegram's limits", "err", err)
	}
}

// RunFlood saves the flood state every FloodSaveEvery while calls change
// it, and at once after a 429, until ctx ends; then it saves a last time.
// Without ClientOptions.Flood it returns at once.
func (c *Client) RunFlood(ctx context.Context) {
	if c.opts.Flood == nil {
		return
	}
	t := time.NewTicker(c.opts.FloodSaveEvery)
	defer t.Stop()
	ticks := t.C
	if c.floodTicks != nil {
		ticks = c.floodTicks
	}
	for {
		select {
		case <-ctx.Done():
			c.saveFlood()
			return
		case <-ticks:
		case <-c.lim.flood.wake:
		}
		if c.lim.changed() {
			c.saveFlood()
		}
	}
}

func (c *Client) saveFlood() {
	if err := c.SaveFlood(); err != nil {
		c.log.Error("telegram: saving the flood state failed; a restart now may break Telegram's limits", "err", err)
	}
}
