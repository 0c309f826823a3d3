package bot

import (
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// TestOnlineBackup: the running bot writes backups on a timer and on
// SIGUSR1 while it holds the database; each opens as a database with the
// game in it, and only the newest BackupKeep stay.
func TestOnlineBackup(t *testing.T) {
	// Not parallel: it signals the whole test process (SIGUSR1), which
	// every running bot with a backup directory would answer.
	dir := filepath.Join(t.TempDir(), "backups")
	h := newHarnessWith(t, 7, nil, func(c *AppConfig) {
		c.BackupDir, c.BackupEvery, c.BackupKeep = dir, 100*time.Millisecond, 2
	})
	h.StartGame()
	backups := func() []string {
		m, _ := filepath.Glob(filepath.Join(dir, backupPrefix+"*"+backupSuffix))
		return m
	}
	var first []string
	if !h.API.WaitFor(func() bool { first = backups(); return len(first) == 2 }, 5*time.Second) {
		t.Fatalf("backups: %v", backups())
	}
	// More are written and the oldest pruned: wait until the newest of
	// those two was overtaken twice (names sort by time).
	if !h.API.WaitFor(func() bool {
		now := backups()
		return len(now) >= 2 && now[len(now)-2] > first[1]
	}, 5*time.Second) {
		t.Fatalf("no backups after %v: %v", first, backups())
	}
	// Count once the bot has stopped: while it runs a new copy may be
	// renamed into place a moment before the oldest is pruned.
	h.Stop()
	if n := len(backups()); n != 2 {
		t.Fatalf("%d backups kept, want 2", n)
	}
	// SIGUSR1 asks for one now.
	h.tune = func(c *AppConfig) { c.BackupDir, c.BackupKeep = dir, 10 }
	h.Start()
	before := len(backups())
	if err := syscall.Kill(os.Getpid(), syscall.SIGUSR1); err != nil {
		t.Fatal(err)
	}
	if !h.API.WaitFor(func() bool { return len(backups()) == before+1 }, 5*time.Second) {
		t.Fatal("no backup on SIGUSR1")
	}
	all := backups()
	s, err := storage.Open(all[len(all)-1], storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	err = s.View(func(tx *storage.Tx) error {
		if _, ok := tx.Game(testChat); !ok {
			t.Error("the backup has no game")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestTokenNeverLogged: with debug logs on and every kind of failure
// (dropped connections, 5xx, 4xx, 403, migration), no log line carries the
// bot's token.
func TestTokenNeverLogged(t *testing.T) {
	t.Parallel()
	bottest.InBubble(t, func(t *testing.T) {
		const token = "987654:SECRET-token-AAE_never_log_me"
		var logs bottest.SyncBuffer
		h := newHarnessWith(t, 7, nil, func(c *AppConfig) {
			c.Token = token
			c.Logger = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
			c.Client.Backoff, c.Client.MaxBackoff = time.Millisecond, 5*time.Millisecond
		})
		h.StartGame()
		h.API.FailNext("getUpdates", 2, fakeapi.ErrorResponse{Hangup: true})
		h.API.FailNext("editMessageText", 4, fakeapi.ErrorResponse{Hangup: true})
		h.pressIn(testChat, board.OpRoll)
		h.API.FailNext("editMessageText", 4, fakeapi.ErrorResponse{Code: 502})
		h.pressIn(testChat, firstOp(h, testChat))
		h.API.FailNext("answerCallbackQuery", 1, fakeapi.ErrorResponse{Hangup: true})
		h.API.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 400, Description: "Bad Request: can't parse entities"})
		h.Say(h.Users[0], "/help")
		h.API.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 403})
		h.Say(h.Users[0], "/help")
		h.Stop()
		out := logs.String()
		if !strings.Contains(out, "retrying") {
			t.Fatalf("the failures were not logged; the test proves nothing:\n%s", out)
		}
		for _, secret := range []string{token, "SECRET-token", strings.Split(token, ":")[1]} {
			if strings.Contains(out, secret) {
				t.Fatalf("the token appears in the logs:\n%s", out)
			}
		}
	})
}
