package main

import (
	"fmt"

	"github.com/monopoly-tg/monopoly-bot/locales"
)

// languages are the -lang values: the bot's languages.
var languages = []string{"en", "ru", "uk"}

// namer gives squares and groups the names the bot shows, from the
// locales, in one language.
type namer struct {
	cat     *locales.Catalog
	lang    string
	edition string
}

func newNamer(lang, edition string) (*namer, error) {
	known := false
	for _, l := range languages {
		known = known || l == lang
	}
	if !known {
		return nil, fmt.Errorf("unknown language %q (want one of %v)", lang, languages)
	}
	cat, err := locales.Load()
	if err != nil {
		return nil, err
	}
	return &namer{cat: cat, lang: lang, edition: edition}, nil
}

// square is square sq's name; a square without one in the locales is
// "square N".
func (n *namer) square(sq int) string {
	id := fmt.Sprintf("sq_%s_%d", n.edition, sq)
	if s := n.cat.T(n.lang, id, nil); s != id {
		return s
	}
	return fmt.Sprintf("square %d", sq)
}

// group is group gi's name; a group without one is "group N".
func (n *namer) group(gi int) string {
	id := fmt.Sprintf("group_%s_%d", n.edition, gi)
	if s := n.cat.T(n.lang, id, nil); s != id {
		return s
	}
	return fmt.Sprintf("group %d", gi)
}

// name fills in the names of the result's groups and stakes.
func (n *namer) name(r *Result) {
	for i := range r.Balance.Groups {
		r.Balance.Groups[i].Name = n.group(r.Balance.Groups[i].Group)
	}
	for i := range r.Balance.Stakes {
		r.Balance.Stakes[i].Name = n.square(r.Balance.Stakes[i].Square)
	}
}
