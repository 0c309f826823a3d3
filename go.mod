module github.com/monopoly-tg/monopoly-bot

go 1.26.0

require (
	github.com/BurntSushi/toml v1.6.0 // indirect
	github.com/go-telegram-bot-api/telegram-bot-api/v5 v5.5.1 // indirect
	github.com/nicksnyder/go-i18n/v2 v2.7.0 // indirect
	go.etcd.io/bbolt v1.5.0 // indirect
	golang.org/x/sys v0.45.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
