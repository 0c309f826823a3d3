package fakeapi_test

import (
	"fmt"
	"sync"
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
)

// TestConcurrentCallsKeepThePartsConsistent: the bot sending and editing
// from several goroutines while people write and a test reads every part
// leaves one chat history with one id sequence (no id given twice, none
// skipped), every change told to a viewer once and in order (a message
// before its edit), and every call logged. Run with -race, it checks that
// the parts share the one lock.
func TestConcurrentCallsKeepThePartsConsistent(t *testing.T) {
	s, api := setup(t)
	const senders, people, each = 4, 2, 20
	events, stop := s.Subscribe(4 * senders * people * each)
	defer stop()

	var wg sync.WaitGroup
	errs := make(chan error, senders*each*2)
	for g := range senders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				sent, err := api.Send(tgbotapi.NewMessage(group, fmt.Sprintf("bot %d/%d", g, i)))
				if err != nil {
					errs <- err
					continue
				}
				if _, err := api.Send(tgbotapi.NewEditMessageText(group, sent.MessageID, fmt.Sprintf("bot %d/%d edited", g, i))); err != nil {
					errs <- err
				}
			}
		}()
	}
	updates := make(chan int, people*each)
	for p := range people {
		wg.Add(1)
		go func() {
			defer wg.Done()
			who := fakeapi.User{ID: int64(10 + p), FirstName: "P"}
			s.AddUser(who)
			for i := range each {
				updates <- s.PushMessage(group, who, fmt.Sprintf("person %d/%d", p, i))
			}
		}()
	}
	done := make(chan struct{})
	read := make(chan struct{})
	go func() { // a test reading every part meanwhile
		defer close(read)
		for {
			select {
			case <-done:
				return
			default:
			}
			_ = s.History(group)
			_ = s.Requests()
			_ = s.Flood()
			_ = s.Pending()
			_ = s.LastEvent()
			_ = s.Users()
			_ = s.AnswersTo(alice.ID)
		}
	}()
	wg.Wait()
	close(done)
	<-read
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	close(updates)

	const bots, total = senders * each, senders*each + people*each
	history := s.History(group)
	if len(history) != total {
		t.Fatalf("history holds %d messages, want %d", len(history), total)
	}
	for i, m := range history {
		if m.ID != i+1 {
			t.Fatalf("message %d has id %d: the chat's ids were given twice or skipped", i, m.ID)
		}
		if m.From == 0 && m.Edits != 1 {
			t.Errorf("bot message %d edited %d times, want 1", m.ID, m.Edits)
		}
	}
	seen := map[int]bool{}
	for id := range updates {
		if seen[id] {
			t.Fatalf("update id %d given twice", id)
		}
		seen[id] = true
	}
	if s.Pending() != people*each {
		t.Errorf("%d updates pending, want %d", s.Pending(), people*each)
	}
	if n := len(s.Calls("sendMessage")) + len(s.Calls("editMessageText")); n != 2*bots {
		t.Errorf("%d sends and edits logged, want %d", n, 2*bots)
	}

	posted := map[int]bool{}
	var last int64
	for range total + bots {
		e := <-events
		if e.Seq != last+1 {
			t.Fatalf("event seq %d after %d", e.Seq, last)
		}
		last = e.Seq
		switch e.Kind {
		case fakeapi.EventMessage:
			posted[e.Message.ID] = true
		case fakeapi.EventEdit:
			if !posted[e.Message.ID] {
				t.Fatalf("message %d's edit was told before the message", e.Message.ID)
			}
		default:
			t.Fatalf("unexpected event %+v", e)
		}
	}
	if s.LastEvent() != last {
		t.Errorf("LastEvent %d after %d events read", s.LastEvent(), last)
	}
}
