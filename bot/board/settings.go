package board

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// What the board editions offer in /settings (the chat layer builds the
// menu from kit.Offer), their lobby's text, and how their results read in
// /stats.

// HouseRules are the switches of the house rules page, in its order.
var HouseRules = []kit.HouseRule{
	{ID: "auctions"}, {ID: "double_rent"}, {ID: "build_before_roll"}, {ID: "even_building"}, {ID: "jackpot"},
	{ID: "double_salary"}, {ID: "no_rent_in_jail"}, {ID: "random_order"}, {ID: "manual_end"}, {ID: "early_end"},
}

// ruleSwitches are the house rules' switches in a chat's options or in
// the engine rules they choose.
var ruleSwitches = map[string]func(o *kit.ChatOptions, r *engine.Rules) *bool{
	"auctions":          func(_ *kit.ChatOptions, r *engine.Rules) *bool { return &r.Auctions },
	"double_rent":       func(_ *kit.ChatOptions, r *engine.Rules) *bool { return &r.DoubleRentOnSet },
	"build_before_roll": func(_ *kit.ChatOptions, r *engine.Rules) *bool { return &r.BuildBeforeRollOnly },
	"even_building":     func(_ *kit.ChatOptions, r *engine.Rules) *bool { return &r.EvenBuilding },
	"jackpot":           func(_ *kit.ChatOptions, r *engine.Rules) *bool { return &r.FreeParkingJackpot },
	"double_salary":     func(_ *kit.ChatOptions, r *engine.Rules) *bool { return &r.DoubleSalaryOnStart },
	"no_rent_in_jail":   func(_ *kit.ChatOptions, r *engine.Rules) *bool { return &r.NoRentInJail },
	"random_order":      func(o *kit.ChatOptions, _ *engine.Rules) *bool { return &o.RandomOrder },
	"manual_end":        func(o *kit.ChatOptions, _ *engine.Rules) *bool { return &o.ManualEndTurn },
	"early_end":         func(_ *kit.ChatOptions, r *engine.Rules) *bool { return &r.EarlyEndByAgreement },
}

// RuleField is house rule id's switch in o or in r, the rules o chooses
// (nil for an id HouseRules has not): tests compare a game's rules
// switch by switch.
func RuleField(id string, o *kit.ChatOptions, r *engine.Rules) *bool {
	if f, ok := ruleSwitches[id]; ok {
		return f(o, r)
	}
	return nil
}

// defaultBuildsPerTurn is the printgames cap, used when the rule is
// switched on over rules that had no cap.
const defaultBuildsPerTurn = 3

// Chosen is what o chose of the offer: the starting cash, the stake cap
// and the house rules on.
func (b *Kind) Chosen(o *kit.ChatOptions) kit.Chosen {
	oo := kit.ChatOptions{}
	if o != nil {
		oo = *o
	}
	r := b.RulesOf(&oo)
	on := map[string]bool{}
	for _, h := range HouseRules {
		on[h.ID] = *ruleSwitches[h.ID](&oo, &r)
	}
	return kit.Chosen{Cash: r.StartingCash, StakeCap: r.GambleCap, On: on}
}

// SetCash makes o start games with amount (the chat's rules are then its
// own, the edition's or operator's with this cash).
func (b *Kind) SetCash(o *kit.ChatOptions, amount int) {
	if r := b.RulesOf(o); r.StartingCash != amount {
		r.StartingCash = amount
		SetRules(o, &r)
	}
}

// SetStakeCap makes amount the most one may stake (0: no cap).
func (b *Kind) SetStakeCap(o *kit.ChatOptions, amount int) {
	if r := b.RulesOf(o); r.GambleCap != amount {
		r.GambleCap = amount
		SetRules(o, &r)
	}
}

// ToggleRule switches house rule id (a key of HouseRules) in o. The
// chat's rules are then its own, as they are now: a toggle pins them.
func (b *Kind) ToggleRule(o *kit.ChatOptions, id string) {
	field, ok := ruleSwitches[id]
	if !ok {
		return
	}
	r := b.RulesOf(o)
	f := field(o, &r)
	*f = !*f
	if r.BuildBeforeRollOnly && r.BuildsPerTurn <= 0 {
		r.BuildsPerTurn = defaultBuildsPerTurn
	}
	SetRules(o, &r)
}

// RuleName names house rule id (the printgames rule with its cap).
func (b *Kind) RuleName(lang string, o *kit.ChatOptions, id string) string {
	return b.cat.T(lang, "rule_"+id, map[string]any{"N": b.RulesOf(o).BuildsPerTurn})
}

// Money is amount in o's edition's money.
func (b *Kind) Money(lang string, o *kit.ChatOptions, amount int) string {
	return b.cat.MoneyOf(lang, EditionOf(o).ID, amount)
}

// CashPresets are the starting cash and StakeCapPresets the stake caps
// /settings offers, in classic dollars: an edition's presets are scaled to
// its money (EditionScale). A stake cap of 0 is none.
var (
	CashPresets     = []int{1000, 1500, 2000, 2500, 3000, 5000}
	StakeCapPresets = []int{0, 50, 100, 200, 500}
)

// EditionIDs are the board editions in a stable order, classic first (as
// /settings lists them).
func EditionIDs() []string {
	ids := engine.Editions()
	slices.SortFunc(ids, func(a, b string) int {
		switch {
		case a == engine.Classic:
			return -1
		case b == engine.Classic:
			return 1
		}
		return strings.Compare(a, b)
	})
	return ids
}

// Offer is what a game of edition lets a chat choose: its number of
// players (and a lower cap), the starting cash, the house rules, and a
// stake cap where one stakes cash.
func (b *Kind) Offer(edition string) kit.Offer {
	ed := engine.EditionByID(edition)
	if ed == nil {
		ed = engine.EditionByID(engine.Classic)
	}
	scale := EditionScale(ed)
	of := kit.Offer{MinPlayers: ed.MinPlayers, MaxPlayers: ed.MaxPlayers, CapPlayers: true, Bids: true,
		Cash: scaled(CashPresets, scale), Rules: HouseRules}
	if HasStakes(ed) {
		of.StakeCaps = scaled(StakeCapPresets, scale)
	}
	return of
}

func scaled(presets []int, scale int) []int {
	out := make([]int, len(presets))
	for i, v := range presets {
		out[i] = v * scale
	}
	return out
}

// HasStakes: the edition has a square where one stakes cash (the business
// gamble square, the lux casino), so its cap is a setting.
func HasStakes(ed *engine.Edition) bool {
	return slices.ContainsFunc(ed.Squares, func(s engine.Square) bool {
		return s.Kind == engine.SquareGamble || s.Kind == engine.SquareCasino
	})
}

// LobbyText is a board game's lobby message: the edition, its starting
// cash, the seats and what the edition changes (the chat layer adds the
// pace and the house rules).
func (b *Kind) LobbyText(lang string, rec *kit.Record) string {
	ed := EditionOf(rec.Options)
	of := b.Offer(ed.ID)
	names := make([]string, len(rec.Seats))
	for i := range rec.Seats {
		names[i] = kit.SeatName(rec, engine.PlayerID(i))
	}
	return b.cat.T(lang, "lobby_text", map[string]any{
		"Edition": b.cat.T(lang, "edition_"+ed.ID, nil),
		"Players": strings.Join(names, "\n"), "Count": len(rec.Seats), "Max": of.MostPlayers(rec.Options), "Min": of.MinPlayers,
		"Cash": b.cat.MoneyOf(lang, ed.ID, b.RulesOf(rec.Options).StartingCash),
	}) + "\n\n" + b.cat.T(lang, "lobby_about_"+ed.ID, nil)
}

// SetName names a colour set the statistics counted (SeatResult.Sets:
// "<edition>:<group>") with its emoji; false for a set no edition has.
func (b *Kind) SetName(lang, key string) (string, bool) {
	id, g, _ := strings.Cut(key, ":")
	grp, err := strconv.Atoi(g)
	ed := engine.EditionByID(id)
	if err != nil || ed == nil || grp < 0 || grp >= ed.GroupCount() {
		return "", false
	}
	return b.cat.T(lang, fmt.Sprintf("group_emoji_%s_%d", id, grp), nil) + " " + b.cat.T(lang, fmt.Sprintf("group_%s_%d", id, grp), nil), true
}
