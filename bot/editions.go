package bot

import (
	"context"
	"slices"
	"strconv"
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/registry"
)

// The editions in the chat layer: the operator's default edition, the
// edition a lobby plays (/newgame classic|business|lux|deal), and /rules.

// withDefaultEdition fills in the operator's default edition
// (Config.Edition, MONOPOLY_EDITION) for a chat that never chose one.
// The kinds' parts chosen per edition (the board's rules) stored without
// an edition were chosen for the default edition (a change in /settings
// stores the edition too), so another default edition plays with its own.
func (b *Bot) withDefaultEdition(o ChatOptions) ChatOptions {
	if o.Edition == "" && b.cfg.Edition != "" {
		if b.cfg.Edition != registry.DefaultEdition() {
			o.DropEditionParts()
		}
		o.Edition = b.cfg.Edition
	}
	return o
}

// lobbyOptions are the options of a new lobby: the chat's, in the edition
// that /newgame names ("" for the chat's own). Another edition than the
// chat's plays with its own default rules: the chat's house rules were
// chosen for its edition.
func (b *Bot) lobbyOptions(chat ChatOptions, edition string) *ChatOptions {
	o := b.withDefaultEdition(chat)
	if edition != "" && registry.EditionOf(&o) != edition {
		o.Edition = edition
		o.DropEditionParts()
	}
	return o.Clone()
}

// parseEdition reads /newgame's argument: "" (none) or the id of an
// edition of any kind (/newgame deal: the card game).
func parseEdition(arg string) (id string, ok bool) {
	arg = strings.ToLower(strings.TrimSpace(arg))
	if arg == "" {
		return "", true
	}
	return arg, slices.Contains(Editions(), arg)
}

// Money in the currency of o's edition (the lux edition's hryvnias), as
// its kind writes it.
func (b *Bot) money(lang string, o *ChatOptions, amount int) string {
	if k := b.kinds.Options(o); k != nil {
		return k.Money(lang, o, amount)
	}
	return b.cat.Money(lang, amount)
}

func (b *Bot) stakeCapText(lang string, o *ChatOptions, limit int) string {
	if limit == 0 {
		return b.cat.T(lang, "set_stake_none", nil)
	}
	return b.money(lang, o, limit)
}

// The stake cap's page and setter, beside the other settings'.
func init() {
	settingsPages[pageStake] = func(m *settingsMenu) string {
		var row []kit.Button
		for i, v := range m.of.StakeCaps {
			row = append(row, m.btn(mark(m.chosen.StakeCap == v, m.b.stakeCapText(m.lang, &m.o, v)), OpSetStakeCap, i))
		}
		m.row(row...)
		m.back(pageMain)
		return m.t("settings_page_stake", nil)
	}
	optionSetters[OpSetStakeCap] = func(o *ChatOptions, k optionsKind, of kit.Offer, press Press) (int, bool) {
		if press.Arg >= len(of.StakeCaps) {
			return pageStake, false
		}
		k.SetStakeCap(o, of.StakeCaps[press.Arg])
		return pageMain, true
	}
}

// OpRules shows a section of /rules (the kind's argument: bot/board's
// RulesPage), so a press needs no state.
const OpRules = kit.OpRules

// rulesSlot names a /rules message, which belongs to no game.
func rulesSlot(msg int) string { return rulesSlotName + ":" + strconv.Itoa(msg) }

const rulesSlotName = "rules"

// chatEdition is the edition /rules explains: the game's in the chat,
// else the chat's setting.
func (b *Bot) chatEdition(c *chatState) string {
	if c.Rec != nil {
		return registry.RecordEdition(c.Rec)
	}
	o := b.withDefaultEdition(c.Settings.Options)
	return registry.EditionOf(&o)
}

// cmdRules answers /rules with what the edition's kind shows (the board's
// sections, Deal's one text).
func (b *Bot) cmdRules(from *tgbotapi.User) func(c *chatState) error {
	return func(c *chatState) error {
		lang := c.Lang(from.LanguageCode)
		ed := b.chatEdition(c)
		k := b.kinds.Caps(b.kinds.Named(registry.EditionKind(ed))).Rules
		if k == nil {
			return nil
		}
		text, kb := k.Rules(lang, ed)
		c.Replies = append(c.Replies, kit.Reply{Text: text, KB: kb})
		return nil
	}
}

// onRulesPress shows the section a /rules button names in its message.
// Nothing is stored: the press's data says everything.
func (b *Bot) onRulesPress(ctx context.Context, q *tgbotapi.CallbackQuery, press Press) {
	chat, msg := q.Message.Chat.ID, q.Message.MessageID
	lang := b.chatLang(chat, q.From.LanguageCode)
	if !q.Message.Chat.IsPrivate() {
		lang = b.chatLang(chat, "") // the group's message, in the group's language
	}
	var text string
	var kb *kit.Markup
	ok := false
	if b.kinds.Pages() != nil {
		text, kb, ok = b.kinds.Pages().RulesPage(lang, press.Arg)
	}
	if !ok {
		_ = b.tg.AnswerCallback(ctx, q.ID, b.cat.T(lang, "alert_outdated", nil), true)
		return
	}
	_ = b.tg.AnswerCallback(ctx, q.ID, "", false)
	b.out.Put(chat, rulesSlot(msg), msg, text, kb)
}
