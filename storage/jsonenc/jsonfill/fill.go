package jsonfill

import (
	"math/rand/v2"
	"reflect"
)

// Fill sets every exported field reachable from v (but those encoding/json
// leaves out, tagged "-") to a random value, zero
// often enough that omitempty and omitzero are exercised both ways: nil
// and empty slices and maps, nil pointers, zero numbers and empty
// strings, and strings that encoding/json escapes.
func Fill(r *rand.Rand, v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() && f.Tag.Get("json") != "-" {
				Fill(r, v.Field(i))
			}
		}
	case reflect.Pointer:
		if r.IntN(3) == 0 {
			v.SetZero()
			return
		}
		v.Set(reflect.New(v.Type().Elem()))
		Fill(r, v.Elem())
	case reflect.Slice:
		switch r.IntN(4) {
		case 0:
			v.SetZero() // nil
			return
		case 1:
			v.Set(reflect.MakeSlice(v.Type(), 0, 0)) // empty, not nil
			return
		}
		n := 1 + r.IntN(4)
		v.Set(reflect.MakeSlice(v.Type(), n, n))
		for i := range n {
			Fill(r, v.Index(i))
		}
	case reflect.Map:
		switch r.IntN(4) {
		case 0:
			v.SetZero() // nil
			return
		case 1:
			v.Set(reflect.MakeMap(v.Type())) // empty, not nil
			return
		}
		v.Set(reflect.MakeMap(v.Type()))
		for range 1 + r.IntN(4) {
			k := reflect.New(v.Type().Key()).Elem()
			Fill(r, k)
			e := reflect.New(v.Type().Elem()).Elem()
			Fill(r, e)
			v.SetMapIndex(k, e)
		}
	case reflect.Array:
		if r.IntN(3) == 0 {
			v.SetZero()
			return
		}
		for i := range v.Len() {
			Fill(r, v.Index(i))
		}
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if r.IntN(3) == 0 {
			v.SetInt(0)
			return
		}
		bits := v.Type().Bits()
		x := int64(r.Uint64() >> (65 - bits)) // fits, may be negative below
		if r.IntN(2) == 0 {
			x = -x
		}
		v.SetInt(x)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if r.IntN(3) == 0 {
			v.SetUint(0)
			return
		}
		v.SetUint(r.Uint64() >> (64 - v.Type().Bits()))
	case reflect.String:
		words := []string{"", "classic", "business", "lux", `a"b\c`, "<&>", "Лото", "tab\there", "\u2028"}
		v.SetString(words[r.IntN(len(words))])
	default:
		panic("jsonfill: a field of kind " + v.Kind().String() + " the encoder tests do not know")
	}
}
