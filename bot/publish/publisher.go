package publish

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/commit"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/outbox"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Host is the chat layer as showing a change asks it (package bot).
type Host interface {
	// Compose adds to c what the chat layer shows of a committed change
	// after its replies: the lobby (c.Lobby), the kind's Show while the
	// game is played, the votes a game's end closes and the finished
	// reminder, in that order. c.Rec may be nil (a change of settings).
	Compose(c *kit.Change, lang string)
	// Show is the kind's Show alone, asked of a copy of a change about to
	// be stored for the closing messages it will add (Owed).
	Show(c *kit.Change, lang string)
	// RematchKeyboard is the button under a game's last closing message.
	RematchKeyboard(lang string, rec *kit.Record) *kit.Markup
}

// Outbox is the part of the outbox (bot/outbox.Outbox) a change's showing
// queues into, with Telegram's keyboards.
type Outbox interface {
	Send(chat int64, text string, kb *tgbotapi.InlineKeyboardMarkup)
	SendKept(chat int64, seq uint64, text string, kb *tgbotapi.InlineKeyboardMarkup)
	Put(chat int64, slot string, known int, text string, kb *tgbotapi.InlineKeyboardMarkup)
	PutContent(chat int64, slot string, known int, c outbox.Content, attach, awaited bool)
	PutPrivate(user int64, slot string, known int, text string, kb *tgbotapi.InlineKeyboardMarkup, awaited bool, delivered, undelivered func())
	Frames(chat int64, slot string, known int, texts []string)
	Remove(chat int64, slot string, known int)
	Pause(chat int64)
}

// Telegram is what is called directly, apart from the outbox: answers to
// presses whose private message's outcome is known (reached). A Telegram
// that is also an InlineEditor edits messages posted through inline mode.
type Telegram interface {
	AnswerCallback(ctx context.Context, id, text string, alert bool) error
}

// InlineEditor edits a message a person posted through inline mode
// (bot.InlineMessenger has it).
type InlineEditor interface {
	EditInline(ctx context.Context, chat int64, inlineMessageID, text string, kb *tgbotapi.InlineKeyboardMarkup) error
}

// Options are a Publisher's collaborators.
type Options struct {
	Out      Outbox
	Commit   *commit.Path // locks, Later, and the changes that pause a chat or remember an id
	Store    *storage.Store
	Telegram Telegram
	Logger   *slog.Logger // slog.Default if nil
	// Survive runs fn, logging a panic instead of stopping the process
	// (bot/recover.go); it runs fn plainly if nil.
	Survive func(chat int64, what string, fn func()) bool
}

// Publisher shows committed changes (Finish) and keeps what delivery owes
// them.
type Publisher struct {
	host    Host
	out     Outbox
	path    *commit.Path
	store   *storage.Store
	tg      Telegram
	log     *slog.Logger
	survive func(chat int64, what string, fn func()) bool

	// Calls to Telegram made after a change, apart from its lane (Detach).
	detached sync.WaitGroup
	running  atomic.Int32
}

// New is a Publisher over host.
func New(host Host, o Options) *Publisher {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Survive == nil {
		o.Survive = func(_ int64, _ string, fn func()) bool { fn(); return true }
	}
	return &Publisher{host: host, out: o.Out, path: o.Commit, store: o.Store, tg: o.Telegram, log: o.Logger, survive: o.Survive}
}
