package bottest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Tests that kill the bot (SIGKILL, no goodbye) run it as a child process:
// the test binary itself, started again to run only its package's
// TestHelperProcess, which calls RunChild.

// ChildRun runs the bot until ctx ends against the fake Bot API at
// endpoint, on db, with Telegram's own limits if telegramLimits.
type ChildRun func(ctx context.Context, endpoint, db string, telegramLimits bool) error

// RunChild is the body of a package's TestHelperProcess: in a child
// started by StartChild it runs the bot until SIGTERM and exits with its
// result; in a normal test run it skips.
func RunChild(t *testing.T, run ChildRun) {
	if os.Getenv("MONOPOLY_TEST_CHILD") != "1" {
		t.Skip("the bot of a test that kills it (StartChild)")
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	if err := run(ctx, os.Getenv("MONOPOLY_TEST_ENDPOINT"), os.Getenv("MONOPOLY_TEST_DB"), os.Getenv("MONOPOLY_TEST_LIMITS") == "telegram"); err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		os.Exit(1)
	}
	os.Exit(0)
}

// ChildWithTelegramLimits is StartChild's env for a bot that keeps
// Telegram's own limits.
const ChildWithTelegramLimits = "MONOPOLY_TEST_LIMITS=telegram"

// StartChild starts the bot as a child process (the package's
// TestHelperProcess) on db against api, with env added to its environment;
// the test's cleanup kills it if it still runs.
func StartChild(t *testing.T, api *fakeapi.Server, db string, env ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
	cmd.Env = append(os.Environ(), "MONOPOLY_TEST_CHILD=1", "MONOPOLY_TEST_ENDPOINT="+api.Endpoint(), "MONOPOLY_TEST_DB="+db)
	cmd.Env = append(cmd.Env, env...)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	return cmd
}

// LoggedActions counts the entries of Chat's action log in the database a
// stopped bot left, and fails the test for any press that was refused with
// an alert.
func LoggedActions(t *testing.T, api *fakeapi.Server, db string) int {
	t.Helper()
	store, err := storage.Open(db, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	entries := 0
	err = store.View(func(tx *storage.Tx) error {
		return tx.Log(Chat, 1, func(uint64, []byte) error { entries++; return nil })
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range api.CallbackAnswers() {
		if a.ShowAlert {
			t.Errorf("a press was refused: %s %q", a.ID, a.Text)
		}
	}
	return entries
}

// LastButton is the message and data of Chat's newest button with op.
func LastButton(api *fakeapi.Server, op kit.Op) (msg int, data string, ok bool) {
	msgs := api.Messages(Chat)
	for i := len(msgs) - 1; i >= 0; i-- {
		for _, row := range msgs[i].Keyboard {
			for _, b := range row {
				if p, err := kit.ParsePress(b.Data); err == nil && p.Op == op {
					return msgs[i].ID, b.Data, true
				}
			}
		}
	}
	return 0, "", false
}
