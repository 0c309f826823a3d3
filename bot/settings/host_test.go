package settings

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// The fake chat layer the menu's unit tests run over: two kinds, a board
// kind with its own part of the options (fakeBoard: editions classic and
// lux) and a card kind without one (edition deal); one chat's state
// changed in place; what is answered, finished and put, recorded.

const fakeBoard = "fakeboard"

// boardPart is the board kind's part of the options: chosen per edition.
type boardPart struct {
	Cash  int      `json:"fk_cash,omitempty"`
	Stake int      `json:"fk_stake,omitempty"`
	On    []string `json:"fk_on,omitempty"`
}

func init() {
	// The chat layer registers the menu's ops with the codec among its own
	// (bot/callback.go); here the tests do.
	for _, op := range []kit.Op{OpSetView, OpSetLang, OpSetEdition, OpSetPace, OpSetDecision, OpSetBid, OpSetCash,
		OpSetRule, OpSetMax, OpSetKick, OpSetArchive, OpSetStakeCap, OpSetZone, kit.OpRules} {
		kit.RegisterOp(op, kit.WithArg)
	}
	kit.RegisterOp(OpSetClose, kit.Plain)
	kit.RegisterOptions(kit.OptionsPart{Kind: fakeBoard, After: "archive_after", PerEdition: true,
		New: func() any { return new(boardPart) }, Keys: []string{"fk_cash", "fk_stake", "fk_on"}})
}

func partOf(o *kit.ChatOptions) boardPart {
	var p boardPart
	o.Part(fakeBoard, &p)
	return p
}

// boardOptions is the board kind's part as the menu asks it (Options).
type boardOptions struct{}

func (boardOptions) Chosen(o *kit.ChatOptions) kit.Chosen {
	p := partOf(o)
	c := kit.Chosen{Cash: 1500, StakeCap: p.Stake, On: map[string]bool{}}
	if p.Cash != 0 {
		c.Cash = p.Cash
	}
	for _, id := range p.On {
		c.On[id] = true
	}
	return c
}

func (boardOptions) SetCash(o *kit.ChatOptions, amount int) {
	p := partOf(o)
	p.Cash = amount
	_ = o.SetPart(fakeBoard, p)
}

func (boardOptions) SetStakeCap(o *kit.ChatOptions, amount int) {
	p := partOf(o)
	p.Stake = amount
	_ = o.SetPart(fakeBoard, p)
}

func (boardOptions) ToggleRule(o *kit.ChatOptions, id string) {
	p := partOf(o)
	if i := slices.Index(p.On, id); i >= 0 {
		p.On = slices.Delete(p.On, i, i+1)
	} else {
		p.On = append(p.On, id)
	}
	_ = o.SetPart(fakeBoard, p)
}

func (boardOptions) RuleName(_ string, _ *kit.ChatOptions, id string) string { return "rule " + id }

func (boardOptions) Money(_ string, o *kit.ChatOptions, amount int) string {
	if o.Edition == "lux" {
		return fmt.Sprintf("%d ₴", amount)
	}
	return fmt.Sprintf("$%d", amount)
}

type answer struct {
	id, text string
	alert    bool
}

type put struct {
	chat      int64
	slot      string
	msg       int
	text      string
	kb        *kit.Markup
	removed   bool
	rulesPage bool
}

// fakeHost is the chat layer of one chat (state), whose admins are
// admins.
type fakeHost struct {
	now      time.Time
	operator string
	admins   map[int64]bool
	state    kit.Change // Settings and Rec as stored
	changes  int
	answers  []answer
	finished []*kit.Change
	locked   int
}

func (h *fakeHost) Now() time.Time          { return h.now }
func (h *fakeHost) Editions() []string      { return []string{"classic", "lux", "deal"} }
func (h *fakeHost) OperatorEdition() string { return h.operator }
func (h *fakeHost) EditionOf(o *kit.ChatOptions) string {
	if o != nil && slices.Contains(h.Editions(), o.Edition) {
		return o.Edition
	}
	return "classic"
}

func (h *fakeHost) Kind(edition string) string {
	if edition == "deal" {
		return "cards"
	}
	return fakeBoard
}

func (h *fakeHost) Offer(o *kit.ChatOptions) kit.Offer {
	if h.Kind(h.EditionOf(o)) == "cards" {
		return kit.Offer{MinPlayers: 2, MaxPlayers: 5}
	}
	return kit.Offer{MinPlayers: 2, MaxPlayers: 6, CapPlayers: true, Bids: true, Cash: []int{1500, 2500},
		StakeCaps: []int{0, 500}, Rules: []kit.HouseRule{{ID: "jackpot"}, {ID: "double"}}}
}

func (h *fakeHost) Options(o *kit.ChatOptions) Options {
	if h.Kind(h.EditionOf(o)) == "cards" {
		return nil
	}
	return boardOptions{}
}

func (h *fakeHost) Rules(lang, edition string) (string, *kit.Markup, bool) {
	if edition == "deal" {
		return "", nil, false
	}
	return "rules of " + edition + " in " + lang, nil, true
}

func (h *fakeHost) RulesPage(lang string, arg int) (string, *kit.Markup, bool) {
	return fmt.Sprintf("section %d in %s", arg, lang), nil, arg == 1
}

func (h *fakeHost) Lock(int64) func() { h.locked++; return func() { h.locked-- } }

// Change runs fn on a copy of the chat's state and stores it unless fn
// fails, as the chat layer's change does.
func (h *fakeHost) Change(chat int64, _ int, fn func(c *kit.Change) error) (*kit.Change, error) {
	if h.locked == 0 {
		return nil, fmt.Errorf("a change of chat %d without its lock", chat)
	}
	c := &kit.Change{Chat: chat, Settings: h.state.Settings}
	if h.state.Rec != nil {
		rec := *h.state.Rec
		if rec.Options != nil {
			rec.Options = rec.Options.Clone()
		}
		c.Rec = &rec
	}
	if err := fn(c); err != nil {
		return c, err
	}
	h.changes++
	h.state.Settings, h.state.Rec = c.Settings, c.Rec
	return c, nil
}

func (h *fakeHost) Answer(_ context.Context, id string, c *kit.Change, _ error) {
	if c.Alert != "" {
		h.answers = append(h.answers, answer{id, c.Alert, true})
		return
	}
	h.answers = append(h.answers, answer{id, c.Toast, false})
}

func (h *fakeHost) AnswerPress(_ context.Context, id, text string, alert bool) {
	h.answers = append(h.answers, answer{id, text, alert})
}

func (h *fakeHost) Finish(_ context.Context, c *kit.Change, _ error, _ string) {
	h.finished = append(h.finished, c)
}

func (h *fakeHost) ChatLang(int64, string) string { return "en" }

func (h *fakeHost) IsAdmin(_ context.Context, _, user int64) bool { return h.admins[user] }

// fakeOutbox records what the menu puts and removes; holds is the live
// menu message it still holds.
type fakeOutbox struct {
	puts  []put
	holds int
}

func (o *fakeOutbox) Put(chat int64, slot string, known int, text string, kb *kit.Markup) {
	o.puts = append(o.puts, put{chat: chat, slot: slot, msg: known, text: text, kb: kb})
}

func (o *fakeOutbox) Remove(chat int64, slot string, known int) {
	o.puts = append(o.puts, put{chat: chat, slot: slot, msg: known, removed: true})
}

func (o *fakeOutbox) Holds(_ int64, _ string, id int) bool { return id == o.holds }

const (
	chat  = -100
	admin = 1
	menu  = 10 // the live menu's message
)

func newMenu(t *testing.T) (*Menu, *fakeHost, *fakeOutbox, *locales.Catalog) {
	t.Helper()
	cat, err := locales.Load()
	if err != nil {
		t.Fatal(err)
	}
	h := &fakeHost{now: time.Unix(1_800_000_000, 0), admins: map[int64]bool{admin: true}}
	h.state.Settings = kit.Settings{Menu: menu}
	out := &fakeOutbox{}
	return New(cat, out, h), h, out, cat
}

// pressIn is user's press on message msg of the chat.
func pressIn(user int64, lang string, msg int) kit.PressIn {
	return kit.PressIn{ID: fmt.Sprintf("q%d:%d", user, msg), From: &kit.Person{ID: user, Lang: lang}, Message: &kit.MessageIn{ID: msg, Chat: chat}}
}
