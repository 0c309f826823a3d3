package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/playground"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// environment is every variable the bot reads, for -h. TestHelpListsEveryVariable
// checks it against the code.
var environment = []struct{ name, help string }{
	{"TELEGRAM_BOT_TOKEN", "the bot's token from @BotFather (without it: the playground)"},
	{"MONOPOLY_PLAYGROUND", "1: the playground even with a token; 0: never, exit without a token (deployments)"},
	{"TELEGRAM_API_ENDPOINT", "a Bot API endpoint format string, e.g. http://localhost:8081/bot%s/%s"},
	{"MONOPOLY_DB", "the bbolt database file (default ./monopoly.db)"},
	{"LOG_LEVEL", "debug, info, warn or error (default info)"},
	{"MONOPOLY_BACKUP_DIR", "where the running bot writes online backups (on SIGUSR1, and on a timer)"},
	{"MONOPOLY_BACKUP_EVERY", "how often, e.g. 6h (default: only on SIGUSR1)"},
	{"MONOPOLY_BACKUP_KEEP", "how many backups to keep (default 7)"},
	{"MONOPOLY_EDITION", "the edition of chats that never chose one in /settings: " + strings.Join(editions(), ", ") + " (default classic)"},
	{"GOGC", "Go's garbage collector target (default here 400, see bot/gc.go)"},
	{"GOMEMLIMIT", "Go's soft memory limit (default here 256MiB)"},
}

func usage(fs *flag.FlagSet, w io.Writer) func() {
	return func() {
		fmt.Fprintln(w, "Usage: monopoly-bot [flags]\n\nFlags:")
		fs.PrintDefaults()
		fmt.Fprintln(w, "\nEnvironment (a flag of the same meaning wins):")
		for _, e := range environment {
			fmt.Fprintf(w, "  %-22s %s\n", e.name, e.help)
		}
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Getenv, os.Stderr))
}

func run(args []string, getenv func(string) string, stderr *os.File) int {
	fs := flag.NewFlagSet("monopoly-bot", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = usage(fs, stderr)
	token := fs.String("token", getenv("TELEGRAM_BOT_TOKEN"), "bot token from @BotFather (env TELEGRAM_BOT_TOKEN)")
	endpoint := fs.String("endpoint", getenv("TELEGRAM_API_ENDPOINT"), "Bot API endpoint format string (env TELEGRAM_API_ENDPOINT)")
	db := fs.String("db", envOr(getenv, "MONOPOLY_DB", "monopoly.db"), "bbolt database file (env MONOPOLY_DB)")
	level := fs.String("log-level", envOr(getenv, "LOG_LEVEL", "info"), "debug, info, warn or error (env LOG_LEVEL)")
	backup := fs.String("backup", "", "write a consistent copy of the database to this file and exit (stop the bot first: the file is locked while it runs; a running bot backs up online into MONOPOLY_BACKUP_DIR on SIGUSR1)")
	backupDir := fs.String("backup-dir", getenv("MONOPOLY_BACKUP_DIR"), "directory for online backups of the running bot (env MONOPOLY_BACKUP_DIR)")
	backupEvery := fs.Duration("backup-every", 0, "online backup interval, e.g. 6h (env MONOPOLY_BACKUP_EVERY)")
	backupKeep := fs.Int("backup-keep", 0, "online backups kept (env MONOPOLY_BACKUP_KEEP, default 7)")
	edition := fs.String("edition", envOr(getenv, "MONOPOLY_EDITION", engine.Classic), "the edition of chats that never chose one in /settings (env MONOPOLY_EDITION)")
	play := fs.Bool("playground", false, "play in a web page against a built-in Telegram stand-in (default: when there is no token; env MONOPOLY_PLAYGROUND)")
	port := fs.Int("port", 8080, "the playground page's port on 127.0.0.1")
	people := fs.Int("people", 4, "how many people the playground switches between (2-6)")
	if v := getenv("MONOPOLY_BACKUP_EVERY"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			fmt.Fprintf(stderr, "monopoly-bot: MONOPOLY_BACKUP_EVERY: %v\n", err)
			return 2
		}
		*backupEvery = d
	}
	if v := getenv("MONOPOLY_BACKUP_KEEP"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			fmt.Fprintf(stderr, "monopoly-bot: MONOPOLY_BACKUP_KEEP: %v\n", err)
			return 2
		}
		*backupKeep = n
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if !slices.Contains(bot.Editions(), *edition) {
		fmt.Fprintf(stderr, "monopoly-bot: unknown edition %q; the editions are %s\n", *edition, strings.Join(editions(), ", "))
		return 2
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	wantPlay, err := playgroundWanted(getenv("MONOPOLY_PLAYGROUND"), set["playground"], *play, *token)
	if err != nil {
		fmt.Fprintf(stderr, "monopoly-bot: MONOPOLY_PLAYGROUND: %v\n", err)
		return 2
	}
	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(strings.ToUpper(*level))); err != nil {
		fmt.Fprintf(stderr, "monopoly-bot: unknown LOG_LEVEL %q\n", *level)
		return 2
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: lvl}))
	bot.TuneGC(getenv) // GOGC and GOMEMLIMIT, when set, win
	if *backup != "" {
		return doBackup(*db, *backup, stderr)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if wantPlay {
		if !set["db"] && getenv("MONOPOLY_DB") == "" {
			*db = "playground.db" // a real bot's games stay apart from the playground's
		}
		return runPlayground(ctx, *db, *port, *people, log, stderr)
	}
	if strings.TrimSpace(*token) == "" {
		fmt.Fprintln(stderr, `monopoly-bot: TELEGRAM_BOT_TOKEN is not set.
Create a bot: open Telegram, talk to @BotFather, send /newbot and follow the steps;
it answers with a token like 123456789:AAE... Then run:
    TELEGRAM_BOT_TOKEN=<token> go run ./cmd/monopoly-bot
(MONOPOLY_PLAYGROUND=0 or -playground=false keeps the bot from starting the local playground instead.)`)
		return 2
	}
	err = bot.Run(ctx, bot.AppConfig{Token: *token, Endpoint: *endpoint, DBPath: *db, Logger: log,
		BackupDir: *backupDir, BackupEvery: *backupEvery, BackupKeep: *backupKeep, Edition: *edition})
	return exitCode(err, *db, stderr)
}

// playgroundWanted decides between the real bot and the playground: an
// explicit flag wins over the environment, which wins over the default
// (the playground when there is no token). Deployments say 0, so a
// missing token stops them loudly instead of serving a page nobody sees.
func playgroundWanted(env string, flagSet, flagValue bool, token string) (bool, error) {
	if flagSet {
		return flagValue, nil
	}
	if env != "" {
		return strconv.ParseBool(env)
	}
	return strings.TrimSpace(token) == "", nil
}

func runPlayground(ctx context.Context, db string, port, people int, log *slog.Logger, stderr *os.File) int {
	if people < playground.MinPeople || people > playground.MaxPeople {
		fmt.Fprintf(stderr, "monopoly-bot: -people %d: choose %d to %d\n", people, playground.MinPeople, playground.MaxPeople)
		return 2
	}
	err := playground.Run(ctx, playground.Config{
		Addr: fmt.Sprintf("127.0.0.1:%d", port), DBPath: db, People: people, Logger: log,
		Ready: func(url string) {
			fmt.Fprintf(stderr, "\nThe playground is ready: open %s in a browser.\n"+
				"It is the real bot against a Telegram stand-in on this machine; games are kept in %s. Ctrl+C stops it.\n"+
				"To run on Telegram instead, set TELEGRAM_BOT_TOKEN (see README.md).\n\n", url, db)
		},
	})
	if err != nil && strings.Contains(err.Error(), "address already in use") {
		fmt.Fprintf(stderr, "monopoly-bot: port %d is taken; choose another with -port.\n", port)
		return 1
	}
	return exitCode(err, db, stderr)
}

func exitCode(err error, db string, stderr *os.File) int {
	switch {
	case errors.Is(err, storage.ErrLocked):
		fmt.Fprintf(stderr, "monopoly-bot: the database %s is in use by another running instance; stop it first.\n", db)
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "monopoly-bot: %v\n", err)
		return 1
	}
	return 0
}

// editions are the editions a chat may play (every kind's: the board's
// and Monopoly Deal), sorted for -h and errors.
func editions() []string {
	ids := bot.Editions()
	slices.Sort(ids)
	return ids
}

func envOr(getenv func(string) string, key, def string) string {
	if v := getenv(key); v != "" {
		return v
	}
	return def
}

func doBackup(dbPath, out string, stderr *os.File) int {
	store, err := storage.Open(dbPath, storage.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "monopoly-bot: backup: %v\n", err)
		return 1
	}
	defer store.Close()
	f, err := os.Create(out)
	if err != nil {
		fmt.Fprintf(stderr, "monopoly-bot: backup: %v\n", err)
		return 1
	}
	n, err := store.Backup(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintf(stderr, "monopoly-bot: backup: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "monopoly-bot: wrote %d bytes to %s\n", n, out)
	return 0
}
