package locales

// MoneyOf formats an amount of an edition's money. An edition with a
// currency of its own has the template money_<edition> (the lux edition's
// hryvnias: "1 500 000 ₴", "₴1,500,000"); the number is grouped by the
// language's x/text printer exactly as Money groups it. Any other edition
// ("" is the classic game) is Money.
func (c *Catalog) MoneyOf(lang, edition string, amount int) string {
	if edition == "" {
		return c.Money(lang, amount)
	}
	id := "money_" + edition
	if cm, _, _ := c.lookup(lang, id); cm == nil {
		return c.Money(lang, amount)
	}
	return c.moneyAs(lang, id, amount)
}

// ForEdition is the id of an edition's own wording of message id —
// <edition>_<id>, such as the business edition's branches in place of
// houses — when lang has it, else id itself.
func (c *Catalog) ForEdition(lang, edition, id string) string {
	if edition == "" {
		return id
	}
	own := edition + "_" + id
	if cm, _, _ := c.lookup(lang, own); cm != nil {
		return own
	}
	return id
}
