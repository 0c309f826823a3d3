package locales

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"sort"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// The fast paths must give go-i18n's output byte for byte; these tests
// compare them with slowT, slowN and slowMoney, which are the code T, N
// and Money ran before, and check that the fast paths are really taken.

// parityLangs are the languages the parity tests ask in: ours, and codes
// that are normalized to them.
var parityLangs = []string{"ru", "uk", "en", "de", "uk-UA", "ru-RU", ""}

// parityCounts are the counts N is compared on.
func parityCounts() []int {
	var counts []int
	for n := 0; n <= 1000; n++ {
		counts = append(counts, n)
	}
	counts = append(counts, 1_000_000, 1_000_001, 1_000_002, 1_000_005, 1_000_011, 1_000_021,
		10_000_001, 10_000_002, 100_000_011, 1_000_000_001, math.MaxInt, math.MaxInt-1,
		-1, -2, -5, -11, -21, -22, -25, -111, -1_000_001, math.MinInt+1, math.MinInt)
	return counts
}

func pluralIDs(t *testing.T) []string {
	t.Helper()
	ids := map[string]bool{}
	for _, lang := range Languages {
		for id, v := range rawFile(t, lang) {
			if _, ok := v.(map[string]any); ok {
				ids[id] = true
			}
		}
	}
	var out []string
	for id := range ids {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

func TestFastTParity(t *testing.T) {
	c := load(t)
	ev := map[string]any{}
	for _, f := range eventFields {
		ev[f] = sampleData()[f]
	}
	partial := sampleData()
	delete(partial, "Player")
	delete(partial, "N")
	datas := []map[string]any{sampleData(), ev, partial, nil, {}}
	for _, lang := range parityLangs {
		for _, id := range append(c.IDs(), "no_such_message") {
			for i, data := range datas {
				if got, want := c.T(lang, id, data), c.slowT(lang, id, data); got != want {
					t.Errorf("T(%q, %s, data %d) = %q, go-i18n gives %q", lang, id, i, got, want)
				}
			}
		}
	}
	// The fast path renders exactly the messages whose "other" form is
	// plain text with {{.Field}} actions (sampleData has every field).
	simpleAction := regexp.MustCompile(`^\{\{ *\.[A-Za-z0-9_]+ *\}\}$`)
	fast := 0
	for _, lang := range Languages {
		file := rawFile(t, lang)
		for _, id := range c.IDs() {
			want := true
			for _, a := range action.FindAllString(forms(t, lang, id, file[id])["other"], -1) {
				want = want && simpleAction.MatchString(a)
			}
			_, got := c.fastT(lang, id, sampleData())
			if got != want {
				t.Errorf("T(%s, %s): fast path %v, want %v", lang, id, got, want)
			}
			if got {
				fast++
			}
		}
	}
	if fast < len(Languages)*len(c.IDs())*9/10 {
		t.Errorf("the fast path renders only %d messages", fast)
	}
}

func TestFastNParity(t *testing.T) {
	c := load(t)
	data := sampleData()
	delete(data, "Count")
	withCount := sampleData()
	withCount["Count"] = 99 // N's count wins over the caller's
	ids := append(pluralIDs(t), "ev_bought", "lobby_text", "btn_yes", "money", "no_such_message")
	fast := 0
	for _, lang := range parityLangs {
		for _, id := range ids {
			for _, n := range parityCounts() {
				for i, d := range []map[string]any{data, withCount, nil} {
					got, want := c.N(lang, id, n, d), c.slowN(lang, id, n, d)
					if got != want {
						t.Fatalf("N(%q, %s, %d, data %d) = %q, go-i18n gives %q", lang, id, n, i, got, want)
					}
					if _, ok := c.fastN(lang, id, n, d); ok {
						fast++
					}
				}
			}
		}
	}
	if data["Count"] != nil || withCount["Count"] != 99 {
		t.Error("N changed the caller's data")
	}
	for _, lang := range Languages {
		for _, n := range []int{1, 2, 5, 21, 22, 25, 111} {
			if _, ok := c.fastN(lang, "n_houses", n, nil); !ok {
				t.Errorf("N(%s, n_houses, %d) did not take the fast path", lang, n)
			}
			if _, ok := c.fastN(lang, "ev_bought", n, data); !ok {
				t.Errorf("N(%s, ev_bought, %d) did not take the fast path", lang, n)
			}
		}
	}
	if fast == 0 {
		t.Error("the fast path never rendered")
	}
}

// formNames maps x/text's plural forms to go-i18n's names.
var formNames = [numForms]string{plural.Other: "other", plural.Zero: "zero", plural.One: "one", plural.Two: "two", plural.Few: "few", plural.Many: "many"}

// go-i18n's plural rules are internal: a message whose every form is its
// own name shows which one go-i18n picks.
func TestPluralFormParity(t *testing.T) {
	b := i18n.NewBundle(language.English)
	for _, lang := range Languages {
		if err := b.AddMessages(tags[lang], &i18n.Message{ID: "form", Zero: "zero", One: "one", Two: "two", Few: "few", Many: "many", Other: "other"}); err != nil {
			t.Fatal(err)
		}
	}
	for _, lang := range Languages {
		loc := i18n.NewLocalizer(b, lang)
		for _, n := range parityCounts() {
			if n == math.MinInt {
				continue // N leaves it to go-i18n
			}
			want, err := loc.Localize(&i18n.LocalizeConfig{MessageID: "form", PluralCount: n})
			if err != nil {
				t.Fatal(err)
			}
			if got := formNames[pluralForm(tags[lang], n)]; got != want {
				t.Errorf("%s: count %d is %q, go-i18n says %q", lang, n, got, want)
			}
		}
	}
}

func TestMoneyParity(t *testing.T) {
	c := load(t)
	amounts := []int{math.MinInt, math.MinInt + 1, math.MaxInt, math.MaxInt - 1, -1_000_001, 1_000_001}
	for n := -2000; n <= 2000; n++ {
		amounts = append(amounts, n)
	}
	for p := 10; p > 0 && p <= math.MaxInt/10; p *= 10 {
		amounts = append(amounts, p-1, p, p+1, -p+1, -p, -p-1)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 300; i++ {
		amounts = append(amounts, r.IntN(2_000_003)-1_000_001, int(r.Uint64()))
	}
	for _, lang := range parityLangs {
		for _, a := range amounts {
			if got, want := c.Money(lang, a), c.slowMoney(lang, a); got != want {
				t.Fatalf("Money(%q, %d) = %q, the printer gives %q", lang, a, got, want)
			}
		}
	}
	for _, lang := range Languages {
		if _, ok := c.fastMoney(lang, 1500); !ok {
			t.Errorf("Money(%s) did not take the fast path", lang)
		}
	}
	want := map[string]string{"ru": "\u00a0", "uk": "\u00a0", "en": ","}
	for lang, sep := range want {
		if got := c.compiled[lang].sep; got != sep {
			t.Errorf("%s: group separator %q, want %q", lang, got, sep)
		}
	}
}

// The real files have if/else templates; they keep rendering through
// go-i18n.
func TestComplexTemplateFallback(t *testing.T) {
	c := load(t)
	data := map[string]any{"Player": "P", "Square": "S", "Cost": "C"}
	cm, _, _ := c.lookup("ru", "ev_built")
	if cm.forms[plural.Many] != nil || cm.forms[plural.Few] == nil {
		t.Fatal("ru ev_built: the if/else form should be left to go-i18n, the plain one compiled")
	}
	if _, ok := c.fastN("ru", "ev_built", 5, data); ok {
		t.Error("ru ev_built 5 took the fast path")
	}
	if got, want := c.N("ru", "ev_built", 5, data), "🏗 P строит на поле «S» за C: теперь там отель"; got != want {
		t.Errorf("ru ev_built 5 = %q, want %q", got, want)
	}
	if got, want := c.N("ru", "ev_built", 6, data), "🏗 P строит на поле «S» за C: теперь там 6 домов"; got != want {
		t.Errorf("ru ev_built 6 = %q, want %q", got, want)
	}
}

// testFiles are message files with what the real ones lack: templates the
// fast path must refuse, messages missing or empty in a language, plural
// messages with missing forms, and custom delimiters.
var testFiles = fstest.MapFS{
	"active.en.toml": {Data: []byte(`
money = "${{.N}}"
plain = "Hello {{.Name}}, {{.Count}} {{ .Name }}!"
literal = "no actions }} here"
branch = "{{if .Flag}}yes {{.Name}}{{else}}no{{end}}"
trim = "a {{- .Name -}} b"
comment = "a {{/* c */}}{{.Name}}"
pipe = "{{.Name | printf \"%q\"}}"
nested = "{{.A.B}}"
variable = "{{$x := .Name}}{{$x}}"
dot = "{{.}}"
define = "{{define \"x\"}}x{{end}}{{.Name}}"
only_en = "English {{.Name}}"
en_empty = "{{.Name}}"
blank = "English blank"
value = "{{.Name}}"
delims = { other = "<<.Name>> {{.Name}}", leftDelim = "<<", rightDelim = ">>" }
one_only = { one = "one {{.Count}}" }
houses = { one = "{{.Count}} house", other = "{{.Count}} houses" }
mixed = { one = "{{.Count}} thing", other = "{{if gt .Count 5}}many{{else}}{{.Count}} things{{end}}" }
`)},
	"active.ru.toml": {Data: []byte(`
money = "{{.N}} ₽ ({{.N}})"
plain = "Привет {{.Name}}, {{.Count}} {{ .Name }}!"
literal = "без действий }}"
branch = "{{if .Flag}}да {{.Name}}{{else}}нет{{end}}"
trim = "а {{- .Name -}} б"
comment = "а {{/* c */}}{{.Name}}"
pipe = "{{.Name | printf \"%q\"}}"
nested = "{{.A.B}}"
variable = "{{$x := .Name}}{{$x}}"
dot = "{{.}}"
define = "{{define \"x\"}}x{{end}}{{.Name}}"
blank = ""
value = "{{.Name}}"
delims = { other = "<<.Name>> {{.Name}}", leftDelim = "<<", rightDelim = ">>" }
one_only = { one = "один {{.Count}}" }
houses = { one = "{{.Count}} дом", other = "{{.Count}} дома" }
mixed = { one = "{{.Count}} штука", many = "{{.Count}} штук", other = "{{if gt .Count 5}}много{{else}}{{.Count}} штуки{{end}}" }
`)},
	"active.uk.toml": {Data: []byte(`
money = "{{- .N}} ₴"
plain = "Привіт {{.Name}}"
houses = { one = "{{.Count}} будинок", few = "{{.Count}} будинки", many = "{{.Count}} будинків", other = "{{.Count}} будинку" }
`)},
}

type stringer struct{ s string }

func (s stringer) String() string { return "<" + s.s + ">" }

type ptrStringer struct{ s string }

func (s *ptrStringer) String() string { return "*" + s.s }

func TestFastPathEdgeCases(t *testing.T) {
	c, err := loadFS(testFiles)
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{"money", "plain", "literal", "branch", "trim", "comment", "pipe", "nested", "variable", "dot",
		"define", "only_en", "en_empty", "blank", "value", "delims", "one_only", "houses", "mixed", "missing"}
	n := 7
	values := []any{"", "x", 0, -12, int64(math.MinInt64), int8(3), uint(9), uint64(math.MaxUint64), 2.5, float32(0.1), true,
		nil, &n, (*int)(nil), []int{1, 2}, map[string]int{"a": 1}, stringer{"s"}, &stringer{"p"}, ptrStringer{"v"}, &ptrStringer{"q"},
		errors.New("boom"), time.Second, struct{ A int }{3}, make(chan int), func() {}, map[string]any{"B": "b"}}
	for _, lang := range parityLangs {
		for _, id := range ids {
			for i, v := range values {
				for _, data := range []map[string]any{{"Name": v, "Flag": true, "A": v}, {"Name": v, "Count": v}, {"Flag": false}, nil} {
					if got, want := c.T(lang, id, data), c.slowT(lang, id, data); got != want {
						t.Errorf("T(%q, %s, value %d %T) = %q, go-i18n gives %q", lang, id, i, v, got, want)
					}
					for _, count := range []int{0, 1, 2, 3, 5, 6, 11, 21, 22, 25, -1, math.MinInt} {
						if got, want := c.N(lang, id, count, data), c.slowN(lang, id, count, data); got != want {
							t.Errorf("N(%q, %s, %d, value %d %T) = %q, go-i18n gives %q", lang, id, count, i, v, got, want)
						}
					}
				}
			}
		}
		for _, a := range []int{0, 5, -5, 1500, -1_500_000, math.MinInt, math.MaxInt} {
			if got, want := c.Money(lang, a), c.slowMoney(lang, a); got != want {
				t.Errorf("Money(%q, %d) = %q, go-i18n gives %q", lang, a, got, want)
			}
		}
	}

	// What the fast path takes and what it leaves.
	simple := map[string]bool{"money": true, "plain": true, "literal": true, "only_en": true, "en_empty": true, "blank": true, "value": true, "houses": true}
	for _, id := range ids {
		cm := c.compiled["en"].msgs[id]
		if cm == nil {
			if id != "missing" {
				t.Errorf("en %s was not compiled", id)
			}
			continue
		}
		if got := cm.forms[plural.Other] != nil; got != simple[id] {
			t.Errorf("en %s: simple %v, want %v", id, got, simple[id])
		}
	}
	if c.compiled["ru"].msgs["blank"] != nil {
		t.Error("ru blank is empty: go-i18n falls back to English, so must the fast path")
	}
	if c.compiled["uk"].money != nil || c.compiled["ru"].money == nil {
		t.Error("uk money has a trim marker and must use go-i18n; ru money is simple")
	}
	data := map[string]any{"Name": "N"}
	if got, ok := c.fastT("ru", "only_en", data); !ok || got != "English N" {
		t.Errorf("ru only_en = %q, %v; want the English text, fast", got, ok)
	}
	if got, ok := c.fastT("ru", "en_empty", map[string]any{"Name": ""}); !ok || got != "en_empty" {
		t.Errorf("ru en_empty with an empty name = %q, %v; go-i18n gives the id", got, ok)
	}
	if got, ok := c.fastN("ru", "houses", 5, nil); !ok || got != "5 дома" {
		t.Errorf("ru houses 5 (no many form) = %q, %v; want the other form, fast", got, ok)
	}
	if got := c.Money("ru", -1500); got != "-1\u00a0500 ₽ (1\u00a0500)" {
		t.Errorf("ru money = %q", got)
	}
}

func TestFastPathIsShared(t *testing.T) {
	// Load builds everything; later calls only read (run with -race).
	c := load(t)
	done := make(chan struct{})
	for g := 0; g < 4; g++ {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := 0; i < 300; i++ {
				lang := parityLangs[i%len(parityLangs)]
				_ = c.T(lang, "lobby_text", sampleData())
				_ = c.N(lang, "ev_built", i%7, map[string]any{"Player": "P", "Square": "S", "Cost": fmt.Sprint(i)})
				_ = c.Money(lang, i*997-150000)
				_ = strings.ToUpper(c.T(lang, "btn_yes", nil))
			}
		}()
	}
	for g := 0; g < 4; g++ {
		<-done
	}
}
