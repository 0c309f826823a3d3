package settings

import (
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// builder builds one page of the settings message.
type builder struct {
	m    *Menu
	lang string
	s    kit.Settings
	o    kit.ChatOptions
	of   kit.Offer // what the chosen edition offers
	// chosen is what o chose of it; kind is the edition's kind's part of
	// the options (nil when it offers none of it).
	chosen kit.Chosen
	kind   Options
	rows   [][]kit.Button
}

func (p *builder) t(id string, data map[string]any) string { return p.m.cat.T(p.lang, id, data) }

func (p *builder) btn(text string, op kit.Op, arg int) kit.Button {
	return kit.DataButton(text, kit.Press{Rev: p.s.OptionsRev, Op: op, Arg: arg}.Encode())
}

func (p *builder) row(buttons ...kit.Button) {
	p.rows = append(p.rows, buttons)
}

// withBids is a page's hint: the one that explains the bid window, or
// for an edition without auctions the one without it.
func (p *builder) withBids(id string) string {
	if p.of.Bids {
		return id
	}
	return id + "_no_bid"
}

// rowsOf lays buttons out n to a row.
func (p *builder) rowsOf(n int, buttons []kit.Button) {
	for len(buttons) > 0 {
		k := min(n, len(buttons))
		p.row(buttons[:k]...)
		buttons = buttons[k:]
	}
}

// back is the row that returns to page.
func (p *builder) back(page int) { p.row(p.btn(p.t("btn_back", nil), OpSetView, page)) }

// mark ticks the chosen value.
func mark(on bool, text string) string {
	if on {
		return "✅ " + text
	}
	return text
}
