package kit

import (
	"strconv"

	"github.com/monopoly-tg/monopoly-bot/storage/jsonenc"
)

// Encoding a record's envelope without reflection.
//
// Every change stores its record, and encoding/json's reflection over the
// envelope (its seats, pace and clock) was most of what encoding a record
// still cost once the board's state wrote itself (state.Board.AppendJSON).
// appendEnvelope writes exactly the bytes json.Marshal writes of an
// Envelope — field order, omitempty, a nil slice as null — the options
// where they belong (ChatOptions.appendJSON), so stored records are byte
// for byte what they were. TestEnvelopeAppendMatchesMarshal fills every
// field by reflection and compares, so a field added to these types
// without adding it here fails the test.

// appendEnvelope appends the envelope's object without its closing brace,
// for the state's members to follow.
func (r *Record) appendEnvelope(b []byte) []byte {
	b = strconv.AppendUint(append(b, `{"id":`...), r.ID, 10)
	b = strconv.AppendUint(append(b, `,"rev":`...), r.Rev, 10)
	b = jsonenc.AppendString(append(b, `,"status":`...), r.Status)
	if r.Kind != "" {
		b = jsonenc.AppendString(append(b, `,"kind":`...), r.Kind)
	}
	b = jsonenc.AppendString(append(b, `,"edition":`...), r.Edition)
	b = strconv.AppendInt(append(b, `,"creator":`...), r.Creator, 10)
	b = append(b, `,"seats":`...)
	if r.Seats == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range r.Seats {
			if i > 0 {
				b = append(b, ',')
			}
			b = r.Seats[i].appendJSON(b)
		}
		b = append(b, ']')
	}
	if r.Options != nil {
		b = r.Options.appendJSON(append(b, `,"options":`...))
	}
	if r.RematchOf != 0 {
		b = strconv.AppendUint(append(b, `,"rematch_of":`...), r.RematchOf, 10)
	}
	b = appendIntOmit(b, `,"lobby_msg":`, int64(r.LobbyMsg))
	b = appendIntOmit(b, `,"lobby_start":`, r.LobbyStart)
	if r.LobbyAsk {
		b = append(b, `,"lobby_ask":true`...)
	}
	if r.LobbyMore {
		b = append(b, `,"lobby_more":true`...)
	}
	b = strconv.AppendInt(append(b, `,"created":`...), r.Created, 10)
	b = strconv.AppendInt(append(b, `,"updated":`...), r.Updated, 10)
	b = appendIntOmit(b, `,"marked":`, r.Marked)
	b = r.Pace.appendJSON(append(b, `,"pace":`...)) // a struct: omitempty keeps it
	return r.Clock.AppendJSON(append(b, `,"clock":`...))
}

func (s *Seat) appendJSON(b []byte) []byte {
	b = strconv.AppendInt(append(b, `{"user":`...), s.User, 10)
	b = jsonenc.AppendString(append(b, `,"name":`...), s.Name)
	if s.Computer {
		b = append(b, `,"computer":true`...)
	}
	b = appendIntOmit(b, `,"level":`, int64(s.Level))
	if s.Pressed != "" {
		b = jsonenc.AppendString(append(b, `,"pressed":`...), s.Pressed)
	}
	if s.Lang != "" {
		b = jsonenc.AppendString(append(b, `,"lang":`...), s.Lang)
	}
	return append(b, '}')
}

func (p *Pace) appendJSON(b []byte) []byte {
	b = jsonenc.AppendString(append(b, `{"name":`...), p.Name)
	b = strconv.AppendInt(append(b, `,"decision":`...), int64(p.Decision), 10)
	b = strconv.AppendInt(append(b, `,"bid":`...), int64(p.Bid), 10)
	return append(b, '}')
}

// AppendJSON appends c as json.Marshal encodes it: the record stores it,
// and a change keeps its bytes from before (Change.ClockBefore) to see
// whether it moved. ClockSize is room enough for most clocks.
func (c *Clock) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	n := len(b)
	if c.Decision != "" {
		b = jsonenc.AppendString(append(b, `"decision":`...), c.Decision)
	}
	b = appendMemberOmit(b, n, `"deadline":`, c.Deadline)
	b = appendMemberOmit(b, n, `"length":`, c.Length)
	b = appendMemberOmit(b, n, `"reminded":`, int64(c.Reminded))
	b = appendMemberOmit(b, n, `"reminder":`, int64(c.Reminder))
	if len(c.Strikes) > 0 {
		b = appendInts(append(comma(b, n), `"strikes":`...), c.Strikes)
	}
	if len(c.StruckTurn) > 0 {
		b = appendInts(append(comma(b, n), `"struck_turn":`...), c.StruckTurn)
	}
	b = appendMemberOmit(b, n, `"touched":`, c.Touched)
	b = appendMemberOmit(b, n, `"paused_at":`, c.PausedAt)
	b = appendMemberOmit(b, n, `"left":`, c.Left)
	b = appendMemberOmit(b, n, `"paused":`, c.Paused)
	b = appendMemberOmit(b, n, `"timer":`, c.Timer)
	if len(c.Votes) > 0 {
		b = append(comma(b, n), `"votes":[`...)
		for i := range c.Votes {
			if i > 0 {
				b = append(b, ',')
			}
			b = c.Votes[i].appendJSON(b)
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// comma appends the comma before a member of an object whose members
// start at n, unless it is the first.
func comma(b []byte, n int) []byte {
	if len(b) > n {
		return append(b, ',')
	}
	return b
}

// appendMemberOmit appends key and v, unless v is 0 (omitempty), to an
// object whose members start at n.
func appendMemberOmit(b []byte, n int, key string, v int64) []byte {
	if v == 0 {
		return b
	}
	return strconv.AppendInt(append(comma(b, n), key...), v, 10)
}

func (v *Vote) appendJSON(b []byte) []byte {
	b = jsonenc.AppendString(append(b, `{"kind":`...), v.Kind)
	b = appendIntOmit(b, `,"target":`, int64(v.Target))
	b = append(b, `,"users":`...)
	if v.Users == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, u := range v.Users {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, u, 10)
		}
		b = append(b, ']')
	}
	b = appendIntOmit(b, `,"msg":`, int64(v.Msg))
	return append(b, '}')
}

// ClockSize is a buffer's capacity that holds most clocks' JSON: a
// running game's has a decision, its deadline, a strike per seat and the
// timer.
const ClockSize = 192

func appendIntOmit(b []byte, key string, v int64) []byte {
	if v == 0 {
		return b
	}
	return strconv.AppendInt(append(b, key...), v, 10)
}

// appendInts appends a non-empty list of numbers.
func appendInts(b []byte, xs []int) []byte {
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}
