//go:build linux

package playground

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
)

// openPage starts a playground of n people without Telegram's pacing and
// a browser on it, with the page helpers loaded.
func openPage(t *testing.T, n int) *pageDriver {
	t.Helper()
	path := needChromium(t)
	url := startPlayground(t, n, true)
	b := startBrowser(t, path, 1280, 860)
	b.navigate(url)
	b.waitFor("the page's first state", "window.playground && window.playground.ready", 30*time.Second)
	b.eval(pageHelpers, nil)
	d := &pageDriver{t: t, b: b, people: []int64{1001, 1002, 1003}[:n], me: 1001}
	b.eval("T.follow(false)", nil) // the test switches people itself
	return d
}

// lobby opens a game of kind in the group as the first person, lets the
// others join and starts it; it returns the first message of the game.
func (d *pageDriver) lobby(kind string) *pageKeyboard {
	d.t.Helper()
	d.act(d.people[0])
	d.chat(GroupID)
	d.say("/newgame " + kind)
	k := d.keyboard()
	if k == nil || button(k, "✋") == "" {
		d.fail("no lobby for %s: %+v", kind, k)
	}
	for _, p := range d.people[1:] {
		d.act(p)
		k = d.keyboard()
		if a := d.press(k.ID, button(k, "✋")); a != "" {
			d.fail("joining as %d: %s", p, a)
		}
		k = d.waitChange(k, "✋")
	}
	d.act(d.people[0])
	if a := d.press(k.ID, button(k, "▶")); a != "" {
		d.fail("starting %s: %s", kind, a)
	}
	return d.waitChange(k, "▶")
}

// endGame ends the game with /endgame as its creator, confirming if asked;
// it returns the id of the confirmation prompt (0 without one).
func (d *pageDriver) endGame() int {
	d.t.Helper()
	d.act(d.people[0])
	d.chat(GroupID)
	d.say("/endgame")
	prompt := 0
	if k := d.keyboard(); k != nil && button(k, "✅") != "" {
		prompt = k.ID
		if a := d.press(k.ID, button(k, "✅")); a != "" {
			d.fail("confirming /endgame: %s", a)
		}
	}
	d.b.waitFor("the final standings", `T.botTexts().some((t) => t.includes('🏁') || t.includes('🏆'))`, 20*time.Second)
	return prompt
}

// groupButtons lists the bot's messages in the group that still have
// buttons to press (links aside), but for the message except.
func (d *pageDriver) groupButtons(except int) []string {
	d.t.Helper()
	d.chat(GroupID)
	var out []string
	d.b.eval(d.js(`[...document.querySelectorAll('#messages .msg[data-from="0"]')]
	  .filter((m) => Number(m.dataset.id) !== %s && m.querySelector('.keyboard button:not(.url)'))
	  .map((m) => m.querySelector('.text').textContent.slice(0, 40) + ': ' + [...m.querySelectorAll('.keyboard button')].map((b) => b.textContent).join(' | '))`, except), &out)
	return out
}

// noButtonsLeft waits for the group's last edits after a game's end (the
// answered question's is queued after the standings) and fails if any bot
// message still has buttons.
func (d *pageDriver) noButtonsLeft() {
	d.t.Helper()
	var buttons []string
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		buttons = buttons[:0]
		for _, b := range d.groupButtons(0) {
			// The standings' 🔁 Rematch is the one button an ending keeps.
			if !strings.Contains(b, ": 🔁 ") {
				buttons = append(buttons, b)
			}
		}
		if len(buttons) == 0 {
			return
		}
	}
	d.fail("the group still has buttons after /endgame: %q", buttons)
}

func (d *pageDriver) noConsoleErrors() {
	d.t.Helper()
	if errs := d.b.consoleErrors(); len(errs) > 0 {
		d.t.Fatalf("the page logged errors:\n%s", strings.Join(errs, "\n"))
	}
}

// TestBrowserPlaysDeal plays Monopoly Deal through the page: the table's
// 🃏 button and the inline results (a card with one way to play), the private-chat
// link to each hand, then turns with the hand's buttons, and /endgame.
func TestBrowserPlaysDeal(t *testing.T) {
	t.Parallel() // each in its own page of the shared browser, on its own playground
	d := openPage(t, 3)
	b := d.b
	table := d.lobby("deal")
	hand := button(table, "🃏")
	if hand == "" || len(table.Mentions) == 0 {
		d.fail("the table has no 🃏 button or names nobody: %+v", table)
	}

	// The player whose turn it is presses 🃏: "@bot " lands in the text
	// box and the bot's results list above it; choosing one plays it.
	first := table.Mentions[0]
	d.act(first)
	var ok bool
	b.eval(d.js("T.click(%s, %s)", table.ID, hand), &ok)
	if !ok {
		d.fail("could not press %q", hand)
	}
	var typed string
	b.eval("document.getElementById('text').value", &typed)
	if typed != "@"+fakeapi.BotUsername+" " {
		d.fail("🃏 put %q into the text box", typed)
	}
	b.waitFor("the inline results", `!document.getElementById('inline').hidden && document.querySelector('#inline [data-result]') !== null`, 20*time.Second)
	var result string
	// End turn comes first, and a card with several ways goes on in the
	// private chat: play the first card with one way.
	b.eval(`(() => { const r = [...document.querySelectorAll('#inline [data-result]')].slice(1).find(r => !(r.querySelector('.desc')?.textContent || '').startsWith('Several ways')) || document.querySelector('#inline [data-result]'); r.click(); return r.querySelector('.title').textContent; })()`, &result)
	t.Logf("%d plays %q from the inline results", first, result)
	after := d.waitChange(table, "choosing "+result)
	if after.Text == table.Text {
		d.fail("the table did not change after %q", result)
	}

	// Everyone opens their hand through the table's private-chat link
	// (nobody has started the bot, so it cannot write to them first).
	for _, p := range d.people {
		d.act(p)
		d.chat(GroupID)
		d.openHand(p)
		// The hand may show before its buttons do (the intro, then the
		// hand, then its keyboard): wait for them rather than look once.
		if p != first {
			continue
		}
		if !d.b.until("T.keyboard()", 20*time.Second, nil) {
			d.fail("the hand of %d, whose turn it is, has no buttons", p)
		}
	}

	// Turns through the hands' buttons until three turns were ended.
	ended, played := 0, 0
	tried, card, refused := map[string]bool{}, "", false
	for step := 0; step < 200 && ended < 10; step++ {
		who, k := d.decider()
		if k == nil {
			d.fail("nobody has a choice to make at step %d", step)
		}
		label := d.dealChoice(k, played, tried, refused)
		t.Logf("step %d: %d presses %q", step, who, label)
		a := d.press(k.ID, label)
		refused = strings.HasPrefix(label, "💸") && a != ""
		switch {
		case strings.HasPrefix(label, "⏹") && a == "":
			ended++
			played = 0
			clear(tried)
		case strings.HasPrefix(label, "⬅"):
			tried[card] = true
		case button(&pageKeyboard{Buttons: []string{label}}, "🏦", "🏠", "💰", "▶", "💸") != "" && !strings.Contains(k.Text, "❗") && a == "":
			played++
		}
		if strings.Contains(k.Text, "▶") {
			card = label // a card chosen on the turn's hand
		}
		if a != "" {
			t.Logf("  answered: %s", a)
			if strings.HasPrefix(label, "⏹") {
				d.fail("ending the turn was refused: %s", a)
			}
			continue
		}
		d.waitHandChange(k, label)
	}
	if ended < 10 {
		t.Fatalf("only %d turns ended", ended)
	}

	// Every game message, and the answered /endgame question, must have
	// lost its buttons.
	d.endGame()
	d.noButtonsLeft()
	d.noConsoleErrors()
	t.Logf("%d turns ended; %d presses answered with an alert", ended, d.alerts)
}

// openHand follows the private-chat link on the newest Deal table as who
// and waits for their hand there.
func (d *pageDriver) openHand(who int64) {
	d.t.Helper()
	var link struct {
		ID   int
		Text string
	}
	d.b.eval(`(() => { const ms = [...document.querySelectorAll('#messages .msg')].filter((m) => m.querySelector('.keyboard button.url'));
	  const m = ms[ms.length - 1]; if (!m) return {id: 0, text: ''};
	  return {id: Number(m.dataset.id), text: m.querySelector('.keyboard button.url').textContent}; })()`, &link)
	if link.ID == 0 || !strings.HasPrefix(link.Text, "🔒") {
		d.fail("no private-chat link on the table but %+v", link)
	}
	var ok bool
	d.b.eval(d.js("T.click(%s, %s)", link.ID, link.Text), &ok)
	d.b.waitFor("the private chat", d.js("playground.open === %s", who), 10*time.Second)
	// The hand, not the one-line notice above it that starts with 🃏 too.
	d.b.waitFor("the hand", `T.botTexts().some((t) => t.startsWith('🃏') && t.includes('\n'))`, 20*time.Second)
}

// waitHandChange waits until the hand's message differs from k or has no
// buttons left (the turn passed to someone else).
func (d *pageDriver) waitHandChange(k *pageKeyboard, what string) {
	d.t.Helper()
	if !d.b.until(d.js(`(() => { const n = T.keyboard(); return n === null || %s; })()`, rawJS(changedFrom(k))), 20*time.Second, nil) {
		d.fail("the hand did not change after %s", what)
	}
}

// decider finds the person with a choice in their private chat (whose
// turn it is, or who must answer or pay) and that choice's message.
func (d *pageDriver) decider() (int64, *pageKeyboard) {
	d.t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		for _, p := range d.people {
			d.act(p)
			d.chat(p)
			if k := d.keyboard(); k != nil && !onlyRecolors(k) {
				return p, k
			}
		}
	}
	return 0, nil
}

// onlyRecolors says a hand offers nothing but 🎨 (recolouring a wild card
// on the table, which the game never waits for): whoever holds it is not
// the one to move. Choosing them looped 🎨 and ⬅️ until the steps ran out.
func onlyRecolors(k *pageKeyboard) bool {
	for _, b := range k.Buttons {
		if !strings.HasPrefix(b, "🎨") {
			return false
		}
	}
	return true
}

// dealChoice is what a quick, harmless player presses on a hand: answers
// and payments first, then up to two cards banked or laid down, then ⏹.
// Cards in tried led to nothing it would do (it went back): not again.
// refused says the bot refused the last payment as too small.
func (d *pageDriver) dealChoice(k *pageKeyboard, played int, tried map[string]bool, refused bool) string {
	switch {
	case button(k, "🗑") != "":
		return button(k, "🗑")
	case strings.Contains(k.Text, "❗") && button(k, "💸") != "":
		// A payment: pay; if the bot wants more, add the most valuable
		// card not chosen yet. Choosing from the top down never chooses
		// a card too many (the bot refuses change-making payments).
		if !refused {
			return button(k, "💸")
		}
		best, most := "", -1
		for _, l := range k.Buttons {
			if v := cardValue(l); v > most && !strings.HasPrefix(l, "✅") && !strings.HasPrefix(l, "💸") && !strings.HasPrefix(l, "⬅") {
				best, most = l, v
			}
		}
		if best != "" {
			return best
		}
		return button(k, "💸")
	case button(k, "🚫") != "" && button(k, "✅") != "": // Just Say No is offered: let it be
		return button(k, "✅")
	}
	// Cards that make others pay (a debt, a birthday, a rent) are played,
	// so payments and Just Say No come up; the rest go to the bank or down.
	if l := button(k, "💰", "▶", "💸"); l != "" && !strings.Contains(k.Text, "▶") {
		return l
	}
	if l := button(k, "🏦", "🏠"); l != "" {
		return l
	}
	if l := button(k, "⏹"); l != "" && (played >= 2 || len(k.Buttons) == 1) {
		return l
	}
	if l := button(k, "⬅"); l != "" { // a card that cannot be banked or laid down
		return l
	}
	for _, l := range k.Buttons {
		if !strings.HasPrefix(l, "⏹") && !strings.HasPrefix(l, "🎨") && !tried[l] {
			return l
		}
	}
	if l := button(k, "⏹"); l != "" {
		return l
	}
	return k.Buttons[0]
}

// TestBrowserPlaysLux plays a few turns of the Ukrainian luxury edition
// through the page: its money shows in hryvnias (₴), never in dollars.
func TestBrowserPlaysLux(t *testing.T) {
	t.Parallel() // each in its own page of the shared browser, on its own playground
	d := openPage(t, 2)
	k := d.lobby("lux")
	rolls := 0
	for step := 0; step < 60 && rolls < 6; step++ {
		if k == nil {
			d.fail("no buttons on the page mid-game")
		}
		who, label := d.pressTurnButton(k)
		t.Logf("step %d: %d pressed %q", step, who, label)
		if strings.HasPrefix(label, "🎲") {
			rolls++
		}
		k = d.waitChange(k, label)
	}
	if rolls < 6 {
		t.Fatalf("only %d rolls", rolls)
	}
	var texts []string // the bot's messages and their buttons
	d.b.eval(`[...T.botTexts(), ...[...document.querySelectorAll('#messages .keyboard button')].map((b) => b.textContent)]`, &texts)
	all := strings.Join(texts, "\n")
	if !strings.Contains(all, "₴") {
		d.fail("no ₴ amount on the page")
	}
	for _, s := range texts {
		if strings.Contains(s, "$") {
			d.fail("a dollar sign in the hryvnia edition: %q", s)
		}
	}
	d.endGame()
	d.noButtonsLeft()
	d.noConsoleErrors()
}

// moneyOfCard reads a card's value off its payment button: "Name (3M)",
// or a money card named by its value, "5M" (M or the Cyrillic М).
var moneyOfCard = regexp.MustCompile(`(\d+)\s*[MМ]\)?$`)

func cardValue(label string) int {
	m := moneyOfCard.FindStringSubmatch(label)
	if m == nil {
		return 0
	}
	v, _ := strconv.Atoi(m[1])
	return v
}

// pressTurnButton presses what a quick, harmless player of a board game
// presses on k (turnButtons, else the first button), as whoever may.
func (d *pageDriver) pressTurnButton(k *pageKeyboard) (who int64, label string) {
	d.t.Helper()
	label = button(k, turnButtons...)
	if label == "" {
		label = k.Buttons[0]
	}
	return d.pressAsWhoever(k, label), label
}
