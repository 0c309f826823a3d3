package kit

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/storage/jsonenc/jsonfill"
)

// marshalSettingsBefore is how settings were stored before AppendJSON:
// json.Marshal of their members, then each link as a member of its own.
func marshalSettingsBefore(s Settings) []byte {
	data, err := json.Marshal(storedSettings(s))
	if err != nil {
		panic(err)
	}
	out := bytes.NewBuffer(data[: len(data)-1 : len(data)-1])
	s.Links.each(func(key string, group int64) {
		name, _ := json.Marshal(key + linkSuffix)
		out.WriteByte(',')
		out.Write(name)
		out.WriteByte(':')
		out.WriteString(strconv.FormatInt(group, 10))
	})
	out.WriteByte('}')
	return out.Bytes()
}

// TestSettingsAppendMatchesMarshal fills every field of a chat's settings
// by reflection, links among them, and checks that AppendJSON (and
// json.Marshal through MarshalJSON) writes the bytes the settings were
// stored as before, which read back to the same settings.
func TestSettingsAppendMatchesMarshal(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(28, 9))
	keys := []string{"trade", "deal", "x<y>"}
	for i := range 3000 {
		var s Settings
		jsonfill.Fill(r, reflect.ValueOf(&s).Elem())
		for _, k := range keys[:r.IntN(len(keys)+1)] {
			s.Links.Set(k, -r.Int64N(1<<40))
		}
		want := marshalSettingsBefore(s)
		if got := s.AppendJSON([]byte("prefix")); !bytes.Equal(got, append([]byte("prefix"), want...)) {
			t.Fatalf("settings %d:\n got %s\nwant prefix%s", i, got, want)
		}
		if got, err := json.Marshal(s); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("settings %d: json.Marshal\n got %s (%v)\nwant %s", i, got, err, want)
		}
		var back Settings
		if err := json.Unmarshal(want, &back); err != nil {
			t.Fatal(err)
		}
		if got := back.AppendJSON(nil); !bytes.Equal(got, want) {
			t.Fatalf("settings %d read back as\n %s\nwant %s", i, got, want)
		}
	}
}

// settingsBefore marshals as Settings did before AppendJSON.
type settingsBefore Settings

func (s settingsBefore) MarshalJSON() ([]byte, error) { return marshalSettingsBefore(Settings(s)), nil }

// BenchmarkSettingsJSON compares what the commit path called to store a
// chat's settings before (json.Marshal through the old MarshalJSON) with
// AppendJSON, on a group's settings: a pinned language, options, a 🔔
// list of three people.
//
//	go test -run '^$' -bench SettingsJSON -benchmem ./bot/kit/
func BenchmarkSettingsJSON(b *testing.B) {
	s := Settings{Lang: "uk", Menu: 812, Options: ChatOptions{Pace: Paces[PaceRelaxed], TimeZone: "Europe/Kyiv"}, OptionsRev: 4,
		Notify: &Notify{People: []Notified{{User: 1, Lang: "uk", Name: "Оля"}, {User: 2, Lang: "ru"}, {User: 3, Lang: "en", Name: "Ann"}}, Title: "Ігри"}}
	b.Run("marshal-before", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, _ = json.Marshal(settingsBefore(s))
		}
	})
	b.Run("append", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = s.AppendJSON(make([]byte, 0, 256))
		}
	})
}
