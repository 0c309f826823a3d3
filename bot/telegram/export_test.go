package telegram

import "time"

// SetFloodTicks makes c's RunFlood check for changes on each value sent on
// ticks instead of every FloodSaveEvery. An unbuffered channel is a sync
// point: a send returns once RunFlood took the tick, so the second of two
// sends returns only after the first check (and its save, if any) is done.
func SetFloodTicks(c *Client, ticks <-chan time.Time) { c.floodTicks = ticks }
