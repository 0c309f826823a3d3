//go:build linux

package playground

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Linux only, as CI: the browser's process group and parent-death signal
// are how no Chromium outlives a test.

// A small Chrome DevTools Protocol client over a WebSocket written with the
// standard library: enough to load the page, run its JavaScript, collect
// every console error and take screenshots.

// chromiumPath finds a Chromium-family browser, or "".
func chromiumPath() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

type browser struct {
	t       *testing.T
	cmd     *exec.Cmd
	profile string
	conn    net.Conn
	r       *bufio.Reader
	wmu     sync.Mutex
	mu      sync.Mutex
	nextID  int
	calls   map[int]chan cdpReply
	errs    []string // console errors, exceptions and failed loads, in order
	closed  chan struct{}
}

type cdpReply struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

var devtoolsURL = regexp.MustCompile(`DevTools listening on (ws://\S+)`)

// startBrowser launches headless Chromium with an empty profile and
// attaches to its first page.
func startBrowser(t *testing.T, path string, width, height int) *browser {
	t.Helper()
	// Not t.TempDir: Chromium's helpers may still write to the profile
	// while the test cleans up, and that would fail the test.
	profile, err := os.MkdirTemp("", "playground-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"--headless=new", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
		"--disable-extensions", "--disable-background-networking", "--disable-dev-shm-usage",
		"--remote-debugging-port=0", "--user-data-dir=" + profile,
		fmt.Sprintf("--window-size=%d,%d", width, height), "about:blank"}
	if os.Geteuid() == 0 {
		args = append(args, "--no-sandbox") // Chromium refuses to run as root with its sandbox
	}
	cmd := exec.Command(path, args...)
	// Its own process group, so its helpers end with it; and it dies with
	// the test binary even if that is killed before its clean-up runs.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	b := &browser{t: t, cmd: cmd, profile: profile, calls: map[int]chan cdpReply{}, closed: make(chan struct{})}
	t.Cleanup(b.close)
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sent := false
		for sc.Scan() {
			if m := devtoolsURL.FindStringSubmatch(sc.Text()); m != nil && !sent {
				found <- m[1]
				sent = true
			}
		}
	}()
	var ws string
	select {
	case ws = <-found:
	case <-time.After(30 * time.Second):
		t.Fatal("Chromium did not start its DevTools server")
	}
	u, err := url.Parse(ws)
	if err != nil {
		t.Fatal(err)
	}
	b.attach(u.Host)
	for _, m := range []string{"Runtime.enable", "Log.enable", "Page.enable"} {
		b.call(m, nil)
	}
	b.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false})
	return b
}

// attach connects to the first page target's WebSocket.
func (b *browser) attach(host string) {
	var targets []struct{ Type, WebSocketDebuggerURL string }
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		resp, err := http.Get("http://" + host + "/json/list")
		if err == nil {
			err = json.NewDecoder(resp.Body).Decode(&targets)
			resp.Body.Close()
		}
		if err == nil && len(targets) > 0 && targets[0].Type == "page" {
			break
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("no page target: %v %+v", err, targets)
		}
	}
	u, _ := url.Parse(targets[0].WebSocketDebuggerURL)
	conn, err := net.DialTimeout("tcp", u.Host, 5*time.Second)
	if err != nil {
		b.t.Fatal(err)
	}
	key := make([]byte, 16)
	_, _ = rand.Read(key)
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n", u.RequestURI(), u.Host, base64.StdEncoding.EncodeToString(key))
	b.conn, b.r = conn, bufio.NewReader(conn)
	resp, err := http.ReadResponse(b.r, nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		b.t.Fatalf("WebSocket handshake: %v %v", err, resp)
	}
	go b.readLoop()
}

func (b *browser) close() {
	if b.conn != nil {
		b.conn.Close()
	}
	if b.cmd.Process != nil {
		_ = syscall.Kill(-b.cmd.Process.Pid, syscall.SIGKILL) // the browser's own process group
		_ = b.cmd.Wait()
	}
	for i := 0; i < 20 && os.RemoveAll(b.profile) != nil; i++ {
		time.Sleep(100 * time.Millisecond)
	}
}

// writeFrame sends one masked text frame, as a WebSocket client must.
func (b *browser) writeFrame(payload []byte) error {
	b.wmu.Lock()
	defer b.wmu.Unlock()
	hdr := []byte{0x81}
	switch n := len(payload); {
	case n < 126:
		hdr = append(hdr, 0x80|byte(n))
	case n <= 0xffff:
		hdr = append(hdr, 0x80|126, byte(n>>8), byte(n))
	default:
		hdr = append(hdr, 0x80|127)
		hdr = binary.BigEndian.AppendUint64(hdr, uint64(n))
	}
	mask := make([]byte, 4)
	_, _ = rand.Read(mask)
	hdr = append(hdr, mask...)
	masked := make([]byte, len(payload))
	for i, c := range payload {
		masked[i] = c ^ mask[i%4]
	}
	_, err := b.conn.Write(append(hdr, masked...))
	return err
}

// readMessage reads one whole message, answering pings and joining
// continuation frames.
func (b *browser) readMessage() ([]byte, error) {
	var msg []byte
	for {
		var h [2]byte
		if _, err := io.ReadFull(b.r, h[:]); err != nil {
			return nil, err
		}
		fin, op := h[0]&0x80 != 0, h[0]&0x0f
		n := uint64(h[1] & 0x7f)
		switch n {
		case 126:
			var ext [2]byte
			if _, err := io.ReadFull(b.r, ext[:]); err != nil {
				return nil, err
			}
			n = uint64(binary.BigEndian.Uint16(ext[:]))
		case 127:
			var ext [8]byte
			if _, err := io.ReadFull(b.r, ext[:]); err != nil {
				return nil, err
			}
			n = binary.BigEndian.Uint64(ext[:])
		}
		payload := make([]byte, n)
		if _, err := io.ReadFull(b.r, payload); err != nil {
			return nil, err
		}
		switch op {
		case 0x8:
			return nil, io.EOF
		case 0x9:
			b.wmu.Lock()
			_, _ = b.conn.Write([]byte{0x8a, 0x80, 0, 0, 0, 0}) // an empty pong; its payload is not echoed
			b.wmu.Unlock()
			continue
		case 0xa:
			continue
		}
		msg = append(msg, payload...)
		if fin {
			return msg, nil
		}
	}
}

func (b *browser) readLoop() {
	defer close(b.closed)
	for {
		data, err := b.readMessage()
		if err != nil {
			return
		}
		var m struct {
			ID     int             `json:"id"`
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
			cdpReply
		}
		if json.Unmarshal(data, &m) != nil {
			continue
		}
		if m.ID != 0 {
			b.mu.Lock()
			ch := b.calls[m.ID]
			delete(b.calls, m.ID)
			b.mu.Unlock()
			if ch != nil {
				ch <- m.cdpReply
			}
			continue
		}
		if e := consoleError(m.Method, m.Params); e != "" {
			b.mu.Lock()
			b.errs = append(b.errs, e)
			b.mu.Unlock()
		}
	}
}

// consoleError describes an event that is an error on the page's
// console, or returns "".
func consoleError(method string, params json.RawMessage) string {
	switch method {
	case "Runtime.consoleAPICalled":
		var p struct {
			Type string `json:"type"`
			Args []struct {
				Value       any    `json:"value"`
				Description string `json:"description"`
			} `json:"args"`
		}
		_ = json.Unmarshal(params, &p)
		if p.Type != "error" && p.Type != "assert" {
			return ""
		}
		var parts []string
		for _, a := range p.Args {
			parts = append(parts, fmt.Sprint(a.Value, a.Description))
		}
		return "console." + p.Type + ": " + strings.Join(parts, " ")
	case "Runtime.exceptionThrown":
		var p struct {
			ExceptionDetails struct {
				Text      string `json:"text"`
				Exception struct {
					Description string `json:"description"`
				} `json:"exception"`
			} `json:"exceptionDetails"`
		}
		_ = json.Unmarshal(params, &p)
		return "exception: " + p.ExceptionDetails.Text + " " + p.ExceptionDetails.Exception.Description
	case "Log.entryAdded":
		var p struct {
			Entry struct {
				Level, Source, Text, URL string
			} `json:"entry"`
		}
		_ = json.Unmarshal(params, &p)
		if p.Entry.Level != "error" {
			return ""
		}
		return "log (" + p.Entry.Source + "): " + p.Entry.Text + " " + p.Entry.URL
	}
	return ""
}

// call runs a DevTools method and returns its result.
func (b *browser) call(method string, params any) json.RawMessage {
	b.t.Helper()
	res, err := b.try(method, params)
	if err != nil {
		b.t.Fatalf("%s: %v", method, err)
	}
	return res
}

func (b *browser) try(method string, params any) (json.RawMessage, error) {
	b.mu.Lock()
	b.nextID++
	id := b.nextID
	ch := make(chan cdpReply, 1)
	b.calls[id] = ch
	b.mu.Unlock()
	msg, _ := json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	if err := b.writeFrame(msg); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	select {
	case r := <-ch:
		if r.Error != nil {
			return nil, errors.New(r.Error.Message)
		}
		return r.Result, nil
	case <-b.closed:
		return nil, errors.New("the browser closed the connection")
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// eval runs JavaScript in the page (awaiting a promise) and decodes its
// JSON value into out (if not nil).
func (b *browser) eval(js string, out any) {
	b.t.Helper()
	res := b.call("Runtime.evaluate", map[string]any{"expression": js, "returnByValue": true, "awaitPromise": true})
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	if err := json.Unmarshal(res, &r); err != nil {
		b.t.Fatal(err)
	}
	if r.ExceptionDetails != nil {
		b.t.Fatalf("%s: %s %s", js, r.ExceptionDetails.Text, r.ExceptionDetails.Exception.Description)
	}
	if out != nil && len(r.Result.Value) > 0 {
		if err := json.Unmarshal(r.Result.Value, out); err != nil {
			b.t.Fatalf("%s: %v (%s)", js, err, r.Result.Value)
		}
	}
}

// waitFor evaluates cond until it is true.
func (b *browser) waitFor(what, cond string, timeout time.Duration) {
	b.t.Helper()
	for deadline := time.Now().Add(timeout); ; time.Sleep(50 * time.Millisecond) {
		var ok bool
		b.eval("Boolean("+cond+")", &ok)
		if ok {
			return
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("waited %v for %s (%s)", timeout, what, cond)
		}
	}
}

func (b *browser) navigate(u string) {
	b.t.Helper()
	b.call("Page.navigate", map[string]any{"url": u})
}

func (b *browser) screenshot(path string) {
	b.t.Helper()
	res := b.call("Page.captureScreenshot", map[string]any{"format": "png"})
	var r struct{ Data string }
	if err := json.Unmarshal(res, &r); err != nil {
		b.t.Fatal(err)
	}
	png, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil {
		b.t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// consoleErrors returns the errors seen so far.
func (b *browser) consoleErrors() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.errs...)
}
