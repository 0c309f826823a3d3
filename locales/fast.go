package locales

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"text/template/parse"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Almost every message is literal text with {{.Field}} holes, yet going
// through go-i18n costs a language match, a text/template execution with
// reflection and a dozen allocations per call, and the bot renders tens of
// messages per button press. Such templates are therefore cut at Load into
// literal segments and field names and rendered here with one allocation.
// Anything else (if/else, pipelines, custom delimiters, a missing field, a
// value whose printing text/template treats specially) goes to go-i18n as
// before, so the output is always the one go-i18n would give.

// segments is a simple template: lits[0] fields[0] lits[1] … lits[n].
type segments struct {
	lits   []string
	fields []string
	size   int // total length of lits
}

// compiledMsg is one message of one language. present says which plural
// forms the message has (go-i18n's choice depends on it); forms holds the
// simple ones, nil where a form is absent or needs text/template.
type compiledMsg struct {
	present [numForms]bool
	forms   [numForms]*segments
}

// numForms counts x/text's plural forms, Other (0) to Many (5).
const numForms = int(plural.Many) + 1

type compiledLang struct {
	tag  language.Tag
	msgs map[string]*compiledMsg

	// sep is the digit group separator of the language's printer; money
	// is the "money" template, set only when the number can be grouped by
	// hand exactly as the printer groups it and the template is simple with
	// .N as its only field.
	sep   string
	money *segments
}

var i18nForms = [numForms]func(m *i18n.Message) string{
	plural.Other: func(m *i18n.Message) string { return m.Other },
	plural.Zero:  func(m *i18n.Message) string { return m.Zero },
	plural.One:   func(m *i18n.Message) string { return m.One },
	plural.Two:   func(m *i18n.Message) string { return m.Two },
	plural.Few:   func(m *i18n.Message) string { return m.Few },
	plural.Many:  func(m *i18n.Message) string { return m.Many },
}

func compileLang(tag language.Tag, msgs []*i18n.Message, p *message.Printer) *compiledLang {
	cl := &compiledLang{tag: tag, msgs: make(map[string]*compiledMsg, len(msgs))}
	for _, m := range msgs {
		cm := &compiledMsg{}
		found := false
		for f, get := range i18nForms {
			src := get(m)
			if src == "" {
				continue // go-i18n does not keep empty forms either
			}
			found = true
			cm.present[f] = true
			if m.LeftDelim == "" && m.RightDelim == "" {
				cm.forms[f] = compileTemplate(src)
			}
		}
		if found {
			// A message without any text is no message to go-i18n: it
			// falls back to English, and so must the fast path.
			cl.msgs[m.ID] = cm
		}
	}
	cl.sep = groupSeparator(p)
	if cm := cl.msgs["money"]; cm != nil && cl.sep != "\x00" {
		if s := cm.forms[plural.Other]; s != nil && onlyField(s, "N") {
			cl.money = s
		}
	}
	return cl
}

func onlyField(s *segments, name string) bool {
	for _, f := range s.fields {
		if f != name {
			return false
		}
	}
	return true
}

// compileTemplate returns the segments of src, or nil when src is more
// than literal text and {{.Field}} actions.
func compileTemplate(src string) *segments {
	if !strings.Contains(src, "{{") {
		// go-i18n does not parse such a text at all.
		return &segments{lits: []string{src}, size: len(src)}
	}
	if strings.Contains(src, "{{-") || strings.Contains(src, "-}}") {
		return nil
	}
	tree := parse.New("")
	tree.Mode = parse.ParseComments | parse.SkipFuncCheck
	set := map[string]*parse.Tree{}
	if _, err := tree.Parse(src, "{{", "}}", set); err != nil || len(set) != 1 || set[""] == nil {
		return nil
	}
	s := &segments{}
	lit := ""
	for _, n := range set[""].Root.Nodes {
		switch n := n.(type) {
		case *parse.TextNode:
			lit += string(n.Text)
		case *parse.ActionNode:
			p := n.Pipe
			if p == nil || len(p.Decl) != 0 || p.IsAssign || len(p.Cmds) != 1 || len(p.Cmds[0].Args) != 1 {
				return nil
			}
			f, ok := p.Cmds[0].Args[0].(*parse.FieldNode)
			if !ok || len(f.Ident) != 1 {
				return nil
			}
			s.lits = append(s.lits, lit)
			s.fields = append(s.fields, f.Ident[0])
			s.size += len(lit)
			lit = ""
		default:
			return nil
		}
	}
	s.lits = append(s.lits, lit)
	s.size += len(lit)
	return s
}

// lookup finds message id the way go-i18n does: in lang (normalized when
// unknown), else in English. fallback reports the latter, which go-i18n
// treats as an error (an empty result then becomes the id).
func (c *Catalog) lookup(lang, id string) (cm *compiledMsg, tag language.Tag, fallback bool) {
	cl, ok := c.compiled[lang]
	if !ok {
		cl = c.compiled[Normalize(lang)]
	}
	if cm := cl.msgs[id]; cm != nil {
		return cm, cl.tag, false
	}
	en := c.compiled[Default]
	return en.msgs[id], en.tag, true
}

func (c *Catalog) fastT(lang, id string, data map[string]any) (string, bool) {
	cm, _, fallback := c.lookup(lang, id)
	if cm == nil || cm.forms[plural.Other] == nil {
		return "", false
	}
	msg, ok := render(cm.forms[plural.Other], data, 0, false)
	if !ok {
		return "", false
	}
	if msg == "" && fallback {
		return id, true
	}
	return msg, true
}

func (c *Catalog) fastN(lang, id string, count int, data map[string]any) (string, bool) {
	if count == math.MinInt {
		return "", false // go-i18n cannot negate it; leave that case to it
	}
	cm, tag, fallback := c.lookup(lang, id)
	if cm == nil {
		return "", false
	}
	f := pluralForm(tag, count)
	if !cm.present[f] {
		// go-i18n fails on the missing form and renders "other" instead,
		// still reporting the error.
		f, fallback = plural.Other, true
	}
	s := cm.forms[f]
	if s == nil {
		return "", false
	}
	msg, ok := render(s, data, count, true)
	if !ok {
		return "", false
	}
	if msg == "" && fallback {
		return id, true
	}
	return msg, true
}

// pluralForm is go-i18n's choice of form for an integer count: CLDR rules
// on the absolute value with no fraction digits (count is not math.MinInt).
func pluralForm(tag language.Tag, count int) plural.Form {
	if count < 0 {
		count = -count
	}
	return plural.Cardinal.MatchPlural(tag, count, 0, 0, 0, 0)
}

// value is one field's text: s, or the integer i when isInt.
type value struct {
	s     string
	i     int64
	isInt bool
}

const maxStackFields = 16

// render fills s from data (and .Count when withCount). It reports false
// when a field is missing or holds a value text/template would print
// differently from fmt.Sprint, leaving the message to go-i18n.
func render(s *segments, data map[string]any, count int, withCount bool) (string, bool) {
	if len(s.fields) == 0 {
		return s.lits[0], true
	}
	var stack [maxStackFields]value
	vals := stack[:0]
	if len(s.fields) > maxStackFields {
		vals = make([]value, 0, len(s.fields))
	}
	size := s.size
	for _, name := range s.fields {
		if withCount && name == "Count" {
			vals = append(vals, value{i: int64(count), isInt: true})
			size += 20
			continue
		}
		raw, ok := data[name]
		if !ok {
			return "", false // text/template prints "<no value>"
		}
		var v value
		switch x := raw.(type) {
		case string:
			v.s = x
		case int:
			v.i, v.isInt = int64(x), true
		case int64:
			v.i, v.isInt = x, true
		default:
			if raw == nil {
				return "", false // "<no value>" again
			}
			switch reflect.TypeOf(raw).Kind() {
			case reflect.Pointer, reflect.Chan, reflect.Func, reflect.UnsafePointer:
				// text/template dereferences pointers and refuses
				// channels and functions; fmt does neither.
				return "", false
			}
			v.s = fmt.Sprint(raw)
		}
		if v.isInt {
			size += 20
		} else {
			size += len(v.s)
		}
		vals = append(vals, v)
	}
	var b strings.Builder
	b.Grow(size)
	var num [20]byte
	for i, v := range vals {
		b.WriteString(s.lits[i])
		if v.isInt {
			b.Write(strconv.AppendInt(num[:0], v.i, 10))
		} else {
			b.WriteString(v.s)
		}
	}
	b.WriteString(s.lits[len(vals)])
	return b.String(), true
}

// groupSeparator finds the separator the printer puts between groups of
// three digits, and checks that grouping by hand with it gives the
// printer's output on numbers of every length; "\x00" means it does not,
// and Money then keeps using the printer for the language.
func groupSeparator(p *message.Printer) string {
	s := p.Sprintf("%d", uint64(1234567))
	i := strings.Index(s, "234")
	if !strings.HasPrefix(s, "1") || i < 1 {
		return "\x00"
	}
	sep := s[1:i]
	var buf [64]byte
	for _, n := range groupProbes() {
		if string(appendGrouped(buf[:0], n, sep)) != p.Sprintf("%d", n) {
			return "\x00"
		}
	}
	return sep
}

func groupProbes() []uint64 {
	probes := []uint64{0, 5, math.MaxUint64, math.MaxInt64, math.MaxInt64 + 1}
	for p := uint64(1); p <= 1e19; p *= 10 {
		probes = append(probes, p-1, p, p+1, p*7/3)
		if p == 1e19 {
			break
		}
	}
	return probes
}

// appendGrouped appends n in decimal with sep between groups of three.
func appendGrouped(dst []byte, n uint64, sep string) []byte {
	var digits [20]byte
	d := strconv.AppendUint(digits[:0], n, 10)
	first := len(d) % 3
	if first == 0 {
		first = 3
	}
	dst = append(dst, d[:first]...)
	for i := first; i < len(d); i += 3 {
		dst = append(dst, sep...)
		dst = append(dst, d[i:i+3]...)
	}
	return dst
}

func (c *Catalog) fastMoney(lang string, amount int) (string, bool) {
	cl, ok := c.compiled[lang]
	if !ok {
		cl = c.compiled[Normalize(lang)]
	}
	s := cl.money
	if s == nil {
		return "", false
	}
	sign, abs := "", uint64(amount)
	if amount < 0 {
		sign, abs = "-", uint64(-(amount+1))+1
	}
	var buf [64]byte
	num := appendGrouped(buf[:0], abs, cl.sep)
	var b strings.Builder
	b.Grow(len(sign) + s.size + len(s.fields)*len(num))
	b.WriteString(sign)
	for i := range s.fields {
		b.WriteString(s.lits[i])
		b.Write(num)
	}
	b.WriteString(s.lits[len(s.fields)])
	return b.String(), true
}
