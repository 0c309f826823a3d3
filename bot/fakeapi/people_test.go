package fakeapi_test

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
)

var bohdan = fakeapi.User{ID: 8, FirstName: "Богдан", LanguageCode: "uk"}

func TestPeopleAndChatsHaveNames(t *testing.T) {
	s, api := setup(t)
	s.AddUser(bohdan)
	s.SetChatTitle(group, "Монополія по п'ятницях")
	s.PushMessage(group, bohdan, "/newgame")
	s.PushMessage(bohdan.ID, bohdan, "/start")
	us, err := api.GetUpdates(tgbotapi.UpdateConfig{})
	if err != nil || len(us) != 2 {
		t.Fatalf("updates %v, %v", ids(us), err)
	}
	if c := us[0].Message.Chat; c.Title != "Монополія по п'ятницях" || c.Type != "group" {
		t.Fatalf("group chat %+v", c)
	}
	if c := us[1].Message.Chat; c.FirstName != "Богдан" || c.Type != "private" {
		t.Fatalf("private chat %+v", c)
	}
	m, err := api.GetChatMember(tgbotapi.GetChatMemberConfig{ChatConfigWithUser: tgbotapi.ChatConfigWithUser{ChatID: group, UserID: bohdan.ID}})
	if err != nil || m.User.FirstName != "Богдан" || m.User.LanguageCode != "uk" {
		t.Fatalf("member %+v, %v", m.User, err)
	}
	if got := s.Users(); len(got) != 1 || got[0] != bohdan {
		t.Fatalf("users %+v", got)
	}
}

func TestPrivateChatNeedsStartAndDeepLinkOpensIt(t *testing.T) {
	s, api := setup(t)
	s.RequireStart(true)
	_, err := api.Send(tgbotapi.NewMessage(bohdan.ID, "Your offer"))
	if e := apiErr(t, err); e.Code != 403 || !strings.Contains(e.Message, "can't initiate conversation") {
		t.Fatalf("send before /start: %+v", e)
	}
	if _, err := api.Send(tgbotapi.NewMessage(group, "groups need no start")); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.OpenDeepLink(bohdan, "https://t.me/someone_else_bot?start=t42"); ok {
		t.Fatal("a link to another bot opened this one")
	}
	if s.Started(bohdan.ID) {
		t.Fatal("a refused link opened the chat")
	}
	id, ok := s.OpenDeepLink(bohdan, "https://t.me/"+fakeapi.BotUsername+"?start=t42_7")
	if !ok {
		t.Fatal("the bot's own deep link was refused")
	}
	us, _ := api.GetUpdates(tgbotapi.UpdateConfig{})
	if len(us) != 1 || us[0].UpdateID != id {
		t.Fatalf("updates %v", ids(us))
	}
	m := us[0].Message
	if m.Chat.ID != bohdan.ID || m.Text != "/start t42_7" || m.Command() != "start" || m.CommandArguments() != "t42_7" {
		t.Fatalf("deep link arrived as %+v", m)
	}
	if _, err := api.Send(tgbotapi.NewMessage(bohdan.ID, "Your offer")); err != nil {
		t.Fatalf("send after /start: %v", err)
	}
}

func TestDeepLinkPayload(t *testing.T) {
	bot := fakeapi.BotUsername
	for link, want := range map[string]string{
		"https://t.me/" + bot + "?start=t-100_5":            "t-100_5",
		"https://t.me/" + bot + "?start=":                   "",
		"tg://resolve?domain=" + bot + "&start=abc":         "abc",
		"https://telegram.me/" + bot + "/?start=A_b-9":      "A_b-9",
		"https://t.me/" + strings.ToUpper(bot) + "?start=x": "x",
	} {
		if got, ok := fakeapi.DeepLinkPayload(link); !ok || got != want {
			t.Errorf("%s: %q, %v; want %q", link, got, ok, want)
		}
	}
	for _, link := range []string{
		"https://t.me/" + bot,                                       // no start: opens the chat, sends nothing
		"https://t.me/other_bot?start=x",                            // another bot
		"https://example.com/" + bot + "?start=x",                   // not Telegram
		"https://t.me/" + bot + "?start=a%20b",                      // a character Telegram refuses
		"https://t.me/" + bot + "?start=" + strings.Repeat("a", 65), // too long
		"javascript:alert(1)",
	} {
		if got, ok := fakeapi.DeepLinkPayload(link); ok {
			t.Errorf("%s accepted as %q", link, got)
		}
	}
}

func TestHistoryHoldsPeoplesMessagesTheBotCannotEdit(t *testing.T) {
	s, api := setup(t)
	s.PushMessage(group, alice, "/newgame")
	sent, err := api.Send(tgbotapi.NewMessage(group, "Lobby"))
	if err != nil {
		t.Fatal(err)
	}
	h := s.History(group)
	if len(h) != 2 || h[0].From != alice.ID || h[0].Text != "/newgame" || h[1].From != 0 || h[1].ID != sent.MessageID {
		t.Fatalf("history %+v", h)
	}
	if got := s.Messages(group); len(got) != 1 || got[0].ID != sent.MessageID {
		t.Fatalf("Messages lists people's messages: %+v", got)
	}
	_, err = api.Send(tgbotapi.NewEditMessageText(group, h[0].ID, "hijacked"))
	if e := apiErr(t, err); e.Code != 400 || !strings.Contains(e.Message, "can't be edited") {
		t.Fatalf("editing a person's message: %+v", e)
	}
	if s.History(group)[0].Text != "/newgame" {
		t.Fatal("a refused edit changed the message")
	}
}

func TestAnswersAreRecordedForThePresser(t *testing.T) {
	s, api := setup(t)
	sent, _ := api.Send(withKeyboard(tgbotapi.NewMessage(group, "Roll?"), "roll"))
	s.PushCallback(group, sent.MessageID, alice, "roll")
	s.PushCallback(group, sent.MessageID, bohdan, "roll")
	us, _ := api.GetUpdates(tgbotapi.UpdateConfig{})
	if len(us) != 2 {
		t.Fatalf("updates %v", ids(us))
	}
	if _, err := api.Request(tgbotapi.NewCallback(us[0].CallbackQuery.ID, "🎲 5 + 2")); err != nil {
		t.Fatal(err)
	}
	if _, err := api.Request(tgbotapi.NewCallbackWithAlert(us[1].CallbackQuery.ID, "Not your turn")); err != nil {
		t.Fatal(err)
	}
	a, b := s.AnswersTo(alice.ID), s.AnswersTo(bohdan.ID)
	if len(a) != 1 || a[0].Text != "🎲 5 + 2" || a[0].ShowAlert || a[0].ChatID != group || a[0].MessageID != sent.MessageID {
		t.Fatalf("alice's answers %+v", a)
	}
	if len(b) != 1 || b[0].Text != "Not your turn" || !b[0].ShowAlert || b[0].UserID != bohdan.ID {
		t.Fatalf("bohdan's answers %+v", b)
	}
}

func withKeyboard(m tgbotapi.MessageConfig, data ...string) tgbotapi.MessageConfig {
	m.ReplyMarkup = keyboard(data...)
	return m
}

func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestPhotosByUploadAndByFileID(t *testing.T) {
	s, api := setup(t)
	data := pngOf(t, 120, 80)
	up := tgbotapi.NewPhoto(group, tgbotapi.FileBytes{Name: "board.png", Bytes: data})
	up.Caption, up.ParseMode = "<b>Board</b>", "HTML"
	up.ReplyMarkup = keyboard("refresh")
	sent, err := api.Send(up)
	if err != nil {
		t.Fatal(err)
	}
	if len(sent.Photo) != 1 || sent.Photo[0].Width != 120 || sent.Photo[0].Height != 80 || sent.Caption != "Board" {
		t.Fatalf("sent %+v", sent)
	}
	id := sent.Photo[0].FileID
	got, ct, ok := s.File(id)
	if !ok || ct != "image/png" || !bytes.Equal(got, data) {
		t.Fatalf("file %q: %d bytes, %q, %v", id, len(got), ct, ok)
	}
	again, err := api.Send(tgbotapi.NewPhoto(-43, tgbotapi.FileID(id)))
	if err != nil || again.Photo[0].FileID != id {
		t.Fatalf("re-send by file_id: %+v, %v", again.Photo, err)
	}
	_, err = api.Send(tgbotapi.NewPhoto(group, tgbotapi.FileID("AgACnonsense")))
	if e := apiErr(t, err); e.Code != 400 || !strings.Contains(e.Message, "wrong file identifier") {
		t.Fatalf("unknown file_id: %+v", e)
	}
	// tgbotapi leaves Code at 0 for uploads: the description tells.
	_, err = api.Send(tgbotapi.NewPhoto(group, tgbotapi.FileBytes{Name: "strip.png", Bytes: pngOf(t, 2100, 100)}))
	if e := apiErr(t, err); !strings.Contains(e.Message, "PHOTO_INVALID_DIMENSIONS") {
		t.Fatalf("a 21:1 picture: %+v", e)
	}
	_, err = api.Send(tgbotapi.NewPhoto(group, tgbotapi.FileBytes{Name: "x.png", Bytes: []byte("not a picture")}))
	if e := apiErr(t, err); !strings.Contains(e.Message, "IMAGE_PROCESS_FAILED") {
		t.Fatalf("garbage upload: %+v", e)
	}
	if n := len(s.Messages(group)); n != 1 {
		t.Fatalf("refused photos were stored: %d messages", n)
	}
	long := tgbotapi.NewPhoto(group, tgbotapi.FileID(id))
	long.Caption = strings.Repeat("я", fakeapi.MaxCaptionLength+1)
	if _, err := api.Send(long); apiErr(t, err).Code != 400 {
		t.Fatal("a caption over 1024 characters was accepted")
	}

	_, err = api.Send(tgbotapi.NewEditMessageText(group, sent.MessageID, "text"))
	if e := apiErr(t, err); !strings.Contains(e.Message, "no text in the message") {
		t.Fatalf("editMessageText of a photo: %+v", e)
	}
	edit := tgbotapi.NewEditMessageCaption(group, sent.MessageID, "<i>Board, turn 2</i>")
	edit.ParseMode = "HTML"
	if _, err := api.Send(edit); err != nil {
		t.Fatal(err)
	}
	m, _ := s.LastMessage(group)
	if m.Photo != id || m.Text != "<i>Board, turn 2</i>" || m.Edits != 1 || m.Keyboard != nil {
		t.Fatalf("after the caption edit %+v", m)
	}
}

func TestEventsStreamEveryChangeInOrder(t *testing.T) {
	s, api := setup(t)
	events, stop := s.Subscribe(16)
	defer stop()
	s.PushMessage(group, alice, "/newgame")
	sent, _ := api.Send(withKeyboard(tgbotapi.NewMessage(group, "Lobby"), "join"))
	_, _ = api.Send(tgbotapi.NewEditMessageText(group, sent.MessageID, "Lobby: Alice"))
	s.PushCallback(group, sent.MessageID, alice, "join")
	us, _ := api.GetUpdates(tgbotapi.UpdateConfig{})
	_, _ = api.Request(tgbotapi.NewCallback(us[len(us)-1].CallbackQuery.ID, "Joined"))
	_, _ = api.Request(tgbotapi.NewDeleteMessage(group, sent.MessageID))

	want := []fakeapi.EventKind{fakeapi.EventMessage, fakeapi.EventMessage, fakeapi.EventEdit, fakeapi.EventAnswer, fakeapi.EventDelete}
	var last int64
	for i, k := range want {
		e := <-events
		if e.Kind != k || e.Chat != group || (last != 0 && e.Seq != last+1) {
			t.Fatalf("event %d = %+v, want %s", i, e, k)
		}
		last = e.Seq
		switch k {
		case fakeapi.EventEdit:
			if e.Message.Text != "Lobby: Alice" || e.Message.Keyboard != nil {
				t.Fatalf("edit event %+v", e.Message)
			}
		case fakeapi.EventAnswer:
			if e.Answer == nil || e.Answer.UserID != alice.ID || e.Answer.Text != "Joined" {
				t.Fatalf("answer event %+v", e.Answer)
			}
		case fakeapi.EventDelete:
			if !e.Message.Deleted || e.Message.ID != sent.MessageID {
				t.Fatalf("delete event %+v", e.Message)
			}
		}
	}
	if s.LastEvent() != last {
		t.Fatalf("LastEvent %d, last seen %d", s.LastEvent(), last)
	}
}

func TestASlowSubscriberIsDroppedNotWaitedFor(t *testing.T) {
	s, api := setup(t)
	events, stop := s.Subscribe(2)
	defer stop()
	for i := 0; i < 3; i++ {
		if _, err := api.Send(tgbotapi.NewMessage(group, "spam")); err != nil {
			t.Fatal(err) // the bot is never held up by a viewer
		}
	}
	n := 0
	for range events {
		n++
	}
	if n != 2 {
		t.Fatalf("read %d events before the stream closed, want the 2 buffered", n)
	}
}

func TestRequestsPerMinuteCountsSendsAndEditsPerChat(t *testing.T) {
	s, api := setup(t)
	sent, _ := api.Send(tgbotapi.NewMessage(group, "one"))
	_, _ = api.Send(tgbotapi.NewEditMessageText(group, sent.MessageID, "two"))
	_, _ = api.Send(tgbotapi.NewMessage(alice.ID, "private"))
	s.PushCallback(group, sent.MessageID, alice, "x")
	us, _ := api.GetUpdates(tgbotapi.UpdateConfig{})
	_, _ = api.Request(tgbotapi.NewCallback(us[0].CallbackQuery.ID, "")) // answers are not counted
	got := s.RequestsPerMinute()
	if got[group] != 2 || got[alice.ID] != 1 || len(got) != 2 {
		t.Fatalf("per minute %v", got)
	}
}

func TestKeepRequestsBoundsTheLog(t *testing.T) {
	s, api := setup(t) // getMe is the first call
	s.KeepRequests(3)
	for i := 0; i < 10; i++ {
		if _, err := api.Send(tgbotapi.NewMessage(group, "x")); err != nil {
			t.Fatal(err)
		}
	}
	got := s.Requests()
	if len(got) < 3 || len(got) >= 6 {
		t.Fatalf("kept %d requests, want 3 to 5", len(got))
	}
	for _, r := range got {
		if r.Method != "sendMessage" || r.Status != 200 {
			t.Fatalf("kept %+v", r)
		}
	}
	if n := s.RequestsPerMinute()[group]; n != len(got) {
		t.Fatalf("per minute %d, kept %d", n, len(got))
	}
}
