package storage_test

import (
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// The Telegram client keeps its flood state in the store.
var _ telegram.FloodStore = (*storage.Store)(nil)

// The poller spools a full page of unhandled updates in the store.
var _ telegram.Spool = (*storage.Store)(nil)
