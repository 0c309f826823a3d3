package telegram_test

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
)

const (
	groupA  int64 = -100
	groupB  int64 = -200
	private int64 = 55
)

func newClient(t *testing.T, clk *fakeClock) (*fakeapi.Server, *telegram.Client) {
	t.Helper()
	return newClientWith(t, clk, telegram.ClientOptions{})
}

func newClientWith(t *testing.T, clk *fakeClock, opts telegram.ClientOptions) (*fakeapi.Server, *telegram.Client) {
	t.Helper()
	s, api := connect(t)
	opts.Now, opts.Sleep, opts.Logger = clk.Now, clk.Sleep, quiet
	return s, telegram.NewClient(api, opts)
}

// windowOnly leaves a group the 20-a-minute window alone, for tests of it.
var windowOnly = telegram.ClientOptions{GroupPace: telegram.NoPace, GroupSpread: telegram.NoPace}

func kb(data ...string) *tgbotapi.InlineKeyboardMarkup {
	var row []tgbotapi.InlineKeyboardButton
	for _, d := range data {
		row = append(row, tgbotapi.NewInlineKeyboardButtonData(d, d))
	}
	m := tgbotapi.NewInlineKeyboardMarkup(row)
	return &m
}

type sendResult struct {
	id  int
	err error
}

func sendAsync(c *telegram.Client, chat int64, text string) <-chan sendResult {
	ch := make(chan sendResult, 1)
	go func() {
		id, err := c.Send(context.Background(), chat, text, nil)
		ch <- sendResult{id, err}
	}()
	return ch
}

func receive(t *testing.T, ch <-chan sendResult) sendResult {
	t.Helper()
	select {
	case r := <-ch:
		return r
	case <-time.After(5 * time.Second):
		t.Fatal("send did not finish")
		return sendResult{}
	}
}

func statuses(s *fakeapi.Server, method string) []int {
	var out []int
	for _, r := range s.Calls(method) {
		out = append(out, r.Status)
	}
	return out
}

func TestSendEditDeleteSpeakHTML(t *testing.T) {
	s, c := newClient(t, newClock(true))
	ctx := context.Background()

	id, err := c.Send(ctx, groupA, "<b>Alice</b> rolls", kb("buy"))
	if err != nil {
		t.Fatal(err)
	}
	id2, _ := c.Send(ctx, groupA, "next", nil)
	if id2 <= id {
		t.Fatalf("message ids %d then %d", id, id2)
	}
	p := s.Calls("sendMessage")[0].Params
	if p["parse_mode"] != "HTML" || p["disable_web_page_preview"] != "true" {
		t.Fatalf("send params %v", p)
	}

	if err := c.Edit(ctx, groupA, id, "<i>bought</i>", kb("end")); err != nil {
		t.Fatal(err)
	}
	m := s.Messages(groupA)[0]
	if m.Text != "<i>bought</i>" || m.ParseMode != "HTML" || m.Keyboard[0][0].Data != "end" {
		t.Fatalf("after Edit: %+v", m)
	}
	if err := c.EditMarkup(ctx, groupA, id, nil); err != nil {
		t.Fatal(err)
	}
	if m := s.Messages(groupA)[0]; m.Keyboard != nil || m.Text != "<i>bought</i>" {
		t.Fatalf("EditMarkup(nil) should drop only the keyboard: %+v", m)
	}
	if err := c.Delete(ctx, groupA, id2); err != nil {
		t.Fatal(err)
	}
	if !s.Messages(groupA)[1].Deleted {
		t.Fatal("Delete did not delete")
	}
}

func TestRetryAfterIsHonouredThenRetried(t *testing.T) {
	clk := newClock(false)
	s, c := newClient(t, clk)
	s.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 429, RetryAfter: 7})

	first := sendAsync(c, groupA, "first")
	if got := waitSleeping(t, clk, 1); got[0] != 7*time.Second {
		t.Fatalf("waiting %v, want retry_after 7s", got)
	}
	// The chat is blocked for everyone, not just the call that got the 429.
	second := sendAsync(c, groupA, "second")
	waitSleeping(t, clk, 2)
	if n := len(s.Calls("sendMessage")); n != 1 {
		t.Fatalf("%d sendMessage calls during retry_after, want only the refused one", n)
	}

	// Another chat is not blocked by this chat's 429.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if _, err := c.Send(ctx, groupB, "elsewhere", nil); err != nil {
		t.Fatalf("other chat held up by a chat's 429: %v", err)
	}

	clk.Advance(7 * time.Second)
	r1, r2 := receive(t, first), receive(t, second)
	if r1.err != nil || r2.err != nil {
		t.Fatalf("after retry_after: %v, %v", r1.err, r2.err)
	}
	texts := []string{}
	for _, m := range s.Messages(groupA) {
		texts = append(texts, m.Text)
	}
	if len(texts) != 2 {
		t.Fatalf("group messages %v, want both exactly once", texts)
	}
	if got := statuses(s, "sendMessage"); !slices.Equal(got, []int{429, 200, 200, 200}) {
		t.Fatalf("sendMessage statuses %v", got)
	}
}

func TestRetryAfterInTwoChatsBlocksTheBot(t *testing.T) {
	clk := newClock(false)
	s, c := newClient(t, clk)
	s.FailNext("sendMessage", 2, fakeapi.ErrorResponse{Code: 429, RetryAfter: 5})

	a := sendAsync(c, groupA, "a")
	waitSleeping(t, clk, 1)
	b := sendAsync(c, groupB, "b")
	waitSleeping(t, clk, 2)

	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := c.Send(ctx, -300, "c", nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("third chat during a bot-wide flood wait: %v, want it held until ctx ended", err)
	}
	if len(s.Messages(-300)) != 0 {
		t.Fatal("third chat was sent to during the bot-wide wait")
	}

	clk.Advance(5 * time.Second)
	if r := receive(t, a); r.err != nil {
		t.Fatal(r.err)
	}
	if r := receive(t, b); r.err != nil {
		t.Fatal(r.err)
	}
}

func TestServerErrorsAreRetriedWithBackoff(t *testing.T) {
	clk := newClock(true)
	s, c := newClient(t, clk)
	s.FailNext("sendMessage", 2, fakeapi.ErrorResponse{Code: 502})

	if _, err := c.Send(context.Background(), groupA, "hi", nil); err != nil {
		t.Fatal(err)
	}
	if got := statuses(s, "sendMessage"); !slices.Equal(got, []int{502, 502, 200}) {
		t.Fatalf("statuses %v", got)
	}
	if got := clk.Sleeps(); !slices.Equal(got, []time.Duration{500 * time.Millisecond, time.Second}) {
		t.Fatalf("backoff %v", got)
	}
}

func TestServerErrorsGiveUpAfterMaxAttempts(t *testing.T) {
	s, c := newClient(t, newClock(true))
	s.FailNext("editMessageText", 10, fakeapi.ErrorResponse{Code: 500})

	err := c.Edit(context.Background(), groupA, 1, "x", nil)
	var e *tgbotapi.Error
	if !errors.As(err, &e) || e.Code != 500 {
		t.Fatalf("err %v, want the 500 after giving up", err)
	}
	if n := len(s.Calls("editMessageText")); n != 4 {
		t.Fatalf("%d attempts, want 4", n)
	}
}

func TestNetworkErrorsAreRetried(t *testing.T) {
	s, c := newClient(t, newClock(true))
	s.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Hangup: true})
	if _, err := c.Send(context.Background(), groupA, "hi", nil); err != nil {
		t.Fatal(err)
	}
	if got := statuses(s, "sendMessage"); !slices.Equal(got, []int{0, 200}) {
		t.Fatalf("statuses %v", got)
	}
}

func TestBadRequestIsNotRetried(t *testing.T) {
	clk := newClock(true)
	s, c := newClient(t, clk)
	s.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 400, Description: "Bad Request: can't parse entities"})

	_, err := c.Send(context.Background(), groupA, "hi", nil)
	var e *tgbotapi.Error
	if !errors.As(err, &e) || e.Code != 400 {
		t.Fatalf("err %v", err)
	}
	for _, sentinel := range []error{telegram.ErrForbidden, telegram.ErrMessageNotFound, telegram.ErrNotModified, telegram.ErrQueryTooOld} {
		if errors.Is(err, sentinel) {
			t.Errorf("a plain 400 matched %v", sentinel)
		}
	}
	if n := len(s.Calls("sendMessage")); n != 1 || len(clk.Sleeps()) != 0 {
		t.Fatalf("%d calls, sleeps %v: a 400 must not be retried", n, clk.Sleeps())
	}
}

func TestMigrationIsTyped(t *testing.T) {
	s, c := newClient(t, newClock(true))
	s.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 400, MigrateToChatID: -1009876})

	_, err := c.Send(context.Background(), groupA, "hi", nil)
	var m *telegram.MigratedError
	if !errors.As(err, &m) || m.NewChatID != -1009876 || m.ChatID != groupA {
		t.Fatalf("err %v, want *MigratedError to -1009876", err)
	}
	var e *tgbotapi.Error
	if !errors.As(err, &e) || e.Code != 400 {
		t.Fatalf("the Telegram error is not reachable: %v", err)
	}
	if n := len(s.Calls("sendMessage")); n != 1 {
		t.Fatalf("%d calls", n)
	}
}

func TestNotModifiedIsTolerated(t *testing.T) {
	s, c := newClient(t, newClock(true))
	ctx := context.Background()
	id, _ := c.Send(ctx, groupA, "same", kb("x"))

	if err := c.Edit(ctx, groupA, id, "same", kb("x")); err != nil {
		t.Fatalf("Edit to identical content: %v", err)
	}
	if err := c.EditMarkup(ctx, groupA, id, kb("x")); err != nil {
		t.Fatalf("EditMarkup to identical keyboard: %v", err)
	}
	// The fake did refuse both, so it is the client that tolerated them.
	if got := statuses(s, "editMessageText"); !slices.Equal(got, []int{400}) {
		t.Fatalf("editMessageText statuses %v", got)
	}
	if got := statuses(s, "editMessageReplyMarkup"); !slices.Equal(got, []int{400}) {
		t.Fatalf("editMessageReplyMarkup statuses %v", got)
	}
}

func TestMissingMessageIsTyped(t *testing.T) {
	_, c := newClient(t, newClock(true))
	ctx := context.Background()
	if err := c.Edit(ctx, groupA, 404, "x", nil); !errors.Is(err, telegram.ErrMessageNotFound) {
		t.Fatalf("Edit: %v", err)
	}
	if err := c.EditMarkup(ctx, groupA, 404, nil); !errors.Is(err, telegram.ErrMessageNotFound) {
		t.Fatalf("EditMarkup: %v", err)
	}
	if err := c.Delete(ctx, groupA, 404); !errors.Is(err, telegram.ErrMessageNotFound) {
		t.Fatalf("Delete: %v", err)
	}
}

func TestForbiddenIsTyped(t *testing.T) {
	for _, desc := range []string{
		"Forbidden: bot was kicked from the group chat",
		"Forbidden: bot was blocked by the user",
		"Forbidden: bot can't initiate conversation with a user",
	} {
		s, c := newClient(t, newClock(true))
		s.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 403, Description: desc})
		_, err := c.Send(context.Background(), private, "hi", nil)
		if !errors.Is(err, telegram.ErrForbidden) {
			t.Fatalf("%q: %v", desc, err)
		}
		var e *tgbotapi.Error
		if !errors.As(err, &e) || e.Message != desc {
			t.Fatalf("%q: Telegram's text lost: %v", desc, err)
		}
		if n := len(s.Calls("sendMessage")); n != 1 {
			t.Fatalf("%q retried: %d calls", desc, n)
		}
	}
}

func TestAnswerCallback(t *testing.T) {
	s, c := newClient(t, newClock(true))
	ctx := context.Background()
	s.PushCallback(groupA, 1, fakeapi.User{ID: 1}, "x")
	s.PushCallback(groupA, 1, fakeapi.User{ID: 1}, "y")
	q1, q2 := "cq1", "cq2"

	if err := c.AnswerCallback(ctx, q1, "Not your turn", true); err != nil {
		t.Fatal(err)
	}
	if err := c.AnswerCallback(ctx, q1, "", false); !errors.Is(err, telegram.ErrQueryTooOld) {
		t.Fatalf("second answer: %v", err)
	}
	long := strings.Repeat("ё", 250)
	if err := c.AnswerCallback(ctx, q2, long, true); err != nil {
		t.Fatalf("over-long answer should be cut, not refused: %v", err)
	}
	got := s.CallbackAnswers()
	if len(got) != 2 || got[0] != (fakeapi.CallbackAnswer{ID: q1, Text: "Not your turn", ShowAlert: true}) {
		t.Fatalf("answers %+v", got)
	}
	if n := len([]rune(got[1].Text)); n != 200 || !strings.HasSuffix(got[1].Text, "…") {
		t.Fatalf("cut answer has %d characters: %q", n, got[1].Text)
	}
}

func TestGroupLimitDelaysThe21stSendOnly(t *testing.T) {
	clk := newClock(false)
	s, c := newClientWith(t, clk, windowOnly)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()

	for i := range 20 {
		if _, err := c.Send(ctx, groupA, "msg", nil); err != nil {
			t.Fatalf("send %d: %v", i+1, err)
		}
	}
	if len(clk.Sleeps()) != 0 {
		t.Fatalf("the first 20 sends waited: %v", clk.Sleeps())
	}

	late := sendAsync(c, groupA, "21st")
	if got := waitSleeping(t, clk, 1); got[0] != telegram.GroupMinute {
		t.Fatalf("21st send waits %v, want a minute (and the margin) after the first", got)
	}

	// Another group and a private chat go straight through meanwhile.
	if _, err := c.Send(ctx, groupB, "other", nil); err != nil {
		t.Fatalf("other group: %v", err)
	}
	if _, err := c.Send(ctx, private, "dm", nil); err != nil {
		t.Fatalf("private chat: %v", err)
	}
	if n := len(s.Messages(groupA)); n != 20 {
		t.Fatalf("%d messages in the saturated group before the minute passed", n)
	}

	// Advance wakes, before it returns, every Sleep it moved the clock past:
	// the 21st send's Sleep still waiting afterwards is proof it was not
	// let go (a woken send that slept again would sleep a different time).
	clk.Advance(telegram.GroupMinute - time.Second)
	if got := clk.Sleeping(); !slices.Equal(got, []time.Duration{telegram.GroupMinute}) {
		t.Fatalf("a second before the minute is over, the sleeps are %v; want the 21st send's still waiting", got)
	}
	select {
	case <-late:
		t.Fatal("21st send went out before the minute was over")
	default:
	}
	clk.Advance(time.Second)
	if r := receive(t, late); r.err != nil {
		t.Fatal(r.err)
	}
	if n := len(s.Messages(groupA)); n != 21 {
		t.Fatalf("%d messages, want 21", n)
	}
}

func TestAnswerCallbackIgnoresASaturatedChat(t *testing.T) {
	clk := newClock(false)
	s, c := newClientWith(t, clk, windowOnly)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for range 20 {
		if _, err := c.Send(ctx, groupA, "msg", nil); err != nil {
			t.Fatal(err)
		}
	}
	late := sendAsync(c, groupA, "21st")
	waitSleeping(t, clk, 1)

	s.PushCallback(groupA, 1, fakeapi.User{ID: 1}, "roll")
	if err := c.AnswerCallback(ctx, "cq1", "", false); err != nil {
		t.Fatalf("answer held up by the chat's quota: %v", err)
	}
	if len(s.CallbackAnswers()) != 1 {
		t.Fatal("answer not delivered")
	}
	if len(s.Messages(groupA)) != 20 {
		t.Fatal("the waiting send went out")
	}
	clk.Advance(telegram.GroupMinute)
	receive(t, late)
}

func TestEditsCountTowardsTheChatLimit(t *testing.T) {
	clk := newClock(true)
	_, c := newClientWith(t, clk, windowOnly)
	ctx := context.Background()
	id, _ := c.Send(ctx, groupA, "v0", nil)
	for i := 1; i < 20; i++ {
		if err := c.Edit(ctx, groupA, id, "v"+strings.Repeat("!", i), nil); err != nil {
			t.Fatal(err)
		}
	}
	if len(clk.Sleeps()) != 0 {
		t.Fatalf("waited within the quota: %v", clk.Sleeps())
	}
	if err := c.Edit(ctx, groupA, id, "v21", nil); err != nil {
		t.Fatal(err)
	}
	if got := clk.Sleeps(); !slices.Equal(got, []time.Duration{telegram.GroupMinute}) {
		t.Fatalf("21st call waited %v", got)
	}
}

func TestPrivateAndGlobalLimits(t *testing.T) {
	clk := newClock(true)
	_, c := newClient(t, clk)
	ctx := context.Background()

	c.Send(ctx, private, "1", nil)
	c.Send(ctx, private, "2", nil)
	if got := clk.Sleeps(); !slices.Equal(got, []time.Duration{time.Second}) {
		t.Fatalf("private chat: waits %v, want one of 1s", got)
	}

	clk2 := newClock(true)
	_, c2 := newClient(t, clk2)
	for i := range 31 {
		if _, err := c2.Send(ctx, int64(-1000-i), "x", nil); err != nil {
			t.Fatal(err)
		}
	}
	if got := clk2.Sleeps(); !slices.Equal(got, []time.Duration{time.Second}) {
		t.Fatalf("31 chats in a second: waits %v, want the 31st to wait 1s", got)
	}
}

func TestCancelWhileWaitingSendsNothing(t *testing.T) {
	clk := newClock(false)
	s, c := newClient(t, clk)
	c.Send(context.Background(), private, "1", nil)

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := c.Send(ctx, private, "2", nil)
		done <- err
	}()
	waitSleeping(t, clk, 1)
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v", err)
	}
	if n := len(s.Messages(private)); n != 1 {
		t.Fatalf("%d messages: the cancelled send went out", n)
	}
}

func TestAdminsAndCommands(t *testing.T) {
	s, c := newClient(t, newClock(true))
	ctx := context.Background()
	s.SetAdmins(groupA, 10)
	if !c.IsAdmin(ctx, groupA, 10) || c.IsAdmin(ctx, groupA, 11) {
		t.Fatal("IsAdmin disagrees with the chat's admins")
	}
	if !c.IsAdmin(ctx, private, private) || c.IsAdmin(ctx, private, 1) {
		t.Fatal("in a private chat its user is the admin")
	}

	cmds := []tgbotapi.BotCommand{{Command: "new", Description: "Новая игра"}}
	if err := c.SetCommands(ctx, "ru", cmds); err != nil {
		t.Fatal(err)
	}
	if got := s.Commands("", "ru"); len(got) != 1 || got[0] != cmds[0] {
		t.Fatalf("commands %+v", got)
	}
}

func TestNewBotAPI(t *testing.T) {
	s, api := connect(t)
	hc, ok := api.Client.(*http.Client)
	if !ok || hc.Timeout != 5*time.Second {
		t.Fatalf("http client %#v, want a 5s timeout", api.Client)
	}
	if api.Self.UserName != fakeapi.BotUsername {
		t.Fatalf("getMe not used: %+v", api.Self)
	}

	endpoint := s.Endpoint()
	s.Close()
	_, err := telegram.NewBotAPI("123:secret", endpoint, time.Second)
	if err == nil {
		t.Fatal("connected to a closed server")
	}
	if strings.Contains(err.Error(), "secret") {
		t.Fatalf("the token leaked into the error: %v", err)
	}
}

func TestGroupsArePacedAndTheMinuteSpread(t *testing.T) {
	clk := newClock(true)
	s, c := newClient(t, clk)
	lim := fakeapi.TelegramLimits()
	lim.Now = clk.Now
	s.Enforce(lim)
	ctx := context.Background()

	var at []time.Duration
	t0 := clk.Now()
	for i := range 60 {
		if _, err := c.Send(ctx, groupA, "busy", nil); err != nil {
			t.Fatalf("send %d: %v", i+1, err)
		}
		at = append(at, clk.Now().Sub(t0))
	}
	if f := s.Flood(); f != (fakeapi.FloodStats{}) {
		t.Fatalf("the fake enforcing Telegram's limits answered %+v", f)
	}
	if at[2] != 0 {
		t.Fatalf("the first three sends waited: %v", at[:3])
	}
	// Spread: the chat hears from the bot every few seconds, never the
	// 20 a minute in the first 20 s and then 40 s of silence.
	longest := time.Duration(0)
	for i := 1; i < len(at); i++ {
		longest = max(longest, at[i]-at[i-1])
	}
	if longest > 10*time.Second {
		t.Fatalf("a gap of %v between sends; times %v", longest, at)
	}
	if at[19] < 45*time.Second {
		t.Fatalf("the 20th send went out at %v: the minute's budget was spent early", at[19])
	}
	// 60 sends take about three minutes, the budget of 20 a minute.
	if last := at[len(at)-1]; last < 2*time.Minute || last > 3*time.Minute {
		t.Fatalf("60 sends took %v", last)
	}

	// A private chat keeps Telegram's one a second.
	clk2 := newClock(true)
	_, c2 := newClient(t, clk2)
	for range 4 {
		c2.Send(ctx, private, "dm", nil)
	}
	if got := clk2.Sleeps(); !slices.Equal(got, []time.Duration{time.Second, time.Second, time.Second}) {
		t.Fatalf("private chat waits %v", got)
	}
}
