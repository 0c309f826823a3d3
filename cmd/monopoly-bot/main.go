// Command monopoly-bot runs the Telegram bot that hosts Monopoly games in
// group chats. Configuration comes from the environment:
//
//	TELEGRAM_BOT_TOKEN     the bot's token from @BotFather (required)
//	TELEGRAM_API_ENDPOINT  a Bot API endpoint format string, e.g. http://localhost:8081/bot%s/%s (optional)
//	MONOPOLY_DB            the bbolt database file (default ./monopoly.db)
//	LOG_LEVEL              debug, info, warn or error (default info)
//	MONOPOLY_BACKUP_DIR    where the running bot writes online backups (on SIGUSR1, and on a timer)
//	MONOPOLY_BACKUP_EVERY  how often, e.g. 6h (default: only on SIGUSR1)
//	MONOPOLY_BACKUP_KEEP   how many backups to keep (default 7)
//	MONOPOLY_EDITION       the edition of chats that never chose one: classic (default), business or lux
//	GOGC, GOMEMLIMIT       Go's garbage collector settings (default here: 400 and 256MiB, see bot/gc.go)
//
// Flags of the same meaning override the environment.
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
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// environment is every variable the bot reads, for -h. TestHelpListsEveryVariable
// checks it against the code.
var environment = []struct{ name, help string }{
	{"TELEGRAM_BOT_TOKEN", "the bot's token from @BotFather (required)"},
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
	if engine.EditionByID(*edition) == nil {
		fmt.Fprintf(stderr, "monopoly-bot: unknown edition %q; the editions are %s\n", *edition, strings.Join(editions(), ", "))
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
	if strings.TrimSpace(*token) == "" {
		fmt.Fprintln(stderr, `monopoly-bot: TELEGRAM_BOT_TOKEN is not set.
Create a bot: open Telegram, talk to @BotFather, send /newbot and follow the steps;
it answers with a token like 123456789:AAE... Then run:
    TELEGRAM_BOT_TOKEN=<token> go run ./cmd/monopoly-bot`)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := bot.Run(ctx, bot.AppConfig{Token: *token, Endpoint: *endpoint, DBPath: *db, Logger: log,
		BackupDir: *backupDir, BackupEvery: *backupEvery, BackupKeep: *backupKeep, Edition: *edition})
	switch {
	case errors.Is(err, storage.ErrLocked):
		fmt.Fprintf(stderr, "monopoly-bot: the database %s is in use by another running instance; stop it first.\n", *db)
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "monopoly-bot: %v\n", err)
		return 1
	}
	return 0
}

// editions are the engine's editions, sorted for -h and errors.
func editions() []string {
	ids := engine.Editions()
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
