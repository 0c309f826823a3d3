package board

import (
	"fmt"
	"html"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// Deed cards: a deed's price, rents, building cost, mortgage value and
// owner, shown as an alert to whoever presses a deed's button (OpDeed) —
// on the buy prompt, the auction's message (auction.go), /board or a
// building menu. The card
// changes nothing, so its button is valid as long as the game runs, not
// only at the revision it was drawn at.

// deedCard is the card of square sq of rec's game, short enough for an
// alert (≤ 200 characters): the printed card and who owns it now.
func (b *deeds) deedCard(lang string, rec *kit.Record, sq int) string {
	card := b.deedText(lang, rec.Edition, sq)
	g := Of(rec).Game
	if g == nil || sq < 0 || sq >= len(g.Props) || !g.EditionData().Squares[sq].Ownable() {
		return card
	}
	prop := g.Props[sq]
	lock := ""
	if prop.Mortgaged {
		lock = " · 🔒"
	}
	if prop.Owner == engine.NoOwner || int(prop.Owner) >= len(rec.Seats) {
		return card + "\n" + b.cat.T(lang, "deed_owner_bank", nil) + lock
	}
	// An alert is plain text: the name unescaped, without its token, and
	// cut short where a long name would not fit.
	name := []rune(rec.Seats[prop.Owner].Name)
	for {
		text := card + "\n" + b.cat.T(lang, "deed_owner", map[string]any{"Player": string(name)}) + lock
		if kit.TextLen(text) <= maxAlert || len(name) <= 1 {
			return text
		}
		name = append(name[:len(name)-2:len(name)-2], '…')
	}
}

// maxAlert is the longest text Telegram shows in an alert.
const maxAlert = 200

// deedButton is the button that shows sq's deed card.
func (b *deeds) deedButton(k *kit.Keyboard, lang string, sq int) kit.Button {
	return k.Btn(b.cat.T(lang, "btn_deed", nil), OpDeed, sq)
}

// groupsPerRow is how many group buttons share a row: the editions' nine
// or ten groups take two rows.
const groupsPerRow = 5

// deedRows are /board's buttons: a button per group (its colour mark),
// or, with open = group + 1, a button per deed of that group for its card
// and one back to the groups. 28 deed buttons in 10 rows pushed the turn
// far up the chat.
func (b *deeds) deedRows(lang string, rec *kit.Record, open int) *kit.Markup {
	ed := Of(rec).Game.EditionData()
	k := &kit.Keyboard{Rec: rec}
	var row []kit.Button
	flush := func(n int) {
		if len(row) == n {
			k.Row(row...)
			row = nil
		}
	}
	if grp := open - 1; grp >= 0 && grp < ed.GroupCount() {
		emoji := b.groupEmoji(lang, rec, grp)
		for _, sq := range ed.Group(grp) {
			row = append(row, k.Btn(emoji+" "+b.text.squareName(lang, rec, sq), OpDeed, sq))
			flush(2)
		}
		k.Row(row...)
		k.Row(k.Btn(b.cat.T(lang, "btn_board_groups", nil), OpBoardGroup, 0))
		return k.Markup()
	}
	for grp := 0; grp < ed.GroupCount(); grp++ {
		row = append(row, k.Btn(b.groupEmoji(lang, rec, grp), OpBoardGroup, grp+1))
		flush(groupsPerRow)
	}
	k.Row(row...)
	return k.Markup()
}

func (b *deeds) groupEmoji(lang string, rec *kit.Record, grp int) string {
	return b.cat.T(lang, fmt.Sprintf("group_emoji_%s_%d", rec.Edition, grp), nil)
}

// renderOwners is the text under /board's picture: who owns what, a line
// per group that has an owner (each owner's share of it, buildings and
// mortgages), the groups nobody owns in one line, and what the buttons do.
func (b *deeds) renderOwners(lang string, rec *kit.Record) string {
	return b.renderOwnersFinal(lang, rec) + "\n\n" + b.cat.T(lang, "board_groups_hint", nil)
}

// renderOwnersFinal is renderOwners without the buttons' hint: the text a
// /board message keeps when its buttons go.
func (b *deeds) renderOwnersFinal(lang string, rec *kit.Record) string {
	g := Of(rec).Game
	ed := g.EditionData()
	lines := []string{b.cat.T(lang, "board_owners_title", nil)}
	var unowned []string
	for grp := 0; grp < ed.GroupCount(); grp++ {
		deeds := ed.Group(grp)
		type share struct{ deeds, houses, hotels, mortgaged int }
		shares := map[engine.PlayerID]*share{}
		var order []engine.PlayerID
		for _, sq := range deeds {
			prop := g.Props[sq]
			if prop.Owner == engine.NoOwner {
				continue
			}
			s := shares[prop.Owner]
			if s == nil {
				s = &share{}
				shares[prop.Owner] = s
				order = append(order, prop.Owner)
			}
			s.deeds++
			switch {
			case prop.Buildings == engine.Hotel:
				s.hotels++
			case prop.Buildings > 0:
				s.houses += int(prop.Buildings)
			}
			if prop.Mortgaged {
				s.mortgaged++
			}
		}
		if len(order) == 0 {
			unowned = append(unowned, b.groupEmoji(lang, rec, grp))
			continue
		}
		slices.Sort(order)
		parts := make([]string, len(order))
		for i, owner := range order {
			s := shares[owner]
			part := b.cat.T(lang, "board_owner_share", map[string]any{
				"Player": kit.SeatName(rec, owner), "N": s.deeds, "Max": len(deeds)})
			if s.houses > 0 {
				part += " " + buildingIcon(rec.Edition, false) + "×" + strconv.Itoa(s.houses)
			}
			if s.hotels > 0 {
				part += " " + buildingIcon(rec.Edition, true) + "×" + strconv.Itoa(s.hotels)
			}
			if s.mortgaged > 0 {
				part += " 🔒×" + strconv.Itoa(s.mortgaged)
			}
			parts[i] = part
		}
		lines = append(lines, b.groupEmoji(lang, rec, grp)+" "+
			b.cat.T(lang, fmt.Sprintf("group_%s_%d", rec.Edition, grp), nil)+": "+strings.Join(parts, "; "))
	}
	if len(unowned) > 0 {
		lines = append(lines, b.cat.T(lang, "board_groups_unowned", map[string]any{"Items": strings.Join(unowned, " ")}))
	}
	return strings.Join(lines, "\n")
}

// maxCaption is Telegram's limit for a photo's caption: UTF-16 units
// after entity parsing (captionLen).
const maxCaption = 1024

// ownersCaption is who owns what as /board's picture's caption, and
// whether all of it fits: with the buttons' hint, else without it (six
// players who split every group take up to about 1 000 units); when
// neither fits, the list cut at a line (fitCaption) — /board then gives
// the list a message of its own, but a caption sent when it fitted must
// stay within the limit as the game goes on.
func (b *deeds) ownersCaption(lang string, rec *kit.Record) (string, bool) {
	if text := b.renderOwners(lang, rec); captionLen(text) <= maxCaption {
		return text, true
	}
	text := b.renderOwnersFinal(lang, rec)
	if captionLen(text) <= maxCaption {
		return text, true
	}
	return fitCaption(text), false
}

// fitCaption cuts text to a caption's limit at a line's end, marking the
// cut.
func fitCaption(text string) string {
	if captionLen(text) <= maxCaption {
		return text
	}
	lines := strings.Split(text, "\n")
	for len(lines) > 1 && captionLen(strings.Join(lines, "\n")+"\n…") > maxCaption {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n") + "\n…"
}

// captionLen is text's length as Telegram counts a caption's: UTF-16
// units after HTML entity parsing (tags gone, an entity one character).
func captionLen(text string) int {
	return kit.TextLen(strings.TrimSpace(html.UnescapeString(htmlTag.ReplaceAllString(text, ""))))
}

var htmlTag = regexp.MustCompile(`<[^>]*>`)

// finalizeDeeds gives the record's /board message text as its final
// content: its caption when it is the picture.
func (b *deeds) finalizeDeeds(c *kit.Change, text string) {
	rec := c.Rec
	if Of(rec).DeedsPhoto {
		c.FinalizeCaption(deedsPictureSlot(rec.ID), Of(rec).DeedsMsg, fitCaption(text))
		return
	}
	c.Finalize(deedsSlot(rec.ID), Of(rec).DeedsMsg, text)
}

// deedToast is the card of a deed the trade composer's press just put
// into the offer, for a toast: what it is worth, as it joins the offer;
// "" for any other press.
func (b *deeds) deedToast(lang string, rec *kit.Record, user int64, press kit.Press) string {
	if press.Op != OpTrGive && press.Op != OpTrTake || rec == nil || Of(rec).Drafts[user] == nil {
		return ""
	}
	tr := Of(rec).Drafts[user].Trade
	if !slices.Contains(tr.GiveDeeds, press.Arg) && !slices.Contains(tr.TakeDeeds, press.Arg) {
		return ""
	}
	return b.deedCard(lang, rec, press.Arg)
}

// deedText is a deed card of the edition short enough for a callback
// alert (≤ 200).
func (b *deeds) deedText(lang, edition string, sq int) string {
	ed := engine.EditionByID(edition)
	if ed == nil {
		ed = engine.EditionByID(engine.Classic) // records from before editions
	}
	if sq < 0 || sq >= len(ed.Squares) || !ed.Squares[sq].Ownable() {
		return b.cat.T(lang, "alert_outdated", nil)
	}
	s := ed.Squares[sq]
	data := map[string]any{"Name": b.cat.T(lang, fmt.Sprintf("sq_%s_%d", ed.ID, sq), nil),
		"Price": b.cat.MoneyOf(lang, ed.ID, s.Price), "Mortgage": b.cat.MoneyOf(lang, ed.ID, s.Mortgage),
		"House": b.cat.MoneyOf(lang, ed.ID, s.HouseCost)}
	rents := func(n int) string {
		r := make([]string, n)
		for i, v := range s.Rent[:n] {
			r[i] = strconv.Itoa(v)
			if EditionScale(ed) > 1 {
				r[i] = b.cat.MoneyOf(lang, ed.ID, v) // thousands need their grouping
			}
		}
		return strings.Join(r, "/")
	}
	switch s.Kind {
	case engine.SquareStreet:
		data["Rents"] = rents(6)
		return b.cat.T(lang, b.cat.ForEdition(lang, ed.ID, "deed_street"), data)
	case engine.SquarePort:
		data["Rents"] = rents(4)
		return b.cat.T(lang, b.cat.ForEdition(lang, ed.ID, "deed_port"), data)
	}
	data["One"], data["Both"] = s.Rent[0], s.Rent[1]
	return b.cat.T(lang, "deed_utility", data)
}
