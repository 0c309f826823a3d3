package locales

import "testing"

func TestMoneyOfEdition(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		lang, edition string
		amount        int
		want          string
	}{
		{"ru", "lux", 1500000, "1\u00a0500\u00a0000\u00a0₴"},
		{"uk", "lux", 50000, "50\u00a0000\u00a0₴"},
		{"en", "lux", 1500000, "₴1,500,000"},
		{"en", "lux", -25000, "-₴25,000"},
		{"uk", "lux", 0, "0\u00a0₴"},
		// The business edition's М, as its rule book prints it (М200).
		{"ru", "business", 1500, "М1\u00a0500"},
		{"uk", "business", 200, "М200"},
		{"en", "business", 1500, "M1,500"},
		{"en", "business", -50, "-M50"},
		// Editions without a currency of their own write the classic money.
		{"ru", "classic", 200, c.Money("ru", 200)},
		{"uk", "", 1500, c.Money("uk", 1500)},
		{"xx", "lux", 1000, "₴1,000"},
	}
	for _, tc := range cases {
		if got := c.MoneyOf(tc.lang, tc.edition, tc.amount); got != tc.want {
			t.Errorf("MoneyOf(%q, %q, %d) = %q, want %q", tc.lang, tc.edition, tc.amount, got, tc.want)
		}
	}
}

func TestForEdition(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ edition, id, want string }{
		{"business", "ev_built", "business_ev_built"},
		{"business", "deed_street", "business_deed_street"},
		{"lux", "deed_port", "lux_deed_port"},
		{"lux", "ev_built", "ev_built"},
		{"classic", "deed_street", "deed_street"},
		{"", "deed_street", "deed_street"},
	} {
		for _, lang := range Languages {
			if got := c.ForEdition(lang, tc.edition, tc.id); got != tc.want {
				t.Errorf("ForEdition(%s, %s, %s) = %s, want %s", lang, tc.edition, tc.id, got, tc.want)
			}
		}
	}
}
