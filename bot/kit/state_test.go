package kit

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
)

// TestDecodeRecordOfAnUnknownKind fails with ErrUnknownKind, and a record
// that is no object fails too, never as some kind's game. (No kind is
// registered in this package's tests: a record without a kind is unknown
// here as well.)
func TestDecodeRecordOfAnUnknownKind(t *testing.T) {
	for _, data := range []string{
		`{"id":1,"rev":2,"status":"playing","kind":"chess","edition":"x"}`,
		`{"id":1,"status":"lobby","edition":"classic"}`,
		`{"status":"lobby","seats":[],"kind":"chess"}`, // "kind" after other members
	} {
		if _, err := DecodeRecord([]byte(data)); !errors.Is(err, ErrUnknownKind) {
			t.Errorf("%s: %v, want ErrUnknownKind", data, err)
		}
	}
	for _, data := range []string{``, `[]`, `{"id":`, `"x"`} {
		if _, err := DecodeRecord([]byte(data)); err == nil || errors.Is(err, ErrUnknownKind) {
			t.Errorf("%q: %v, want a decoding error", data, err)
		}
	}
}

// TestStoredKind reads the kind from a record's first members, or from
// the whole record when it comes later.
func TestStoredKind(t *testing.T) {
	for data, want := range map[string]string{
		`{"id":1,"rev":2,"status":"playing","kind":"deal","edition":"deal","deal":{"kind":3}}`: "deal",
		`{"id":1,"rev":2,"status":"playing","edition":"classic","turn":[{"kind":4}]}`:          "",
		`{"seats":[{"kind":"x"}],"kind":"deal"}`:                                               "deal",
		`{}`:                                                                                   "",
	} {
		if got, err := storedKind([]byte(data)); err != nil || got != want {
			t.Errorf("%s: %q, %v; want %q", data, got, err, want)
		}
	}
}

// FuzzStoredKind: whatever the bytes, storedKind does not panic, and on
// a record that names its kind among its first members it agrees with a
// whole decode.
func FuzzStoredKind(f *testing.F) {
	for _, s := range []string{`{"id":1,"rev":2,"status":"playing","kind":"deal"}`, `{"id":`, `{"id":1,"kind":"a\"b"}`, `{ "id" : -3 , "kind" : "x" }`, `{"status":"\u0041","kind":"y"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		kind, err := storedKind(data)
		var whole struct {
			Kind string `json:"kind"`
		}
		if err == nil && json.Unmarshal(data, &whole) == nil && whole.Kind != kind &&
			!bytes.Contains(data, []byte(`"edition"`)) && bytes.Count(data, []byte(`"kind"`)) == 1 {
			t.Fatalf("%s: read %q, whole %q", data, kind, whole.Kind)
		}
	})
}
