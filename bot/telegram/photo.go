package telegram

import (
	"context"
	"encoding/json"
	"fmt"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// SendPhoto posts a PNG, uploaded from data, or by fileID when it is not
// empty (a photo Telegram already has: nothing is uploaded again), with an
// HTML caption. It returns the message id and the photo's file_id, to send
// the same picture again by id.
func (c *Client) SendPhoto(ctx context.Context, chatID int64, data []byte, fileID, caption string) (int, string, error) {
	var file tgbotapi.RequestFileData = tgbotapi.FileBytes{Name: "board.png", Bytes: data}
	if fileID != "" {
		file = tgbotapi.FileID(fileID)
	}
	cfg := tgbotapi.NewPhoto(chatID, file)
	cfg.Caption = caption
	cfg.ParseMode = tgbotapi.ModeHTML
	resp, err := c.do(ctx, cfg, chatID, true)
	if err != nil {
		return 0, "", err
	}
	var m tgbotapi.Message
	if err := json.Unmarshal(resp.Result, &m); err != nil {
		return 0, "", fmt.Errorf("telegram sendPhoto (chat %d): sent, but the answer is unreadable: %w", chatID, err)
	}
	id := fileID
	if n := len(m.Photo); n > 0 {
		id = m.Photo[n-1].FileID // the largest size
	}
	return m.MessageID, id, nil
}
