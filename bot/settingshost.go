package bot

import (
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/registry"
	"github.com/monopoly-tg/monopoly-bot/bot/settings"
)

// The /settings menu and /rules are bot/settings; package bot routes their
// commands and presses to it and answers its settings.Host (settingsHost).

// settingsMenu is the chat's settings menu and /rules (bot/settings) over
// this bot.
func (b *Bot) settingsMenu() *settings.Menu { return settings.New(b.cat, b.out, settingsHost{b}) }

// settingsHost is the chat layer as the settings menu asks it
// (settings.Host).
type settingsHost struct{ b *Bot }

func (h settingsHost) Now() time.Time { return h.b.cfg.Now() }

func (h settingsHost) Editions() []string { return registry.Editions() }

func (h settingsHost) EditionOf(o *kit.ChatOptions) string { return registry.EditionOf(o) }

func (h settingsHost) Kind(edition string) string { return registry.EditionKind(edition) }

func (h settingsHost) OperatorEdition() string { return h.b.cfg.Edition }

func (h settingsHost) Offer(o *kit.ChatOptions) kit.Offer { return h.b.kinds.Offer(o) }

func (h settingsHost) Options(o *kit.ChatOptions) settings.Options { return h.b.kinds.Options(o) }

func (h settingsHost) Rules(lang, edition string) (string, *kit.Markup, bool) {
	k := h.b.kinds.Caps(h.b.kinds.Named(registry.EditionKind(edition))).Rules
	if k == nil {
		return "", nil, false
	}
	text, kb := k.Rules(lang, edition)
	return text, kb, true
}

// RulesPage asks the first registered kind whose /rules come in sections.
func (h settingsHost) RulesPage(lang string, arg int) (string, *kit.Markup, bool) {
	if h.b.kinds.Pages() == nil {
		return "", nil, false
	}
	return h.b.kinds.Pages().RulesPage(lang, arg)
}
