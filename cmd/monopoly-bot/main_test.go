package main

import (
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/storage"
)

func capture(t *testing.T, args []string, env map[string]string) (int, string) {
	t.Helper()
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	code := run(args, func(k string) string { return env[k] }, f)
	f.Close()
	out, _ := os.ReadFile(f.Name())
	return code, string(out)
}

// A deployment says it wants no playground (deploy/: the image's
// environment, the systemd unit's flag); without a token it must stop
// loudly, not serve a page on its own loopback.
func TestMissingTokenExplainsBotFather(t *testing.T) {
	for _, c := range []struct {
		args []string
		env  string
	}{{nil, "0"}, {nil, "false"}, {[]string{"-playground=false"}, ""}, {[]string{"-playground=false"}, "1"}} {
		code, out := capture(t, c.args, map[string]string{"MONOPOLY_DB": filepath.Join(t.TempDir(), "x.db"), "MONOPOLY_PLAYGROUND": c.env})
		if code != 2 || !strings.Contains(out, "@BotFather") || !strings.Contains(out, "TELEGRAM_BOT_TOKEN") {
			t.Fatalf("%v, MONOPOLY_PLAYGROUND=%q: exit %d, output %q", c.args, c.env, code, out)
		}
	}
}

func TestDeploymentsRefuseThePlayground(t *testing.T) {
	for file, want := range map[string]string{
		"../../deploy/Dockerfile":           "ENV MONOPOLY_PLAYGROUND=0",
		"../../deploy/compose.yaml":         `MONOPOLY_PLAYGROUND: "0"`,
		"../../deploy/monopoly-bot.service": "ExecStart=/usr/local/bin/monopoly-bot -playground=false ",
	} {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), want) {
			t.Errorf("%s does not say %q: without a token it would start the playground", file, want)
		}
	}
}

func TestPlaygroundWanted(t *testing.T) {
	for _, c := range []struct {
		env              string
		flagSet, flagVal bool
		token            string
		want             bool
	}{
		{"", false, false, "", true},     // the README's first command
		{"", false, false, "1:x", false}, // a token: the real bot
		{"1", false, false, "1:x", true}, // asked for by the environment
		{"0", false, false, "", false},   // deployments
		{"0", true, true, "", true},      // the flag wins
		{"1", true, false, "", false},    // either way
		{"", true, true, "1:x", true},    // -playground with a token
	} {
		got, err := playgroundWanted(c.env, c.flagSet, c.flagVal, c.token)
		if err != nil || got != c.want {
			t.Errorf("%+v: %v, %v", c, got, err)
		}
	}
	if _, err := playgroundWanted("maybe", false, false, ""); err == nil {
		t.Error("MONOPOLY_PLAYGROUND=maybe accepted")
	}
}

// TestNoTokenStartsThePlayground runs the README's first command: no
// token, and the page's address is printed and answers.
func TestNoTokenStartsThePlayground(t *testing.T) {
	dir := t.TempDir()
	f, err := os.CreateTemp(dir, "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	done := make(chan int, 1)
	go func() {
		done <- run([]string{"-port", "0", "-log-level", "warn"}, func(k string) string {
			return map[string]string{"MONOPOLY_DB": filepath.Join(dir, "p.db")}[k]
		}, f)
	}()
	addr := regexp.MustCompile(`open (http://127\.0\.0\.1:\d+/) in a browser`)
	var url string
	for deadline := time.Now().Add(20 * time.Second); url == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		out, _ := os.ReadFile(f.Name())
		if m := addr.FindSubmatch(out); m != nil {
			url = string(m[1])
		}
		select {
		case code := <-done:
			t.Fatalf("exited %d before the page was ready: %s", code, out)
		default:
		}
	}
	if url == "" {
		t.Fatal("no address printed")
	}
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(page), "Monopoly playground") {
		t.Fatalf("GET %s: %d %.200s", url, resp.StatusCode, page)
	}
	self, _ := os.FindProcess(os.Getpid())
	if err := self.Signal(os.Interrupt); err != nil { // as Ctrl+C
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != 0 {
			out, _ := os.ReadFile(f.Name())
			t.Fatalf("exit %d after Ctrl+C: %s", code, out)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("the playground did not stop on Ctrl+C")
	}
}

func TestLockedDatabaseExitsQuickly(t *testing.T) {
	db := filepath.Join(t.TempDir(), "m.db")
	s, err := storage.Open(db, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	start := time.Now()
	code, out := capture(t, nil, map[string]string{"TELEGRAM_BOT_TOKEN": "1:x", "MONOPOLY_DB": db,
		"TELEGRAM_API_ENDPOINT": "http://127.0.0.1:9/bot%s/%s"})
	if code != 1 || !strings.Contains(out, "in use by another running instance") {
		t.Fatalf("exit %d, output %q", code, out)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("took %v to give up on the lock", d)
	}
}

func TestBackupOfStoppedDatabase(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "m.db")
	s, err := storage.Open(db, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Update(func(tx *storage.Tx) error { return tx.PutGame(-5, []byte(`{"x":1}`)) }); err != nil {
		t.Fatal(err)
	}
	s.Close()
	out := filepath.Join(dir, "backup.db")
	if code, msg := capture(t, []string{"-backup", out}, map[string]string{"MONOPOLY_DB": db}); code != 0 {
		t.Fatalf("backup exit %d: %s", code, msg)
	}
	b, err := storage.Open(out, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var got []byte
	_ = b.View(func(tx *storage.Tx) error { got, _ = tx.Game(-5); return nil })
	if string(got) != `{"x":1}` {
		t.Fatalf("backup holds %q", got)
	}
}

// TestHelpListsEveryVariable finds every environment variable the code
// reads (os.Getenv, os.LookupEnv, or a getenv passed down) and checks
// that -h names it.
func TestHelpListsEveryVariable(t *testing.T) {
	code, help := capture(t, []string{"-h"}, nil)
	if code != 2 || !strings.Contains(help, "Environment") {
		t.Fatalf("-h: exit %d, output %q", code, help)
	}
	read := regexp.MustCompile(`(?:Getenv|LookupEnv|getenv|envOr\(getenv,)\s*\(?\s*"([A-Z][A-Z0-9_]*)"`)
	found := map[string]bool{}
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		// Packages only tests import (bot/bottest, bot/board/boardtest, …:
		// names ending in "test") read the variables of the kill tests'
		// child process, which the program never reads.
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata" || strings.HasSuffix(d.Name(), "test")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range read.FindAllSubmatch(src, -1) {
			found[string(m[1])] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(found) < 5 {
		t.Fatalf("found only %v: the pattern misses how the code reads the environment", found)
	}
	for name := range found {
		if !regexp.MustCompile(`(?m)^\s+` + name + `\s`).MatchString(help) {
			t.Errorf("the code reads %s, but -h does not list it", name)
		}
	}
}

func TestUnknownEditionIsRefused(t *testing.T) {
	for _, env := range []map[string]string{{"MONOPOLY_EDITION": "deluxe"}, {}} {
		args := []string{"-db", filepath.Join(t.TempDir(), "x.db")}
		if len(env) == 0 {
			args = append(args, "-edition", "deluxe")
		}
		code, out := capture(t, args, env)
		if code != 2 || !strings.Contains(out, `unknown edition "deluxe"`) || !strings.Contains(out, "lux") || !strings.Contains(out, "deal") {
			t.Errorf("%v %v: exit %d, output %q", args, env, code, out)
		}
	}
	// A known edition — a board one or Monopoly Deal — passes the check and
	// reaches the token's.
	for _, ed := range []string{"lux", "deal"} {
		code, out := capture(t, []string{"-db", filepath.Join(t.TempDir(), "x.db")}, map[string]string{"MONOPOLY_EDITION": ed, "MONOPOLY_PLAYGROUND": "0"})
		if code != 2 || !strings.Contains(out, "TELEGRAM_BOT_TOKEN") {
			t.Errorf("MONOPOLY_EDITION=%s: exit %d, output %q", ed, code, out)
		}
	}
}
