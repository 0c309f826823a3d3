package locales

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
)

// topicFile is one message file decoded without go-i18n.
func topicFile(t *testing.T, name string) map[string]any {
	t.Helper()
	buf, err := files.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]any{}
	if err := toml.Unmarshal(buf, &m); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return m
}

// rawFile is the message files of one language decoded without go-i18n and
// merged: id → string, or id → table of plural forms.
func rawFile(t *testing.T, lang string) map[string]any {
	t.Helper()
	names, err := messageFiles(files, lang)
	if err != nil || len(names) == 0 {
		t.Fatalf("%s: no message files (%v)", lang, err)
	}
	m := map[string]any{}
	for _, name := range names {
		for id, v := range topicFile(t, name) {
			m[id] = v
		}
	}
	return m
}

// forms returns the plural forms of a message ("other" alone for a plain string).
func forms(t *testing.T, lang, id string, v any) map[string]string {
	t.Helper()
	switch v := v.(type) {
	case string:
		return map[string]string{"other": v}
	case map[string]any:
		out := map[string]string{}
		for k, f := range v {
			s, ok := f.(string)
			if !ok {
				t.Errorf("%s %s.%s is %T, want a string", lang, id, k, f)
				continue
			}
			out[k] = s
		}
		return out
	}
	t.Errorf("%s %s is %T, want a string or a table of plural forms", lang, id, v)
	return nil
}

func keys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func load(t *testing.T) *Catalog {
	t.Helper()
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestSameIDsInEveryLanguage(t *testing.T) {
	en := rawFile(t, "en")
	if len(en) < 100 {
		t.Fatalf("the English file has only %d messages", len(en))
	}
	for _, lang := range []string{"ru", "uk"} {
		other := rawFile(t, lang)
		for id := range en {
			if _, ok := other[id]; !ok {
				t.Errorf("%s: %q is missing", lang, id)
			}
		}
		for id := range other {
			if _, ok := en[id]; !ok {
				t.Errorf("%s: %q is not in the English file", lang, id)
			}
		}
	}
}

func TestIDs(t *testing.T) {
	c := load(t)
	want := keys(rawFile(t, "en"))
	got := c.IDs()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("IDs() = %d ids, want the %d ids of active.en.toml", len(got), len(want))
	}
	got[0] = "changed"
	if c.IDs()[0] == "changed" {
		t.Error("IDs returns the catalog's own slice")
	}
}

func TestPluralForms(t *testing.T) {
	required := map[string][]string{
		"ru": {"one", "few", "many", "other"},
		"uk": {"one", "few", "many", "other"},
		"en": {"one", "other"},
	}
	allowed := map[string]bool{"one": true, "few": true, "many": true, "other": true}
	plural := map[string]bool{}
	for _, lang := range Languages {
		for id, v := range rawFile(t, lang) {
			if _, ok := v.(map[string]any); ok {
				plural[id] = true
			}
		}
	}
	for _, id := range []string{"n_houses", "n_hotels", "n_turns", "n_players", "n_tries"} {
		if !plural[id] {
			t.Errorf("plural message %q is missing", id)
		}
	}
	for _, lang := range Languages {
		file := rawFile(t, lang)
		for id := range plural {
			v, ok := file[id]
			if !ok {
				continue // reported by TestSameIDsInEveryLanguage
			}
			f := forms(t, lang, id, v)
			if _, isTable := v.(map[string]any); !isTable {
				t.Errorf("%s %s: plural in another language but a plain string here", lang, id)
				continue
			}
			for _, form := range required[lang] {
				if strings.TrimSpace(f[form]) == "" {
					t.Errorf("%s %s: plural form %q is missing", lang, id, form)
				}
			}
			for form := range f {
				if !allowed[form] {
					t.Errorf("%s %s: unexpected key %q", lang, id, form)
				}
				if lang == "en" && (form == "few" || form == "many") {
					t.Errorf("en %s: English has no %q form", id, form)
				}
			}
		}
	}
}

// snake turns EvAuctionUnsold (without its prefix) into auction_unsold.
func snake(name string) string {
	var b strings.Builder
	for i, r := range name {
		if unicode.IsUpper(r) && i > 0 {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// engineNames lists the exported identifiers with prefix declared in an
// engine source file (constants or variables).
func engineNames(t *testing.T, file, prefix string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "../engine/"+file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || (gd.Tok != token.CONST && gd.Tok != token.VAR) {
			continue
		}
		for _, s := range gd.Specs {
			for _, n := range s.(*ast.ValueSpec).Names {
				if strings.HasPrefix(n.Name, prefix) && n.IsExported() && len(n.Name) > len(prefix) &&
					unicode.IsUpper([]rune(n.Name[len(prefix):])[0]) {
					names = append(names, n.Name)
				}
			}
		}
	}
	if len(names) == 0 {
		t.Fatalf("no %s… names found in engine/%s", prefix, file)
	}
	return names
}

func TestEveryEngineEventAndErrorHasAMessage(t *testing.T) {
	cases := []struct{ file, prefix, id string }{
		{"event.go", "Ev", "ev_"},
		{"errors.go", "Err", "err_"},
	}
	for _, lang := range Languages {
		file := rawFile(t, lang)
		for _, c := range cases {
			want := map[string]string{}
			for _, n := range engineNames(t, c.file, c.prefix) {
				want[c.id+snake(strings.TrimPrefix(n, c.prefix))] = n
			}
			for id, n := range want {
				if _, ok := file[id]; !ok {
					t.Errorf("%s: engine.%s has no message %q", lang, n, id)
				}
			}
			for id := range file {
				if strings.HasPrefix(id, c.id) {
					if _, ok := want[id]; !ok {
						t.Errorf("%s: %q matches no engine %s… name in engine/%s", lang, id, c.prefix, c.file)
					}
				}
			}
		}
	}
	if got := snake("PassedStart"); got != "passed_start" {
		t.Errorf("snake(PassedStart) = %q", got)
	}
}

// card is one card of engine/classic.go, read from the source.
type card struct {
	kind                     string
	target, amount, perHotel int
}

// classicData reads the number of squares and the two decks from
// engine/classic.go without importing the engine.
func classicData(t *testing.T) (squares int, decks [2][]card) {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "../engine/classic.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	intOf := func(e ast.Expr) int {
		lit, ok := e.(*ast.BasicLit)
		if !ok || lit.Kind != token.INT {
			t.Fatalf("classic.go: expected an integer literal, got %T", e)
		}
		n, err := strconv.Atoi(lit.Value)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	ast.Inspect(f, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return true
		}
		name, ok := as.Lhs[0].(*ast.Ident)
		lit, ok2 := as.Rhs[0].(*ast.CompositeLit)
		if !ok || !ok2 {
			return true
		}
		switch name.Name {
		case "sq":
			squares = len(lit.Elts)
		case "chance", "chest":
			d := 0
			if name.Name == "chest" {
				d = 1
			}
			for _, e := range lit.Elts {
				var c card
				for _, kv := range e.(*ast.CompositeLit).Elts {
					kv := kv.(*ast.KeyValueExpr)
					switch kv.Key.(*ast.Ident).Name {
					case "Kind":
						c.kind = kv.Value.(*ast.Ident).Name
					case "Target":
						c.target = intOf(kv.Value)
					case "Amount":
						c.amount = intOf(kv.Value)
					case "PerHotel":
						c.perHotel = intOf(kv.Value)
					}
				}
				decks[d] = append(decks[d], c)
			}
		}
		return true
	})
	if squares != 40 || len(decks[0]) != 16 || len(decks[1]) != 16 {
		t.Fatalf("classic.go: %d squares, %d chance and %d chest cards; the test expects 40, 16, 16", squares, len(decks[0]), len(decks[1]))
	}
	return squares, decks
}

func TestClassicBoardAndDecks(t *testing.T) {
	c := load(t)
	squares, decks := classicData(t)
	var ids []string
	for i := 0; i < squares; i++ {
		ids = append(ids, fmt.Sprintf("sq_classic_%d", i))
	}
	for g := 0; g < 10; g++ {
		ids = append(ids, fmt.Sprintf("group_classic_%d", g), fmt.Sprintf("group_emoji_classic_%d", g))
	}
	for d, deck := range decks {
		ids = append(ids, fmt.Sprintf("deck_%d", d))
		for i := range deck {
			ids = append(ids, fmt.Sprintf("card_classic_%d_%d", d, i))
		}
	}
	for r := 0; r < 3; r++ {
		ids = append(ids, fmt.Sprintf("jail_reason_%d", r))
	}
	for _, lang := range Languages {
		file := rawFile(t, lang)
		for _, id := range ids {
			s, ok := file[id].(string)
			if !ok || strings.TrimSpace(s) == "" {
				t.Errorf("%s: %q is missing or not a plain text", lang, id)
			}
		}
		if file["deck_0"] != file["sq_classic_7"] || file["deck_1"] != file["sq_classic_2"] {
			t.Errorf("%s: the deck names differ from the names of their squares", lang)
		}
	}

	// Amounts and targets written on the cards are the engine's.
	double := map[string]string{"ru": "двойн", "uk": "подвійн", "en": "twice"}
	jail := map[string]string{"ru": "тюрьм", "uk": "в'язниц", "en": "Jail"}
	number := regexp.MustCompile(`\d[\d\x{00A0},]*`)
	for _, lang := range Languages {
		for d, deck := range decks {
			for i, k := range deck {
				id := fmt.Sprintf("card_classic_%d_%d", d, i)
				text := c.T(lang, id, nil)
				allowed := map[string]bool{}
				need := func(s string) {
					if !strings.Contains(text, s) {
						t.Errorf("%s %s (%s): %q does not contain %q", lang, id, k.kind, text, s)
					}
					allowed[s] = true
				}
				switch k.kind {
				case "CardAdvance":
					target := c.T(lang, fmt.Sprintf("sq_classic_%d", k.target), nil)
					need(target)
					text = strings.ReplaceAll(text, target, "")
				case "CardNearestUtility", "CardBack":
					need(strconv.Itoa(k.amount))
				case "CardNearestPort":
					if k.amount != 2 {
						t.Fatalf("%s: the port card multiplier is %d; the texts say double rent", id, k.amount)
					}
					need(double[lang])
				case "CardGoToJail", "CardJailFree":
					need(jail[lang])
				case "CardCollect", "CardPay", "CardPayEach", "CardCollectEach":
					need(c.Money(lang, k.amount))
				case "CardRepairs":
					need(c.Money(lang, k.amount))
					need(c.Money(lang, k.perHotel))
				default:
					t.Errorf("%s: card kind %s is not known to this test", id, k.kind)
				}
				// No other number may be written on the card.
				for _, n := range number.FindAllString(text, -1) {
					ok := false
					for a := range allowed {
						if strings.Contains(a, strings.TrimRight(n, "\u00a0,")) {
							ok = true
						}
					}
					if !ok {
						t.Errorf("%s %s: number %q is not among the engine's amounts", lang, id, n)
					}
				}
			}
		}
	}
}

func TestClassicNames(t *testing.T) {
	c := load(t)
	portWord := map[string]string{"ru": "морской порт", "uk": "морський порт", "en": "Sea Port"}
	for _, lang := range Languages {
		seen := map[string]int{}
		for _, sq := range []int{1, 3, 5, 6, 8, 9, 11, 12, 13, 14, 15, 16, 18, 19, 21, 23, 24, 25, 26, 27, 28, 29, 31, 32, 34, 35, 37, 39} {
			name := c.T(lang, fmt.Sprintf("sq_classic_%d", sq), nil)
			if prev, ok := seen[name]; ok {
				t.Errorf("%s: squares %d and %d are both called %q", lang, prev, sq, name)
			}
			seen[name] = sq
		}
		for _, sq := range []int{5, 15, 25, 35} {
			if name := c.T(lang, fmt.Sprintf("sq_classic_%d", sq), nil); !strings.Contains(name, portWord[lang]) {
				t.Errorf("%s: port %d is called %q, without %q", lang, sq, name, portWord[lang])
			}
		}
		for _, group := range [][]int{{2, 17, 33}, {7, 22, 36}} {
			for _, sq := range group[1:] {
				if a, b := c.T(lang, fmt.Sprintf("sq_classic_%d", group[0]), nil), c.T(lang, fmt.Sprintf("sq_classic_%d", sq), nil); a != b {
					t.Errorf("%s: squares %d and %d of one kind differ: %q, %q", lang, group[0], sq, a, b)
				}
			}
		}
		for g := 0; g < 10; g++ {
			id := fmt.Sprintf("group_emoji_classic_%d", g)
			if c.T(lang, id, nil) != c.T("en", id, nil) {
				t.Errorf("%s: %s differs from English", lang, id)
			}
		}
	}
	if got := c.T("uk", "sq_classic_39", nil); got != "Хрещатик" {
		t.Errorf("uk: the most expensive street is %q", got)
	}
	if got := c.T("ru", "sq_classic_39", nil); got != "ул. Арбат" {
		t.Errorf("ru: the most expensive street is %q", got)
	}
	if got := c.T("en", "sq_classic_39", nil); got != "Boardwalk" {
		t.Errorf("en: the most expensive street is %q", got)
	}
	want := map[string][2]string{"ru": {"Шанс", "Казна"}, "uk": {"Шанс", "Скарбниця"}, "en": {"Chance", "Community Chest"}}
	for lang, w := range want {
		if c.T(lang, "deck_0", nil) != w[0] || c.T(lang, "deck_1", nil) != w[1] {
			t.Errorf("%s: decks are %q and %q", lang, c.T(lang, "deck_0", nil), c.T(lang, "deck_1", nil))
		}
	}
}

var field = regexp.MustCompile(`\.([A-Z][A-Za-z0-9]*)`)
var action = regexp.MustCompile(`\{\{.*?\}\}`)

// fieldsOf lists the template fields a text uses.
func fieldsOf(s string) map[string]bool {
	out := map[string]bool{}
	for _, a := range action.FindAllString(s, -1) {
		for _, m := range field.FindAllStringSubmatch(a, -1) {
			out[m[1]] = true
		}
	}
	return out
}

// eventFields are the template data keys the bot passes to every ev_ message.
var eventFields = []string{"Player", "Other", "Square", "Amount", "Cost", "Count", "D1", "D2", "Sum", "Deck", "Card", "Reason", "Reels"}

func sampleData() map[string]any {
	return map[string]any{
		"Player": "🔴 Alice", "Other": "🔵 Bob", "Square": "Square", "Amount": "$200", "Cost": "$100",
		"D1": 3, "D2": 4, "Sum": 7, "Deck": "Deck", "Card": "Card text", "Reason": "reason",
		"Turn": 12, "Min": "$10", "Rank": 1, "Cash": "$1,500", "Name": "Name", "Price": "$400",
		"Mortgage": "$200", "House": "$200", "Rents": "50/200/600/1400/1700/2000", "One": 4, "Both": 10,
		"Edition": "Classic", "Players": "🔴 Alice\n🔵 Bob", "Count": 2, "Max": 6, "N": "1",
		"ID": 3, "Items": "Baltic Avenue, $100", "Owed": "$150", "Hours": 24,
		"Value": "live", "Decision": "2 min", "Bid": "30 s", "Played": 5, "Won": 2, "Bankrupt": 1, // settings, stats
		"Best": "$3,200", "Set": "🟫 Brown",
		"Left": "2 h", "Days": 14, "Need": 3, "H": 1, "M": 30, "Time": "14:05 UTC", // deadlines (bot/deadline.go, bot/kit/clocktext.go)
		"Kick": "after 3", "Archive": "14 d", // settings: absent players
		"Reels": "⭐ | 🔔 | 🍋", "Jackpot": "$200", // the casino (bot/board/edition.go)
		"From": "Coffee Shop 🏪🏪", "On": "Bakery", // a building bought in a trade (bot/board/trade_building.go)
		"In": "10 min", "Wait": "2 h", "Joined": 1, "Chat": "Friends", "Bot": "@monopoly_bot", // the lobby and its bell (bot/lobby*.go)
		"Step":  "$20",                                      // an auction's raise (bot/board/auction.go)
		"Rolls": "🔴 7 · 🔵 5", "Start": "GO", "Short": "$40", // the turn message (bot/board/turn_lines.go, turn_buy.go)
		"Luck": 1, "Misfortune": 2, "Held": "🍀 🔴 Alice", // the business centre's cards (bot/board/render.go)
		"Level": "hard",                                                           // a computer seat's level (bot/lobby/seats.go)
		"Stake": "It takes: «Park Lane».", "Take": "Park Lane", "Give": "Mayfair", // what a Deal action takes (bot/deal/stake.go)
		"Move": "🏦 To the bank (5M)", // a card played from the inline list (bot/deal/inline.go)
	}
}

// plainText ids are shown as alerts, toasts and button labels: no HTML.
func plainText(id string) bool {
	for _, p := range []string{"err_", "alert_", "btn_", "deed_", "sq_", "group_", "deck_", "card_", "jail_reason_", "lobby_already", "lobby_not", "lobby_full", "lobby_creator", "lobby_only", "lobby_need", "cancelled", "bank", "money", "n_", "edition_"} {
		if strings.HasPrefix(id, p) {
			return true
		}
	}
	return false
}

func TestTemplates(t *testing.T) {
	c := load(t)
	en := rawFile(t, "en")
	evAllowed := map[string]bool{}
	for _, f := range eventFields {
		evAllowed[f] = true
	}
	static := []string{"sq_", "group_", "deck_", "card_", "err_", "jail_reason_", "alert_", "bank", "cancelled", "edition_"}
	for _, lang := range Languages {
		file := rawFile(t, lang)
		for _, id := range keys(file) {
			all := map[string]bool{}
			for form, src := range forms(t, lang, id, file[id]) {
				fs := fieldsOf(src)
				for f := range fs {
					all[f] = true
				}
				switch {
				case strings.HasPrefix(id, "ev_"):
					for f := range fs {
						if !evAllowed[f] {
							t.Errorf("%s %s.%s uses .%s, which the bot does not pass to events", lang, id, form, f)
						}
					}
					if strings.Contains(src, "\n") {
						t.Errorf("%s %s.%s is not one line", lang, id, form)
					}
					if r, _ := utf8.DecodeRuneInString(src); unicode.IsLetter(r) || unicode.IsDigit(r) || r == '{' {
						t.Errorf("%s %s.%s does not start with an emoji", lang, id, form)
					}
				case strings.HasPrefix(id, "n_"):
					if len(fs) != 1 || !fs["Count"] {
						t.Errorf("%s %s.%s should use .Count only, uses %v", lang, id, form, fs)
					}
				case id == "money":
					if len(fs) != 1 || !fs["N"] {
						t.Errorf("%s money should use .N only", lang)
					}
				default:
					for _, p := range static {
						if strings.HasPrefix(id, p) && strings.Contains(src, "{{") {
							t.Errorf("%s %s is looked up without data but is a template", lang, id)
						}
					}
				}
			}
			// A translation uses the same data as the English text.
			if lang != "en" {
				enAll := map[string]bool{}
				for _, src := range forms(t, "en", id, en[id]) {
					for f := range fieldsOf(src) {
						enAll[f] = true
					}
				}
				if _, ok := en[id]; ok && !reflect.DeepEqual(all, enAll) {
					t.Errorf("%s %s uses %v, English uses %v", lang, id, keys(toAny(all)), keys(toAny(enAll)))
				}
			}
		}

		// Every message executes with the bot's data, in every plural form.
		for _, id := range keys(file) {
			for _, n := range []int{0, 1, 2, 3, 5, 11, 21, 22, 25, 111} {
				data := sampleData()
				delete(data, "Count")
				var got string
				if strings.HasPrefix(id, "ev_") {
					ev := map[string]any{}
					for _, f := range eventFields {
						if v, ok := data[f]; ok {
							ev[f] = v
						}
					}
					got = c.N(lang, id, n, ev)
				} else {
					got = c.N(lang, id, n, data)
				}
				if got == id || strings.TrimSpace(got) == "" {
					t.Errorf("%s %s (count %d) did not render: %q", lang, id, n, got)
				}
				if strings.Contains(got, "<no value>") || strings.Contains(got, "{{") || strings.Contains(got, "}}") {
					t.Errorf("%s %s (count %d) = %q", lang, id, n, got)
				}
			}
			if got := c.T(lang, id, sampleData()); strings.Contains(got, "<no value>") || got == id {
				t.Errorf("%s %s via T = %q", lang, id, got)
			}
		}
	}
}

func toAny(m map[string]bool) map[string]any {
	out := map[string]any{}
	for k := range m {
		out[k] = true
	}
	return out
}

var tag = regexp.MustCompile(`<(/?)([a-z-]+)([^<>]*)>`)

// Telegram HTML: only its tags, balanced; & only in entities. Plain texts
// (alerts, buttons) contain no markup at all.
func TestHTMLAndPlainText(t *testing.T) {
	allowedTags := map[string]bool{"b": true, "i": true, "u": true, "s": true, "code": true, "pre": true, "a": true, "tg-spoiler": true}
	entity := regexp.MustCompile(`&(lt|gt|amp|quot);`)
	for _, lang := range Languages {
		file := rawFile(t, lang)
		for _, id := range keys(file) {
			for form, src := range forms(t, lang, id, file[id]) {
				body := action.ReplaceAllString(src, "")
				if plainText(id) {
					if strings.ContainsAny(body, "<>&") {
						t.Errorf("%s %s.%s is plain text but contains <, > or &", lang, id, form)
					}
					continue
				}
				var stack []string
				for _, m := range tag.FindAllStringSubmatch(body, -1) {
					name := m[2]
					if !allowedTags[name] {
						t.Errorf("%s %s.%s: tag <%s> is not Telegram HTML", lang, id, form, name)
					}
					if m[1] == "" {
						stack = append(stack, name)
						continue
					}
					if len(stack) == 0 || stack[len(stack)-1] != name {
						t.Errorf("%s %s.%s: unbalanced </%s>", lang, id, form, name)
						continue
					}
					stack = stack[:len(stack)-1]
				}
				if len(stack) > 0 {
					t.Errorf("%s %s.%s: unclosed %v", lang, id, form, stack)
				}
				rest := entity.ReplaceAllString(tag.ReplaceAllString(body, ""), "")
				if strings.ContainsAny(rest, "<>&") {
					t.Errorf("%s %s.%s: a bare <, > or & would break Telegram HTML", lang, id, form)
				}
			}
		}
	}
}

func TestAlertLengths(t *testing.T) {
	c := load(t)
	for _, lang := range Languages {
		for _, id := range c.IDs() {
			if !strings.HasPrefix(id, "err_") && !strings.HasPrefix(id, "alert_") && !strings.HasPrefix(id, "lobby_") {
				continue
			}
			if id == "lobby_text" || id == "lobby_started" || id == "lobby_cancelled" {
				continue // messages, not alerts
			}
			s := c.T(lang, id, map[string]any{"Count": 2})
			if n := utf8.RuneCountInString(s); n > 200 || n == 0 {
				t.Errorf("%s %s: %d characters, an alert holds 1–200", lang, id, n)
			}
		}
		// The longest deed: the longest name of the language and the largest numbers.
		longest := ""
		for sq := 0; sq < 40; sq++ {
			if n := c.T(lang, fmt.Sprintf("sq_classic_%d", sq), nil); utf8.RuneCountInString(n) > utf8.RuneCountInString(longest) {
				longest = n
			}
		}
		data := map[string]any{"Name": longest, "Price": c.Money(lang, 400), "Mortgage": c.Money(lang, 200),
			"House": c.Money(lang, 200), "Rents": "50/200/600/1400/1700/2000", "One": 4, "Both": 10}
		for _, id := range []string{"deed_street", "deed_port", "deed_utility"} {
			if n := utf8.RuneCountInString(c.T(lang, id, data)); n > 200 {
				t.Errorf("%s %s: %d characters, an alert holds 200", lang, id, n)
			}
		}
	}
}

func TestMoney(t *testing.T) {
	c := load(t)
	const nb = "\u00a0"
	cases := []struct {
		lang   string
		amount int
		want   string
	}{
		{"ru", 0, "0" + nb + "$"},
		{"ru", 50, "50" + nb + "$"},
		{"ru", 1500, "1" + nb + "500" + nb + "$"},
		{"ru", 1500000, "1" + nb + "500" + nb + "000" + nb + "$"},
		{"ru", -1500, "-1" + nb + "500" + nb + "$"},
		{"uk", 200, "200" + nb + "$"},
		{"uk", 1500, "1" + nb + "500" + nb + "$"},
		{"uk", -25, "-25" + nb + "$"},
		{"en", 0, "$0"},
		{"en", 1500, "$1,500"},
		{"en", 1500000, "$1,500,000"},
		{"en", -1500, "-$1,500"},
		{"en", -5, "-$5"},
		{"de", 1500, "$1,500"},
		{"ru-RU", 1500, "1" + nb + "500" + nb + "$"},
	}
	for _, tc := range cases {
		if got := c.Money(tc.lang, tc.amount); got != tc.want {
			t.Errorf("Money(%q, %d) = %q, want %q", tc.lang, tc.amount, got, tc.want)
		}
	}
}

func TestNormalize(t *testing.T) {
	cases := map[string]string{
		"uk": "uk", "uk-UA": "uk", "UK": "uk",
		"ru": "ru", "ru-RU": "ru", "be": "ru", "be-BY": "ru", "kk": "ru", "kk-KZ": "ru",
		"en": "en", "en-US": "en", "en_GB": "en", "de": "en", "pl": "en", "": "en", " ": "en", "x": "en", "ukr": "en",
	}
	for in, want := range cases {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
	if Default != "en" || !reflect.DeepEqual(Languages, []string{"ru", "uk", "en"}) {
		t.Errorf("Default %q, Languages %v", Default, Languages)
	}
}

func TestPluralChoice(t *testing.T) {
	c := load(t)
	want := map[string]map[int]string{
		"ru": {1: "1 дом", 2: "2 дома", 5: "5 домов", 11: "11 домов", 21: "21 дом", 22: "22 дома", 25: "25 домов", 111: "111 домов"},
		"uk": {1: "1 будинок", 2: "2 будинки", 5: "5 будинків", 11: "11 будинків", 21: "21 будинок", 22: "22 будинки", 25: "25 будинків", 111: "111 будинків"},
		"en": {1: "1 house", 2: "2 houses", 5: "5 houses", 11: "11 houses", 21: "21 houses", 0: "0 houses"},
	}
	for lang, cases := range want {
		for n, w := range cases {
			if got := c.N(lang, "n_houses", n, nil); got != w {
				t.Errorf("N(%s, n_houses, %d) = %q, want %q", lang, n, got, w)
			}
		}
	}
	if got := c.N("ru", "n_tries", 3, nil); got != "3 попытки" {
		t.Errorf("ru n_tries 3 = %q", got)
	}
	// Events: a hotel is five buildings.
	data := map[string]any{"Player": "P", "Square": "S", "Cost": "C"}
	if got := c.N("ru", "ev_built", 5, data); !strings.Contains(got, "отель") {
		t.Errorf("ru ev_built 5 = %q", got)
	}
	if got := c.N("en", "ev_built", 3, data); !strings.Contains(got, "3 houses") {
		t.Errorf("en ev_built 3 = %q", got)
	}
	if _, ok := data["Count"]; ok {
		t.Error("N changed the caller's data")
	}
}

func TestLookupFallbacks(t *testing.T) {
	c := load(t)
	if got := c.T("ru", "no_such_message", nil); got != "no_such_message" {
		t.Errorf("missing id = %q", got)
	}
	if got := c.N("uk", "no_such_message", 3, nil); got != "no_such_message" {
		t.Errorf("missing plural id = %q", got)
	}
	if got := c.T("de", "btn_yes", nil); got != c.T("en", "btn_yes", nil) {
		t.Errorf("unknown language = %q", got)
	}
	if got := c.T("uk-UA", "btn_yes", nil); got != c.T("uk", "btn_yes", nil) {
		t.Errorf("uk-UA = %q", got)
	}
	// A plain message asked through N (the bot renders every event with N)
	// comes back whole for any count.
	data := map[string]any{"Player": "P", "Square": "S", "Amount": "A"}
	for _, n := range []int{1, 2, 5, 60} {
		if got, want := c.N("ru", "ev_bought", n, data), c.T("ru", "ev_bought", data); got != want {
			t.Errorf("N(ru, ev_bought, %d) = %q, want %q", n, got, want)
		}
	}
}

func TestConcurrentUse(t *testing.T) {
	c := load(t)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				lang := Languages[(g+i)%len(Languages)]
				_ = c.T(lang, "ev_rolled", map[string]any{"Player": "P", "D1": 1, "D2": 2, "Sum": 3})
				_ = c.N(lang, "n_houses", i, nil)
				_ = c.Money(lang, i*1000)
			}
		}(g)
	}
	wg.Wait()
}

// Every message file on disk is embedded and belongs to one of our
// languages, and every topic has a file in each language (a topic missing in
// one language would only show up as English fallbacks).
func TestEmbeddedFilesOnly(t *testing.T) {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	topics := map[string][]string{}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".toml") {
			continue
		}
		if _, err := files.ReadFile(name); err != nil {
			t.Errorf("%s is on disk but not embedded: %v", name, err)
		}
		parts := strings.Split(name, ".")
		if len(parts) != 3 {
			t.Errorf("%s: want <topic>.<lang>.toml", name)
			continue
		}
		topics[parts[0]] = append(topics[parts[0]], parts[1])
	}
	if _, ok := topics["active"]; !ok {
		t.Error("no active.<lang>.toml files")
	}
	want := append([]string(nil), Languages...)
	sort.Strings(want)
	for topic, langs := range topics {
		sort.Strings(langs)
		if !reflect.DeepEqual(langs, want) {
			t.Errorf("topic %s has files for %v, want %v", topic, langs, want)
		}
	}
}
