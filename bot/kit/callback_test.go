package kit

import "testing"

// An op may be registered again (letters repeat across kinds) but never
// with another shape: its data must parse one way.
func TestRegisterOpKeepsOneShape(t *testing.T) {
	RegisterOp("kt", WithArg)
	RegisterOp("kt", WithArg)
	p := Press{Game: 1, Rev: 2, Op: "kt", Arg: 3}
	if got, err := ParsePress(p.Encode()); err != nil || got != p {
		t.Fatalf("%q parses as %+v, %v", p.Encode(), got, err)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("an op registered with a second shape was accepted")
		}
	}()
	RegisterOp("kt", Plain)
}
