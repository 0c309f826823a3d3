package playground

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
)

// MinPeople and MaxPeople bound how many people one switches between.
const (
	MinPeople = 2
	MaxPeople = 6
)

// cast are the people of the playground, in the order the page lists them.
// Names in Cyrillic and one right to left (an Arabic name, so the page's
// bidirectional text is exercised), and the Telegram languages the bot
// speaks, so all three show at once. The first one is the group's admin.
var cast = []fakeapi.User{
	{ID: 1001, FirstName: "Олена", LanguageCode: "uk"},
	{ID: 1002, FirstName: "Дмитрий", LanguageCode: "ru"},
	{ID: 1003, FirstName: "Alice", UserName: "alice", LanguageCode: "en"},
	{ID: 1004, FirstName: "ليلى", LanguageCode: "en"},
	{ID: 1005, FirstName: "Тарас", LanguageCode: "uk"},
	{ID: 1006, FirstName: "Наталья", LanguageCode: "ru"},
}

// People returns the first n people of the playground (n within
// MinPeople..MaxPeople).
func People(n int) []fakeapi.User {
	n = min(max(n, MinPeople), MaxPeople)
	return append([]fakeapi.User(nil), cast[:n]...)
}

// Config is what Run needs. Zero values mean the defaults.
type Config struct {
	Addr   string // where the page is served ("127.0.0.1:8080"); must be a loopback address
	DBPath string // the bot's bbolt file
	People int    // how many people to switch between (4)
	Logger *slog.Logger
	// Ready, if set, is called with the page's address once the page is
	// served and the bot polls.
	Ready func(url string)
	// Limits are the stand-in's flood limits; nil means Telegram's
	// (fakeapi.TelegramLimits). Tests that play fast turn them off, with
	// the bot's own pacing (Tune).
	Limits *fakeapi.Limits
	// Tune, if set, adjusts the bot's configuration (tests: fsync, pacing).
	Tune func(*bot.AppConfig)
}

// Run starts the stand-in, the bot and the page, and blocks until ctx ends
// or the bot stops; then it stops all three.
func Run(ctx context.Context, cfg Config) error {
	if cfg.Addr == "" {
		cfg.Addr = "127.0.0.1:8080"
	}
	if cfg.People == 0 {
		cfg.People = 4
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.People < MinPeople || cfg.People > MaxPeople {
		return fmt.Errorf("playground: %d people; choose %d to %d", cfg.People, MinPeople, MaxPeople)
	}
	host, _, err := net.SplitHostPort(cfg.Addr)
	if err != nil {
		return fmt.Errorf("playground: address %q: %w", cfg.Addr, err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		// The page acts as anyone in the game: it is for this machine only.
		return fmt.Errorf("playground: address %q is not a loopback address", cfg.Addr)
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("playground: %w", err)
	}

	fake := fakeapi.New()
	defer fake.Close()
	limits := fakeapi.TelegramLimits()
	if cfg.Limits != nil {
		limits = *cfg.Limits
	}
	fake.Enforce(limits)
	fake.RequireStart(true)
	// The log of calls feeds the status line's last minute: far fewer than
	// this; older calls are forgotten so a playground left open for days
	// does not grow.
	fake.KeepRequests(10000)
	people := People(cfg.People)
	for _, u := range people {
		fake.AddUser(u)
	}
	fake.SetChatTitle(GroupID, "Monopoly playground")
	fake.SetAdmins(GroupID, people[0].ID)

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	page := &http.Server{
		Handler:           newHandler(fake, people, ln.Addr().String(), limits.GroupPerMinute),
		ReadHeaderTimeout: 10 * time.Second,
		// Streams end with ctx, so Shutdown does not wait for open pages.
		BaseContext: func(net.Listener) context.Context { return ctx },
	}
	served := make(chan error, 1)
	go func() { served <- page.Serve(ln) }()

	url := "http://" + ln.Addr().String() + "/"
	botCfg := bot.AppConfig{
		Token: "0:playground", Endpoint: fake.Endpoint(), DBPath: cfg.DBPath, Logger: cfg.Logger,
		Ready: func(*bot.Bot) {
			if cfg.Ready != nil {
				cfg.Ready(url)
			}
		},
	}
	if cfg.Tune != nil {
		cfg.Tune(&botCfg)
	}
	ran := make(chan error, 1)
	go func() { ran <- bot.Run(ctx, botCfg) }()

	var runErr error
	select {
	case runErr = <-ran:
		cancel()
	case err := <-served:
		cancel()
		runErr = <-ran
		if runErr == nil && !errors.Is(err, http.ErrServerClosed) {
			runErr = fmt.Errorf("playground: serving the page: %w", err)
		}
	case <-ctx.Done():
		runErr = <-ran // the bot flushes its outbox into the stand-in first
	}
	shut, done := context.WithTimeout(context.Background(), 3*time.Second)
	defer done()
	_ = page.Shutdown(shut)
	return runErr
}
