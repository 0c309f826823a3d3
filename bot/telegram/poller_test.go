package telegram_test

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
)

var bob = fakeapi.User{ID: 2, FirstName: "Bob"}

// run starts a dispatcher and poller over the fake and returns a stop
// function that cancels them and reports Run's error.
func run(t *testing.T, api telegram.Updater, h telegram.Handler, offset int, popts telegram.PollerOptions) (*telegram.Dispatcher, func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	d := telegram.NewDispatcher(ctx, h, telegram.DispatcherOptions{Start: offset - 1, Logger: quiet})
	popts.Offset = offset
	popts.Logger = quiet
	if popts.Timeout == 0 {
		popts.Timeout = 20 * time.Second
	}
	if popts.Recheck == 0 {
		popts.Recheck = 20 * time.Millisecond
	}
	p := telegram.NewPoller(api, d, popts)
	errc := make(chan error, 1)
	go func() { errc <- p.Run(ctx) }()
	var once sync.Once
	var err error
	stop := func() error {
		once.Do(func() {
			cancel()
			select {
			case err = <-errc:
			case <-time.After(2 * time.Second):
				t.Error("Run did not return promptly after cancel")
			}
			d.Wait()
		})
		return err
	}
	t.Cleanup(func() { stop() })
	return d, stop
}

func offsets(s *fakeapi.Server) []int {
	var out []int
	for _, r := range s.Calls("getUpdates") {
		n, _ := strconv.Atoi(r.Params["offset"])
		out = append(out, n)
	}
	return out
}

func TestPollerDeliversInOrderAndConfirms(t *testing.T) {
	s, api := connect(t)
	a1 := s.PushMessage(groupA, bob, "a1")
	b1 := s.PushMessage(groupB, bob, "b1")
	a2 := s.PushMessage(groupA, bob, "a2")
	a3 := s.PushMessage(groupA, bob, "a3")

	rec := newRecorder()
	_, stop := run(t, api, rec, 0, telegram.PollerOptions{})

	if !waitFor(func() bool { return rec.count() == 4 }) {
		t.Fatalf("handled %d of 4", rec.count())
	}
	if got := rec.chat(groupA); !slices.Equal(got, []int{a1, a2, a3}) {
		t.Fatalf("chat A got %v", got)
	}
	if got := rec.chat(groupB); !slices.Equal(got, []int{b1}) {
		t.Fatalf("chat B got %v", got)
	}
	// Once handled, the updates are confirmed with offset last+1.
	if !waitFor(func() bool { return s.Pending() == 0 }) {
		t.Fatalf("%d updates never confirmed; offsets sent %v", s.Pending(), offsets(s))
	}
	if !slices.Contains(offsets(s), a3+1) {
		t.Fatalf("offsets sent %v, want %d among them", offsets(s), a3+1)
	}

	// A long poll in progress wakes for a new update.
	waitFor(func() bool {
		return len(s.Calls("getUpdates")) > 0 && s.Calls("getUpdates")[len(s.Calls("getUpdates"))-1].Status == 0
	})
	b2 := s.PushMessage(groupB, bob, "b2")
	if !waitFor(func() bool { return slices.Equal(rec.chat(groupB), []int{b1, b2}) }) {
		t.Fatalf("chat B got %v", rec.chat(groupB))
	}

	// Stopping does not wait for the 20-second long poll.
	start := time.Now()
	if err := stop(); !errors.Is(err, context.Canceled) {
		t.Fatalf("Run returned %v", err)
	}
	if time.Since(start) > time.Second {
		t.Fatalf("stop took %v", time.Since(start))
	}
}

func TestPollerStartsAtTheGivenOffset(t *testing.T) {
	s, api := connect(t)
	s.PushMessage(groupA, bob, "old")
	id2 := s.PushMessage(groupA, bob, "new")
	id3 := s.PushMessage(groupA, bob, "newer")

	rec := newRecorder()
	run(t, api, rec, id2, telegram.PollerOptions{})
	if !waitFor(func() bool { return rec.count() == 2 }) {
		t.Fatalf("handled %v", rec.chat(groupA))
	}
	if got := rec.chat(groupA); !slices.Equal(got, []int{id2, id3}) {
		t.Fatalf("handled %v, want %v", got, []int{id2, id3})
	}
	if first := offsets(s)[0]; first != id2 {
		t.Fatalf("first offset %d, want %d", first, id2)
	}
}

func TestPollerConfirmsOnlyHandledUpdates(t *testing.T) {
	s, api := connect(t)
	release := make(chan struct{})
	rec := newRecorder()
	slow := s.PushMessage(groupA, bob, "slow")
	rec.hook = func(ctx context.Context, u tgbotapi.Update) {
		if u.UpdateID == slow {
			select { // ctx too, so a failing test still stops
			case <-release:
			case <-ctx.Done():
			}
		}
	}
	d, _ := run(t, api, rec, 0, telegram.PollerOptions{})

	fast := s.PushMessage(groupB, bob, "fast")
	if !waitFor(func() bool { return slices.Equal(rec.chat(groupB), []int{fast}) }) {
		t.Fatal("an update behind a slow one in another chat was not delivered")
	}
	// Once fast is marked finished, the watermark has all it will get
	// while slow runs; the polls after that show what is confirmed.
	if !waitFor(func() bool { return d.OffsetWith(slow) == fast+1 }) {
		t.Fatalf("fast not marked finished: offset with slow would be %d", d.OffsetWith(slow))
	}
	start, polls := time.Now(), len(s.Calls("getUpdates"))
	unconfirmed(t, s, slow, 2)
	// Telegram answers at once while updates are unconfirmed; the poller
	// must pace itself (Recheck 20ms between polls), not loop busily. A
	// lower bound on the time the polls took, so a loaded machine only
	// makes it easier to meet.
	n := len(s.Calls("getUpdates")) - polls
	if took := time.Since(start); took < time.Duration(n-1)*20*time.Millisecond {
		t.Fatalf("%d polls in %v while waiting for a handler, want at most one per 20ms", n, took)
	}

	close(release)
	if !waitFor(func() bool { return s.Pending() == 0 }) {
		t.Fatalf("not confirmed after the handler finished; offsets %v", offsets(s))
	}
	if got := rec.chat(groupA); !slices.Equal(got, []int{slow}) {
		t.Fatalf("slow update handled %v times", got)
	}
}

// unconfirmed lets the poller ask Telegram three more times, then checks
// that no offset confirmed update id, which is being handled, and that
// Telegram still holds pending updates. Each poll reads the watermark
// afresh, so a wrong one would be sent by the polls waited for.
func unconfirmed(t *testing.T, s *fakeapi.Server, id, pending int) {
	t.Helper()
	polls := len(s.Calls("getUpdates")) + 3
	if !waitFor(func() bool { return len(s.Calls("getUpdates")) >= polls }) {
		t.Fatalf("the poller stopped polling: %d calls, want %d", len(s.Calls("getUpdates")), polls)
	}
	for _, o := range offsets(s) {
		if o > id {
			t.Fatalf("offset %d confirmed update %d while it was being handled: a crash now would lose it", o, id)
		}
	}
	if n := s.Pending(); n != pending {
		t.Fatalf("Telegram holds %d updates, want all %d unconfirmed", n, pending)
	}
}

func TestRestartRedeliversWhatWasNotHandled(t *testing.T) {
	s, api := connect(t)
	done := s.PushMessage(groupA, bob, "done")
	stuck := s.PushMessage(groupB, bob, "stuck")

	first := newRecorder()
	first.hook = func(ctx context.Context, u tgbotapi.Update) {
		if u.UpdateID == stuck {
			<-ctx.Done() // the process dies while handling it
		}
	}
	d, stop := run(t, api, first, 0, telegram.PollerOptions{})
	if !waitFor(func() bool { return slices.Equal(first.chat(groupA), []int{done}) }) {
		t.Fatal("first run did not handle the first update")
	}
	stop()
	stored := d.Watermark() + 1 // what the caller would have persisted
	if stored != stuck {
		t.Fatalf("stored offset %d, want %d", stored, stuck)
	}

	second := newRecorder()
	run(t, api, second, stored, telegram.PollerOptions{})
	if !waitFor(func() bool { return slices.Equal(second.chat(groupB), []int{stuck}) }) {
		t.Fatalf("the interrupted update was not redelivered: %v", second.chat(groupB))
	}
	if got := second.chat(groupA); len(got) != 0 {
		t.Fatalf("a handled update came back: %v", got)
	}
}

func TestPollerBacksOff(t *testing.T) {
	s, api := connect(t)
	s.FailNext("getUpdates", 2, fakeapi.ErrorResponse{Code: 502})
	s.FailNext("getUpdates", 1, fakeapi.ErrorResponse{Code: 409})
	s.FailNext("getUpdates", 1, fakeapi.ErrorResponse{Code: 429, RetryAfter: 3})
	clk := newClock(true)
	rec := newRecorder()
	run(t, api, rec, 0, telegram.PollerOptions{Sleep: clk.Sleep, Backoff: time.Second, ConflictBackoff: 15 * time.Second})

	id := s.PushMessage(groupA, bob, "after the errors")
	if !waitFor(func() bool { return rec.count() == 1 }) {
		t.Fatal("polling did not resume after errors")
	}
	want := []time.Duration{time.Second, 2 * time.Second, 15 * time.Second, 3 * time.Second}
	if got := clk.Sleeps(); !slices.Equal(got, want) {
		t.Fatalf("pauses %v, want %v", got, want)
	}
	if got := rec.chat(groupA); !slices.Equal(got, []int{id}) {
		t.Fatalf("handled %v", got)
	}
}

func TestPollerStopsOnARefusedToken(t *testing.T) {
	s, api := connect(t)
	s.FailNext("getUpdates", 1, fakeapi.ErrorResponse{Code: 401, Description: "Unauthorized"})
	d := telegram.NewDispatcher(context.Background(), newRecorder(), telegram.DispatcherOptions{Logger: quiet})
	p := telegram.NewPoller(api, d, telegram.PollerOptions{Logger: quiet})
	errc := make(chan error, 1)
	go func() { errc <- p.Run(context.Background()) }()
	select {
	case err := <-errc:
		var e *tgbotapi.Error
		if !errors.As(err, &e) || e.Code != 401 {
			t.Fatalf("Run returned %v", err)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("Run kept polling with a refused token")
	}
}

// memSpool is a Spool in memory.
type memSpool struct {
	mu   sync.Mutex
	kept map[int][]byte
}

func (m *memSpool) SpoolUpdates(us map[int][]byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.kept == nil {
		m.kept = map[int][]byte{}
	}
	for id, b := range us {
		m.kept[id] = b
	}
	return nil
}

func (m *memSpool) SpooledUpdates() (map[int][]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return maps.Clone(m.kept), nil
}

func (m *memSpool) UnspoolUpdates(upTo int) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for id := range m.kept {
		if id <= upTo {
			delete(m.kept, id)
		}
	}
	return nil
}

func (m *memSpool) len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.kept)
}

// stuckOn makes rec's handler hang on update id until release is closed
// or its ctx ends (the process dies).
func stuckOn(rec *recorder, id int, release <-chan struct{}) {
	rec.hook = func(ctx context.Context, u tgbotapi.Update) {
		if u.UpdateID == id {
			select {
			case <-release:
			case <-ctx.Done():
			}
		}
	}
}

func TestPollerNeverConfirmsAFullPageOfUnfinishedUpdates(t *testing.T) {
	for _, page := range []int{2, 100} {
		t.Run(strconv.Itoa(page), func(t *testing.T) {
			s, api := connect(t)
			release := make(chan struct{})
			rec := newRecorder()
			a1 := s.PushMessage(groupA, bob, "slow")
			for range page - 1 {
				s.PushMessage(groupA, bob, "queued behind it")
			}
			stuckOn(rec, a1, release)
			run(t, api, rec, 0, telegram.PollerOptions{Limit: page})

			b1 := s.PushMessage(groupB, bob, "other chat")
			unconfirmed(t, s, a1, page+1)
			// Once the handler finishes, the page is confirmed and the next seen.
			close(release)
			if !waitFor(func() bool { return slices.Equal(rec.chat(groupB), []int{b1}) }) {
				t.Fatalf("the update behind the page never came; offsets %v", offsets(s))
			}
		})
	}
}

func TestPollerSpoolsAFullPageToSeePastIt(t *testing.T) {
	for _, page := range []int{2, 100} {
		t.Run(strconv.Itoa(page), func(t *testing.T) { spoolPage(t, page) })
	}
}

// spoolPage fills a page with one chat's updates behind a stuck one,
// checks that another chat's update behind the page is still handled, then
// kills the process and checks that the page comes back from the spool.
func spoolPage(t *testing.T, page int) {
	s, api := connect(t)
	release := make(chan struct{})
	defer close(release)
	rec := newRecorder()
	var inFlight []int
	for range page {
		inFlight = append(inFlight, s.PushMessage(groupA, bob, "queued"))
	}
	stuckOn(rec, inFlight[0], release)
	spool := &memSpool{}
	d, stop := run(t, api, rec, 0, telegram.PollerOptions{Limit: page, Spool: spool})

	// Chat A's updates fill the page; chat B must not starve.
	b1 := s.PushMessage(groupB, bob, "other chat")
	if !waitFor(func() bool { return slices.Equal(rec.chat(groupB), []int{b1}) }) {
		t.Fatalf("an update behind a full page of unfinished ones was never delivered; offsets %v", offsets(s))
	}
	if spool.len() != page {
		t.Fatalf("%d updates spooled, want the page of %d", spool.len(), page)
	}

	// kill -9 now: Telegram has forgotten chat A's page, the spool has not.
	// (b1 is above the watermark, so it comes again and the handler
	// skips it as applied.)
	stop()
	if n := s.Pending(); n > 1 {
		t.Fatalf("Telegram still holds %d updates: the page was not confirmed", n)
	}
	second := newRecorder()
	run(t, api, second, d.Watermark()+1, telegram.PollerOptions{Limit: page, Spool: spool})
	if !waitFor(func() bool { return slices.Equal(second.chat(groupA), inFlight) }) {
		t.Fatalf("after the kill chat A got %d of the %d spooled updates", len(second.chat(groupA)), page)
	}
	if !waitFor(func() bool { return spool.len() == 0 }) {
		t.Fatalf("%d updates left in the spool once handled", spool.len())
	}
}
