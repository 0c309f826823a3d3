package fakeapi

import (
	"encoding/json"
	"slices"
	"sync"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// commandMenus is the bot's command menus as setMyCommands stored them, by
// scope type and language. Its state is guarded by the Server's one lock,
// mu points to it: Commands (the test API, promoted to Server) takes it,
// set expects it held.
type commandMenus struct {
	mu    *sync.Mutex
	menus map[string][]tgbotapi.BotCommand // by scope + "/" + language
}

func newCommandMenus(mu *sync.Mutex) *commandMenus {
	return &commandMenus{mu: mu, menus: map[string][]tgbotapi.BotCommand{}}
}

// Commands returns what setMyCommands stored for a scope type ("" is the
// default scope) and language ("" is all languages).
func (cm *commandMenus) Commands(scope, lang string) []tgbotapi.BotCommand {
	cm.mu.Lock()
	defer cm.mu.Unlock()
	return slices.Clone(cm.menus[scope+"/"+lang])
}

// set stores a menu; mu must be held.
func (cm *commandMenus) set(scope, lang string, cmds []tgbotapi.BotCommand) {
	cm.menus[scope+"/"+lang] = cmds
}

// parseCommands reads a setMyCommands call, checking the commands as
// Telegram does; the scope type is "" for the default scope.
func parseCommands(p map[string]string) (scope string, cmds []tgbotapi.BotCommand, e *ErrorResponse) {
	if err := json.Unmarshal([]byte(p["commands"]), &cmds); err != nil {
		return "", nil, badRequest("can't parse commands JSON")
	}
	if len(cmds) > 100 {
		return "", nil, badRequest("too many commands")
	}
	for _, c := range cmds {
		if !validCommand(c.Command) {
			return "", nil, badRequest("BOT_COMMAND_INVALID")
		}
		if n := len([]rune(c.Description)); n < 1 || n > 256 {
			return "", nil, badRequest("BOT_COMMAND_DESCRIPTION_INVALID")
		}
	}
	if raw := p["scope"]; raw != "" {
		var sc struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal([]byte(raw), &sc); err != nil {
			return "", nil, badRequest("can't parse scope JSON")
		}
		if sc.Type != "default" {
			scope = sc.Type
		}
	}
	return scope, cmds, nil
}

func validCommand(c string) bool {
	if len(c) < 1 || len(c) > 32 {
		return false
	}
	for _, r := range c {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}
