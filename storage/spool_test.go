package storage

import (
	"path/filepath"
	"testing"
)

func TestSpooledUpdatesSurviveAReopenUntilUnspooled(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db")
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SpoolUpdates(map[int][]byte{7: []byte(`{"update_id":7}`), 300: []byte(`{"update_id":300}`), 9: []byte(`{}`)}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if s, err = Open(path, Options{NoSync: true}); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.SpooledUpdates()
	if err != nil || len(got) != 3 || string(got[300]) != `{"update_id":300}` {
		t.Fatalf("spool after reopen %v, %v", got, err)
	}
	if err := s.UnspoolUpdates(9); err != nil {
		t.Fatal(err)
	}
	got, _ = s.SpooledUpdates()
	if len(got) != 1 || got[300] == nil {
		t.Fatalf("after unspooling up to 9: %v", got)
	}
}
