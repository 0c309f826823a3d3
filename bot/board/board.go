package board

import (
	"context"
	"log/slog"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/boardimg"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// Name is the board games' kind (kit.Record.Kind).
const Name = "board"

// Kind is the board games (every edition of the board engine) as a kind of
// game the chat layer hosts (bot.Kind). Its state is kit.Record.Board, its
// buttons Ops.
type Kind struct {
	host kit.Host
	out  kit.Outbox
	cat  *locales.Catalog
	cfg  Config
	log  *slog.Logger
	pics *pictures // the board's picture (picture.go)
}

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
	return &Kind{host: host, out: out, cat: cat, cfg: cfg, log: cfg.Logger, pics: newPictures(draw)}
}

// The host's services, as the board's code calls them.

func (b *Kind) change(chat int64, updateID int, fn func(c *chatState) error) (*chatState, error) {
	return b.host.Change(chat, updateID, fn)
}

func (b *Kind) changeVia(chat, via int64, updateID int, fn func(c *chatState) error) (*chatState, error) {
	return b.host.ChangeVia(chat, via, updateID, fn)
}

func (b *Kind) pressChange(chat int64, updateID int, q kit.PressIn, p Press, fn func(c *chatState, lang string)) (*chatState, error) {
	return b.host.PressChange(chat, updateID, q, p, fn)
}

func (b *Kind) finish(ctx context.Context, c *chatState, err error, _ string) {
	b.host.Finish(ctx, c, err)
}

func (b *Kind) answer(ctx context.Context, id string, c *chatState, err error) {
	b.host.Answer(ctx, id, c, err)
}

func (b *Kind) rememberMessage(chat int64, game uint64, set func(*Record) bool) {
	b.host.RememberMessage(chat, game, set)
}

func (b *Kind) lock(chat int64) func() { return b.host.Lock(chat) }

func (b *Kind) chatLang(chat int64, userLang string) string { return b.host.ChatLang(chat, userLang) }

// privateLang is the language of a person's private view of the game in
// group (the trade composer): kit.ViewLang — the one their private views
// of the game keep, fixed at the first (changeDraft); until then the
// group's pinned language, else the person's own (their private chat's
// /lang, else Telegram's). The names on the board stay the group's either
// way (Record.WithNames, groupNames).
func (b *Kind) privateLang(group, private int64, userLang string) string {
	rec, err := b.host.Snapshot(group)
	if err != nil {
		rec = nil
	}
	return kit.ViewLang(rec, private, b.host.Settings(group), b.host.Settings(private), userLang)
}

// groupNames is the language the group sees the board's names in.
func (b *Kind) groupNames(group int64) string { return b.chatLang(group, "") }

func (b *Kind) seed() uint64 { return b.host.Seed() }

// kit's types, as the board's code names them.
type (
	Record      = kit.Record
	Seat        = kit.Seat
	Settings    = kit.Settings
	ChatOptions = kit.ChatOptions
	Press       = kit.Press
	Op          = kit.Op
	OpShape     = kit.OpShape
	Pending     = kit.Pending
	SeatResult  = kit.SeatResult
	chatState   = kit.Change
)

const (
	Plain         = kit.Plain
	WithArg       = kit.WithArg
	WithChat      = kit.WithChat
	StatusPlaying = kit.StatusPlaying
)

// The board's state in the record (bot/board/state).
type (
	Draft     = state.Draft
	Offer     = state.Offer
	OfferEdit = state.OfferEdit
	View      = state.View
)

const (
	menuBuild    = state.MenuBuild
	menuGroup    = state.MenuGroup
	menuMortgage = state.MenuMortgage
	menuBankrupt = state.MenuBankrupt
)
