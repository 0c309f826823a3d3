package board

import (
	"context"
	"log/slog"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/boardimg"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// Kind is the board games (every edition of the board engine) as a kind of
// game the chat layer hosts (bot.Kind). Its state is kit.Record.Board, its
// buttons Ops. Kind is the chat layer's entry (kind.go; /settings' offer,
// settings.go; /stake, stake.go; a migrated chat, migrate.go): it keeps the
// record's bookkeeping and hands play, texts, trades and pictures to the
// parts below, each a type of its own that a newcomer finds by name,
// sharing one core.
type Kind struct{ *core }

// core is what every part of the board's code shares: the host's services
// (below), the catalog, the config, the picture cache, and the parts
// themselves by name, so that one part asks another (b.text.money,
// b.trade.reconcileOffers).
type core struct {
	host kit.Host
	out  kit.Outbox
	cat  *locales.Catalog
	cfg  Config
	log  *slog.Logger
	pics *pictures // the board's picture cache (picture.go)

	turn    *turns       // play, the turn's keyboard, computer seats, followers, reels
	text    *texts       // the texts: turn, players, events, editions, refusals, history
	auction *auctions    // auctions in a message of their own
	trade   *trades      // offers in the group, the private composer
	deed    *deeds       // deed cards, the owners' message, building menus
	picture *pictureView // the board's picture in the chat
	ending  *endings     // a game's ending and a bankrupt's handover
}

// The parts of the board's code, each over the shared core.
type (
	// turns is play: a press or a command become engine actions, the turn
	// message and its keyboard, computer seats, followers and the casino's
	// reels (play.go, keyboard.go, turn_buttons.go, seats.go, press_keys.go,
	// reels.go, follow.go).
	turns struct{ *core }
	// texts renders the game for people: the turn message, its lines, the
	// players, events, edition words, refusals and history (render.go,
	// turn_lines.go, turn_buy.go, edition.go, refusals.go, history.go).
	texts struct{ *core }
	// auctions runs an auction's message and its bids (auction.go).
	auctions struct{ *core }
	// trades is offers in the group and the private composer (trade*.go).
	trades struct{ *core }
	// deeds is deed cards, the owners' message and building menus (deed.go).
	deeds struct{ *core }
	// pictureView sends and captions the board's picture (picture.go).
	pictureView struct{ *core }
	// endings renders a game's end and what a bankrupt hands over
	// (ending.go, ending_bankrupt.go).
	endings struct{ *core }
)

// Config is what the board games need to know of the bot.
type Config struct {
	Now      func() time.Time
	Username string // the bot's @username, for the trade composer's deep link
	Logger   *slog.Logger
	// Defaults are the operator's options (only the board's part is read:
	// the rules of a chat that chose none, MONOPOLY_* settings).
	Defaults kit.ChatOptions
}

// New makes the board games' kind for a host.
func New(host kit.Host, out kit.Outbox, cat *locales.Catalog, cfg Config) *Kind {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	draw, err := boardimg.New(cat)
	if err != nil { // the fonts are embedded: only a broken build
		cfg.Logger.Error("board pictures disabled", "err", err)
	}
	return (&core{host: host, out: out, cat: cat, cfg: cfg, log: cfg.Logger, pics: newPictures(draw)}).wire()
}

// wire gives the core its parts, and the chat layer its Kind.
func (c *core) wire() *Kind {
	c.turn, c.text, c.auction, c.trade = &turns{c}, &texts{c}, &auctions{c}, &trades{c}
	c.deed, c.picture, c.ending = &deeds{c}, &pictureView{c}, &endings{c}
	return &Kind{c}
}

// The host's services, as the board's code calls them.

func (b *core) change(chat int64, updateID int, fn func(c *kit.Change) error) (*kit.Change, error) {
	return b.host.Change(chat, updateID, fn)
}

func (b *core) changeVia(chat, via int64, updateID int, fn func(c *kit.Change) error) (*kit.Change, error) {
	return b.host.ChangeVia(chat, via, updateID, fn)
}

func (b *core) pressChange(chat int64, updateID int, q kit.PressIn, p kit.Press, fn func(c *kit.Change, lang string)) (*kit.Change, error) {
	return b.host.PressChange(chat, updateID, q, p, fn)
}

func (b *core) finish(ctx context.Context, c *kit.Change, err error, _ string) {
	b.host.Finish(ctx, c, err)
}

func (b *core) answer(ctx context.Context, id string, c *kit.Change, err error) {
	b.host.Answer(ctx, id, c, err)
}

func (b *core) rememberMessage(chat int64, game uint64, set func(*kit.Record) bool) {
	b.host.RememberMessage(chat, game, set)
}

func (b *core) lock(chat int64) func() { return b.host.Lock(chat) }

func (b *core) chatLang(chat int64, userLang string) string { return b.host.ChatLang(chat, userLang) }

// privateLang is the language of a person's private view of the game in
// group (the trade composer): kit.ViewLang — the one their private views
// of the game keep, fixed at the first (changeDraft); until then the
// group's pinned language, else the person's own (their private chat's
// /lang, else Telegram's). The names on the board stay the group's either
// way (Record.WithNames, groupNames).
func (b *core) privateLang(group, private int64, userLang string) string {
	rec, err := b.host.Snapshot(group)
	if err != nil {
		rec = nil
	}
	return kit.ViewLang(rec, private, b.host.Settings(group), b.host.Settings(private), userLang)
}

// groupNames is the language the group sees the board's names in.
func (b *core) groupNames(group int64) string { return b.chatLang(group, "") }

func (b *core) seed() uint64 { return b.host.Seed() }
