package locales

import "testing"

// The bot renders every message through these three calls; the benchmarks
// keep an eye on what one call costs.

func BenchmarkT(b *testing.B) {
	c, err := Load()
	if err != nil {
		b.Fatal(err)
	}
	cases := []struct {
		name, lang, id string
		data           map[string]any
	}{
		{"event", "ru", "ev_rolled", map[string]any{"Player": "🔴 Alice", "D1": 3, "D2": 4, "Sum": 7}},
		{"long", "ru", "lobby_text", map[string]any{"Edition": "Classic", "Cash": "1 500 $", "Count": 2, "Max": 6, "Players": "🔴 Alice\n🔵 Bob", "Min": 2}},
		{"plain", "en", "btn_yes", nil},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = c.T(tc.lang, tc.id, tc.data)
			}
		})
	}
}

func BenchmarkN(b *testing.B) {
	c, err := Load()
	if err != nil {
		b.Fatal(err)
	}
	cases := []struct {
		name, lang, id string
		count          int
		data           map[string]any
	}{
		{"count", "ru", "n_houses", 22, nil},
		{"event", "uk", "ev_built", 3, map[string]any{"Player": "🔴 Alice", "Square": "Хрещатик", "Cost": "200 $"}},
		{"complex", "ru", "ev_built", 5, map[string]any{"Player": "🔴 Alice", "Square": "ул. Арбат", "Cost": "200 $"}},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = c.N(tc.lang, tc.id, tc.count, tc.data)
			}
		})
	}
}

func BenchmarkMoney(b *testing.B) {
	c, err := Load()
	if err != nil {
		b.Fatal(err)
	}
	cases := []struct {
		name, lang string
		amount     int
	}{
		{"ru", "ru", 1500},
		{"en", "en", 1500},
		{"negative", "uk", -1_500_000},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = c.Money(tc.lang, tc.amount)
			}
		})
	}
}
