package locales

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Languages are the languages the bot speaks, as accepted by /lang.
var Languages = []string{"ru", "uk", "en"}

// Default is the language used when a user's language is none of ours.
const Default = "en"

// Each language's messages may be split over several files by topic
// (active.<lang>.toml for the chat, <edition>.<lang>.toml for an edition's
// names and texts), so that work on one game does not touch another's file.
//
//go:embed *.toml
var files embed.FS

// messageFiles lists the files of lang in fsys, sorted: every name that ends
// in ".<lang>.toml".
func messageFiles(fsys fs.FS, lang string) ([]string, error) {
	names, err := fs.Glob(fsys, "*."+lang+".toml")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	return names, nil
}

// Normalize maps a Telegram language_code (an IETF tag such as "en-US")
// to one of Languages: Ukrainian to "uk"; Russian, Belarusian and Kazakh to
// "ru"; anything else, including an empty code, to Default.
func Normalize(telegramLanguageCode string) string {
	code := strings.ToLower(strings.TrimSpace(telegramLanguageCode))
	if i := strings.IndexAny(code, "-_"); i >= 0 {
		code = code[:i]
	}
	switch code {
	case "uk":
		return "uk"
	case "ru", "be", "kk":
		return "ru"
	}
	return Default
}

// Catalog holds the parsed message files. It is safe for concurrent use.
type Catalog struct {
	bundle     *i18n.Bundle
	localizers map[string]*i18n.Localizer
	printers   map[string]*message.Printer
	ids        []string

	// compiled holds, per language, what T, N and Money can render without
	// go-i18n; it is built by Load and never written afterwards, so
	// goroutines share it without locks.
	compiled map[string]*compiledLang
}

var tags = map[string]language.Tag{
	"ru": language.Russian,
	"uk": language.Ukrainian,
	"en": language.English,
}

// Load parses the embedded message files.
func Load() (*Catalog, error) {
	return loadFS(files)
}

// loadFS reads the message files from fsys, so that tests can try the fast
// paths on templates the real files do not contain.
func loadFS(fsys fs.FS) (*Catalog, error) {
	b := i18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	c := &Catalog{
		bundle:     b,
		localizers: make(map[string]*i18n.Localizer, len(Languages)),
		printers:   make(map[string]*message.Printer, len(Languages)),
		compiled:   make(map[string]*compiledLang, len(Languages)),
	}
	for _, lang := range Languages {
		names, err := messageFiles(fsys, lang)
		if err != nil {
			return nil, fmt.Errorf("locales: %s: %w", lang, err)
		}
		if len(names) == 0 {
			return nil, fmt.Errorf("locales: no message files for %s", lang)
		}
		var messages []*i18n.Message
		seen := map[string]string{}
		for _, name := range names {
			mf, err := b.LoadMessageFileFS(fsys, name)
			if err != nil {
				return nil, fmt.Errorf("locales: %s: %w", name, err)
			}
			if len(mf.Messages) == 0 {
				return nil, fmt.Errorf("locales: %s has no messages", name)
			}
			for _, m := range mf.Messages {
				if other, dup := seen[m.ID]; dup {
					return nil, fmt.Errorf("locales: %q is in both %s and %s", m.ID, other, name)
				}
				seen[m.ID] = name
			}
			messages = append(messages, mf.Messages...)
		}
		if lang == Default {
			for _, m := range messages {
				c.ids = append(c.ids, m.ID)
			}
			sort.Strings(c.ids)
		}
		c.localizers[lang] = i18n.NewLocalizer(b, lang)
		c.printers[lang] = message.NewPrinter(tags[lang])
		c.compiled[lang] = compileLang(tags[lang], messages, c.printers[lang])
	}
	return c, nil
}

func (c *Catalog) localizer(lang string) *i18n.Localizer {
	if l, ok := c.localizers[lang]; ok {
		return l
	}
	return c.localizers[Normalize(lang)]
}

// T returns message id in lang, filled with data. An unknown language is
// normalized; a message missing in lang falls back to English; a message
// missing everywhere, or one whose template fails, returns id itself so the
// gap is visible but nothing panics.
func (c *Catalog) T(lang, id string, data map[string]any) string {
	if msg, ok := c.fastT(lang, id, data); ok {
		return msg
	}
	return c.slowT(lang, id, data)
}

// slowT is T through go-i18n and text/template: what T did before the
// compiled fast path, kept for the messages that path cannot render and as
// the reference the tests compare against.
func (c *Catalog) slowT(lang, id string, data map[string]any) string {
	msg, err := c.localizer(lang).Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: data})
	if err != nil && msg == "" {
		return id
	}
	return msg
}

// N returns plural message id in the form for count, with count available
// to the template as .Count (data is not modified). A message without
// plural forms is returned as with T.
func (c *Catalog) N(lang, id string, count int, data map[string]any) string {
	if msg, ok := c.fastN(lang, id, count, data); ok {
		return msg
	}
	return c.slowN(lang, id, count, data)
}

// templateData holds the maps slowN lends go-i18n.
var templateData = sync.Pool{New: func() any { return map[string]any{} }}

// slowN is N through go-i18n (see slowT).
func (c *Catalog) slowN(lang, id string, count int, data map[string]any) string {
	// A copy with Count added, the caller's data left alone; the copy is
	// reused (go-i18n keeps nothing of it), as making one per call was half
	// of this fallback's time (and of the parity tests that compare with it).
	d := templateData.Get().(map[string]any)
	defer func() { clear(d); templateData.Put(d) }()
	for k, v := range data {
		d[k] = v
	}
	d["Count"] = count
	msg, err := c.localizer(lang).Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: d, PluralCount: count})
	if err != nil && msg == "" {
		return id
	}
	return msg
}

// Money formats an amount of the game's currency for lang: the number is
// grouped the way the language writes numbers ("1 500" with a no-break
// space in ru and uk, "1,500" in en) and the unit is placed by the
// translated template "money". A negative amount keeps its sign in front:
// "-1 500 $", "-$1,500".
func (c *Catalog) Money(lang string, amount int) string {
	if msg, ok := c.fastMoney(lang, amount); ok {
		return msg
	}
	return c.slowMoney(lang, amount)
}

// slowMoney is Money through the x/text printer and go-i18n (see slowT).
func (c *Catalog) slowMoney(lang string, amount int) string { return c.moneyAs(lang, "money", amount) }

// moneyAs formats amount with the money template id.
func (c *Catalog) moneyAs(lang, id string, amount int) string {
	p, ok := c.printers[lang]
	if !ok {
		lang = Normalize(lang)
		p = c.printers[lang]
	}
	sign, abs := "", uint64(amount)
	if amount < 0 {
		sign, abs = "-", uint64(-(amount+1))+1
	}
	return sign + c.slowT(lang, id, map[string]any{"N": p.Sprintf("%d", abs)})
}

// IDs lists every message id of the English file, sorted.
func (c *Catalog) IDs() []string {
	return append([]string(nil), c.ids...)
}
