package commit

import (
	"bytes"
	"encoding/json"
	"testing"
	"unsafe"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

func TestRecordCacheServesOnlyTheStoredBytes(t *testing.T) {
	t.Parallel()
	c := newRecordCache(0)
	rec := &kit.Record{Kind: plainKind, ID: 7, Rev: 1, Status: kit.StatusLobby, Seats: []kit.Seat{{User: 1, Name: "A"}}}
	data, _ := rec.Encode()
	c.stored(-1, data, rec.Clone())

	got, own, err := c.load(-1, data)
	if err != nil || got.Rev != 1 || !bytes.Equal(own, data) {
		t.Fatalf("load = %+v, %q, %v", got, own, err)
	}
	got.Seats[0].Name = "changed" // a private copy: the cache keeps its own
	again, _, _ := c.load(-1, data)
	if again.Seats[0].Name != "A" {
		t.Fatalf("a caller's change reached the cache: %q", again.Seats[0].Name)
	}

	// Other bytes in storage (written by another process, or a cache
	// update that was lost): they are decoded, not the cached value used.
	newer := &kit.Record{Kind: plainKind, ID: 7, Rev: 2, Status: kit.StatusLobby}
	newData, _ := newer.Encode()
	got, _, err = c.load(-1, newData)
	if err != nil || got.Rev != 2 {
		t.Fatalf("load of other bytes = %+v, %v; want rev 2", got, err)
	}
	// ...and then cached.
	c.mu.Lock()
	e := c.entries[-1]
	c.mu.Unlock()
	if !bytes.Equal(e.data, newData) || e.rec.Rev != 2 {
		t.Fatalf("cache after a decode holds rev %d", e.rec.Rev)
	}

	if _, _, err := c.load(-2, []byte("{broken")); err == nil {
		t.Fatal("a damaged record loaded without error")
	}
}

func TestRecordCacheIsBounded(t *testing.T) {
	t.Parallel()
	c := newRecordCache(3)
	for chat := int64(1); chat <= 10; chat++ {
		rec := &kit.Record{Kind: plainKind, ID: uint64(chat)}
		data, _ := rec.Encode()
		c.stored(chat, data, rec)
		if n := len(c.entries); n > 3 {
			t.Fatalf("%d entries, bound 3", n)
		}
	}
	if _, ok := c.entries[10]; !ok {
		t.Fatal("the newest entry was not kept")
	}
	off := newRecordCache(-1)
	off.stored(1, []byte("{}"), &kit.Record{Kind: plainKind})
	if len(off.entries) != 0 {
		t.Fatal("a disabled cache keeps entries")
	}
}

// The cache must not hand out the memory it keeps.
func TestCachedBytesAreNotStorageMemory(t *testing.T) {
	t.Parallel()
	c := newRecordCache(0)
	data, _ := (&kit.Record{Kind: plainKind, ID: 3}).Encode()
	buf := bytes.Clone(data)
	_, own, err := c.load(1, buf)
	if err != nil {
		t.Fatal(err)
	}
	if unsafe.SliceData(own) == unsafe.SliceData(buf) {
		t.Fatal("the cache kept the caller's buffer (bbolt memory, valid only in its transaction)")
	}
}

func TestSettingsCacheServesOnlyTheStoredBytes(t *testing.T) {
	t.Parallel()
	c := newSettingsCache(0)
	data := settingsJSON(t, kit.Settings{AutoLang: "uk", Notify: &kit.Notify{People: []kit.Notified{{User: 1, Lang: "en"}}}})
	got, own := c.load(-1, data)
	if got.AutoLang != "uk" || !bytes.Equal(own, data) {
		t.Fatalf("load = %+v, %q", got, own)
	}
	got.Notify.People[0].Lang = "ru" // a private copy: the cache keeps its own
	again, _ := c.load(-1, data)
	if again.Notify.People[0].Lang != "en" {
		t.Fatalf("a caller's change reached the cache: %q", again.Notify.People[0].Lang)
	}
	// Other bytes in storage are decoded, not the cached value used.
	got, _ = c.load(-1, settingsJSON(t, kit.Settings{AutoLang: "ru"}))
	if got.AutoLang != "ru" || got.Notify != nil {
		t.Fatalf("load of other bytes = %+v", got)
	}
	if got, own := c.load(-1, nil); own != nil || got.AutoLang != "" {
		t.Fatalf("no settings loaded as %+v, %q", got, own)
	}
	if got, _ := c.load(-2, []byte("{broken")); got.AutoLang != "" {
		t.Fatalf("damaged settings loaded as %+v", got)
	}
	off := newSettingsCache(-1)
	off.load(1, data)
	if len(off.entries) != 0 {
		t.Fatal("a disabled cache keeps entries")
	}
}

func settingsJSON(t *testing.T, s kit.Settings) []byte {
	t.Helper()
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
