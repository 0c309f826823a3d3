package fakeapi_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"testing/synctest"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
)

// inProcess is a client of an in-process fake, made in the caller's
// bubble, whose long polls also end with polls.
func inProcess(t *testing.T, polls context.Context, timeout time.Duration) (*fakeapi.Server, *tgbotapi.BotAPI) {
	t.Helper()
	s := fakeapi.NewInProcess()
	t.Cleanup(s.Close)
	api, err := tgbotapi.NewBotAPIWithClient("123:abc", s.Endpoint(), &http.Client{Timeout: timeout, Transport: s.Transport(polls)})
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	if api.Self.ID != fakeapi.BotID {
		t.Fatalf("getMe = %+v", api.Self)
	}
	return s, api
}

// TestInProcessAnswersAsOverHTTP: through its Transport, inside a bubble,
// the fake answers as it does over HTTP: a message, an upload (whose body
// tgbotapi writes from a goroutine of its own, which must end), a
// Telegram error with its parameters, and a hang-up as a network error.
func TestInProcessAnswersAsOverHTTP(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s, api := inProcess(t, context.Background(), time.Minute)
		if s.Endpoint() == "" || !s.InProcess() {
			t.Fatalf("endpoint %q, in process %v", s.Endpoint(), s.InProcess())
		}
		m, err := api.Send(tgbotapi.NewMessage(group, "hi"))
		if err != nil || m.Text != "hi" || m.Chat.ID != group {
			t.Fatalf("send: %+v, %v", m, err)
		}
		if _, err := api.Send(tgbotapi.NewPhoto(group, tgbotapi.FileBytes{Name: "board.png", Bytes: pngOf(t, 90, 60)})); err != nil {
			t.Fatalf("upload: %v", err)
		}
		if m, _ := s.LastMessage(group); m.Photo == "" {
			t.Fatalf("the upload stored %+v", m)
		}
		s.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 429, RetryAfter: 9})
		s.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Hangup: true})
		_, err = api.Send(tgbotapi.NewMessage(group, "x"))
		if e := apiErr(t, err); e.Code != 429 || e.RetryAfter != 9 {
			t.Fatalf("429: %+v", e)
		}
		_, err = api.Send(tgbotapi.NewMessage(group, "x"))
		var te *tgbotapi.Error
		if err == nil || errors.As(err, &te) {
			t.Fatalf("a hang-up should look like a network error, got %v", err)
		}
		if calls := s.Calls("sendMessage"); len(calls) != 3 {
			t.Fatalf("%d sendMessage calls logged, want 3", len(calls))
		}
	})
}

// TestInProcessLongPollOnFakeTime: inside a bubble a long poll waits on
// the bubble's clock, which jumps: it ends at its timeout, at once when
// an update comes, when the client's own timeout cuts the request, and
// when the Transport's polls context ends (the bot stopped).
func TestInProcessLongPollOnFakeTime(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		polls, stop := context.WithCancel(context.Background())
		s, api := inProcess(t, polls, 40*time.Second)
		offset := 1
		poll := func(timeout int) ([]tgbotapi.Update, time.Duration, error) {
			start := time.Now()
			u, err := api.GetUpdates(tgbotapi.UpdateConfig{Offset: offset, Timeout: timeout})
			return u, time.Since(start), err
		}
		if u, took, err := poll(30); err != nil || len(u) != 0 || took != 30*time.Second {
			t.Fatalf("an empty poll returned %d updates, %v, after %v; want none after 30s", len(u), err, took)
		}
		go func() {
			time.Sleep(5 * time.Second)
			s.PushMessage(group, fakeapi.User{ID: 7, FirstName: "Alice"}, "hi")
		}()
		if u, took, err := poll(30); err != nil || len(u) != 1 || took != 5*time.Second {
			t.Fatalf("a poll returned %d updates, %v, after %v; want the one pushed after 5s", len(u), err, took)
		}
		offset = 2 // confirms the update: the next polls wait
		if _, took, err := poll(50); err == nil || took != 40*time.Second {
			t.Fatalf("a poll longer than the client's timeout returned %v after %v; want the timeout after 40s", err, took)
		}
		go func() {
			time.Sleep(2 * time.Second)
			stop()
		}()
		if u, took, err := poll(30); err != nil || len(u) != 0 || took != 2*time.Second {
			t.Fatalf("a poll when the bot stopped returned %d updates, %v, after %v; want none after 2s", len(u), err, took)
		}
	})
}
