package kit

// A press is checked against what its button refers to (its key), not the
// whole game: when that changed, the press was either the presser's own
// second tap of a button already applied (answered "done") or a button
// whose meaning is gone (refused). The seat remembers the last press it
// applied to tell the two apart.

// Applied remembers data as user's last applied press, when user holds a
// seat of the change's game.
func (c *Change) Applied(user int64, data string) {
	if c.Rec == nil {
		return
	}
	if s := c.Rec.SeatOf(user); s >= 0 && c.Rec.Seats[s].Pressed != data {
		c.Rec.Seats[s].Pressed = data
		if !c.Save {
			c.Quiet = true
		}
	}
}

// Repeated says whether data is user's last applied press: a second tap.
func Repeated(rec *Record, user int64, data string) bool {
	if rec == nil || data == "" {
		return false
	}
	s := rec.SeatOf(user)
	return s >= 0 && rec.Seats[s].Pressed == data
}
