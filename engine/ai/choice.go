package ai

import "github.com/monopoly-tg/monopoly-bot/engine"

// choice is a decision as it travels inside this package, from the
// decision that makes it up to Decide and Step: the action's kind and its
// one argument. An engine.Action has six fields, too many for the compiler
// to keep in registers: returned from call to call it was spilled to the
// stack in narrow words and copied on in wide ones, which stalls the
// processor's store forwarding at every level (several per cent of a
// simulated turn). A choice has three and stays in registers.
type choice struct {
	kind  engine.ActionKind
	arg   int           // the Square, Amount or TradeID the kind takes
	trade *engine.Trade // the offer of ActProposeTrade
}

// action is the engine's Action for c.
func (c choice) action() engine.Action {
	switch c.kind {
	case engine.ActBid, engine.ActStake:
		return engine.Action{Kind: c.kind, Amount: c.arg}
	case engine.ActAcceptTrade, engine.ActRejectTrade, engine.ActCancelTrade:
		return engine.Action{Kind: c.kind, TradeID: c.arg}
	}
	return engine.Action{Kind: c.kind, Square: c.arg, Trade: c.trade}
}
