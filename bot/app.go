package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// AppConfig is everything Run needs. Zero values mean the defaults.
type AppConfig struct {
	Token    string
	Endpoint string // tgbotapi endpoint format string; "" for Telegram's own
	DBPath   string
	Logger   *slog.Logger

	// Tuning, mostly for tests.
	LockTimeout    time.Duration          // waiting for the database file lock (3 s)
	PollTimeout    time.Duration          // long-poll wait (30 s)
	AuctionSilence time.Duration          // if set, replaces every pace's bid window (tests)
	TimerTick      time.Duration          // how often deadlines are checked (1 s)
	Client         telegram.ClientOptions // rate limits and retries
	Defaults       kit.ChatOptions        // the kinds' parts of the options of chats that chose none (the board's rules: board.SetRules)
	Edition        string                 // the edition of chats that never chose one ("": classic)
	NoSync         bool                   // tests only: skip fsync
	Seed           func() uint64          // tests: seeds of new games
	Now            func() time.Time       // tests: the clock of deadlines
	Presses        telegram.Rate          // button presses per person (4/s); NoLimit: off
	CarryOver      time.Duration          // a turn takes over the closed one while the group's last message is this recent (30 s; negative: only when behind)
	Catalog        *locales.Catalog       // tests: one catalog shared by every bot the process starts (nil: locales.Load)

	// Online backups while the bot runs: every BackupEvery (0: never on a
	// timer) and on SIGUSR1, into BackupDir ("" turns both off), keeping the
	// newest BackupKeep copies (0: 7).
	BackupDir   string
	BackupEvery time.Duration
	BackupKeep  int

	// ShutdownTimeout bounds each stage of a graceful stop: the handlers in
	// flight, then the outbox flush (3 s each).
	ShutdownTimeout time.Duration
	// Ready, if set, is called with the game layer once the bot polls.
	Ready func(*Bot)
}

// Run starts the bot and blocks until ctx ends, then stops gracefully:
// polling stops, work in flight finishes, the offset is stored and the
// database is closed.
func Run(ctx context.Context, cfg AppConfig) error {
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	if cfg.PollTimeout == 0 {
		cfg.PollTimeout = 30 * time.Second
	}
	if cfg.TimerTick == 0 {
		cfg.TimerTick = time.Second
	}
	if cfg.ShutdownTimeout == 0 {
		cfg.ShutdownTimeout = 3 * time.Second
	}
	if cfg.BackupKeep == 0 {
		cfg.BackupKeep = 7
	}
	store, err := storage.Open(cfg.DBPath, storage.Options{LockTimeout: cfg.LockTimeout, NoSync: cfg.NoSync,
		OnRepage: func(from int, err error) {
			if err != nil {
				log.Warn("the database keeps its larger pages: converting it failed; it is used as it was", "page_size", from, "err", err)
				return
			}
			log.Info("the database was converted to smaller pages (a commit writes less)", "from_page_size", from)
		}})
	if err != nil {
		return err
	}
	defer store.Close()
	cat := cfg.Catalog
	if cat == nil {
		if cat, err = locales.Load(); err != nil {
			return err
		}
	}
	api, err := telegram.NewBotAPIOver(cfg.Token, cfg.Endpoint, cfg.PollTimeout+15*time.Second, cfg.Client.Transport)
	if err != nil {
		return err
	}
	if cfg.Client.Logger == nil {
		cfg.Client.Logger = log
	}
	// The flood state a previous process saved binds this one from its
	// first request: NewClient restores it, so it comes before Restore.
	cfg.Client.Flood = store
	client := telegram.NewClient(api, cfg.Client)
	floodCtx, stopFlood := context.WithCancel(context.WithoutCancel(ctx))
	floodDone := make(chan struct{})
	go func() { client.RunFlood(floodCtx); close(floodDone) }()
	defer func() {
		stopFlood()
		<-floodDone
		if err := client.Close(); err != nil {
			log.Warn("saving the flood state", "err", err)
		}
	}()
	b := New(store, client, cat, Config{AuctionSilence: cfg.AuctionSilence, Username: api.Self.UserName, Logger: log, Defaults: cfg.Defaults, Edition: cfg.Edition, Seed: cfg.Seed, Now: cfg.Now, Presses: cfg.Presses, CarryOver: cfg.CarryOver})
	// Only the index of recent chats is read before polling; their records
	// are restored while the bot already serves (restoreChats).
	recent, err := restorer{b}.recentChats()
	if err != nil {
		return fmt.Errorf("restoring deadlines: %w", err)
	}
	// Messages the previous process kept but never saw delivered go first.
	if err := b.publisher.ResendKept(); err != nil {
		return fmt.Errorf("reading kept messages: %w", err)
	}
	registerCommands(ctx, client, cat, log)

	var offset int
	if err := store.View(func(tx *storage.Tx) error { offset = tx.Offset(); return nil }); err != nil {
		return err
	}
	// Handlers get their own context: on shutdown the work in flight
	// finishes instead of being cut off mid-way.
	work, stopWork := context.WithCancel(context.WithoutCancel(ctx))
	defer stopWork()
	disp := telegram.NewDispatcher(work, telegram.HandlerFunc(b.Handle), telegram.DispatcherOptions{
		Start: offset - 1,
		OnWatermark: func(w int) {
			if err := store.Batch(func(tx *storage.Tx) error { return tx.SetOffset(w + 1) }); err != nil {
				log.Warn("storing update offset", "err", err)
			}
		},
		Logger: log,
	})
	// A change stores the offset with its update (one commit for a quiet
	// bot's update); OnWatermark stores what no change carried (updates
	// that changed nothing), and its batch commits nothing when a change
	// has stored the offset already.
	b.offsetWith = disp.OffsetWith
	poller := telegram.NewPoller(api, disp, telegram.PollerOptions{Offset: offset, Timeout: cfg.PollTimeout, Logger: log,
		AllowedUpdates: []string{"message", "callback_query", "my_chat_member", "inline_query", "chosen_inline_result"}, Spool: store})
	timerCtx, stopTimers := context.WithCancel(work)
	restored := make(chan struct{})
	b.restoring.Store(true)
	go func() {
		defer close(restored)
		defer b.restoring.Store(false)
		restorer{b}.restoreChats(timerCtx, recent)
	}()
	timersDone := make(chan struct{})
	go func() { b.RunTimers(timerCtx, cfg.TimerTick); close(timersDone) }()
	backupsDone := make(chan struct{})
	if cfg.BackupDir != "" {
		usr1 := backupSignals()
		go func() {
			runBackups(timerCtx, usr1, store, cfg.BackupDir, cfg.BackupEvery, cfg.BackupKeep, log)
			close(backupsDone)
		}()
	} else {
		close(backupsDone)
	}
	log.Info("bot started", "username", api.Self.UserName, "offset", offset)
	if cfg.Ready != nil {
		cfg.Ready(b)
	}
	perr := poller.Run(ctx)
	stopTimers()
	<-restored
	<-timersDone
	<-backupsDone
	disp.Close()
	done := make(chan struct{})
	go func() { disp.Wait(); b.publisher.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(cfg.ShutdownTimeout):
		log.Warn("handlers did not finish in time; stopping them")
		stopWork()
		<-done
	}
	// What the handlers queued goes out now, within the chats' limits; what
	// cannot wait that long is shown again on the next start (Restore).
	b.out.Close(cfg.ShutdownTimeout)
	if w := disp.Watermark(); w >= offset {
		_ = store.Update(func(tx *storage.Tx) error { return tx.SetOffset(w + 1) })
	}
	log.Info("bot stopped")
	if perr != nil && !errors.Is(perr, context.Canceled) {
		return perr
	}
	return nil
}

// commandNames are the commands shown in Telegram's menu; each has its
// description under "cmd_" + name in the locales.
var commandNames = []string{"newgame", "board", "trade", "stake", "history", "rules", "settings", "stats", "top", "help", "lang",
	"leave", "endgame", "pause", "resume", "kick"}

// registerCommands sets the command menu in every language, and in
// English for everyone else. Failure is not fatal: the commands still work.
func registerCommands(ctx context.Context, c *telegram.Client, cat *locales.Catalog, log *slog.Logger) {
	for _, lang := range append([]string{""}, locales.Languages...) {
		l := lang
		if l == "" {
			l = locales.Default
		}
		var cmds []tgbotapi.BotCommand
		for _, n := range commandNames {
			cmds = append(cmds, tgbotapi.BotCommand{Command: n, Description: cat.T(l, "cmd_"+n, nil)})
		}
		if err := c.SetCommands(ctx, lang, cmds); err != nil {
			log.Warn("registering commands", "lang", lang, "err", err)
		}
	}
}
