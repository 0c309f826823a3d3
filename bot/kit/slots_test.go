package kit

import "testing"

// A private slot's key names the group whose record stores the message's
// id; anything else is a plain key.
func TestPrivateSlotKey(t *testing.T) {
	slot := PrivateSlot("hand", 36, "2", -1001234)
	if slot != "hand:10:2~"+"lgk2" {
		t.Fatalf("slot = %q", slot)
	}
	own, group, ok := PrivateKey("2~lgk2")
	if !ok || own != "2" || group != -1001234 {
		t.Fatalf("PrivateKey = %q, %d, %v", own, group, ok)
	}
	for _, key := range []string{"", "2", "2~", "2~0", "2~-5", "2~LGK2", "2~0lgk2", "2~zzzzzzzzzzzzzz"} {
		if own, _, ok := PrivateKey(key); ok || own != key {
			t.Errorf("PrivateKey(%q) = %q, %v; want the key back, not private", key, own, ok)
		}
	}
}
