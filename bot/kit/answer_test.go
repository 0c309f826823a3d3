package kit

import "testing"

// TestAnswerInWordsTheAnswerForThePresser: what the change does to the
// game happens once, in the chat's language; its alert is worded in the
// presser's, from the state as it was before the change.
func TestAnswerInWordsTheAnswerForThePresser(t *testing.T) {
	words := map[string]string{"en": "no", "uk": "ні"}
	fn := func(c *Change, lang string) {
		c.Rec.Seats = append(c.Rec.Seats, Seat{Name: lang})
		c.Replies = append(c.Replies, Reply{Text: lang})
		c.Alert = words[lang] + string(rune('0'+len(c.Rec.Seats)))
	}
	c := &Change{Rec: &Record{ID: 1}, AnswerLang: "uk"}
	AnswerIn(c, "en", fn)
	if len(c.Rec.Seats) != 1 || c.Rec.Seats[0].Name != "en" || len(c.Replies) != 1 || c.Replies[0].Text != "en" {
		t.Errorf("the change: seats %+v, replies %+v, want one, in English", c.Rec.Seats, c.Replies)
	}
	if c.Alert != "ні1" {
		t.Errorf("alert %q, want the presser's words from the state before the change", c.Alert)
	}
	same := &Change{Rec: &Record{ID: 1}, AnswerLang: "en"}
	AnswerIn(same, "en", fn)
	if same.Alert != "no1" || len(same.Rec.Seats) != 1 {
		t.Errorf("one language: alert %q, seats %+v", same.Alert, same.Rec.Seats)
	}
}
