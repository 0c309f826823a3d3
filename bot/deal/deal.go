package deal

import (
	"log/slog"
	"sync"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// Name is Monopoly Deal's kind (kit.Record.Kind) and its edition's id.
const Name = "deal"

// Players a Deal game takes.
const (
	MinPlayers = 2
	MaxPlayers = 5
)

// Kind is Monopoly Deal as a kind of game the chat layer hosts. Its state
// is kit.Record.Deal, its buttons Ops. Kind is the chat layer's entry
// (kind.go, settings.go; presses, private.go; inline mode, inline.go): it
// keeps the record's bookkeeping and hands play, texts and hands to the
// parts below, sharing one core.
type Kind struct{ *core }

// core is what every part of Deal's code shares: the host, the catalog,
// the config, the people of the running games, and the parts by name.
type core struct {
	host kit.Host
	out  kit.Outbox
	cat  *locales.Catalog
	cfg  Config
	log  *slog.Logger
	// players are the people of the running games by the group they play
	// in (user id → group chat id): an inline query names no chat.
	players sync.Map

	play *plays // actions applied, computer seats, leaving
	text *texts // the table, hands' texts, cards and stakes
	hand *hands // the private hands and the inline hand
}

// The parts of Deal's code, each over the shared core.
type (
	// plays applies actions and absorbs their events, plays computer
	// seats and lets a seat leave (kind.go, seats.go, leave.go).
	plays struct{ *core }
	// texts renders the table, a hand, cards and stakes for people
	// (render.go, hand.go, stake.go).
	texts struct{ *core }
	// hands is a person's hand in their private chat and in inline mode
	// (private.go, inline.go).
	hands struct{ *core }
)

// Config is what the kind needs to know of the bot.
type Config struct {
	Now      func() time.Time
	Username string // the bot's @username, for the link to the private chat
	Logger   *slog.Logger
}

// New makes the Deal kind for a host.
func New(host kit.Host, out kit.Outbox, cat *locales.Catalog, cfg Config) *Kind {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return (&core{host: host, out: out, cat: cat, cfg: cfg, log: cfg.Logger}).wire()
}

// wire gives the core its parts, and the chat layer its Kind.
func (c *core) wire() *Kind {
	c.play, c.text, c.hand = &plays{c}, &texts{c}, &hands{c}
	return &Kind{c}
}

// The hand's buttons, pressed in a person's private chat: their data names
// the group (WithChat) and carries the hand's key instead of a revision.
const (
	OpCard kit.Op = "nc" // show the ways to play hand card (argument)
	OpAct  kit.Op = "na" // take the action at this index of the hand's choices
	OpTake kit.Op = "nf" // a Forced Deal takes this card; the card given follows
	OpBack kit.Op = "nb" // back to the whole hand
	OpMark kit.Op = "nt" // add or remove a card of the payment
	OpPay  kit.Op = "ny" // pay with the cards chosen
)

// Ops are Deal's buttons and the shape of their data.
var Ops = map[kit.Op]kit.OpShape{
	OpCard: kit.WithChat, OpAct: kit.WithChat, OpTake: kit.WithChat, OpBack: kit.WithChat,
	OpMark: kit.WithChat, OpPay: kit.WithChat,
	OpLeaveYes: kit.WithArg, OpLeaveNo: kit.Plain, // in the group (leave.go)
}

func init() {
	for op, shape := range Ops {
		kit.RegisterOp(op, shape)
	}
}

// The question's buttons, in the group: the letters and shapes of the
// board's /leave question.
const (
	OpLeaveYes kit.Op = "qy" // /leave confirmed by the seat in the argument
	OpLeaveNo  kit.Op = "qn" // /leave cancelled
)

func (k *core) t(lang, id string, data map[string]any) string { return k.cat.T(lang, id, data) }
