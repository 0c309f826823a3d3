//go:build linux

package playground

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
)

var screenshots = flag.String("screenshots", "", "write the browser test's screenshots of a turn (ru, uk) into this directory, e.g. ../../docs")

// needChromium returns the browser's path. Without Chromium the browser
// tests are skipped on a developer's machine but fail in CI (CI set),
// where .ci/run installs it.
func needChromium(t *testing.T) string {
	t.Helper()
	p := chromiumPath()
	if p == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("Chromium is missing in CI: .ci/run installs it with apt-get (package chromium)")
		}
		t.Skip("Chromium is not installed (apt-get install chromium); CI runs this test")
	}
	return p
}

// pageHelpers are the test's hands and eyes on the page: they click and
// type into the DOM as a person would, and read what the page shows.
const pageHelpers = `window.T = {
  act(id) { document.querySelector('#people [data-person="' + id + '"]').click(); return playground.me === id; },
  chat(id) { document.querySelector('#chats [data-chat="' + id + '"]').click(); return playground.open === id; },
  follow(on) { const f = document.getElementById('follow'); if (f.checked !== on) f.click(); return f.checked; },
  menu(cmd) {
    document.getElementById('menu-button').click();
    const b = document.querySelector('#menu [data-command="' + cmd + '"]');
    if (b) b.click();
    return b !== null;
  },
  say(text) { const t = document.getElementById('text'); t.value = text; document.getElementById('send').click(); return true; },
  // The newest message on screen with buttons to press (links aside): its
  // id, text, mentioned people and buttons.
  keyboard() {
    const msgs = [...document.querySelectorAll('#messages .msg')].filter((m) => m.querySelector('.keyboard button:not(.url)'));
    const m = msgs[msgs.length - 1];
    if (!m) return null;
    return {
      id: Number(m.dataset.id),
      text: m.querySelector('.text').textContent,
      mentions: [...m.querySelectorAll('.mention')].map((a) => Number(a.dataset.user)),
      buttons: [...m.querySelectorAll('.keyboard button')].map((b) => b.textContent),
    };
  },
  click(msg, text) {
    const b = [...document.querySelectorAll('#messages .msg[data-id="' + msg + '"] .keyboard button')].find((b) => b.textContent === text);
    if (!b) return false;
    b.click();
    return true;
  },
  busy() { return document.querySelectorAll('button.pending').length > 0; },
  alert() { const a = document.getElementById('alert'); return a.hidden ? '' : document.getElementById('alert-text').textContent; },
  closeAlert() { document.getElementById('alert-ok').click(); return true; },
  texts() { return [...document.querySelectorAll('#messages .msg .text')].map((t) => t.textContent); },
  botTexts() { return [...document.querySelectorAll('#messages .msg[data-from="0"] .text')].map((t) => t.textContent); },
};
true`

type pageKeyboard struct {
	ID       int
	Text     string
	Mentions []int64
	Buttons  []string
}

type pageDriver struct {
	t      *testing.T
	b      *browser
	people []int64
	me     int64
	alerts int
}

// js fills format with args as JavaScript literals (rawJS as it is).
func (d *pageDriver) js(format string, args ...any) string {
	parts := make([]any, len(args))
	for i, a := range args {
		if r, ok := a.(rawJS); ok {
			parts[i] = string(r)
			continue
		}
		j, _ := json.Marshal(a)
		parts[i] = string(j)
	}
	return fmt.Sprintf(format, parts...)
}

func (d *pageDriver) act(id int64) {
	d.t.Helper()
	d.b.eval("playground.me", &d.me)
	if d.me == id {
		return
	}
	var ok bool
	d.b.eval(d.js("T.act(%s)", id), &ok)
	if !ok {
		d.t.Fatalf("could not switch to person %d", id)
	}
	d.me = id
}

func (d *pageDriver) chat(id int64) {
	d.t.Helper()
	var ok bool
	d.b.eval(d.js("T.chat(%s)", id), &ok)
	if !ok {
		d.t.Fatalf("could not open chat %d", id)
	}
}

func (d *pageDriver) keyboard() *pageKeyboard {
	d.t.Helper()
	var k *pageKeyboard
	d.b.eval("T.keyboard()", &k)
	return k
}

// press clicks a button and waits until the bot answered it; it returns
// the alert the bot showed, if any (and closes it).
func (d *pageDriver) press(msg int, text string) string {
	d.t.Helper()
	var ok bool
	d.b.eval(d.js("T.click(%s, %s)", msg, text), &ok)
	if !ok {
		d.fail("no button %q on message %d", text, msg)
	}
	d.b.waitFor("the answer to "+text, "!T.busy()", 20*time.Second)
	var alert string
	d.b.eval("T.alert()", &alert)
	if alert != "" {
		d.alerts++
		d.b.eval("T.closeAlert()", nil)
	}
	return alert
}

// say types a message into the open chat and waits for the bot's answer
// to show up (a new or changed message of the bot).
func (d *pageDriver) say(text string) {
	d.t.Helper()
	var before []string
	d.b.eval("T.botTexts()", &before)
	d.b.eval(d.js("T.say(%s)", text), nil)
	d.b.waitFor("the bot's answer to "+text, d.js("JSON.stringify(T.botTexts()) !== %s", mustJSON(before)), 20*time.Second)
}

func mustJSON(v any) string {
	j, _ := json.Marshal(v)
	return string(j)
}

// waitChange waits until the newest keyboard on screen differs from k
// (the bot paces its edits as on Telegram, so this may take seconds).
func (d *pageDriver) waitChange(k *pageKeyboard, what string) *pageKeyboard {
	d.t.Helper()
	var n *pageKeyboard
	if !d.b.until(d.js(`(() => { const n = T.keyboard(); return n && %s ? n : null; })()`, rawJS(changedFrom(k))), 20*time.Second, &n) {
		d.fail("the page did not change after %s", what)
	}
	return n
}

// changedFrom is a JavaScript condition on the keyboard n (as T.keyboard
// gives it): it is not k, by message, text or buttons. Any keyboard
// differs from none.
func changedFrom(k *pageKeyboard) string {
	if k == nil {
		return "true"
	}
	buttons := k.Buttons
	if buttons == nil {
		buttons = []string{}
	}
	return fmt.Sprintf("(n.id !== %d || n.text !== %s || JSON.stringify(n.buttons) !== JSON.stringify(%s))", k.ID, mustJSON(k.Text), mustJSON(buttons))
}

// rawJS is JavaScript spliced into pageDriver.js as it is, not quoted.
type rawJS string

// fail stops the test, leaving a picture of the page for whoever reads
// the failure (in the test's output directory, kept by go test -v only
// while the test runs, or in -screenshots).
func (d *pageDriver) fail(format string, args ...any) {
	d.t.Helper()
	dir := *screenshots
	if dir == "" {
		dir = os.TempDir()
	}
	shot := filepath.Join(dir, "playground-failure-"+strings.ReplaceAll(d.t.Name(), "/", "-")+".png") // tests run side by side
	d.b.screenshot(shot)
	var texts []string
	d.b.eval("T.texts()", &texts)
	if len(texts) > 3 {
		texts = texts[len(texts)-3:]
	}
	d.t.Fatalf(format+"\nthe page (%s) ends with: %q", append(args, shot, texts)...)
}

func buttonsWith(k *pageKeyboard, prefix string) []string {
	var out []string
	for _, b := range k.Buttons {
		if strings.HasPrefix(b, prefix) {
			out = append(out, b)
		}
	}
	return out
}

func button(k *pageKeyboard, prefixes ...string) string {
	if k == nil {
		return ""
	}
	for _, p := range prefixes {
		for _, b := range k.Buttons {
			if strings.HasPrefix(b, p) {
				return b
			}
		}
	}
	return ""
}

// turnButtons is the order a quick, harmless player presses: buttons
// begin with the same emoji in every language.
var turnButtons = []string{"🎲", "🏷", "💳", "💸", "⏹", "🚪", "💥"}

// pressAsWhoever presses label on message k as the people it mentions
// first, then as everyone else, until the bot takes the press (another
// person's press is answered with an alert and changes nothing).
func (d *pageDriver) pressAsWhoever(k *pageKeyboard, label string) int64 {
	d.t.Helper()
	order := append(slices.Clone(k.Mentions), d.people...)
	tried := map[int64]bool{}
	for _, id := range order {
		if tried[id] || !slices.Contains(d.people, id) {
			continue
		}
		tried[id] = true
		d.act(id)
		if d.press(k.ID, label) == "" {
			return id
		}
	}
	d.t.Fatalf("nobody could press %q on %q", label, k.Text)
	return 0
}

// TestBrowserPlaysAGame drives the page in headless Chromium through a
// lobby, turns, a trade (through the deep link into a private chat) and a
// game over, as a person clicking and typing would, and fails on any
// console error, exception or failed load on the page.
func TestBrowserPlaysAGame(t *testing.T) {
	t.Parallel() // each in its own page of the shared browser, on its own playground
	path := needChromium(t)
	// ليلى watches: her name shows right to left. Screenshots for the docs
	// are taken at Telegram's pace (a few minutes), so the status line is true.
	url := startPlayground(t, 4, *screenshots == "")
	b := startBrowser(t, path, 1280, 860)
	b.navigate(url)
	b.waitFor("the page's first state", "window.playground && window.playground.ready", 30*time.Second)
	b.eval(pageHelpers, nil)
	d := &pageDriver{t: t, b: b, people: []int64{1001, 1002, 1003}, me: 1001}
	b.eval("T.follow(false)", nil) // the test switches people itself, and checks following below

	// The lobby: Олена opens it from the command menu, the others join,
	// Олена starts.
	var before []string
	b.eval("T.botTexts()", &before)
	var found bool
	b.eval(`T.menu("newgame")`, &found)
	if !found {
		d.fail("no /newgame in the command menu")
	}
	b.waitFor("the lobby", d.js("JSON.stringify(T.botTexts()) !== %s", mustJSON(before)), 20*time.Second)
	lobby := d.keyboard()
	if lobby == nil || button(lobby, "✋") == "" {
		t.Fatalf("no lobby on the page: %+v", lobby)
	}
	for _, p := range d.people[1:] {
		d.act(p)
		k := d.keyboard()
		if a := d.press(k.ID, button(k, "✋")); a != "" {
			t.Fatalf("joining as %d: %s", p, a)
		}
		d.waitChange(k, "✋")
	}
	d.act(1001)
	k := d.keyboard()
	b.eval("T.follow(true)", nil) // following the game: the page acts as whom the first turn waits for
	if a := d.press(k.ID, button(k, "▶")); a != "" {
		t.Fatalf("starting: %s", a)
	}
	k = d.waitChange(k, "▶")
	if len(k.Mentions) == 0 {
		d.fail("the first turn mentions nobody: %+v", k)
	}
	b.waitFor("the page to follow the turn", d.js("playground.me === %s", k.Mentions[0]), 10*time.Second)
	b.eval("T.follow(false)", nil)

	// A press out of turn: the bot answers with an alert, to that person only.
	outsider := d.people[0]
	if outsider == k.Mentions[0] {
		outsider = d.people[1]
	}
	d.act(outsider)
	if a := d.press(k.ID, button(k, "🎲")); a == "" {
		d.fail("%d rolled on %d's turn without an alert", outsider, k.Mentions[0])
	}

	// Turns: whoever the turn message mentions rolls, buys, pays, ends.
	rollers := map[int64]int{}
	rolls, traded, tradeAt := 0, false, 2 // try a trade after 2 rolls, again 3 rolls after a miss
	for step := 0; step < 80 && (rolls < 8 || len(rollers) < 3 || !traded); step++ {
		d.chat(GroupID)
		k := d.waitChange(nil, "")
		if k == nil {
			t.Fatal("no buttons on the page mid-game")
		}
		if !traded && rolls >= tradeAt && button(k, "🤝") != "" {
			if traded = d.trade(k); !traded {
				tradeAt = rolls + 3
			}
			continue
		}
		who, label := d.pressTurnButton(k)
		t.Logf("step %d: %d pressed %q", step, who, label)
		if strings.HasPrefix(label, "🎲") {
			rollers[who]++
			rolls++
		}
		d.waitChange(k, label)
	}
	if rolls < 8 || len(rollers) < 3 {
		t.Fatalf("%d rolls by %v: the game did not go round", rolls, rollers)
	}
	if !traded {
		t.Error("no trade was made")
	}
	d.screenshotTurns()

	// Game over: the creator ends it and confirms.
	d.act(1001)
	d.chat(GroupID)
	d.say("/endgame")
	k = d.keyboard()
	if a := d.press(k.ID, button(k, "✅")); a != "" {
		t.Fatalf("confirming /endgame: %s", a)
	}
	b.waitFor("the final standings", `T.botTexts().some((t) => t.includes('🏁') || t.includes('🏆'))`, 20*time.Second)
	if k := d.keyboard(); k != nil && button(k, "🎲") != "" {
		t.Fatalf("the game still offers a roll after its end: %+v", k)
	}
	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Fatalf("the page logged errors:\n%s", strings.Join(errs, "\n"))
	}
	t.Logf("%d rolls by %v; %d presses answered with an alert", rolls, rollers, d.alerts)
}

// TestBrowserRendersOnlyTelegramsHTML feeds the page's renderer what a
// careless or hostile bot message could hold: only Telegram's tags become
// markup, links only to the web, to people and to the bot; the rest is text.
func TestBrowserRendersOnlyTelegramsHTML(t *testing.T) {
	t.Parallel() // each in its own page of the shared browser, on its own playground
	path := needChromium(t)
	url := startPlayground(t, 2, true)
	b := startBrowser(t, path, 800, 600)
	b.navigate(url)
	b.waitFor("the page's first state", "window.playground && window.playground.ready", 30*time.Second)
	for _, c := range []struct{ in, html, text string }{
		{"<b>bold</b> <i>it</i> <u>u</u> <s>s</s>", "<b>bold</b> <i>it</i> <u>u</u> <s>s</s>", "bold it u s"},
		{"<strong>a</strong><em>b</em><ins>c</ins><del>d</del><strike>e</strike>", "<b>a</b><i>b</i><u>c</u><s>d</s><s>e</s>", "abcde"},
		{"&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; &#128512;", "&lt;script&gt;alert(1)&lt;/script&gt; &amp; \"q\" 😀", "<script>alert(1)</script> & \"q\" 😀"},
		{"<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;", "<script>alert(1)</script>"},
		{`<img src=x onerror="alert(1)">`, `&lt;img src=x onerror="alert(1)"&gt;`, `<img src=x onerror="alert(1)">`},
		{`<b onclick="alert(1)" style="x">b</b>`, "<b>b</b>", "b"},
		{`<a href="javascript:alert(1)">js</a>`, "<a>js</a>", "js"},
		{`<a href="https://example.com/">web</a>`, `<a href="https://example.com/" target="_blank" rel="noopener noreferrer">web</a>`, "web"},
		{`<a href="tg://user?id=1002">Дмитрий</a>`, `<a class="mention" title="Act as Дмитрий" data-user="1002">Дмитрий</a>`, "Дмитрий"},
		{`<code>x</code><pre>y</pre><blockquote>z</blockquote>`, "<code>x</code><pre>y</pre><blockquote>z</blockquote>", "xyz"},
		{`<tg-spoiler>s</tg-spoiler><span class="tg-spoiler">t</span>`, `<span class="spoiler">s</span><span class="spoiler">t</span>`, "st"},
		{"<b>unclosed", "<b>unclosed</b>", "unclosed"},
		{"a < b > c", "a &lt; b &gt; c", "a < b > c"},
	} {
		var got struct{ HTML, Text string }
		b.eval(fmt.Sprintf(`(() => { const d = document.createElement('div'); renderHTML(%s, d); return {html: d.innerHTML, text: d.textContent}; })()`, mustJSON(c.in)), &got)
		if got.HTML != c.html || got.Text != c.text {
			t.Errorf("%s\n rendered %s (%q)\n want     %s (%q)", c.in, got.HTML, got.Text, c.html, c.text)
		}
	}
	// A photo message draws the picture above its caption.
	var photo struct {
		Src     string
		Caption string
	}
	b.eval(`(() => {
	  const n = messageNode({chat: -4242, id: 9999, from: 0, text: '<b>Board</b>', html: true, date: 0,
	    photo: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='});
	  return {src: n.querySelector('img.photo').src.slice(0, 10), caption: n.querySelector('.text b').textContent};
	})()`, &photo)
	if photo.Src != "data:image" || photo.Caption != "Board" {
		t.Errorf("photo message drawn as %+v", photo)
	}
	// "@bot query" in the text box is an inline query, not a message: its
	// results list above the box, for the person who typed it.
	b.eval(`(() => { const t = document.getElementById('text'); t.value = '@`+fakeapi.BotUsername+` hand'; t.dispatchEvent(new Event('input')); })()`, nil)
	b.waitFor("the inline query to reach the bot", "S.inlineQuery !== ''", 10*time.Second)
	var listed string
	b.eval(`(() => { onInline({user: S.me, query: S.inlineQuery, results: [{id: 'r1', title: '🂡 Ace', description: 'play it'}]});
	  const box = document.getElementById('inline');
	  return box.hidden ? '' : box.querySelector('[data-result="r1"] .title').textContent; })()`, &listed)
	if listed != "🂡 Ace" {
		t.Errorf("inline results shown as %q", listed)
	}
	var hidden bool
	b.eval(`(() => { onInline({user: S.me + 1, query: S.inlineQuery, results: []}); return document.getElementById('inline').querySelector('.empty') === null; })()`, &hidden)
	if !hidden {
		t.Error("another person's inline results were shown")
	}
	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Fatalf("the page logged errors:\n%s", strings.Join(errs, "\n"))
	}
}

// openComposer follows the deep link the bot posts in the group when it
// may not write to the person first.
func (d *pageDriver) openComposer(who int64) {
	d.t.Helper()
	var link struct {
		ID   int
		Text string
	}
	d.b.waitFor("the deep link", `document.querySelector('#messages .msg:last-child .keyboard button.url')`, 20*time.Second)
	d.b.eval(`(() => { const m = document.querySelector('#messages .msg:last-child'); return {id: Number(m.dataset.id), text: m.querySelector('.keyboard button.url').textContent}; })()`, &link)
	if !strings.HasPrefix(link.Text, "✍") {
		d.fail("no deep link after 🤝 but %+v", link)
	}
	var ok bool
	d.b.eval(d.js("T.click(%s, %s)", link.ID, link.Text), &ok)
	d.b.waitFor("the private chat", d.js("playground.open === %s", who), 10*time.Second)
	d.b.waitFor("the composer", "T.keyboard() !== null", 20*time.Second)
}

// trade composes an offer through the page: 🤝 in the group, the deep
// link into the private chat (the person never started the bot, so the
// bot cannot write first), the composer there, and the counterparty's
// answer in the group. It reports whether the offer was answered.
func (d *pageDriver) trade(k *pageKeyboard) bool {
	d.t.Helper()
	// The newest message of each private chat: an open one (an earlier
	// offer was put off) gets the composer straight away.
	last := map[int64]int{}
	for _, p := range d.people {
		var n int
		d.b.eval(d.js("Math.max(0, ...playground.messages(%s).map((m) => m.id))", p), &n)
		last[p] = n
	}
	who := d.pressAsWhoever(k, button(k, "🤝"))
	if last[who] > 0 {
		d.chat(who)
		d.b.waitFor("the composer", d.js("T.keyboard() !== null && T.keyboard().id > %s", last[who]), 20*time.Second)
	} else {
		d.openComposer(who)
	}
	// Whom to trade with: the first other player.
	c := d.keyboard()
	if a := d.press(c.ID, c.Buttons[0]); a != "" {
		d.t.Fatalf("composer %q: %s", c.Buttons[0], a)
	}
	c = d.waitChange(c, c.Buttons[0])
	// What: a deed of one's own for one of theirs; with deeds on one side
	// only, some cash on the other. Without deeds on the table the offer
	// is put off (discarded) until someone owns one.
	give, take := button(c, "📤"), button(c, "📥")
	if give == "" && take == "" {
		d.press(c.ID, button(c, "🗑"))
		return false
	}
	var plan []string
	if give != "" {
		plan = append(plan, give)
	}
	if take != "" {
		plan = append(plan, take)
	}
	cash := buttonsWith(c, "💵") // you pay, you ask for
	switch {
	case give == "":
		plan = append(plan, cash[0], "+10", "✔")
	case take == "":
		plan = append(plan, cash[1], "+10", "✔")
	}
	for _, want := range append(plan, "📨") {
		label := button(c, want)
		if label == "" {
			d.fail("the composer has no %q: %+v", want, c)
		}
		if a := d.press(c.ID, label); a != "" {
			d.fail("composer %q: %s", label, a)
		}
		if want != "📨" {
			c = d.waitChange(c, label)
		}
	}
	// The offer in the group, answered by the person it names.
	d.chat(GroupID)
	var offer *pageKeyboard
	if !d.b.until(`(() => { const n = T.keyboard(); return n && n.buttons.some((b) => b.startsWith('✅')) ? n : null; })()`, 20*time.Second, &offer) {
		d.t.Fatalf("no offer in the group: %+v", d.keyboard())
	}
	taker := d.pressAsWhoever(offer, button(offer, "✅"))
	if taker == who {
		d.fail("%d accepted their own offer", who)
	}
	d.waitChange(offer, "✅")
	return true
}

// toastGone waits until no toast covers the page: the last press's, which
// fades 3 s after it showed. press returns once the answer arrived, and the
// page shows the answer's toast as it takes the answer, so the toast is
// already up (or never came) when this starts waiting.
func (d *pageDriver) toastGone() {
	d.t.Helper()
	d.b.waitFor("the toast to fade", "document.getElementById('toast').hidden", 20*time.Second)
}

// screenshotTurns saves a turn in the group in Ukrainian (the language of
// the person who opened the game) and, after /lang ru, in Russian, when
// -screenshots names a directory.
func (d *pageDriver) screenshotTurns() {
	if *screenshots == "" {
		return
	}
	shoot := func(file string) {
		d.b.eval("T.follow(true)", nil) // as a person finds the page
		d.b.screenshot(filepath.Join(*screenshots, file))
		d.b.eval("T.follow(false)", nil)
	}
	d.chat(GroupID)
	d.act(1001)
	d.toastGone()
	shoot("playground-uk.png")
	d.say("/lang ru")
	for i := 0; i < 3; i++ { // until a new turn message, now in Russian
		k := d.keyboard()
		label := button(k, turnButtons...)
		if label == "" {
			break
		}
		d.pressAsWhoever(k, label)
		d.waitChange(k, label)
	}
	d.act(1002)
	d.toastGone()
	shoot("playground-ru.png")
}
