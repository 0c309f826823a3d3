package telegram

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// SendPhoto posts a PNG, uploaded from data, or by fileID when it is not
// empty (a photo Telegram already has: nothing is uploaded again), with an
// HTML caption and an inline keyboard (nil: none). It returns the message
// id and the photo's file_id, to send the same picture again by id.
func (c *Client) SendPhoto(ctx context.Context, chatID int64, data []byte, fileID, caption string, kb *tgbotapi.InlineKeyboardMarkup) (int, string, error) {
	var file tgbotapi.RequestFileData = tgbotapi.FileBytes{Name: "board.png", Bytes: data}
	if fileID != "" {
		file = tgbotapi.FileID(fileID)
	}
	cfg := tgbotapi.NewPhoto(chatID, file)
	cfg.Caption = caption
	cfg.ParseMode = tgbotapi.ModeHTML
	if kb != nil {
		cfg.ReplyMarkup = kb
	}
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

// EditCaption gives a photo message a new HTML caption and keyboard (nil
// removes it); the same content again is not an error. A photo has no
// text: editMessageText on it fails.
func (c *Client) EditCaption(ctx context.Context, chatID int64, messageID int, caption string, markup *tgbotapi.InlineKeyboardMarkup) error {
	cfg := tgbotapi.EditMessageCaptionConfig{
		BaseEdit:  tgbotapi.BaseEdit{ChatID: chatID, MessageID: messageID, ReplyMarkup: markup},
		Caption:   caption,
		ParseMode: tgbotapi.ModeHTML,
	}
	_, err := c.do(ctx, cfg, chatID, true)
	if errors.Is(err, ErrNotModified) {
		return nil
	}
	return err
}
