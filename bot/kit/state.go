package kit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
)

// State is a game kind's own state in a chat's record (Record.State): the
// kit stores and copies it without knowing what it holds; the kind reads
// it through its own typed accessor (board.Of, deal.Of).
type State interface {
	// Clone returns a copy that either can change without the other
	// seeing it (the record cache hands out copies on every get: keep it
	// cheap).
	Clone() State
	// AppendFields appends the state's stored members to a record's JSON
	// object, as `"key":value` pairs separated by commas and without the
	// braces (nothing when it has none): the record is stored as one
	// object, the envelope's members first (Record.Encode).
	AppendFields(dst []byte) ([]byte, error)
}

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
// right after "id", "rev" and "status"). A record in another order is
// read whole for it.
func storedKind(data []byte) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return "", fmt.Errorf("kit: a stored record is not an object: %v", err)
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return "", err
		}
		key, _ := t.(string)
		switch {
		case key == "kind":
			var kind string
			err := dec.Decode(&kind)
			return kind, err
		case key == "edition":
			return "", nil // written after "kind": there is none
		case !envelopeHead[key]:
			var k struct {
				Kind string `json:"kind"`
			}
			err := json.Unmarshal(data, &k)
			return k.Kind, err
		}
		if _, err := dec.Token(); err != nil { // a number or a string
			return "", err
		}
	}
	return "", nil
}

// Encode is the record as stored: the envelope's members, then the
// state's (State.AppendFields), in one object.
func (r *Record) Encode() ([]byte, error) {
	data, err := json.Marshal((*Envelope)(r))
	if err != nil || r.State == nil {
		return data, err
	}
	head := data[:len(data)-1] // without the closing brace
	out, err := r.State.AppendFields(append(head, ','))
	if err != nil {
		return nil, err
	}
	if len(out) == len(head)+1 { // the state stored nothing
		out = out[:len(head)]
	}
	return append(out, '}'), nil
}

// Envelope is a record without its methods: its own members, which
// Encode marshals and a kind's StateDecoder decodes beside its state's
// (State is not one of them). A record's JSON methods would otherwise
// take over the whole object.
type Envelope Record
