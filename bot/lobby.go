package bot

import (
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/lobby"
	"github.com/monopoly-tg/monopoly-bot/bot/registry"
	"github.com/monopoly-tg/monopoly-bot/bot/settings"
)

// The lobby is bot/lobby; package bot routes its presses and moments to it
// and answers its lobby.Host (lobbyHost).

// lobby is the chat's lobby (bot/lobby) over this bot.
func (b *Bot) lobby() *lobby.Lobby { return lobby.New(b.cat, lobbyHost{b}) }

// lobbyUser is who pressed a lobby's button, as the lobby knows them.
func lobbyUser(u *tgbotapi.User) lobby.User {
	return lobby.User{ID: u.ID, Name: displayName(u), Lang: u.LanguageCode}
}

// lobbyHost is the chat layer as the lobby asks it (lobby.Host).
type lobbyHost struct{ b *Bot }

func (h lobbyHost) Now() time.Time { return h.b.cfg.Now() }

func (h lobbyHost) NewID() uint64 { return randomID() }

func (h lobbyHost) Options(chat kit.ChatOptions, edition string) *kit.ChatOptions {
	return h.b.settingsMenu().LobbyOptions(chat, edition) // bot/settings/editions.go
}

func (h lobbyHost) Edition(o *kit.ChatOptions) string { return registry.EditionOf(o) }

func (h lobbyHost) Kind(edition string) string { return registry.EditionKind(edition) }

func (h lobbyHost) SeatLimits(rec *kit.Record) (int, int) { return h.b.kinds.SeatLimits(rec) }

// Text is the kind's own text, then the pace and whatever rules the
// edition offers.
func (h lobbyHost) Text(lang string, rec *kit.Record) string {
	return h.b.kinds.Settings(rec.Kind).LobbyText(lang, rec) + "\n" + strings.Join(h.b.settingsMenu().OptionLines(lang, rec.Options, false), "\n")
}

func (h lobbyHost) Start(c *kit.Change, lang string) bool { return h.b.kinds.Of(c.Rec).Start(c, lang) }

func (h lobbyHost) OnlyCreator(lang string, rec *kit.Record) string {
	return h.b.onlyCreator(lang, rec)
}

func (h lobbyHost) Outdated(c *kit.Change, lang string, press kit.Press) string {
	return h.b.outdated(c, lang, press)
}

func (h lobbyHost) Settings(c *kit.Change, userLang string) {
	h.b.settingsMenu().Open(c, userLang, settings.PageMain)
}

// Ending is a game's ending message again, for its final text: the
// kind's own (endingKind), else its standings.
func (h lobbyHost) Ending(lang string, rec *kit.Record) string {
	k := h.b.kinds.Of(rec)
	if e := h.b.kinds.Caps(k).Ending; e != nil {
		return e.Ending(lang, rec)
	}
	return k.Standings(lang, rec)
}
