package bottest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Tests that kill the bot (SIGKILL, no goodbye) run it as a child process:
// the test binary itself, started again to run only its package's
// TestHelperProcess, which calls RunChild.

// ChildEnv is what a child bot runs with, from the environment StartChild
// gave it.
type ChildEnv struct {
	// Endpoint is the fake Bot API's; DB the bot's database file.
	Endpoint, DB string
	// TelegramSpeed > 0 makes the bot's client keep Telegram's limits at
	// that many times their speed (telegram.LimitsAt; 1 is Telegram's
	// own); with 0 it keeps none (ChildWithTelegramAt).
	TelegramSpeed int
	// TimerTick, unless 0, is how often the bot checks the chats' timers
	// (ChildWithTimerTick).
	TimerTick time.Duration
}

// ChildRun runs the bot until ctx ends as env says.
type ChildRun func(ctx context.Context, env ChildEnv) error

// RunChild is the body of a package's TestHelperProcess: in a child
// started by StartChild it runs the bot until SIGTERM and exits with its
// result; in a normal test run it skips.
func RunChild(t *testing.T, run ChildRun) {
	if os.Getenv("MONOPOLY_TEST_CHILD") != "1" {
		t.Skip("the bot of a test that kills it (StartChild)")
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	env := ChildEnv{Endpoint: os.Getenv("MONOPOLY_TEST_ENDPOINT"), DB: os.Getenv("MONOPOLY_TEST_DB")}
	speed, err := telegramSpeed(os.Getenv("MONOPOLY_TEST_LIMITS"))
	env.TelegramSpeed = speed
	if tick := os.Getenv("MONOPOLY_TEST_TIMER_TICK"); tick != "" && err == nil {
		env.TimerTick, err = time.ParseDuration(tick)
	}
	if err == nil {
		err = run(ctx, env)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		os.Exit(1)
	}
	os.Exit(0)
}

// telegramSpeed reads MONOPOLY_TEST_LIMITS: "" is no limits (0),
// "telegram" Telegram's own (1), "telegram/K" Telegram at K times its
// speed.
func telegramSpeed(env string) (int, error) {
	if env == "" {
		return 0, nil
	}
	if env == "telegram" {
		return 1, nil
	}
	if k, ok := strings.CutPrefix(env, "telegram/"); ok {
		if n, err := strconv.Atoi(k); err == nil && n >= 1 {
			return n, nil
		}
	}
	return 0, fmt.Errorf("MONOPOLY_TEST_LIMITS=%q: want telegram or telegram/K", env)
}

// ChildWithTelegramLimits is StartChild's env for a bot that keeps
// Telegram's own limits.
const ChildWithTelegramLimits = "MONOPOLY_TEST_LIMITS=telegram"

// TelegramSpeed is how many times Telegram's speed a test that kills a
// child with Telegram's limits runs them at: def, or MONOPOLY_TELEGRAM_SPEED
// if set (1 replays the test in Telegram's own time).
func TelegramSpeed(t testing.TB, def int) int {
	env := os.Getenv("MONOPOLY_TELEGRAM_SPEED")
	if env == "" {
		return def
	}
	k, err := strconv.Atoi(env)
	if err != nil || k < 1 {
		t.Fatalf("MONOPOLY_TELEGRAM_SPEED=%q: want a whole number from 1", env)
	}
	return k
}

// ChildWithTelegramAt is StartChild's env for a bot that keeps Telegram's
// limits at k times their speed; its fake Bot API enforces
// fakeapi.TelegramLimitsAt(k).
func ChildWithTelegramAt(k int) string {
	return "MONOPOLY_TEST_LIMITS=telegram/" + strconv.Itoa(k)
}

// ChildWithTimerTick is StartChild's env for a bot that checks the chats'
// timers every d (a second by default, as in production): for a test that
// waits for moves made by the timer, not for the timer itself.
func ChildWithTimerTick(d time.Duration) string {
	return "MONOPOLY_TEST_TIMER_TICK=" + d.String()
}

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

// Child is a bot run as a child process (StartChild) that a test kills
// with SIGKILL and starts again on the same database.
type Child struct {
	T   *testing.T
	API *fakeapi.Server
	// DB is the bot's database file; it outlives the processes.
	DB  string
	env []string
	cmd *exec.Cmd
}

// NewChild is a child bot on a fresh database and a fresh fake Bot API
// (closed when the test ends), with env added to its environment; Start
// starts it. It skips the test under -short: it starts processes.
func NewChild(t *testing.T, env ...string) *Child {
	if testing.Short() {
		t.Skip("starts processes")
	}
	api := fakeapi.New()
	t.Cleanup(api.Close)
	return &Child{T: t, API: api, DB: filepath.Join(t.TempDir(), "monopoly.db"), env: env}
}

// Start starts the bot's process (again, after Kill or Term).
func (c *Child) Start() { c.cmd = StartChild(c.T, c.API, c.DB, c.env...) }

// Kill ends the process with no goodbye: nothing is flushed or saved.
func (c *Child) Kill() {
	c.T.Helper()
	if err := c.cmd.Process.Kill(); err != nil {
		c.T.Fatal(err)
	}
	_ = c.cmd.Wait()
}

// Term stops the process as an operator would; it must exit cleanly.
func (c *Child) Term() {
	c.T.Helper()
	if err := c.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		c.T.Fatal(err)
	}
	if err := c.cmd.Wait(); err != nil {
		c.T.Fatalf("SIGTERM: %v", err)
	}
}

// Wait waits until cond holds, and fails the test (naming what it waited
// for and Chat's last message) if it does not in time: generous, as CI
// runs packages in parallel under -race.
func (c *Child) Wait(what string, cond func() bool) {
	c.T.Helper()
	if !c.API.WaitFor(cond, 60*time.Second) {
		m, _ := c.API.LastMessage(Chat)
		c.T.Fatalf("timed out waiting for %s; last message %q", what, m.Text)
	}
}

// Answered is a condition for Wait: the press pushed as update has its
// answer.
func (c *Child) Answered(update int) func() bool {
	return func() bool {
		_, ok := c.API.AnswerTo(update)
		return ok
	}
}

// WithStore opens the database db, which no running bot holds, calls fn
// with it and closes it; an error of either fails the test.
func WithStore(t testing.TB, db string, fn func(*storage.Store) error) {
	t.Helper()
	store, err := storage.Open(db, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if err := fn(store); err != nil {
		t.Fatal(err)
	}
}

// ViewStored reads the database db, which no running bot holds, in one
// transaction (WithStore).
func ViewStored(t testing.TB, db string, fn func(*storage.Tx) error) {
	t.Helper()
	WithStore(t, db, func(s *storage.Store) error { return s.View(fn) })
}

// UpdateStored writes the database db, which no running bot holds, in one
// transaction (WithStore).
func UpdateStored(t testing.TB, db string, fn func(*storage.Tx) error) {
	t.Helper()
	WithStore(t, db, func(s *storage.Store) error { return s.Update(fn) })
}

// LoggedActions counts the entries of Chat's action log in the database a
// stopped bot left, and fails the test for any press that was refused with
// an alert.
func LoggedActions(t *testing.T, api *fakeapi.Server, db string) int {
	t.Helper()
	entries := 0
	ViewStored(t, db, func(tx *storage.Tx) error {
		return tx.Log(Chat, 1, func(uint64, []byte) error { entries++; return nil })
	})
	for _, a := range api.CallbackAnswers() {
		if a.ShowAlert {
			t.Errorf("a press was refused: %s %q", a.ID, a.Text)
		}
	}
	return entries
}

// Button is a button on screen: its message, data, argument and label.
type Button struct {
	Msg  int
	Data string
	Arg  int
	Text string
}

// LastButton is Chat's newest button with op.
func LastButton(api *fakeapi.Server, op kit.Op) (Button, bool) {
	msgs := api.Messages(Chat)
	for i := len(msgs) - 1; i >= 0; i-- {
		for _, row := range msgs[i].Keyboard {
			for _, b := range row {
				if p, err := kit.ParsePress(b.Data); err == nil && p.Op == op {
					return Button{msgs[i].ID, b.Data, p.Arg, b.Text}, true
				}
			}
		}
	}
	return Button{}, false
}
