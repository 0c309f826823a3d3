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

// chromium is the one headless browser the package's tests share: each
// test opens its own page (a tab, with its own DevTools connection, console
// and viewport) in it, so that the browser starts once per test binary, not
// once per test, and tests can run side by side.
type chromium struct {
	cmd     *exec.Cmd
	profile string
	host    string // the DevTools HTTP endpoint, host:port
}

var (
	sharedOnce sync.Once
	shared     *chromium
	sharedErr  error
)

// TestMain ends the shared browser after the tests (its process group
// dies with the test binary anyway, through the parent-death signal).
func TestMain(m *testing.M) {
	code := m.Run()
	if shared != nil {
		shared.close()
	}
	os.Exit(code)
}

// sharedChromium starts the browser on first use and returns it.
func sharedChromium(t *testing.T, path string) *chromium {
	t.Helper()
	sharedOnce.Do(func() { shared, sharedErr = launchChromium(path) })
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	return shared
}

// launchChromium starts headless Chromium with an empty profile. Pages in
// the background of a shared browser must not be throttled: the flags
// keep their timers and rendering at full speed.
func launchChromium(path string) (*chromium, error) {
	// Not t.TempDir: Chromium's helpers may still write to the profile
	// while the test cleans up, and that would fail the test.
	profile, err := os.MkdirTemp("", "playground-chromium-")
	if err != nil {
		return nil, err
	}
	args := []string{"--headless=new", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
		"--disable-extensions", "--disable-background-networking", "--disable-dev-shm-usage",
		"--disable-background-timer-throttling", "--disable-backgrounding-occluded-windows", "--disable-renderer-backgrounding",
		"--remote-debugging-port=0", "--user-data-dir=" + profile, "--window-size=1280,860", "about:blank"}
	if os.Geteuid() == 0 {
		args = append(args, "--no-sandbox") // Chromium refuses to run as root with its sandbox
	}
	cmd := exec.Command(path, args...)
	// Its own process group, so its helpers end with it; and it dies with
	// the test binary even if that is killed before its clean-up runs.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %v", path, err)
	}
	c := &chromium{cmd: cmd, profile: profile}
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
	select {
	case ws := <-found:
		u, err := url.Parse(ws)
		if err != nil {
			c.close()
			return nil, err
		}
		c.host = u.Host
		return c, nil
	case <-time.After(30 * time.Second):
		c.close()
		return nil, errors.New("Chromium did not start its DevTools server")
	}
}

func (c *chromium) close() {
	if c.cmd.Process != nil {
		_ = syscall.Kill(-c.cmd.Process.Pid, syscall.SIGKILL) // the browser's own process group
		_ = c.cmd.Wait()
	}
	for i := 0; i < 20 && os.RemoveAll(c.profile) != nil; i++ {
		time.Sleep(100 * time.Millisecond)
	}
}

// browser is one test's page in the shared Chromium.
type browser struct {
	t      *testing.T
	c      *chromium
	target string // the page's target id
	conn   net.Conn
	r      *bufio.Reader
	wmu    sync.Mutex
	mu     sync.Mutex
	nextID int
	calls  map[int]chan cdpReply
	errs   []string // console errors, exceptions and failed loads, in order
	closed chan struct{}
}

type cdpReply struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

var devtoolsURL = regexp.MustCompile(`DevTools listening on (ws://\S+)`)

// startBrowser opens a new page of width × height in the shared headless
// Chromium (started on first use) and attaches to it; the page closes
// when the test ends.
func startBrowser(t *testing.T, path string, width, height int) *browser {
	t.Helper()
	c := sharedChromium(t, path)
	b := &browser{t: t, c: c, calls: map[int]chan cdpReply{}, closed: make(chan struct{})}
	t.Cleanup(b.close)
	b.attach(b.newPage())
	for _, m := range []string{"Runtime.enable", "Log.enable", "Page.enable"} {
		b.call(m, nil)
	}
	b.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false})
	return b
}

// newPage opens a blank page and returns its WebSocket address.
func (b *browser) newPage() string {
	b.t.Helper()
	req, err := http.NewRequest(http.MethodPut, "http://"+b.c.host+"/json/new?about:blank", nil)
	if err != nil {
		b.t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.t.Fatalf("opening a page: %v", err)
	}
	defer resp.Body.Close()
	var target struct{ ID, Type, WebSocketDebuggerURL string }
	if err := json.NewDecoder(resp.Body).Decode(&target); err != nil || target.Type != "page" || target.WebSocketDebuggerURL == "" {
		b.t.Fatalf("opening a page: %d %v %+v", resp.StatusCode, err, target)
	}
	b.target = target.ID
	return target.WebSocketDebuggerURL
}

// attach connects to the page's WebSocket.
func (b *browser) attach(ws string) {
	u, err := url.Parse(ws)
	if err != nil {
		b.t.Fatal(err)
	}
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

// close closes the page (the browser stays for the other tests).
func (b *browser) close() {
	if b.conn != nil {
		b.conn.Close()
	}
	if b.target != "" {
		if resp, err := http.Get("http://" + b.c.host + "/json/close/" + b.target); err == nil {
			resp.Body.Close()
		}
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
	v, err := b.evaluate(js)
	if err != nil {
		b.t.Fatal(err)
	}
	if out != nil && len(v) > 0 {
		if err := json.Unmarshal(v, out); err != nil {
			b.t.Fatalf("%s: %v (%s)", js, err, v)
		}
	}
}

// errContextGone is the page's answer to an evaluation whose document a
// navigation replaced while it ran.
var errContextGone = errors.New("the page's document was replaced")

// evaluate runs JavaScript in the page (awaiting a promise) and returns
// its JSON value; an exception thrown is an error.
func (b *browser) evaluate(js string) (json.RawMessage, error) {
	res, err := b.try("Runtime.evaluate", map[string]any{"expression": js, "returnByValue": true, "awaitPromise": true})
	if err != nil {
		if strings.Contains(err.Error(), "context was destroyed") || strings.Contains(err.Error(), "Cannot find context") {
			return nil, errContextGone
		}
		return nil, fmt.Errorf("Runtime.evaluate: %v", err)
	}
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
		return nil, err
	}
	if r.ExceptionDetails != nil {
		return nil, fmt.Errorf("%s: %s %s", js, r.ExceptionDetails.Text, r.ExceptionDetails.Exception.Description)
	}
	return r.Result.Value, nil
}

// untilJS resolves with the value of an expression as soon as it is truthy,
// or with null after some milliseconds. The page evaluates it again on
// every change of its DOM and every 20 ms (for state the DOM does not
// show), so a wait ends as soon as the page shows what it waits for,
// without a DevTools round trip and a pause per look.
const untilJS = `new Promise((resolve, reject) => {
  const end = Date.now() + %d;
  let done = false, obs = null, timer = 0;
  const finish = (f, v) => { done = true; if (obs) obs.disconnect(); clearTimeout(timer); f(v); };
  const check = () => {
    if (done) return;
    let v;
    try { v = (%s); } catch (e) { finish(reject, e); return; }
    if (v) finish(resolve, v);
    else if (Date.now() >= end) finish(resolve, null);
  };
  const tick = () => { check(); if (!done) timer = setTimeout(tick, 20); };
  check();
  if (done) return;
  obs = new MutationObserver(check);
  obs.observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
  timer = setTimeout(tick, 20);
})`

// until waits until the JavaScript expression expr is truthy and decodes
// its value into out (if not nil); it reports false if it was not within
// timeout. The page does the looking (untilJS); the test asks it again
// every few seconds until timeout, so no DevTools call waits long.
func (b *browser) until(expr string, timeout time.Duration, out any) bool {
	b.t.Helper()
	for deadline := time.Now().Add(timeout); ; {
		slice := min(time.Until(deadline), 5*time.Second)
		v, err := b.evaluate(fmt.Sprintf(untilJS, max(slice.Milliseconds(), 0), expr))
		switch {
		case errors.Is(err, errContextGone): // a navigation: look again in the new document
		case err != nil:
			b.t.Fatal(err)
		case len(v) > 0 && string(v) != "null":
			if out != nil {
				if err := json.Unmarshal(v, out); err != nil {
					b.t.Fatalf("%s: %v (%s)", expr, err, v)
				}
			}
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
	}
}

// waitFor waits until cond is true.
func (b *browser) waitFor(what, cond string, timeout time.Duration) {
	b.t.Helper()
	if !b.until("Boolean("+cond+")", timeout, nil) {
		b.t.Fatalf("waited %v for %s (%s)", timeout, what, cond)
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
