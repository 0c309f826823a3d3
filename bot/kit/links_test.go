package kit

import (
	"encoding/json"
	"testing"
)

// TestLinksReadFromTheirOldMembers: a private chat's settings stored with
// "trade_chat" and "deal_chat" read as the links "trade" and "deal", and
// are stored again the same way; a link moves with its group.
func TestLinksReadFromTheirOldMembers(t *testing.T) {
	var s Settings
	if err := json.Unmarshal([]byte(`{"lang":"uk","trade_chat":-100,"deal_chat":-200,"menu":3}`), &s); err != nil {
		t.Fatal(err)
	}
	if s.Lang != "uk" || s.Menu != 3 || s.Links.Get("trade") != -100 || s.Links.Get("deal") != -200 || s.Links.Get("chess") != 0 {
		t.Fatalf("read %+v", s)
	}
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	const opts = `"options":{"pace":{"name":"","decision":0,"bid":0}}` // as ever: the options have no zero to omit
	if want := `{"lang":"uk","menu":3,` + opts + `,"deal_chat":-200,"trade_chat":-100}`; string(data) != want {
		t.Fatalf("stored %s, want %s", data, want)
	}
	var back Settings
	if err := json.Unmarshal(data, &back); err != nil || back != s {
		t.Fatalf("read back %+v, %v; want %+v", back, err, s)
	}
	if !back.Links.Move(-200, -300) || back.Links.Get("deal") != -300 || back.Links.Get("trade") != -100 || back.Links.Move(-200, -1) {
		t.Fatalf("after a move: %+v", back.Links)
	}
	back.Links.Set("trade", 0)
	back.Links.Set("deal", 0)
	if data, _ := json.Marshal(back); string(data) != `{"lang":"uk","menu":3,`+opts+`}` {
		t.Fatalf("without links: %s", data)
	}
	var none Settings
	if data, _ := json.Marshal(none); string(data) != `{"lang":"",`+opts+`}` {
		t.Fatalf("empty settings: %s", data)
	}
}

// TestLinksCopyApart: a copy of settings (a change's, run again) does not
// see the original's later links, and equal links compare equal.
func TestLinksCopyApart(t *testing.T) {
	var a Settings
	a.Links.Set("b", 2)
	a.Links.Set("a", 1)
	c := a
	c.Links.Set("a", 5)
	if a.Links.Get("a") != 1 || c.Links.Get("a") != 5 || c.Links.Get("b") != 2 {
		t.Fatalf("a %+v, copy %+v", a.Links, c.Links)
	}
	var d Settings
	d.Links.Set("a", 1)
	d.Links.Set("b", 2)
	if d != a {
		t.Fatalf("the same links in another order differ: %+v %+v", d.Links, a.Links)
	}
}
