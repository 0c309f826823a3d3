package bot

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/monopoly-tg/monopoly-bot/storage"
)

// backupPrefix and backupSuffix frame the names of online backups:
// monopoly-20060102T150405.000Z.db, so their names sort by time.
const (
	backupPrefix = "monopoly-"
	backupSuffix = ".db"
)

// WriteBackup writes a consistent copy of the running bot's database into
// dir (a bbolt read transaction's WriteTo: writers are not blocked) and
// keeps the newest keep copies (all if keep <= 0). The copy appears under
// its final name only once complete and synced.
func WriteBackup(store *storage.Store, dir string, keep int, now time.Time) (string, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	name := filepath.Join(dir, backupPrefix+now.UTC().Format("20060102T150405.000Z")+backupSuffix)
	f, err := os.CreateTemp(dir, ".backup-*")
	if err != nil {
		return "", err
	}
	tmp := f.Name()
	defer os.Remove(tmp) // after a successful rename this finds nothing
	if _, err := store.Backup(f); err != nil {
		f.Close()
		return "", fmt.Errorf("backup: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return "", err
	}
	if err := f.Close(); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, name); err != nil {
		return "", err
	}
	if keep > 0 {
		entries, _ := os.ReadDir(dir)
		var olds []string
		for _, e := range entries {
			if n := e.Name(); strings.HasPrefix(n, backupPrefix) && strings.HasSuffix(n, backupSuffix) {
				olds = append(olds, n)
			}
		}
		slices.Sort(olds)
		for len(olds) > keep {
			_ = os.Remove(filepath.Join(dir, olds[0]))
			olds = olds[1:]
		}
	}
	return name, nil
}

// backupSignals subscribes to SIGUSR1 for runBackups.
func backupSignals() chan os.Signal {
	usr1 := make(chan os.Signal, 1)
	signal.Notify(usr1, syscall.SIGUSR1)
	return usr1
}

// runBackups writes a backup every `every` (if > 0) and on SIGUSR1, until
// ctx ends.
//
// The SIGUSR1 subscription is made before the goroutine starts (see
// backupSignals), so a signal sent as soon as Run reports ready is not lost.
func runBackups(ctx context.Context, usr1 chan os.Signal, store *storage.Store, dir string, every time.Duration, keep int, log *slog.Logger) {
	defer signal.Stop(usr1)
	var tick <-chan time.Time
	if every > 0 {
		t := time.NewTicker(every)
		defer t.Stop()
		tick = t.C
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick:
		case <-usr1:
		}
		start := time.Now()
		path, err := WriteBackup(store, dir, keep, start)
		if err != nil {
			log.Error("online backup failed", "dir", dir, "err", err)
			continue
		}
		log.Info("online backup written", "file", path, "took", time.Since(start))
	}
}
