package board

import (
	"slices"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// /rules for the board editions: a title with a button per section
// (locales.RuleSections); a button shows its section in the same message.
// The chat layer routes the buttons' op (kit.OpRules) here; nothing is
// stored, the press's argument says everything.

// RulesStride separates the editions in a /rules button's argument: the
// edition's index in EditionIDs times RulesStride plus the section's.
const RulesStride = 16

// Rules is /rules in a chat that plays (or would play) edition: its title
// and the buttons of its sections.
func (b *Kind) Rules(lang, edition string) (string, *kit.Markup) {
	if !slices.Contains(EditionIDs(), edition) {
		edition = EditionIDs()[0]
	}
	return b.cat.T(lang, "rules_"+edition+"_title", nil), b.rulesKeyboard(lang, edition, -1)
}

// RulesPage is the section a /rules button names (arg) with the buttons
// of the others; false for an argument no button of ours carries.
func (b *Kind) RulesPage(lang string, arg int) (string, *kit.Markup, bool) {
	eds := EditionIDs()
	ed, section := arg/RulesStride, arg%RulesStride
	if arg < 0 || ed >= len(eds) || section >= len(locales.RuleSections) {
		return "", nil, false
	}
	return b.cat.T(lang, "rules_"+eds[ed]+"_"+locales.RuleSections[section], nil), b.rulesKeyboard(lang, eds[ed], section), true
}

// rulesKeyboard offers every section of an edition's rules but the one
// shown (-1: the title).
func (b *Kind) rulesKeyboard(lang, edition string, shown int) *kit.Markup {
	ed := slices.Index(EditionIDs(), edition)
	var rows [][]kit.Button
	var row []kit.Button
	for i, s := range locales.RuleSections {
		if i == shown {
			continue
		}
		data := kit.Press{Op: kit.OpRules, Arg: ed*RulesStride + i}.Encode()
		row = append(row, kit.DataButton(b.cat.T(lang, "btn_rules_"+s, nil), data))
		if len(row) == 2 {
			rows, row = append(rows, row), nil
		}
	}
	if len(row) > 0 {
		rows = append(rows, row)
	}
	return kit.MarkupOf(rows)
}
