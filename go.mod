module github.com/monopoly-tg/monopoly-bot

go 1.26.0

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/go-telegram-bot-api/telegram-bot-api/v5 v5.5.1
	github.com/go-text/typesetting v0.3.5
	github.com/nicksnyder/go-i18n/v2 v2.7.0
	go.etcd.io/bbolt v1.5.0
	golang.org/x/image v0.47.0
	golang.org/x/text v0.43.0
)

require golang.org/x/sys v0.49.0 // indirect
