package jsonfill

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
)

// Matches fills n values of T at random (Fill, from seed) and checks that
// appendJSON writes exactly what json.Marshal writes of each, after a
// prefix it must keep. tweak, if not nil, changes the i-th value after it
// is filled (a case Fill does not make often).
func Matches[T any](t testing.TB, seed uint64, n int, appendJSON func(v *T, dst []byte) ([]byte, error), tweak func(i int, v *T)) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 28))
	for i := range n {
		var v T
		Fill(r, reflect.ValueOf(&v).Elem())
		if tweak != nil {
			tweak(i, &v)
		}
		want, err := json.Marshal(&v)
		if err != nil {
			t.Fatal(err)
		}
		got, err := appendJSON(&v, []byte("prefix"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, append([]byte("prefix"), want...)) {
			t.Fatalf("%T %d:\n got %s\nwant prefix%s", v, i, got, want)
		}
	}
}
