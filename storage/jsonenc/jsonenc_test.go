package jsonenc

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// TestAppendStringMatchesMarshal compares AppendString with json.Marshal
// on every byte alone, on names as players write them, and on random
// strings of bytes (invalid UTF-8 among them) and of runes.
func TestAppendStringMatchesMarshal(t *testing.T) {
	t.Parallel()
	check := func(s string) {
		t.Helper()
		want, _ := json.Marshal(s)
		if got := AppendString([]byte("x"), s); !bytes.Equal(got, append([]byte("x"), want...)) {
			t.Fatalf("%q:\n got %s\nwant x%s", s, got, want)
		}
	}
	for b := range 256 {
		check(string([]byte{byte(b)}))
		check("a" + string([]byte{byte(b)}) + "Я")
	}
	for _, s := range []string{"", "Ann", "Оля", "Олексій 🎲", "<b>Ян</b> & Co", `a"b\c`, "\u2028\u2029", "tab\there\x7f", "\xff\xfe", "é\xc3"} {
		check(s)
	}
	r := rand.New(rand.NewPCG(28, 1))
	for range 20000 {
		n := r.IntN(12)
		bs := make([]byte, n)
		for i := range bs {
			bs[i] = byte(r.UintN(256))
		}
		check(string(bs))
		rs := make([]rune, n)
		for i := range rs {
			rs[i] = []rune{rune(r.IntN(0x80)), rune(r.IntN(0x800)), rune(r.IntN(0x110000)), '\u2028', 'я'}[r.IntN(5)]
		}
		check(string(rs))
	}
}

func FuzzAppendString(f *testing.F) {
	f.Add("Оля <3")
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := AppendString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("%q:\n got %s\nwant %s", s, got, want)
		}
	})
}

// BenchmarkAppendString: a Cyrillic name, which the encoders before this
// package handed to json.Marshal (go test -bench AppendString ./storage/jsonenc).
func BenchmarkAppendString(b *testing.B) {
	const name = "Олександра <Саша>"
	b.Run("marshal", func(b *testing.B) {
		b.ReportAllocs()
		var out []byte
		for b.Loop() {
			q, _ := json.Marshal(name)
			out = append(out[:0], q...)
		}
	})
	b.Run("append", func(b *testing.B) {
		b.ReportAllocs()
		var out []byte
		for b.Loop() {
			out = AppendString(out[:0], name)
		}
	})
}
