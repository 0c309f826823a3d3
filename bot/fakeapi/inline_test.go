package fakeapi_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
)

func article(id, title, text string, data ...string) tgbotapi.InlineQueryResultArticle {
	a := tgbotapi.NewInlineQueryResultArticleHTML(id, title, text)
	if len(data) > 0 {
		kb := keyboard(data...)
		a.ReplyMarkup = &kb
	}
	return a
}

func TestInlineQueryAnswerChooseAndEdit(t *testing.T) {
	s, api := setup(t)
	upd, qid := s.PushInlineQuery(bohdan, "hand", "group")
	us, _ := api.GetUpdates(tgbotapi.UpdateConfig{})
	if len(us) != 1 || us[0].UpdateID != upd || us[0].InlineQuery == nil {
		t.Fatalf("updates %+v", us)
	}
	q := us[0].InlineQuery
	if q.ID != qid || q.Query != "hand" || q.From.ID != bohdan.ID || q.ChatType != "group" {
		t.Fatalf("inline query %+v", q)
	}
	// cache_time 0 and is_personal explicitly, as the bot must (tgbotapi's
	// InlineConfig drops a zero cache_time).
	results, _ := json.Marshal([]any{article("g1:c7", "🂡 Card", "<b>played</b>", "take")})
	if _, err := api.MakeRequest("answerInlineQuery", tgbotapi.Params{"inline_query_id": qid,
		"results": string(results), "cache_time": "0", "is_personal": "true"}); err != nil {
		t.Fatal(err)
	}
	if _, err := api.Request(tgbotapi.InlineConfig{InlineQueryID: qid, Results: []any{article("x", "x", "x")}}); err == nil {
		t.Fatal("a second answer to one query was accepted")
	}
	got := s.InlineAnswers(bohdan.ID)
	if len(got) != 1 || got[0].CacheTime != 0 || !got[0].IsPersonal || got[0].Query != "hand" || len(got[0].Results) != 1 {
		t.Fatalf("answers %+v", got)
	}
	if r := got[0].Results[0]; r.ID != "g1:c7" || r.Title != "🂡 Card" || r.Text != "<b>played</b>" || r.Keyboard[0][0].Data != "take" {
		t.Fatalf("result %+v", r)
	}
	if len(s.InlineAnswers(alice.ID)) != 0 {
		t.Fatal("Alice sees Богдан's results")
	}

	if _, _, err := s.ChooseInlineResult(alice, group, qid, "g1:c7"); !errors.Is(err, fakeapi.ErrNoSuchResult) {
		t.Fatalf("Alice chose Богдан's result: %v", err)
	}
	if _, _, err := s.ChooseInlineResult(bohdan, group, qid, "nope"); !errors.Is(err, fakeapi.ErrNoSuchResult) {
		t.Fatalf("an unknown result: %v", err)
	}
	msgID, inlineID, err := s.ChooseInlineResult(bohdan, group, qid, "g1:c7")
	if err != nil || inlineID == "" {
		t.Fatalf("choose: %d %q %v", msgID, inlineID, err)
	}
	h := s.History(group)
	if len(h) != 1 || h[0].ID != msgID || h[0].From != bohdan.ID || !h[0].ViaBot || h[0].Text != "<b>played</b>" {
		t.Fatalf("the chosen message %+v", h)
	}
	us, _ = api.GetUpdates(tgbotapi.UpdateConfig{Offset: upd + 1})
	if len(us) != 1 || us[0].ChosenInlineResult == nil {
		t.Fatalf("updates after choosing %+v", us)
	}
	if c := us[0].ChosenInlineResult; c.ResultID != "g1:c7" || c.InlineMessageID != inlineID || c.Query != "hand" || c.From.ID != bohdan.ID {
		t.Fatalf("chosen %+v", c)
	}

	// A press on it names the inline message, not a chat.
	s.PushInlineCallback(inlineID, alice, "take")
	us, _ = api.GetUpdates(tgbotapi.UpdateConfig{Offset: us[0].UpdateID + 1})
	cq := us[0].CallbackQuery
	if cq == nil || cq.Message != nil || cq.InlineMessageID != inlineID || cq.Data != "take" {
		t.Fatalf("inline press %+v", cq)
	}
	if _, err := api.Request(tgbotapi.NewCallback(cq.ID, "taken")); err != nil {
		t.Fatal(err)
	}
	if a := s.AnswersTo(alice.ID); len(a) != 1 || a[0].ChatID != group || a[0].MessageID != msgID {
		t.Fatalf("answer to the inline press %+v", a)
	}
	edit := tgbotapi.EditMessageTextConfig{BaseEdit: tgbotapi.BaseEdit{InlineMessageID: inlineID}, Text: "taken by Alice"}
	resp, err := api.Request(edit)
	if err != nil || string(resp.Result) != "true" {
		t.Fatalf("inline edit: %s %v", resp.Result, err)
	}
	if m := s.History(group)[0]; m.Text != "taken by Alice" || m.Keyboard != nil || m.Edits != 1 {
		t.Fatalf("after the inline edit %+v", m)
	}
	// By chat and id, a message posted via the bot is the person's: not editable.
	if _, err := api.Send(tgbotapi.NewEditMessageText(group, msgID, "x")); err == nil || !strings.Contains(err.Error(), "can't be edited") {
		t.Fatalf("edit by chat id: %v", err)
	}
	if _, err := api.Request(tgbotapi.EditMessageTextConfig{BaseEdit: tgbotapi.BaseEdit{InlineMessageID: "im999"}, Text: "x"}); err == nil {
		t.Fatal("an unknown inline message was edited")
	}
}

func TestInlineAnswersAreCheckedAsTelegramDoes(t *testing.T) {
	s, api := setup(t)
	answer := func(results []any, cache int) error {
		_, qid := s.PushInlineQuery(alice, "", "sender")
		_, err := api.Request(tgbotapi.InlineConfig{InlineQueryID: qid, Results: results, CacheTime: cache})
		return err
	}
	many := make([]any, fakeapi.MaxInlineResults+1)
	for i := range many {
		many[i] = article(strings.Repeat("r", i+1), "t", "x")
	}
	if err := answer(many, 0); err == nil || !strings.Contains(err.Error(), "RESULTS_TOO_MUCH") {
		t.Fatalf("51 results: %v", err)
	}
	if err := answer([]any{article("a", "t", "x"), article("a", "t", "y")}, 0); err == nil || !strings.Contains(err.Error(), "DUPLICATE") {
		t.Fatalf("duplicate ids: %v", err)
	}
	if err := answer([]any{article(strings.Repeat("é", 33), "t", "x")}, 0); err == nil || !strings.Contains(err.Error(), "RESULT_ID_INVALID") {
		t.Fatalf("a 66-byte id: %v", err)
	}
	if err := answer([]any{article("a", "t", "<b>broken")}, 0); err == nil || !strings.Contains(err.Error(), "can't parse entities") {
		t.Fatalf("bad HTML: %v", err)
	}
	if err := answer([]any{article("a", "t", "x")}, 0); err != nil {
		t.Fatal(err)
	}
	// tgbotapi drops cache_time 0: Telegram then caches for its default.
	if got := s.InlineAnswers(alice.ID); len(got) != 1 || got[0].CacheTime != fakeapi.DefaultInlineCache || got[0].IsPersonal {
		t.Fatalf("answers %+v", got)
	}
}
