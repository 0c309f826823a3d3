package fakeapi_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
)

const group int64 = -42

var alice = fakeapi.User{ID: 7, FirstName: "Alice", LanguageCode: "en"}

func setup(t *testing.T) (*fakeapi.Server, *tgbotapi.BotAPI) {
	t.Helper()
	s := fakeapi.New()
	t.Cleanup(s.Close)
	api, err := tgbotapi.NewBotAPIWithAPIEndpoint("123:abc", s.Endpoint())
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	if api.Self.ID != fakeapi.BotID || api.Self.UserName != fakeapi.BotUsername {
		t.Fatalf("getMe = %+v", api.Self)
	}
	return s, api
}

func apiErr(t *testing.T, err error) *tgbotapi.Error {
	t.Helper()
	var e *tgbotapi.Error
	if !errors.As(err, &e) {
		t.Fatalf("want *tgbotapi.Error, got %T %v", err, err)
	}
	return e
}

func ids(us []tgbotapi.Update) []int {
	var out []int
	for _, u := range us {
		out = append(out, u.UpdateID)
	}
	return out
}

func keyboard(data ...string) tgbotapi.InlineKeyboardMarkup {
	var row []tgbotapi.InlineKeyboardButton
	for _, d := range data {
		row = append(row, tgbotapi.NewInlineKeyboardButtonData(d, d))
	}
	return tgbotapi.NewInlineKeyboardMarkup(row)
}

func TestOffsetConfirmsAndDrops(t *testing.T) {
	s, api := setup(t)
	a := s.PushMessage(group, alice, "one")
	b := s.PushMessage(group, alice, "two")
	c := s.PushMessage(-43, alice, "three")
	if a >= b || b >= c {
		t.Fatalf("update ids not increasing: %d %d %d", a, b, c)
	}

	got, err := api.GetUpdates(tgbotapi.UpdateConfig{})
	if err != nil || len(got) != 3 || got[0].Message.Text != "one" {
		t.Fatalf("first poll = %v, %v", ids(got), err)
	}
	if s.Pending() != 3 {
		t.Fatalf("a poll without offset confirmed something: pending %d", s.Pending())
	}

	got, err = api.GetUpdates(tgbotapi.UpdateConfig{Offset: c})
	if err != nil || len(got) != 1 || got[0].UpdateID != c {
		t.Fatalf("poll from %d = %v, %v", c, ids(got), err)
	}
	if s.Pending() != 1 {
		t.Fatalf("pending after offset %d = %d, want 1", c, s.Pending())
	}

	got, err = api.GetUpdates(tgbotapi.UpdateConfig{Offset: c + 1})
	if err != nil || len(got) != 0 || s.Pending() != 0 {
		t.Fatalf("poll past the end = %v, %v, pending %d", ids(got), err, s.Pending())
	}

	got, _ = api.GetUpdates(tgbotapi.UpdateConfig{Offset: 1})
	if len(got) != 0 {
		t.Fatalf("confirmed updates came back: %v", ids(got))
	}
}

func TestLimitCapsThePage(t *testing.T) {
	s, api := setup(t)
	for range 5 {
		s.PushMessage(group, alice, "x")
	}
	got, err := api.GetUpdates(tgbotapi.UpdateConfig{Limit: 2})
	if err != nil || len(got) != 2 {
		t.Fatalf("limit 2 gave %v, %v", ids(got), err)
	}
}

func TestLongPollWakesOnPush(t *testing.T) {
	s, api := setup(t)
	type result struct {
		u   []tgbotapi.Update
		err error
	}
	ch := make(chan result, 1)
	start := time.Now()
	go func() {
		u, err := api.GetUpdates(tgbotapi.UpdateConfig{Timeout: 20})
		ch <- result{u, err}
	}()
	if !s.WaitFor(func() bool { return len(s.Calls("getUpdates")) == 1 }, 2*time.Second) {
		t.Fatal("poll never arrived")
	}
	id := s.PushMessage(group, alice, "wake up")
	select {
	case r := <-ch:
		if r.err != nil || len(r.u) != 1 || r.u[0].UpdateID != id {
			t.Fatalf("long poll = %v, %v", ids(r.u), r.err)
		}
		if time.Since(start) > 5*time.Second {
			t.Fatal("long poll waited for its timeout instead of the push")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("long poll did not return on push")
	}
}

func TestLongPollEndsOnClose(t *testing.T) {
	s, api := setup(t)
	done := make(chan error, 1)
	go func() {
		_, err := api.GetUpdates(tgbotapi.UpdateConfig{Timeout: 50})
		done <- err
	}()
	s.WaitFor(func() bool { return len(s.Calls("getUpdates")) == 1 }, 2*time.Second)
	closed := make(chan struct{})
	go func() { s.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(3 * time.Second):
		t.Fatal("Close hung on a long poll")
	}
	select {
	case <-done:
	case <-time.After(3 * time.Second):
		t.Fatal("long poll still running after Close")
	}
}

func TestMessagesLifecycle(t *testing.T) {
	s, api := setup(t)
	kb := keyboard("buy", "pass")
	m1 := tgbotapi.NewMessage(group, "<b>Your turn</b>")
	m1.ParseMode = tgbotapi.ModeHTML
	m1.ReplyMarkup = kb
	sent, err := api.Send(m1)
	if err != nil {
		t.Fatal(err)
	}
	if sent.Text != "Your turn" {
		t.Errorf("answered text %q, want the text without markup", sent.Text)
	}
	sent2, _ := api.Send(tgbotapi.NewMessage(group, "second"))
	other, _ := api.Send(tgbotapi.NewMessage(-43, "elsewhere"))
	if sent2.MessageID <= sent.MessageID {
		t.Errorf("message ids not increasing: %d then %d", sent.MessageID, sent2.MessageID)
	}
	if other.MessageID != 1 {
		t.Errorf("ids are per chat; first in another chat = %d", other.MessageID)
	}

	msgs := s.Messages(group)
	if len(msgs) != 2 || msgs[0].Text != "<b>Your turn</b>" || msgs[0].ParseMode != "HTML" {
		t.Fatalf("messages = %+v", msgs)
	}
	if want := [][]fakeapi.Button{{{Text: "buy", Data: "buy"}, {Text: "pass", Data: "pass"}}}; !equalKeyboard(msgs[0].Keyboard, want) {
		t.Fatalf("keyboard = %+v", msgs[0].Keyboard)
	}

	// Missing message.
	_, err = api.Send(tgbotapi.NewEditMessageText(group, 999, "x"))
	if e := apiErr(t, err); e.Code != 400 || e.Message != "Bad Request: message to edit not found" {
		t.Fatalf("edit of a missing message: %v", e)
	}

	// Identical text and keyboard.
	same := tgbotapi.NewEditMessageTextAndMarkup(group, sent.MessageID, "<b>Your turn</b>", kb)
	same.ParseMode = tgbotapi.ModeHTML
	_, err = api.Send(same)
	if e := apiErr(t, err); e.Code != 400 || !strings.Contains(e.Message, "message is not modified") {
		t.Fatalf("identical edit: %v", e)
	}
	_, err = api.Request(tgbotapi.NewEditMessageReplyMarkup(group, sent.MessageID, kb))
	if e := apiErr(t, err); !strings.Contains(e.Message, "message is not modified") {
		t.Fatalf("identical markup edit: %v", e)
	}

	// A text edit without reply_markup takes the keyboard off.
	if _, err := api.Send(tgbotapi.NewEditMessageText(group, sent.MessageID, "Done")); err != nil {
		t.Fatal(err)
	}
	m := s.Messages(group)[0]
	if m.Text != "Done" || m.Keyboard != nil || m.Edits != 1 {
		t.Fatalf("after edit: %+v", m)
	}

	if _, err := api.Request(tgbotapi.NewDeleteMessage(group, sent.MessageID)); err != nil {
		t.Fatal(err)
	}
	if !s.Messages(group)[0].Deleted {
		t.Fatal("deleted message not flagged")
	}
	_, err = api.Request(tgbotapi.NewDeleteMessage(group, sent.MessageID))
	if e := apiErr(t, err); e.Message != "Bad Request: message to delete not found" {
		t.Fatalf("second delete: %v", e)
	}
	_, err = api.Send(tgbotapi.NewEditMessageText(group, sent.MessageID, "again"))
	if e := apiErr(t, err); e.Message != "Bad Request: message to edit not found" {
		t.Fatalf("edit of a deleted message: %v", e)
	}
	if last, ok := s.LastMessage(group); !ok || last.Text != "second" {
		t.Fatalf("LastMessage = %+v", last)
	}
}

func equalKeyboard(a, b [][]fakeapi.Button) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) {
			return false
		}
		for j := range a[i] {
			if a[i][j] != b[i][j] {
				return false
			}
		}
	}
	return true
}

func TestTelegramLimits(t *testing.T) {
	s, api := setup(t)
	send := func(text, mode string, kb *tgbotapi.InlineKeyboardMarkup) error {
		m := tgbotapi.NewMessage(group, text)
		m.ParseMode = mode
		if kb != nil {
			m.ReplyMarkup = kb
		}
		_, err := api.Send(m)
		return err
	}
	long := strings.Repeat("я", fakeapi.MaxTextLen)
	if err := send(long, "", nil); err != nil {
		t.Fatalf("4096 characters refused: %v", err)
	}
	if err := send(long+"!", "", nil); err == nil || apiErr(t, err).Message != "Bad Request: message is too long" {
		t.Fatalf("4097 characters: %v", err)
	}
	if err := send("<b>"+long+"</b>", "HTML", nil); err != nil {
		t.Fatalf("markup counted towards the length: %v", err)
	}
	if err := send("&lt;"+long, "HTML", nil); err == nil {
		t.Fatal("an entity is one character after parsing; 4097 accepted")
	}
	if err := send("Bob <script>", "HTML", nil); err == nil || !strings.Contains(err.Error(), "can't parse entities") {
		t.Fatalf("unescaped name: %v", err)
	}
	if err := send("<b>open", "HTML", nil); err == nil {
		t.Fatal("unclosed tag accepted")
	}
	if err := send("  ", "", nil); err == nil {
		t.Fatal("empty text accepted")
	}

	ok := keyboard(strings.Repeat("ж", 32)) // 64 bytes
	if err := send("x", "", &ok); err != nil {
		t.Fatalf("64-byte callback data refused: %v", err)
	}
	tooLong := keyboard(strings.Repeat("ж", 32) + "a") // 65 bytes, 33 characters
	if err := send("x", "", &tooLong); err == nil || apiErr(t, err).Message != "Bad Request: BUTTON_DATA_INVALID" {
		t.Fatalf("65-byte callback data: %v", err)
	}

	n := len(s.Messages(group))
	if n != 3 {
		t.Fatalf("refused messages were stored: %d messages", n)
	}
}

func TestCallbacks(t *testing.T) {
	s, api := setup(t)
	m := tgbotapi.NewMessage(group, "Roll?")
	m.ReplyMarkup = keyboard("roll")
	sent, _ := api.Send(m)

	id := s.PushCallback(group, sent.MessageID, alice, "roll")
	us, _ := api.GetUpdates(tgbotapi.UpdateConfig{})
	if len(us) != 1 || us[0].UpdateID != id {
		t.Fatalf("updates %v", ids(us))
	}
	q := us[0].CallbackQuery
	if q == nil || q.Data != "roll" || q.From.ID != alice.ID || q.Message.MessageID != sent.MessageID ||
		q.Message.Chat.ID != group || q.Message.ReplyMarkup == nil {
		t.Fatalf("callback query %+v", q)
	}

	if _, err := api.Request(tgbotapi.NewCallbackWithAlert(q.ID, strings.Repeat("x", 201))); err == nil {
		t.Fatal("201-character answer accepted")
	}
	if _, err := api.Request(tgbotapi.NewCallbackWithAlert(q.ID, "Not your turn")); err != nil {
		t.Fatal(err)
	}
	_, err := api.Request(tgbotapi.NewCallback(q.ID, ""))
	if err == nil || !strings.Contains(err.Error(), "query is too old") {
		t.Fatalf("second answer: %v", err)
	}
	if _, err := api.Request(tgbotapi.NewCallback("nonsense", "")); err == nil {
		t.Fatal("unknown query answered")
	}
	answers := s.CallbackAnswers()
	if len(answers) != 1 || answers[0] != (fakeapi.CallbackAnswer{ID: q.ID, Text: "Not your turn", ShowAlert: true}) {
		t.Fatalf("answers %+v", answers)
	}
}

func TestCommandsGetEntities(t *testing.T) {
	s, api := setup(t)
	s.PushMessage(group, alice, "/start@"+fakeapi.BotUsername+" now")
	us, _ := api.GetUpdates(tgbotapi.UpdateConfig{})
	m := us[0].Message
	if !m.IsCommand() || m.Command() != "start" || m.CommandArguments() != "now" || m.Chat.Type != "group" {
		t.Fatalf("command message %+v", m)
	}
}

func TestFailNext(t *testing.T) {
	s, api := setup(t)
	s.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 429, RetryAfter: 9})
	s.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 400, MigrateToChatID: -1001234})
	s.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 403})
	s.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Hangup: true})

	_, err := api.Send(tgbotapi.NewMessage(group, "x"))
	if e := apiErr(t, err); e.Code != 429 || e.RetryAfter != 9 || e.Message != "Too Many Requests: retry after 9" {
		t.Fatalf("429: %+v", e)
	}
	_, err = api.Send(tgbotapi.NewMessage(group, "x"))
	if e := apiErr(t, err); e.Code != 400 || e.MigrateToChatID != -1001234 {
		t.Fatalf("migration: %+v", e)
	}
	_, err = api.Send(tgbotapi.NewMessage(group, "x"))
	if e := apiErr(t, err); e.Code != 403 || !strings.Contains(e.Message, "kicked") {
		t.Fatalf("403: %+v", e)
	}
	_, err = api.Send(tgbotapi.NewMessage(group, "x"))
	var te *tgbotapi.Error
	if err == nil || errors.As(err, &te) {
		t.Fatalf("hang-up should look like a network error, got %v", err)
	}
	if _, err := api.Send(tgbotapi.NewMessage(group, "x")); err != nil {
		t.Fatalf("faults did not run out: %v", err)
	}
	if n := len(s.Messages(group)); n != 1 {
		t.Fatalf("failed calls had effects: %d messages", n)
	}
	var statuses []int
	for _, r := range s.Calls("sendMessage") {
		statuses = append(statuses, r.Status)
	}
	if want := []int{429, 400, 403, 0, 200}; !equalInts(statuses, want) {
		t.Fatalf("statuses %v, want %v", statuses, want)
	}
	if p := s.Calls("sendMessage")[4].Params; p["chat_id"] != "-42" || p["text"] != "x" {
		t.Fatalf("logged params %v", p)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestAdminsAndCommands(t *testing.T) {
	s, api := setup(t)
	s.SetAdmins(group, alice.ID)
	member := func(user int64) string {
		m, err := api.GetChatMember(tgbotapi.GetChatMemberConfig{ChatConfigWithUser: tgbotapi.ChatConfigWithUser{ChatID: group, UserID: user}})
		if err != nil {
			t.Fatal(err)
		}
		return m.Status
	}
	if member(alice.ID) != "administrator" || member(8) != "member" {
		t.Fatal("admin status wrong")
	}
	admins, err := api.GetChatAdministrators(tgbotapi.ChatAdministratorsConfig{ChatConfig: tgbotapi.ChatConfig{ChatID: group}})
	if err != nil || len(admins) != 1 || admins[0].User.ID != alice.ID {
		t.Fatalf("admins %+v, %v", admins, err)
	}
	if _, err := api.GetChatAdministrators(tgbotapi.ChatAdministratorsConfig{ChatConfig: tgbotapi.ChatConfig{ChatID: 5}}); err == nil {
		t.Fatal("a private chat has administrators")
	}

	cmds := []tgbotapi.BotCommand{{Command: "new", Description: "New game"}}
	if _, err := api.Request(tgbotapi.SetMyCommandsConfig{Commands: cmds, LanguageCode: "en"}); err != nil {
		t.Fatal(err)
	}
	if got := s.Commands("", "en"); len(got) != 1 || got[0] != cmds[0] {
		t.Fatalf("commands %+v", got)
	}
	bad := []tgbotapi.BotCommand{{Command: "New-Game", Description: "x"}}
	if _, err := api.Request(tgbotapi.SetMyCommandsConfig{Commands: bad}); err == nil {
		t.Fatal("invalid command accepted")
	}
}

func TestUnknownMethodAndJSONBody(t *testing.T) {
	s, api := setup(t)
	_, err := api.MakeRequest("sendDice", nil)
	if e := apiErr(t, err); e.Code != 404 {
		t.Fatalf("unknown method: %+v", e)
	}

	url := strings.Replace(strings.Replace(s.Endpoint(), "%s", "123:abc", 1), "%s", "sendMessage", 1)
	body := `{"chat_id": -42, "text": "from JSON", "reply_markup": {"inline_keyboard": [[{"text": "ok", "callback_data": "ok"}]]}}`
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("JSON body: status %d", resp.StatusCode)
	}
	m, _ := s.LastMessage(group)
	if m.Text != "from JSON" || len(m.Keyboard) != 1 || m.Keyboard[0][0].Data != "ok" {
		t.Fatalf("JSON message %+v", m)
	}
}
