package kit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
)

// StateDecoder reads a kind's record from its stored JSON (data, the
// whole record) in one pass: the envelope into rec, which it may do by
// decoding into a struct that embeds (*Envelope)(rec) beside its own
// state's fields, and its state into rec.State (nil when the record holds
// none yet: a lobby).
type StateDecoder func(data []byte, rec *Record) error

// ErrUnknownKind: a stored record names a kind no package registered (a
// record of a newer version, or of a kind since removed).
var ErrUnknownKind = errors.New("kit: unknown kind of game")

var (
	decodersMu sync.RWMutex
	decoders   = map[string]StateDecoder{}
)

// RegisterState makes decode the reader of the records of the kind
// named name; a kind calls it from its package's init. name "" are the
// records written before kinds, which name none.
func RegisterState(name string, decode StateDecoder) {
	decodersMu.Lock()
	defer decodersMu.Unlock()
	if _, dup := decoders[name]; dup {
		panic("kit: state of kind " + name + " registered twice")
	}
	decoders[name] = decode
}

func decoderOf(kind string) (StateDecoder, bool) {
	decodersMu.RLock()
	defer decodersMu.RUnlock()
	d, ok := decoders[kind]
	return d, ok
}

// DecodeRecord reads a stored record: the kind it names decodes it
// (RegisterState).
func DecodeRecord(data []byte) (*Record, error) {
	kind, err := storedKind(data)
	if err != nil {
		return nil, err
	}
	decode, ok := decoderOf(kind)
	if !ok {
		return nil, fmt.Errorf("%w %q", ErrUnknownKind, kind)
	}
	var r Record
	if err := decode(data, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// UnmarshalJSON reads a record stored inside another object (an
// archived game's).
func (r *Record) UnmarshalJSON(data []byte) error {
	d, err := DecodeRecord(data)
	if err != nil {
		return err
	}
	*r = *d
	return nil
}

// MarshalJSON is Encode, for a record stored inside another object.
func (r Record) MarshalJSON() ([]byte, error) { return r.Encode() }

// envelopeHead are the members Record.Encode writes before "kind" (and
// every version wrote in this order): storedKind reads past them only.
var envelopeHead = map[string]bool{"id": true, "rev": true, "status": true}

// storedKind is the kind a stored record names, read from its first
// members without decoding the rest (the envelope comes first, "kind"
// right after "id", "rev" and "status", each a number or a plain string).
// A record in another shape is decoded whole for it.
func storedKind(data []byte) (string, error) {
	i := skipSpace(data, 0)
	if i == len(data) || data[i] != '{' {
		return "", errors.New("kit: a stored record is not an object")
	}
	for i = skipSpace(data, i+1); i < len(data) && data[i] == '"'; {
		key, next, ok := plainString(data, i)
		if !ok {
			break
		}
		if i = skipSpace(data, next); i == len(data) || data[i] != ':' {
			break
		}
		if i = skipSpace(data, i+1); i == len(data) {
			break
		}
		switch {
		case key == "kind":
			if kind, _, ok := plainString(data, i); ok {
				return kind, nil
			}
		case key == "edition":
			return "", nil // written after "kind": there is none
		case envelopeHead[key]:
			if data[i] == '"' {
				_, i, ok = plainString(data, i)
			} else {
				for i < len(data) && (data[i] >= '0' && data[i] <= '9' || data[i] == '-') {
					i++
				}
			}
			if i = skipSpace(data, i); ok && i < len(data) && data[i] == ',' {
				i = skipSpace(data, i+1)
				continue
			}
		}
		break
	}
	var k struct {
		Kind string `json:"kind"`
	}
	err := json.Unmarshal(data, &k)
	return k.Kind, err
}

func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// plainString reads the JSON string at data[i] if it has no escapes: its
// text and the index after it.
func plainString(data []byte, i int) (string, int, bool) {
	if i >= len(data) || data[i] != '"' {
		return "", i, false
	}
	end := bytes.IndexByte(data[i+1:], '"')
	if end < 0 || bytes.IndexByte(data[i+1:i+1+end], '\\') >= 0 {
		return "", i, false
	}
	return string(data[i+1 : i+1+end]), i + end + 2, true
}

// Encode is the record as stored: the envelope's members
// (appendEnvelope, without reflection), then the state's (State.Stored),
// in one object, written into one reused buffer and copied out once at
// its size.
func (r *Record) Encode() ([]byte, error) {
	sc := encodeScratch.Get().(*encodeBuffers)
	defer encodeScratch.Put(sc)
	buf := r.appendEnvelope(sc.out[:0])
	if r.State != nil {
		key, v := r.State.Stored()
		if key != "" {
			buf = append(append(append(buf, `,"`...), key...), `":`...)
		}
		at := len(buf)
		var err error
		if buf, err = sc.appendValue(buf, v); err != nil {
			return nil, err
		}
		if key == "" { // its members among the envelope's
			switch {
			case buf[at] != '{':
				return nil, fmt.Errorf("kit: a state of %T stored at the top level is no object", v)
			case buf[at+1] == '}': // no members
				buf = buf[:at]
			default:
				buf[at] = ','
				buf = buf[:len(buf)-1]
			}
		}
	}
	buf = append(buf, '}')
	sc.out = buf
	return bytes.Clone(buf), nil
}

// appendValue appends v as json.Marshal encodes it: by its own
// AppendJSON if it has one, else through the reused encoder.
func (sc *encodeBuffers) appendValue(buf []byte, v any) ([]byte, error) {
	if a, ok := v.(jsonAppender); ok {
		return a.AppendJSON(buf)
	}
	sc.enc.Reset()
	if err := sc.encoder.Encode(v); err != nil {
		return buf, err
	}
	return append(buf, bytes.TrimSuffix(sc.enc.Bytes(), []byte{'\n'})...), nil // without Encode's newline
}

// jsonAppender is a state stored among the record's members that writes
// its own JSON, faster than reflection (the board's, state.AppendJSON):
// what json.Marshal would.
type jsonAppender interface {
	AppendJSON(dst []byte) ([]byte, error)
}

// encodeBuffers are Encode's scratch space, reused: a record is stored
// with every change, and its bytes are kept (the record cache, bbolt's
// page), so only the exact copy is allocated.
type encodeBuffers struct {
	out     []byte
	enc     bytes.Buffer
	encoder *json.Encoder // into enc; escapes HTML as json.Marshal does
}

var encodeScratch = sync.Pool{New: func() any {
	sc := new(encodeBuffers)
	sc.encoder = json.NewEncoder(&sc.enc)
	return sc
}}

// Envelope is a record without its methods: its own members, which
// Encode marshals and a kind's StateDecoder decodes beside its state's
// (State is not one of them). A record's JSON methods would otherwise
// take over the whole object.
type Envelope Record

// DecodeEnvelope is the StateDecoder of a kind that keeps no state
// beyond the record's envelope.
func DecodeEnvelope(data []byte, rec *Record) error {
	return json.Unmarshal(data, (*Envelope)(rec))
}
