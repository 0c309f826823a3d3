package telegram_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
)

func msgUpdate(id int, chat int64) tgbotapi.Update {
	return tgbotapi.Update{UpdateID: id, Message: &tgbotapi.Message{MessageID: id, Chat: &tgbotapi.Chat{ID: chat}, Text: "x"}}
}

func dispatchAll(t *testing.T, d *telegram.Dispatcher, us ...tgbotapi.Update) {
	t.Helper()
	for _, u := range us {
		if err := d.Dispatch(context.Background(), u); err != nil {
			t.Fatalf("dispatch %d: %v", u.UpdateID, err)
		}
	}
}

func TestChatOrderWithChatsInParallel(t *testing.T) {
	release := make(chan struct{})
	rec := newRecorder()
	rec.hook = func(_ context.Context, u tgbotapi.Update) {
		if u.UpdateID == 1 {
			<-release
		}
	}
	d := telegram.NewDispatcher(context.Background(), rec, telegram.DispatcherOptions{Workers: 4, Logger: quiet})
	dispatchAll(t, d,
		msgUpdate(1, groupA), msgUpdate(2, groupB), msgUpdate(3, groupA),
		msgUpdate(4, groupB), msgUpdate(5, groupB), msgUpdate(6, groupA))

	// Chat B finishes while chat A is stuck on its first update…
	if !waitFor(func() bool { return slices.Equal(rec.chat(groupB), []int{2, 4, 5}) }) {
		t.Fatalf("chat B handled %v while chat A was blocked", rec.chat(groupB))
	}
	// …and A's later updates do not overtake it.
	if got := rec.chat(groupA); len(got) != 0 {
		t.Fatalf("chat A handled %v before its first update finished", got)
	}
	close(release)
	if !waitFor(func() bool { return slices.Equal(rec.chat(groupA), []int{1, 3, 6}) }) {
		t.Fatalf("chat A handled %v", rec.chat(groupA))
	}
	d.Close()
	d.Wait()
}

func TestChatsNeverOverlapUnderLoad(t *testing.T) {
	var active [5]atomic.Int32
	var overlap atomic.Bool
	rec := newRecorder()
	rec.hook = func(_ context.Context, u tgbotapi.Update) {
		i := -telegram.ChatID(u) - 1
		if active[i].Add(1) > 1 {
			overlap.Store(true)
		}
		if rand.IntN(4) == 0 {
			time.Sleep(time.Duration(rand.IntN(300)) * time.Microsecond)
		}
		active[i].Add(-1)
	}
	d := telegram.NewDispatcher(context.Background(), rec, telegram.DispatcherOptions{Workers: 3, MaxQueued: 16, Logger: quiet})
	want := map[int64][]int{}
	for id := 1; id <= 500; id++ {
		chat := -int64(rand.IntN(5) + 1)
		want[chat] = append(want[chat], id)
		dispatchAll(t, d, msgUpdate(id, chat))
	}
	d.Close()
	d.Wait()
	if overlap.Load() {
		t.Fatal("two updates of one chat ran at the same time")
	}
	for chat, ids := range want {
		if got := rec.chat(chat); !slices.Equal(got, ids) {
			t.Fatalf("chat %d handled %v, want %v", chat, got, ids)
		}
	}
	if d.Watermark() != 500 {
		t.Fatalf("watermark %d, want 500", d.Watermark())
	}
}

func TestWatermarkStopsAtTheOldestUnfinished(t *testing.T) {
	release := make(chan struct{})
	rec := newRecorder()
	rec.hook = func(_ context.Context, u tgbotapi.Update) {
		if u.UpdateID == 12 {
			<-release
		}
	}
	var mu sync.Mutex
	var reported []int
	d := telegram.NewDispatcher(context.Background(), rec, telegram.DispatcherOptions{
		Start: 10,
		OnWatermark: func(w int) {
			mu.Lock()
			reported = append(reported, w)
			mu.Unlock()
		},
		Logger: quiet,
	})
	if d.Watermark() != 10 {
		t.Fatalf("initial watermark %d", d.Watermark())
	}
	dispatchAll(t, d, msgUpdate(11, groupA), msgUpdate(12, groupB), msgUpdate(13, groupA), msgUpdate(14, -300), msgUpdate(15, groupA))

	if !waitFor(func() bool { return rec.count() == 4 }) {
		t.Fatalf("handled %d of the 4 unblocked updates", rec.count())
	}
	// 13–15 are done, but 12 is not: the offset must not pass it. Their
	// handlers returned; once the dispatcher has marked them finished
	// (OffsetWith(12) counts them), a wrong watermark would have moved.
	if !waitFor(func() bool { return d.OffsetWith(12) == 16 }) {
		t.Fatalf("13–15 not marked finished: offset with 12 would be %d", d.OffsetWith(12))
	}
	if w := d.Watermark(); w != 11 {
		t.Fatalf("watermark %d with update 12 unfinished, want 11", w)
	}
	mu.Lock()
	for _, w := range reported {
		if w > 11 {
			t.Fatalf("OnWatermark(%d) while update 12 was unfinished", w)
		}
	}
	mu.Unlock()

	advanced := d.Advanced()
	close(release)
	select {
	case <-advanced:
	case <-time.After(5 * time.Second):
		t.Fatal("Advanced not signalled")
	}
	if !waitFor(func() bool { return d.Watermark() == 15 }) {
		t.Fatalf("watermark %d after all finished, want 15", d.Watermark())
	}
	d.Close()
	d.Wait()
	mu.Lock()
	defer mu.Unlock()
	if !slices.IsSorted(reported) || reported[len(reported)-1] != 15 {
		t.Fatalf("reported %v, want increasing and ending at 15", reported)
	}
}

func TestCloseFinishesQueuedWork(t *testing.T) {
	rec := newRecorder()
	rec.hook = func(context.Context, tgbotapi.Update) { time.Sleep(time.Millisecond) }
	d := telegram.NewDispatcher(context.Background(), rec, telegram.DispatcherOptions{Workers: 2, Logger: quiet})
	for id := 1; id <= 20; id++ {
		dispatchAll(t, d, msgUpdate(id, -int64(id%2+1)))
	}
	d.Close()
	if err := d.Dispatch(context.Background(), msgUpdate(21, groupA)); !errors.Is(err, telegram.ErrClosed) {
		t.Fatalf("dispatch after Close: %v", err)
	}
	d.Wait()
	if rec.count() != 20 || d.Watermark() != 20 {
		t.Fatalf("handled %d, watermark %d; want 20, 20", rec.count(), d.Watermark())
	}
}

func TestCancelDropsQueuedWithoutConfirmingThem(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan struct{})
	rec := newRecorder()
	rec.hook = func(ctx context.Context, u tgbotapi.Update) {
		if u.UpdateID == 1 {
			close(started)
			<-ctx.Done()
		}
	}
	d := telegram.NewDispatcher(ctx, rec, telegram.DispatcherOptions{Logger: quiet})
	dispatchAll(t, d, msgUpdate(1, groupA), msgUpdate(2, groupA), msgUpdate(3, groupA))
	<-started
	cancel()
	d.Wait()
	if got := rec.chat(groupA); !slices.Equal(got, []int{1}) {
		t.Fatalf("handled %v after cancel, want only the one in flight", got)
	}
	// Update 1's handler was cut short too: it may not have committed.
	if w := d.Watermark(); w != 0 {
		t.Fatalf("watermark %d: interrupted and dropped updates must stay unconfirmed", w)
	}
	if err := d.Dispatch(context.Background(), msgUpdate(4, groupA)); err == nil {
		t.Fatal("dispatch after cancel accepted")
	}
}

func TestPanickingHandlerDoesNotStopTheChat(t *testing.T) {
	rec := newRecorder()
	rec.hook = func(_ context.Context, u tgbotapi.Update) {
		if u.UpdateID == 1 {
			panic("boom")
		}
	}
	d := telegram.NewDispatcher(context.Background(), rec, telegram.DispatcherOptions{Logger: quiet})
	dispatchAll(t, d, msgUpdate(1, groupA), msgUpdate(2, groupA))
	d.Close()
	d.Wait()
	if got := rec.chat(groupA); !slices.Equal(got, []int{2}) || d.Watermark() != 2 {
		t.Fatalf("handled %v, watermark %d", got, d.Watermark())
	}
}

func TestRedeliveredUpdatesAreIgnored(t *testing.T) {
	rec := newRecorder()
	d := telegram.NewDispatcher(context.Background(), rec, telegram.DispatcherOptions{Logger: quiet})
	dispatchAll(t, d, msgUpdate(1, groupA), msgUpdate(2, groupA), msgUpdate(2, groupA), msgUpdate(1, groupA), msgUpdate(3, groupA))
	d.Close()
	d.Wait()
	if got := rec.chat(groupA); !slices.Equal(got, []int{1, 2, 3}) {
		t.Fatalf("handled %v", got)
	}
}

func TestDispatchBlocksWhenFull(t *testing.T) {
	release := make(chan struct{})
	rec := newRecorder()
	rec.hook = func(context.Context, tgbotapi.Update) { <-release }
	d := telegram.NewDispatcher(context.Background(), rec, telegram.DispatcherOptions{MaxQueued: 2, Logger: quiet})
	dispatchAll(t, d, msgUpdate(1, groupA), msgUpdate(2, groupB))

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	if err := d.Dispatch(ctx, msgUpdate(3, groupA)); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("third dispatch over MaxQueued 2: %v", err)
	}
	close(release)
	dispatchAll(t, d, msgUpdate(3, groupA))
	d.Close()
	d.Wait()
	if rec.count() != 3 {
		t.Fatalf("handled %d", rec.count())
	}
}

func TestChatID(t *testing.T) {
	chat := &tgbotapi.Chat{ID: groupA}
	cases := []struct {
		name string
		u    tgbotapi.Update
		want int64
	}{
		{"message", tgbotapi.Update{Message: &tgbotapi.Message{Chat: chat}}, groupA},
		{"edited", tgbotapi.Update{EditedMessage: &tgbotapi.Message{Chat: chat}}, groupA},
		{"callback", tgbotapi.Update{CallbackQuery: &tgbotapi.CallbackQuery{Message: &tgbotapi.Message{Chat: chat}}}, groupA},
		{"inline callback", tgbotapi.Update{CallbackQuery: &tgbotapi.CallbackQuery{InlineMessageID: "x"}}, telegram.NoChat},
		{"my_chat_member", tgbotapi.Update{MyChatMember: &tgbotapi.ChatMemberUpdated{Chat: *chat}}, groupA},
		{"chat_join_request", tgbotapi.Update{ChatJoinRequest: &tgbotapi.ChatJoinRequest{Chat: *chat}}, groupA},
		{"inline query", tgbotapi.Update{InlineQuery: &tgbotapi.InlineQuery{ID: "q"}}, telegram.NoChat},
		{"empty", tgbotapi.Update{}, telegram.NoChat},
	}
	for _, c := range cases {
		if got := telegram.ChatID(c.u); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}

	// Updates without a chat still get handled, on their own lane.
	rec := newRecorder()
	d := telegram.NewDispatcher(context.Background(), rec, telegram.DispatcherOptions{Logger: quiet})
	inline, query := cases[3].u, cases[6].u
	inline.UpdateID, query.UpdateID = 1, 2
	dispatchAll(t, d, inline, query)
	d.Close()
	d.Wait()
	if rec.count() != 2 {
		t.Fatalf("no-chat updates handled: %d", rec.count())
	}
}

// OffsetWith counts an update as confirmed only when it is handled or is
// the one asking (whose transaction will store the offset): never one
// still running elsewhere.
func TestOffsetWithCountsOnlyHandledUpdates(t *testing.T) {
	release11, ask, answers := make(chan struct{}), make(chan struct{}), make(chan int)
	var d *telegram.Dispatcher
	rec := newRecorder()
	rec.hook = func(_ context.Context, u tgbotapi.Update) {
		switch u.UpdateID {
		case 11:
			<-release11
		case 12:
			for range 2 {
				<-ask
				answers <- d.OffsetWith(12)
			}
		}
	}
	d = telegram.NewDispatcher(context.Background(), rec, telegram.DispatcherOptions{Start: 10, Logger: quiet})
	dispatchAll(t, d, msgUpdate(11, groupA), msgUpdate(12, groupB), msgUpdate(13, -300))
	if !waitFor(func() bool { return rec.count() == 1 }) { // 13
		t.Fatalf("handled %d updates, want 13 alone", rec.count())
	}
	ask <- struct{}{}
	if got := <-answers; got != 11 {
		t.Fatalf("OffsetWith(12) = %d while 11 runs, want 11", got)
	}
	close(release11)
	if !waitFor(func() bool { return rec.count() == 2 }) {
		t.Fatal("11 not handled")
	}
	ask <- struct{}{}
	if got := <-answers; got != 14 {
		t.Fatalf("OffsetWith(12) = %d with 11 and 13 handled, want 14", got)
	}
	d.Close()
	d.Wait()
	if got := d.OffsetWith(0); got != 14 {
		t.Fatalf("OffsetWith after all = %d, want 14", got)
	}
}
