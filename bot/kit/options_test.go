package kit

import (
	"encoding/json"
	"testing"
	"time"
)

func TestLocationFallsBackToUTC(t *testing.T) {
	for _, name := range []string{"", "Mars/Olympus", "../../etc/passwd"} {
		if got := (ChatOptions{TimeZone: name}).Location(); got != time.UTC {
			t.Errorf("TimeZone %q: got %v, want UTC", name, got)
		}
	}
	for _, name := range TimeZones[1:] {
		loc := (ChatOptions{TimeZone: name}).Location()
		if loc.String() != name {
			t.Errorf("TimeZone %q: got %v", name, loc)
		}
	}
	kyiv := (ChatOptions{TimeZone: "Europe/Kyiv"}).Location()
	noon := time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
	if h := noon.In(kyiv).Hour(); h != 15 {
		t.Errorf("noon UTC in Kyiv in July: hour %d, want 15", h)
	}
}

// testPart is a kind's part of the options for the kit's own tests.
type testPart struct {
	Level int `json:"test_level,omitempty"`
}

func init() {
	RegisterOptions(OptionsPart{Kind: "test", After: "kick_after", PerEdition: true, New: func() any { return new(testPart) }, Keys: []string{"test_level"}})
}

// TestOptionsPartIsAValue: a kind's part is stored after the member it
// names, read back only by Part, shared by no copy once set, equal
// options compare equal, and another edition drops a part per edition.
func TestOptionsPartIsAValue(t *testing.T) {
	o := ChatOptions{KickAfter: 2, TimeZone: "UTC"}
	if err := o.SetPart("test", testPart{Level: 3}); err != nil {
		t.Fatal(err)
	}
	if err := o.SetPart("nobody", testPart{Level: 3}); err == nil {
		t.Error("a part of a kind nobody registered was set")
	}
	copied := o
	if err := copied.SetPart("test", testPart{Level: 5}); err != nil {
		t.Fatal(err)
	}
	var p testPart
	if !o.Part("test", &p) || p.Level != 3 {
		t.Errorf("the original's part: %+v", p)
	}
	data, err := json.Marshal(o)
	if err != nil || string(data) != `{"pace":{"name":"","decision":0,"bid":0},"kick_after":2,"test_level":3,"time_zone":"UTC"}` {
		t.Fatalf("stored as %s (%v)", data, err)
	}
	var back ChatOptions
	if err := json.Unmarshal(data, &back); err != nil || back != o {
		t.Errorf("read back %+v, want %+v (%v)", back, o, err)
	}
	if err := copied.SetPart("test", testPart{}); err != nil || copied.Part("test", &p) {
		t.Errorf("a zero part is kept (%v)", err)
	}
	o.DropEditionParts()
	if o.Part("test", &p) || o != (ChatOptions{KickAfter: 2, TimeZone: "UTC"}) {
		t.Errorf("the part per edition was not dropped: %+v", o)
	}
}

// TestRecordOptionsWhereMarshalPutsThem: Record.Encode writes the options
// (appended, not marshalled) where json.Marshal puts them, whichever
// members follow them, with seats named like the members that may.
func TestRecordOptionsWhereMarshalPutsThem(t *testing.T) {
	o := &ChatOptions{Edition: "lux", KickAfter: 2, TimeZone: "Europe/Kyiv"}
	if err := o.SetPart("test", testPart{Level: 4}); err != nil {
		t.Fatal(err)
	}
	for _, rec := range []*Record{
		{ID: 1, Options: o},
		{ID: 2, Options: o, RematchOf: 7, Seats: []Seat{{User: 1, Name: `,"created":`}, {User: 2, Name: `\",\"rematch_of\":`}}},
		{ID: 3, Options: o, LobbyMore: true, Seats: []Seat{{User: 1, Name: `x","lobby_msg":1,"`}}},
		{ID: 4, Options: &ChatOptions{}, LobbyMsg: 5, Marked: 9},
		{ID: 5, LobbyStart: 3},
	} {
		got, err := rec.Encode()
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal((*Envelope)(rec))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("record %d:\n%s\nwant\n%s", rec.ID, got, want)
		}
	}
}
