package locales

import "testing"

func TestEditionMoney(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		lang, edition string
		amount        int
		want          string
	}{
		{"en", "classic", 1500, "$1,500"},
		{"ru", "business", 1500, "1\u00a0500\u00a0$"},
		{"en", "lux", 1500, "₴1,500"},
		{"uk", "lux", 25000, "25\u00a0000\u00a0₴"},
		{"ru", "lux", -40, "-40\u00a0₴"},
		{"en", "", 7, "$7"},
	} {
		if got := c.EditionMoney(tc.lang, tc.edition, tc.amount); got != tc.want {
			t.Errorf("EditionMoney(%s, %s, %d) = %q, want %q", tc.lang, tc.edition, tc.amount, got, tc.want)
		}
	}
}
