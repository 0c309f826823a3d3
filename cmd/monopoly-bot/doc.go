// Command monopoly-bot runs the Telegram bot that hosts Monopoly games in
// group chats. Without a token it starts the playground instead: the real
// bot against an in-process Telegram stand-in, played in a web page on
// 127.0.0.1 (bot/playground). Configuration comes from the environment:
//
//	TELEGRAM_BOT_TOKEN     the bot's token from @BotFather (without it: the playground)
//	MONOPOLY_PLAYGROUND    1: the playground even with a token; 0: never (deployments), exit without a token
//	TELEGRAM_API_ENDPOINT  a Bot API endpoint format string, e.g. http://localhost:8081/bot%s/%s (optional)
//	MONOPOLY_DB            the bbolt database file (default ./monopoly.db)
//	LOG_LEVEL              debug, info, warn or error (default info)
//	MONOPOLY_BACKUP_DIR    where the running bot writes online backups (on SIGUSR1, and on a timer)
//	MONOPOLY_BACKUP_EVERY  how often, e.g. 6h (default: only on SIGUSR1)
//	MONOPOLY_BACKUP_KEEP   how many backups to keep (default 7)
//	MONOPOLY_EDITION       the edition of chats that never chose one: classic (default), business, lux or deal (Monopoly Deal)
//	GOGC, GOMEMLIMIT       Go's garbage collector settings (default here: 400 and 256MiB, see bot/gc.go)
//
// Flags of the same meaning override the environment.
package main
