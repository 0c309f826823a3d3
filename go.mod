module github.com/monopoly-tg/monopoly-bot

go 1.26.0
