package bot

import (
	"context"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/settings"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// The kinds of game the bot hosts, registered here and nowhere else: each
// once, in order (the order of their editions in /settings, of the kinds a
// private /start is offered to, and of the choice of the inline kind), with
// its editions, its buttons' ops and how to make it. Adding a kind is one
// package implementing Kind (and any capabilities below it has) and one
// line in registry.
var registry = []kindEntry{
	{board.Name, board.EditionIDs, board.Ops, func(d kindDeps) Kind {
		return board.New(d.host, d.out, d.cat, board.Config{Now: d.cfg.Now, Username: d.cfg.Username, Logger: d.cfg.Logger, Defaults: d.cfg.Defaults})
	}},
	{deal.Name, deal.Editions, deal.Ops, func(d kindDeps) Kind {
		return deal.New(d.host, d.out, d.cat, deal.Config{Now: d.cfg.Now, Username: d.cfg.Username, Logger: d.cfg.Logger})
	}},
}

// kindEntry is one registered kind: its name (Record.Kind), its editions,
// its buttons (kindOps) and its constructor.
type kindEntry struct {
	name     string
	editions func() []string
	ops      map[Op]OpShape
	make     func(kindDeps) Kind
}

// kindDeps are what a kind is made with: the chat layer as kit.Host, the
// outbox, the texts, the bot's settings. No kind holds the transport.
type kindDeps struct {
	host kit.Host
	out  kit.Outbox
	cat  *locales.Catalog
	cfg  Config
}

// kindOrder, kindEditions and kindOps are the registry by name, for the
// codec (its init, bot/callback.go) and /settings, which know no Bot. They
// are package variables, set before any init runs.
var kindOrder, kindEditions, kindOps = indexRegistry(registry)

func indexRegistry(r []kindEntry) (order []string, editions map[string]func() []string, ops map[string]map[Op]OpShape) {
	editions, ops = map[string]func() []string{}, map[string]map[Op]OpShape{}
	for _, e := range r {
		order = append(order, e.name)
		editions[e.name], ops[e.name] = e.editions, e.ops
	}
	return order, editions, ops
}

// The optional capabilities a kind may have beyond Kind, each found once,
// when the kind is registered (capabilitiesOf).
type (
	// settingsKind is what /settings and the lobby ask a kind: what a game
	// of one of its editions (kindEditions) lets a chat choose beyond the
	// chat layer's own settings (kit.Offer: players, starting cash, house
	// rules, stake cap), and its lobby's text. The menu, the lobby's
	// buttons and the lines about the chat's options (the pace, the house
	// rules the offer has) are the chat layer's.
	settingsKind interface {
		Offer(edition string) kit.Offer
		LobbyText(lang string, rec *Record) string
	}
	// optionsKind is the kind's own part of the chat's options in
	// /settings, as the menu declares it (settings.Options). A kind
	// without it offers none of these (offerOf).
	optionsKind = settings.Options
	// rulesKind is what /rules shows for one of a kind's editions: a text
	// and its buttons (the board's: a title and a button per section;
	// Deal's: one text, none).
	rulesKind interface {
		Rules(lang, edition string) (string, *kit.Markup)
	}
	// rulesPager shows the section a /rules button names (kit.OpRules; the
	// argument is the kind's), false for one it never made. The first
	// registered kind that has sections gets the presses (bot/settings/rules.go).
	rulesPager interface {
		RulesPage(lang string, arg int) (string, *kit.Markup, bool)
	}
	// inlineKind answers inline queries and chosen inline results (Monopoly
	// Deal: a player's hand). Neither carries a chat: the kind finds the
	// person's game itself. One kind answers them: the first registered
	// that can (bot/inline.go).
	inlineKind interface {
		InlineQuery(ctx context.Context, q kit.InlineQueryIn)
		ChosenInline(ctx context.Context, updateID int, r kit.ChosenIn)
	}
	// movedKind is a kind with more live messages than Reshow sends anew
	// (the board's open offers): Moved forgets their ids of the old group,
	// so that Repost posts them in the supergroup (bot/migrate.go).
	movedKind interface {
		Moved(c *chatState, lang string)
	}
	// endingKind is a kind whose game-over message says more than its
	// standings (the board's: the winner, the game's length, highlights;
	// bot/rematch.go).
	endingKind interface {
		Ending(lang string, r *Record) string
	}
	// setsKind names the sets a kind's results count (SeatResult.Sets):
	// the board's colour sets, "<edition>:<group>", for /stats' favourite
	// set. A Deal game counts games and wins only (kindLines, bot/stats.go).
	setsKind interface {
		SetName(lang, key string) (string, bool)
	}
	// kindsStats is a kind whose games count apart from the board's
	// (PlayerStats.Kinds) and show on a line of their own in /stats.
	kindsStats interface {
		StatsLine(lang string, played, won int) string
	}
)

// capabilities are a kind's optional capabilities (nil: it has not that
// one).
type capabilities struct {
	settings settingsKind
	options  optionsKind
	rules    rulesKind
	pages    rulesPager
	inline   inlineKind
	moved    movedKind
	ending   endingKind
	sets     setsKind
	stats    kindsStats
}

// capabilitiesOf finds k's capabilities: the one place they are asserted.
func capabilitiesOf(k Kind) *capabilities {
	c := &capabilities{}
	c.settings, _ = k.(settingsKind)
	c.options, _ = k.(optionsKind)
	c.rules, _ = k.(rulesKind)
	c.pages, _ = k.(rulesPager)
	c.inline, _ = k.(inlineKind)
	c.moved, _ = k.(movedKind)
	c.ending, _ = k.(endingKind)
	c.sets, _ = k.(setsKind)
	c.stats, _ = k.(kindsStats)
	return c
}

// hosted are the kinds a Bot hosts: by name, their capabilities, the
// inline kind and the kind whose /rules come in sections.
type hosted struct {
	byName map[string]Kind
	caps   map[Kind]*capabilities
	inline inlineKind // the first registered kind that answers inline queries
	pages  rulesPager // the first registered kind with /rules sections
}

// hostKinds makes the kinds of registry in order and finds their capabilities.
func hostKinds(registry []kindEntry, d kindDeps) hosted {
	h := hosted{byName: map[string]Kind{}, caps: map[Kind]*capabilities{}}
	for _, e := range registry {
		k := e.make(d)
		h.byName[e.name] = k
		c := capabilitiesOf(k)
		h.caps[k] = c
		if h.inline == nil && c.inline != nil {
			h.inline = c.inline
		}
		if h.pages == nil && c.pages != nil {
			h.pages = c.pages
		}
	}
	return h
}

// capsOf are k's capabilities (a kind a test put in by hand is looked at
// now).
func (b *Bot) capsOf(k Kind) *capabilities {
	if c, ok := b.hosted.caps[k]; ok {
		return c
	}
	return capabilitiesOf(k)
}

// The board games and Monopoly Deal are kinds of game; both say what their
// editions offer in /settings, Deal answers inline queries.
var (
	_ Kind         = (*board.Kind)(nil)
	_ Kind         = (*deal.Kind)(nil)
	_ settingsKind = (*board.Kind)(nil)
	_ settingsKind = (*deal.Kind)(nil)
	_ optionsKind  = (*board.Kind)(nil)
	_ optionsKind  = (*deal.Kind)(nil)
	_ inlineKind   = (*deal.Kind)(nil)
	_ rulesKind    = (*deal.Kind)(nil)
	_ rulesKind    = (*board.Kind)(nil)
	_ rulesPager   = (*board.Kind)(nil)
	_ setsKind     = (*board.Kind)(nil)
	_ kindsStats   = (*deal.Kind)(nil)
)
