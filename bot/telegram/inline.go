package telegram

import (
	"context"
	"errors"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// paramRequester is what answering an inline query needs of the API:
// tgbotapi's InlineConfig leaves out cache_time 0 (omitempty), and
// Telegram would then cache a person's hand for 300 s for anyone typing
// the same query.
type paramRequester interface {
	MakeRequest(endpoint string, params tgbotapi.Params) (*tgbotapi.APIResponse, error)
}

// AnswerInline answers an inline query with results that are the asker's
// own (is_personal) and never cached (cache_time 0), both sent explicitly.
// Like callback answers it skips the flood limiter: an inline query must be
// answered within seconds and does not count towards a chat's messages.
// A non-empty privateText adds a button above the results that opens the
// bot's private chat with /start privatePayload.
func (c *Client) AnswerInline(ctx context.Context, queryID string, results []any, privateText, privatePayload string) error {
	r, ok := c.api.(paramRequester)
	if !ok {
		return errors.New("telegram: the API cannot answer inline queries")
	}
	p := tgbotapi.Params{"inline_query_id": queryID, "cache_time": "0", "is_personal": "true"}
	if privateText != "" {
		p["switch_pm_text"], p["switch_pm_parameter"] = privateText, privatePayload
	}
	if results == nil {
		results = []any{}
	}
	if err := p.AddInterface("results", results); err != nil {
		return err
	}
	_, err := r.MakeRequest("answerInlineQuery", p)
	return err
}

// EditInline edits a message posted through inline mode, named by its
// inline_message_id (the answer is true, not a Message: Request, not
// Send). It waits for chat's limits, the group it was posted in.
func (c *Client) EditInline(ctx context.Context, chat int64, inlineMessageID, text string, markup *tgbotapi.InlineKeyboardMarkup) error {
	return c.editText(ctx, chat, tgbotapi.BaseEdit{InlineMessageID: inlineMessageID, ReplyMarkup: markup}, text)
}
