package kit

import (
	"strconv"

	"github.com/monopoly-tg/monopoly-bot/internal/jsonenc"
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
// whether it moved.
func (c *Clock) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	n := len(b)
	// sep appends the comma before a member that is not the first.
	sep := func(b []byte) []byte {
		if len(b) > n {
			return append(b, ',')
		}
		return b
	}
	if c.Decision != "" {
		b = jsonenc.AppendString(append(b, `"decision":`...), c.Decision)
	}
	for _, m := range [...]struct {
		key string
		v   int64
	}{{`"deadline":`, c.Deadline}, {`"length":`, c.Length}, {`"reminded":`, int64(c.Reminded)}, {`"reminder":`, int64(c.Reminder)}} {
		if m.v != 0 {
			b = strconv.AppendInt(append(sep(b), m.key...), m.v, 10)
		}
	}
	if len(c.Strikes) > 0 {
		b = appendInts(append(sep(b), `"strikes":`...), c.Strikes)
	}
	if len(c.StruckTurn) > 0 {
		b = appendInts(append(sep(b), `"struck_turn":`...), c.StruckTurn)
	}
	for _, m := range [...]struct {
		key string
		v   int64
	}{{`"touched":`, c.Touched}, {`"paused_at":`, c.PausedAt}, {`"left":`, c.Left}, {`"paused":`, c.Paused}, {`"timer":`, c.Timer}} {
		if m.v != 0 {
			b = strconv.AppendInt(append(sep(b), m.key...), m.v, 10)
		}
	}
	if len(c.Votes) > 0 {
		b = append(sep(b), `"votes":[`...)
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
