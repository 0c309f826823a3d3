package storage

import (
	"path/filepath"
	"testing"
)

func TestFloodStateSurvivesAReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db")
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.LoadFlood(); err != nil || len(got) != 0 {
		t.Fatalf("a fresh file has flood state %v, %v", got, err)
	}
	if err := s.SaveFlood(map[int64][]byte{0: []byte("bot"), -100: []byte("group"), 55: []byte("dm")}); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveFlood(map[int64][]byte{55: nil, -100: []byte("group2")}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, err = Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.LoadFlood()
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || string(got[0]) != "bot" || string(got[-100]) != "group2" {
		t.Fatalf("loaded %v", got)
	}
}
