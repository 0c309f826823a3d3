package kit

import (
	"encoding/json"
	"testing"
)

// TestViewLangFixedPerPerson: a seat stored before view languages (no
// "lang") follows the rule of its time — the group's pinned language,
// else the private chat's, else the person's Telegram language; once a
// view fixes one, neither a pin in the group nor another app's language
// changes it; a computer's or a stranger's fixes nothing.
func TestViewLangFixedPerPerson(t *testing.T) {
	r := new(Record) // its envelope: no kind's state is registered here
	err := json.Unmarshal([]byte(`{"id":1,"status":"playing","seats":[{"user":7,"name":"Ə"},{"user":-1,"name":"🤖","computer":true}]}`), (*Envelope)(r))
	if err != nil {
		t.Fatal(err)
	}
	none, pinnedUK, privateRU := Settings{AutoLang: "ru"}, Settings{Lang: "uk"}, Settings{Lang: "ru"}
	for _, c := range []struct {
		group, private Settings
		user, want     string
	}{
		{none, Settings{}, "en-GB", "en"},
		{pinnedUK, privateRU, "en", "uk"},
		{none, privateRU, "en", "ru"},
		{none, Settings{}, "", "en"}, // nothing known: the private chat's default
	} {
		if got := ViewLang(r, 7, c.group, c.private, c.user); got != c.want {
			t.Errorf("an old seat, group %+v, private %+v, app %q: %q, want %q", c.group, c.private, c.user, got, c.want)
		}
	}
	if got := FixViewLang(r, 7, ViewLang(r, 7, none, Settings{}, "en")); got != "en" || r.Seats[0].Lang != "en" {
		t.Fatalf("fixed %q, stored %q", got, r.Seats[0].Lang)
	}
	if got := FixViewLang(r, 7, "uk"); got != "en" {
		t.Errorf("a second view changed the fixed language to %q", got)
	}
	if got := ViewLang(r, 7, pinnedUK, privateRU, "ru"); got != "en" {
		t.Errorf("after a pin in the group and from a Russian app: %q, want en", got)
	}
	if got := FixViewLang(r, 99, "uk"); got != "uk" || r.Seats[1].Lang != "" {
		t.Errorf("a stranger fixed a language: %q, seats %+v", got, r.Seats)
	}
	data, err := r.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back := new(Record)
	if err := json.Unmarshal(data, (*Envelope)(back)); err != nil || back.Seats[0].Lang != "en" {
		t.Fatalf("the fixed language did not survive the record's round trip: %+v, %v", back.Seats, err)
	}
}

// TestSharedLangKeptByAGroup: a group with no language takes the asker's
// for its shared messages and stores it; a group with one, pinned or
// automatic, keeps it; a private chat keeps none.
func TestSharedLangKeptByAGroup(t *testing.T) {
	t.Parallel()
	c := &Change{Chat: -5}
	if got := c.SharedLang("uk"); got != "uk" || c.Settings.AutoLang != "uk" || !c.SettingsChanged {
		t.Fatalf("an untouched group: %q, auto %q, changed %v", got, c.Settings.AutoLang, c.SettingsChanged)
	}
	if got := c.SharedLang("ru"); got != "uk" || c.Settings.AutoLang != "uk" {
		t.Errorf("a second asker: %q, auto %q", got, c.Settings.AutoLang)
	}
	pinned := &Change{Chat: -5, Settings: Settings{Lang: "en"}}
	if got := pinned.SharedLang("ru"); got != "en" || pinned.Settings.AutoLang != "" || pinned.SettingsChanged {
		t.Errorf("a pinned group: %q, %+v", got, pinned.Settings)
	}
	private := &Change{Chat: 7}
	if got := private.SharedLang("ru"); got != "ru" || private.Settings.AutoLang != "" || private.SettingsChanged {
		t.Errorf("a private chat: %q, %+v", got, private.Settings)
	}
}
