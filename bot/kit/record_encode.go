package kit

import (
	"bytes"
	"encoding/json"
	"strconv"
	"sync"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// encode is the record as json.Marshal writes it, byte for byte, with the
// board game's engine state and events (most of a record's bytes) written
// by the engine's own encoders (engine/json.go) instead of by reflection:
// storing the record with every change was a tenth of an update's
// processor time. TestEncodeMatchesMarshal compares the two.
//
// json.Marshal writes everything else with the game, turn and history
// left out and the turn message's id set to a marker; the three are then
// spliced in before it, where json.Marshal puts them (state.Board's field
// order: game, turn, history, turn_msg). A marker is a key and a value
// together, so neither a name (its quotes are escaped) nor another field
// can be taken for it.
func (r *Record) encode() ([]byte, error) {
	if r.Game == nil && r.Turn == nil && r.History == nil {
		return json.Marshal(r)
	}
	scratch := encodeScratch.Get().(*encodeBuffers)
	defer encodeScratch.Put(scratch)
	c := &scratch.rec // a copy in the scratch space: not one more allocation
	*c = *r
	c.Game, c.Turn, c.History, c.TurnMsg = nil, nil, nil, turnMsgMarker
	scratch.rest.Reset()
	// Encoder writes what json.Marshal returns, and a newline.
	err := scratch.enc.Encode(c)
	*c = Record{} // holds on to nothing of r
	if err != nil {
		return nil, err
	}
	rest := bytes.TrimSuffix(scratch.rest.Bytes(), []byte{'\n'})
	at := bytes.Index(rest, turnMsgMarked)
	if at < 0 { // cannot happen: TurnMsg is a field of the record
		return json.Marshal(r)
	}
	out := append(scratch.out[:0], rest[:at+1]...) // up to the comma before the marker
	if r.Game != nil {
		out = r.Game.AppendJSON(append(out, `"game":`...))
		out = append(out, ',')
	}
	if len(r.Turn) > 0 {
		out = engine.AppendEventsJSON(append(out, `"turn":`...), r.Turn)
		out = append(out, ',')
	}
	if len(r.History) > 0 {
		out = engine.AppendEventsJSON(append(out, `"history":`...), r.History)
		out = append(out, ',')
	}
	tail := rest[at+len(turnMsgMarked)-1:] // from the comma after the marker
	if r.TurnMsg != 0 {
		out = strconv.AppendInt(append(out, `"turn_msg":`...), int64(r.TurnMsg), 10)
	} else {
		tail = tail[1:] // omitempty: the field and its comma go
	}
	out = append(out, tail...)
	scratch.out = out
	return bytes.Clone(out), nil // one allocation of the record's size
}

// encodeBuffers are encode's scratch space, reused: a record is stored
// with every change, and its bytes are kept (the record cache, bbolt's
// page), so only the exact copy is allocated.
type encodeBuffers struct {
	rec  Record
	rest bytes.Buffer
	enc  *json.Encoder
	out  []byte
}

var encodeScratch = sync.Pool{New: func() any {
	b := &encodeBuffers{}
	b.enc = json.NewEncoder(&b.rest)
	return b
}}

// turnMsgMarker is a turn message id no message has (Telegram's ids are
// positive and far smaller).
const turnMsgMarker = -7_340_033_007_340_033

var turnMsgMarked = []byte(`,"turn_msg":` + strconv.Itoa(turnMsgMarker) + `,`)
