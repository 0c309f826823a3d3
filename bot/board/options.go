package board

import (
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// Options are the board games' own part of a chat's options
// (kit.ChatOptions.Part): the engine rules the chat chose — its house
// rules, starting cash and stake cap —, stored as "rules" after the pace,
// where they always were. They are chosen for the chat's edition (the
// cash is in its money), so another edition drops them.
type Options struct {
	Rules *engine.Rules `json:"rules,omitempty"`
}

func init() {
	kit.RegisterOptions(kit.OptionsPart{Kind: Name, After: "pace", PerEdition: true, New: func() any { return new(Options) }, Keys: []string{"rules"}})
}

// RulesIn are the engine rules o chose (nil: none, the operator's or the
// edition's apply).
func RulesIn(o *kit.ChatOptions) *engine.Rules {
	var p Options
	if !o.Part(Name, &p) {
		return nil
	}
	return p.Rules
}

// SetRules makes r the engine rules o chose (nil: none).
func SetRules(o *kit.ChatOptions, r *engine.Rules) {
	if err := o.SetPart(Name, Options{Rules: r}); err != nil {
		panic(err) // registered in init; the rules always encode
	}
}

// EditionOf is the board edition o chooses: classic for none, or for
// another kind's.
func EditionOf(o *kit.ChatOptions) *engine.Edition {
	if o != nil && o.Edition != "" {
		if ed := engine.EditionByID(o.Edition); ed != nil {
			return ed
		}
	}
	return engine.EditionByID(engine.Classic)
}

// RulesOf are the engine rules a game with options o plays: the chat's
// own, else the operator's (Config.Defaults, MONOPOLY_* settings), else
// the edition's.
func (b *core) RulesOf(o *kit.ChatOptions) engine.Rules {
	if r := RulesIn(o); r != nil {
		return *r
	}
	if r := RulesIn(&b.cfg.Defaults); r != nil {
		return *r
	}
	return EditionOf(o).Rules
}
