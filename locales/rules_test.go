package locales

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"html"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// The /rules sections are read on a phone: a screenful each.
const (
	maxRulesLines = 15
	maxRulesChars = 1200 // visible characters (UTF-16), well under Telegram's 4096
)

// ruleEditions are the editions whose rules /rules shows: those with a
// rules_<edition>_title in English (classic at least). Each needs every
// section in every language.
func ruleEditions(t *testing.T) []string {
	t.Helper()
	var eds []string
	for _, id := range keys(rawFile(t, "en")) {
		if ed, ok := strings.CutSuffix(strings.TrimPrefix(id, "rules_"), "_title"); ok && strings.HasPrefix(id, "rules_") {
			eds = append(eds, ed)
		}
	}
	if !slices.Contains(eds, "classic") {
		t.Fatalf("no rules_classic_title; /rules editions found: %v", eds)
	}
	return eds
}

// rulesIDs are the ids of one edition's /rules messages: the title first,
// then the sections in RuleSections order.
func rulesIDs(edition string) []string {
	ids := []string{"rules_" + edition + "_title"}
	for _, s := range RuleSections {
		ids = append(ids, "rules_"+edition+"_"+s)
	}
	return ids
}

func TestRulesSectionsInEveryLanguage(t *testing.T) {
	if len(RuleSections) != 7 {
		t.Fatalf("RuleSections = %v; the issue asks for turn, buying, building, jail, debts, trades, timeouts", RuleSections)
	}
	want := map[string]bool{}
	for _, ed := range ruleEditions(t) {
		for _, id := range rulesIDs(ed) {
			want[id] = true
		}
	}
	for _, s := range RuleSections {
		want["btn_rules_"+s] = true
	}
	want["cmd_rules"] = true
	for _, lang := range Languages {
		file := rawFile(t, lang)
		for id := range want {
			s, ok := file[id].(string)
			if !ok || strings.TrimSpace(s) == "" {
				t.Errorf("%s: %q is missing or not a plain string", lang, id)
			}
		}
		for id := range file {
			if (strings.HasPrefix(id, "rules_") || strings.HasPrefix(id, "btn_rules_")) && !want[id] {
				t.Errorf("%s: %q is no section of RuleSections for a known edition", lang, id)
			}
		}
	}
	c := load(t)
	for _, lang := range Languages {
		seen := map[string]string{}
		for _, s := range RuleSections {
			label := c.T(lang, "btn_rules_"+s, nil)
			if prev, dup := seen[label]; dup {
				t.Errorf("%s: sections %s and %s have the same button %q", lang, prev, s, label)
			}
			seen[label] = s
		}
	}
}

// telegramHTML checks s the way Telegram's HTML parse mode reads it, kept
// to what /rules may use: <b>, <i> and <code> without attributes, properly
// nested, and &lt; &gt; &amp; &quot; as the only entities. It returns the
// visible text.
func telegramHTML(s string) (string, error) {
	var open []string
	for _, m := range tag.FindAllStringSubmatch(s, -1) {
		closing, name := m[1] == "/", m[2]
		switch {
		case name != "b" && name != "i" && name != "code" || m[3] != "":
			return "", fmt.Errorf("%s: only <b>, <i> and <code>, without attributes", m[0])
		case !closing:
			open = append(open, name)
		case len(open) == 0 || open[len(open)-1] != name:
			return "", fmt.Errorf("%s closes nothing open", m[0])
		default:
			open = open[:len(open)-1]
		}
	}
	if len(open) > 0 {
		return "", fmt.Errorf("unclosed %v", open)
	}
	visible := tag.ReplaceAllString(s, "")
	if i := strings.IndexAny(telegramEntity.ReplaceAllString(visible, ""), "<>&"); i >= 0 {
		return "", fmt.Errorf("a bare <, > or & in %q", visible)
	}
	return html.UnescapeString(visible), nil
}

var telegramEntity = regexp.MustCompile(`&(lt|gt|amp|quot);`)

func TestTelegramHTMLChecker(t *testing.T) {
	good := map[string]string{
		"<b>Ход</b> 1 &lt; 2 &amp; 3":    "Ход 1 < 2 & 3",
		"<i><b>x</b></i> <code>y</code>": "x y",
		"plain, «кавычки» — “quotes”":    "plain, «кавычки» — “quotes”",
	}
	for in, want := range good {
		if got, err := telegramHTML(in); err != nil || got != want {
			t.Errorf("telegramHTML(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"a < b", "a > b", "R&D", "<b>x", "<b>x</i>", "</b>", "<u>x</u>", `<b class="x">x</b>`, "<a href=\"x\">x</a>", "<b>x</b></b>"} {
		if _, err := telegramHTML(bad); err == nil {
			t.Errorf("telegramHTML(%q) accepted it", bad)
		}
	}
}

func TestRulesAreTelegramHTMLAndShort(t *testing.T) {
	c := load(t)
	editions := ruleEditions(t)
	for _, lang := range Languages {
		for _, ed := range editions {
			for _, id := range rulesIDs(ed) {
				text := c.T(lang, id, nil)
				visible, err := telegramHTML(text)
				if err != nil {
					t.Errorf("%s %s: not Telegram-safe HTML: %v", lang, id, err)
					continue
				}
				lines := strings.Split(text, "\n")
				if len(lines) > maxRulesLines {
					t.Errorf("%s %s: %d lines, at most %d", lang, id, len(lines), maxRulesLines)
				}
				if n := utf16Len(visible); n > maxRulesChars {
					t.Errorf("%s %s: %d characters, at most %d", lang, id, n, maxRulesChars)
				}
				for i, l := range lines {
					if strings.TrimSpace(l) == "" {
						t.Errorf("%s %s: line %d is empty", lang, id, i+1)
					}
					if l != strings.TrimSpace(l) {
						t.Errorf("%s %s: line %d has spaces at its ends: %q", lang, id, i+1, l)
					}
				}
				if r, _ := utf8.DecodeRuneInString(text); unicode.IsLetter(r) || unicode.IsDigit(r) || r == '<' {
					t.Errorf("%s %s does not start with its emoji: %q", lang, id, text)
				}
				if !strings.Contains(lines[0], "<b>") {
					t.Errorf("%s %s: the first line is not a bold heading: %q", lang, id, lines[0])
				}
			}
		}
	}
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// houseRule is a setting of /settings' house-rules page: its message id
// after "rule_", and where its default lives.
type houseRule struct {
	id    string
	field string // the engine.Rules field; "" for a chat option, off by default
}

// houseRules mirrors the bot's house-rules page (bot/settings/pages.go).
var houseRules = []houseRule{
	{"auctions", "Auctions"}, {"double_rent", "DoubleRentOnSet"}, {"build_before_roll", "BuildBeforeRollOnly"},
	{"even_building", "EvenBuilding"}, {"jackpot", "FreeParkingJackpot"}, {"double_salary", "DoubleSalaryOnStart"},
	{"no_rent_in_jail", "NoRentInJail"}, {"random_order", ""}, {"manual_end", ""}, {"early_end", "EarlyEndByAgreement"},
}

// classicInts are the numbers of the classic edition the rules quote.
var classicInts = []string{"StartingCash", "Salary", "JailFine", "JailRolls", "MortgageInterest", "BuildsPerTurn",
	"Houses", "Hotels", "MinPlayers", "MaxPlayers"}

// classicFigures reads the classic edition's numbers and rule switches from
// engine/classic.go without importing the engine: the Edition and Rules
// literals' integer and boolean fields.
func classicFigures(t *testing.T) (ints map[string]int, flags map[string]bool) {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "../engine/classic.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	ints, flags = map[string]int{}, map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		kv, ok := n.(*ast.KeyValueExpr)
		if !ok {
			return true
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			return true
		}
		switch v := kv.Value.(type) {
		case *ast.BasicLit:
			if v.Kind == token.INT && slices.Contains(classicInts, key.Name) {
				if n, err := strconv.Atoi(v.Value); err == nil {
					ints[key.Name] = n
				}
			}
		case *ast.Ident:
			if v.Name == "true" || v.Name == "false" {
				flags[key.Name] = v.Name == "true"
			}
		}
		return true
	})
	for _, k := range classicInts {
		if _, ok := ints[k]; !ok {
			t.Fatalf("engine/classic.go: %s not found", k)
		}
	}
	if !flags["Auctions"] {
		t.Fatalf("engine/classic.go: the Rules literal was not read (%v)", flags)
	}
	return ints, flags
}

// The numbers the classic rules quote are the engine's.
func TestClassicRulesFigures(t *testing.T) {
	c := load(t)
	n, _ := classicFigures(t)
	percent := map[string]string{"ru": "\u00a0%", "uk": "\u00a0%", "en": " %"}
	for _, lang := range Languages {
		text := func(s string) string { return c.T(lang, "rules_classic_"+s, nil) }
		need := func(section, what string) {
			if !strings.Contains(text(section), what) {
				t.Errorf("%s rules_classic_%s does not say %q", lang, section, what)
			}
		}
		need("title", c.Money(lang, n["StartingCash"]))
		need("title", fmt.Sprintf("%d–%d", n["MinPlayers"], n["MaxPlayers"]))
		need("turn", c.Money(lang, n["Salary"]))
		need("turn", c.Money(lang, 2*n["Salary"]))
		need("jail", c.Money(lang, n["JailFine"]))
		need("building", strconv.Itoa(n["BuildsPerTurn"]))
		need("building", strconv.Itoa(n["Houses"]))
		need("building", strconv.Itoa(n["Hotels"]))
		need("building", strconv.Itoa(n["MortgageInterest"])+percent[lang])
		need("debts", strconv.Itoa(n["MortgageInterest"])+percent[lang])
		need("trades", strconv.Itoa(n["MortgageInterest"])+percent[lang])
		words := map[string]string{"ru": "три", "uk": "три", "en": "three"}
		if n["JailRolls"] != 3 {
			t.Fatalf("the jail section says three tries; the engine allows %d", n["JailRolls"])
		}
		need("jail", words[lang])
	}
}

var italic = regexp.MustCompile(`<i>(.*?)</i>`)

// Settings are named exactly as /settings shows them, every house rule is
// explained somewhere, and each mention says whether the rule is on by
// default, as the classic edition and the chat's defaults have it. (Another
// edition's rules would check against its own defaults.)
func TestRulesNameTheSettings(t *testing.T) {
	c := load(t)
	ints, flags := classicFigures(t)
	defaultWord := map[string][2]string{ // off, on
		"ru": {"по умолчанию выключено", "по умолчанию включено"},
		"uk": {"типово вимкнено", "типово ввімкнено"},
		"en": {"off by default", "on by default"},
	}
	for _, lang := range Languages {
		file := rawFile(t, lang)
		labels := map[string]string{} // label → rule id, or "" for another setting
		for _, h := range houseRules {
			labels[c.T(lang, "rule_"+h.id, map[string]any{"N": ints["BuildsPerTurn"]})] = h.id
		}
		for id := range file {
			if strings.HasPrefix(id, "btn_set_") {
				labels[c.T(lang, id, nil)] = ""
			}
		}
		named := map[string]bool{}
		for _, id := range rulesIDs("classic") {
			text := c.T(lang, id, nil)
			for _, m := range italic.FindAllStringSubmatchIndex(text, -1) {
				name := text[m[2]:m[3]]
				rule, ok := labels[name]
				if !ok {
					t.Errorf("%s %s: <i>%s</i> is not the name of a setting", lang, id, name)
					continue
				}
				if rule == "" {
					continue
				}
				named[rule] = true
				on := false
				for _, h := range houseRules {
					if h.id == rule && h.field != "" {
						on = flags[h.field]
					}
				}
				after := []rune(text[m[1]:])
				after = after[:min(len(after), 40)]
				if !strings.Contains(string(after), defaultWord[lang][b2i(on)]) {
					t.Errorf("%s %s: %q is not followed by %q: %q", lang, id, name, defaultWord[lang][b2i(on)], string(after))
				}
			}
		}
		for _, h := range houseRules {
			if !named[h.id] {
				t.Errorf("%s: no /rules section explains the house rule %q", lang, h.id)
			}
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
