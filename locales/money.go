package locales

import "sort"

// EditionMoney is Money in an edition's currency: the edition's own
// template "money_<edition>" when the files have one (the lux edition's
// hryvnias), else the game's usual "money".
func (c *Catalog) EditionMoney(lang, edition string, amount int) string {
	id := "money_" + edition
	if i := sort.SearchStrings(c.ids, id); edition == "" || i == len(c.ids) || c.ids[i] != id {
		return c.Money(lang, amount)
	}
	return c.moneyAs(lang, id, amount)
}
