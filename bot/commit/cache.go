package commit

import (
	"bytes"
	"encoding/json"
	"slices"
	"sync"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// recordCache keeps the decoded records of recently changed chats, so a
// change does not decode its chat's JSON record again: decoding was the
// largest cost of a button press. Storage stays the truth: an entry is
// used only when its bytes are exactly the stored ones, so a missed or
// out-of-order update of the cache costs a decode, never a wrong game.
//
// Entries are immutable once cached; load hands out copies. The cache is
// bounded: beyond max entries an arbitrary one is dropped (live chats
// come back at their next change; slow ones decode once a turn anyway).
type recordCache struct {
	mu      sync.Mutex
	max     int
	entries map[int64]cachedRecord
}

type cachedRecord struct {
	data []byte      // the stored JSON; never modified
	rec  *kit.Record // decoded from data; never modified
}

// defaultCachedRecords bounds the cache when Options.CachedRecords is 0:
// about 20 kB an entry, so some 40 MB at most.
const defaultCachedRecords = 2048

func newRecordCache(max int) *recordCache {
	if max == 0 {
		max = defaultCachedRecords
	}
	return &recordCache{max: max, entries: map[int64]cachedRecord{}}
}

// load returns a private copy of the record stored as data, and the bytes
// it came from as a slice the caller may keep (data itself may be bbolt's
// memory, valid only during its transaction).
func (c *recordCache) load(chat int64, data []byte) (*kit.Record, []byte, error) {
	c.mu.Lock()
	e, ok := c.entries[chat]
	if ok && bytes.Equal(e.data, data) {
		rec := e.rec.Clone()
		c.mu.Unlock()
		return rec, e.data, nil
	}
	c.mu.Unlock()
	own := bytes.Clone(data)
	rec, err := kit.DecodeRecord(own)
	if err != nil {
		return nil, nil, err
	}
	c.stored(chat, own, rec.Clone())
	return rec, own, nil
}

// stored caches rec as the chat's record, stored as data. Neither may be
// changed afterwards: pass a copy of a record that goes on changing.
func (c *recordCache) stored(chat int64, data []byte, rec *kit.Record) {
	if c.max < 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[chat]; !ok && len(c.entries) >= c.max {
		for victim := range c.entries { // map order: an arbitrary entry
			delete(c.entries, victim)
			break
		}
	}
	c.entries[chat] = cachedRecord{data: data, rec: rec}
}

// forget drops the chats' entries (their record was removed or moved).
func (c *recordCache) forget(chats ...int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, chat := range chats {
		delete(c.entries, chat)
	}
}

// settingsCache is the record cache's counterpart for chats' settings,
// which every change reads too: decoding them (and growing the goroutine's
// stack for the JSON decoder's recursion) was a tenth of a button press's
// work. The same rules hold: an entry is used only when its bytes are the
// stored ones, entries are immutable, and load hands out copies.
type settingsCache struct {
	mu      sync.Mutex
	max     int
	entries map[int64]cachedSettings
}

type cachedSettings struct {
	data []byte       // the stored JSON; never modified
	set  kit.Settings // decoded from data; never modified
}

func newSettingsCache(max int) *settingsCache {
	if max == 0 {
		max = defaultCachedRecords
	}
	return &settingsCache{max: max, entries: map[int64]cachedSettings{}}
}

// load returns a private copy of the settings stored as data (the
// defaults for nil), and data as a slice the caller may keep (nil for
// nil). A damaged value reads as the defaults.
func (c *settingsCache) load(chat int64, data []byte) (kit.Settings, []byte) {
	if data == nil {
		return kit.Settings{}, nil
	}
	c.mu.Lock()
	e, ok := c.entries[chat]
	c.mu.Unlock()
	if ok && bytes.Equal(e.data, data) {
		return CloneSettings(e.set), e.data
	}
	own := bytes.Clone(data)
	var set kit.Settings
	_ = json.Unmarshal(own, &set) // a damaged settings value falls back to defaults
	if c.max >= 0 {
		c.mu.Lock()
		if _, ok := c.entries[chat]; !ok && len(c.entries) >= c.max {
			for victim := range c.entries { // map order: an arbitrary entry
				delete(c.entries, victim)
				break
			}
		}
		c.entries[chat] = cachedSettings{data: own, set: CloneSettings(set)}
		c.mu.Unlock()
	}
	return set, own
}

// CloneSettings copies s so that the copy shares no changeable memory
// with it (TestSettingsClone checks every field).
func CloneSettings(s kit.Settings) kit.Settings {
	s.Options = *s.Options.Clone()
	if s.Notify != nil {
		n := *s.Notify
		n.People = slices.Clone(n.People)
		s.Notify = &n
	}
	if s.Reach != nil {
		r := *s.Reach
		r.Told = slices.Clone(r.Told)
		s.Reach = &r
	}
	return s
}
