package bottest

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// ErrorLog is a slog.Handler that keeps what the bot logs at Error level:
// a press that logs an error is a defect even when its answer looks fine.
type ErrorLog struct {
	mu   sync.Mutex
	recs []string
}

func (l *ErrorLog) Enabled(_ context.Context, lv slog.Level) bool { return lv >= slog.LevelError }

func (l *ErrorLog) Handle(_ context.Context, r slog.Record) error {
	var sb strings.Builder
	sb.WriteString(r.Message)
	r.Attrs(func(a slog.Attr) bool { sb.WriteString(" " + a.String()); return true })
	l.mu.Lock()
	l.recs = append(l.recs, sb.String())
	l.mu.Unlock()
	return nil
}

func (l *ErrorLog) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *ErrorLog) WithGroup(string) slog.Handler      { return l }

// Take returns the errors logged since the last Take.
func (l *ErrorLog) Take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := l.recs
	l.recs = nil
	return out
}

// Sweep presses every button of every view a test brings on screen, each
// on a copy of the state: a press that changed the chat's stored game or
// settings is undone (the stored bytes put back, the chat shown again)
// before the next one. Every press must be answered (answerCallbackQuery),
// in the chat's pinned language (Lang), with no error logged; the labels
// of the buttons must be in it too.
type Sweep struct {
	H    *Harness
	Lang string
	Log  *ErrorLog
	// Unpinned: the chat pinned no language (its messages are in Lang, its
	// first creator's): each answer is in its presser's own language, as
	// is what a private chat shows (kit.PersonLang).
	Unpinned bool
	// Names are the people's names: the only words a text may hold in
	// another script.
	Names []string

	pressed map[string]bool // chat/status/data
	// Views counts the presses per view, in the order the views came.
	Views []ViewCount
}

// ViewCount is how many buttons of a view were pressed, and how often.
type ViewCount struct {
	View             string
	Buttons, Presses int
}

// NewSweep is a sweep of h's chat, pinned to lang.
func NewSweep(h *Harness, lang string, log *ErrorLog) *Sweep {
	s := &Sweep{H: h, Lang: lang, Log: log, pressed: map[string]bool{}}
	for _, u := range h.Users {
		s.Names = append(s.Names, u.FirstName)
	}
	return s
}

// state is a chat's stored game and settings, as bytes.
type state struct{ game, settings []byte }

func (s *Sweep) read(chat int64) state {
	var st state
	_ = s.H.App.Store().View(func(tx *storage.Tx) error {
		if g, ok := tx.GameBytes(chat); ok {
			st.game = bytes.Clone(g)
		}
		if v, ok := tx.SettingsBytes(chat); ok {
			st.settings = bytes.Clone(v)
		}
		return nil
	})
	return st
}

// restore puts back chat's stored game and settings as they were, and has
// the chat show them again (its lobby or its game's messages).
func (s *Sweep) restore(chat int64, st state) {
	h := s.H
	h.T.Helper()
	unlock := h.App.LockChat(chat)
	err := h.App.Store().Update(func(tx *storage.Tx) error {
		if st.game == nil {
			if err := tx.DeleteGame(chat); err != nil {
				return err
			}
		} else if err := tx.PutGame(chat, st.game); err != nil {
			return err
		}
		if st.settings != nil {
			return tx.PutSettings(chat, st.settings)
		}
		return nil
	})
	if err == nil && st.game != nil {
		err = h.App.ChangeAndShow(chat, func(c *kit.Change) error {
			c.Quiet = true
			c.Lobby = c.Rec.Status == kit.StatusLobby
			c.Turn = c.Rec.Status == kit.StatusPlaying
			return nil
		})
	}
	unlock()
	if err != nil {
		h.T.Fatalf("restoring the chat: %v", err)
	}
	h.Settle()
	s.Log.Take() // what the restore itself logged is no press's
}

// View presses, as each of pressers, every button not pressed yet on the
// messages chat shows (Chat, or a person's private chat), restoring the
// group's state after each press that changed it.
func (s *Sweep) View(view string, chat int64, pressers ...fakeapi.User) {
	h := s.H
	h.T.Helper()
	type button struct {
		msg        int
		data, text string
	}
	var todo []button
	// A button is its data, once a status of the game: the same on
	// another message (a menu shown again) is pressed once, but a game's
	// button shown while a restore took it back to its lobby is pressed
	// again once it runs.
	status := "none"
	if rec := h.Record(); rec != nil {
		status = string(rec.Status)
	}
	for _, m := range h.API.Messages(chat) {
		if m.Deleted {
			continue
		}
		for _, row := range m.Keyboard {
			for _, b := range row {
				if s.Unpinned && chat != Chat && len(pressers) > 0 {
					// The private chat's own language, the board's names
					// in the group's.
					s.checkText(locales.Normalize(pressers[0].LanguageCode), view+": label of "+b.Data, b.Text, s.Lang)
				} else {
					s.checkText(s.Lang, view+": label of "+b.Data, b.Text)
				}
				key := fmt.Sprintf("%d/%s/%s", chat, status, b.Data)
				if b.URL != "" || b.InlineHere != nil || s.pressed[key] {
					continue
				}
				s.pressed[key] = true
				todo = append(todo, button{m.ID, b.Data, b.Text})
			}
		}
	}
	count := ViewCount{View: view, Buttons: len(todo)}
	s.Log.Take()
	for _, b := range todo {
		// A button whose every press changed nothing, showed nothing and
		// answered with no text is dead: it leaves its presser guessing.
		// (One press may find its work done by the press before: a
		// section of /rules already shown.)
		alive := false
		for _, u := range pressers {
			before := s.read(Chat)
			answers := len(h.API.CallbackAnswers())
			events := h.API.LastEvent()
			h.API.PushCallback(chat, b.msg, u, b.data)
			h.Settle()
			after := s.read(Chat)
			changed := !bytes.Equal(after.game, before.game) || !bytes.Equal(after.settings, before.settings)
			// The answer is one event; a press that changed nothing, showed
			// nothing and answered with no text left its presser guessing.
			shown := h.API.LastEvent()-events > 1
			count.Presses++
			what := fmt.Sprintf("%s: %s pressing %q (%s)", view, u.FirstName, b.text, b.data)
			got := h.API.CallbackAnswers()
			switch {
			case len(got) == answers:
				h.T.Errorf("%s: not answered", what)
			case len(got) > answers+1:
				h.T.Errorf("%s: answered %d times", what, len(got)-answers)
			default:
				alive = alive || changed || shown || got[len(got)-1].Text != ""
				lang := s.Lang
				if s.Unpinned {
					lang = locales.Normalize(u.LanguageCode)
				}
				s.checkText(lang, what+": answer", got[len(got)-1].Text)
			}
			if errs := s.Log.Take(); len(errs) > 0 {
				h.T.Errorf("%s: logged %q", what, errs)
			}
			if changed {
				s.restore(Chat, before)
			}
		}
		if !alive && len(pressers) > 0 {
			h.T.Errorf("%s: %q (%s) did nothing and said nothing, to anyone (a dead button)", view, b.text, b.data)
		}
	}
	s.Views = append(s.Views, count)
}

var (
	messageID = regexp.MustCompile(`^[a-z0-9]+(_[a-z0-9]+)+$`)
	latinWord = regexp.MustCompile(`[A-Za-z]{2,}`)
	cyrillic  = regexp.MustCompile(`\p{Cyrillic}`)
	command   = regexp.MustCompile(`/[a-z_]+`)
)

// latinAllowed are the words a Russian or Ukrainian text may hold in the
// Latin script: the editions' own names, money and units.
var latinAllowed = map[string]bool{"Monopoly": true, "Deal": true, "UA": true, "Lux": true, "UTC": true}

// endonyms are the languages' own names, which the language page shows
// as each language writes it.
var endonyms = []string{"English", "Українська", "Русский"}

// checkText fails the test unless text (an answer or a label shown to
// someone reading lang) is in lang: no message id, no template left
// unfilled, no word of another language but people's names. A text in
// one of also passes too (a private view names the board's squares as
// the group sees them).
func (s *Sweep) checkText(lang, what, text string, also ...string) {
	h := s.H
	h.T.Helper()
	problem := s.notIn(lang, text)
	for _, l := range also {
		if problem != "" && s.notIn(l, text) == "" {
			problem = ""
		}
	}
	if problem != "" {
		h.T.Errorf("%s: %q %s", what, text, problem)
	}
}

// notIn says what keeps text from being in lang ("" if nothing).
func (s *Sweep) notIn(lang, text string) string {
	// Answers and labels are plain text: no HTML to strip.
	shown := strings.NewReplacer("\u2068", "", "\u2069", "").Replace(text)
	for _, n := range append(s.Names, endonyms...) {
		shown = strings.ReplaceAll(shown, n, "")
	}
	shown = command.ReplaceAllString(shown, "")
	switch {
	case strings.Contains(text, "{{") || strings.Contains(text, "<no value>") || strings.Contains(text, "%!"):
		return "is an unfilled template"
	case messageID.MatchString(text):
		return "is a message id, not a text"
	}
	switch lang {
	case "en":
		if cyrillic.MatchString(shown) {
			return "is not English"
		}
	case "ru", "uk":
		var foreign []string
		for _, w := range latinWord.FindAllString(shown, -1) {
			if !latinAllowed[w] {
				foreign = append(foreign, w)
			}
		}
		if len(foreign) > 0 {
			return fmt.Sprintf("holds English (%v), not %s", foreign, lang)
		}
		other := "ыэъё"
		if lang == "ru" {
			other = "іїєґ"
		}
		if strings.ContainsAny(strings.ToLower(shown), other) {
			return "is not " + lang
		}
	}
	return ""
}

// Report is the views and presses counted, a line each.
func (s *Sweep) Report() string {
	var sb strings.Builder
	buttons, presses := 0, 0
	for _, v := range s.Views {
		fmt.Fprintf(&sb, "  %-28s %3d buttons %4d presses\n", v.View, v.Buttons, v.Presses)
		buttons += v.Buttons
		presses += v.Presses
	}
	fmt.Fprintf(&sb, "  %d views, %d buttons, %d presses", len(s.Views), buttons, presses)
	return sb.String()
}

// Has reports whether a view of that name was swept.
func (s *Sweep) Has(view string) bool {
	return slices.ContainsFunc(s.Views, func(v ViewCount) bool { return v.View == view })
}

// Pages opens each page of the menu command posts — its buttons with op —
// in a menu of its own (the sweep of the last page may have left the menu
// on another page, or closed it), and sweeps it.
func (s *Sweep) Pages(name, command string, op kit.Op, pressers ...fakeapi.User) {
	h := s.H
	h.T.Helper()
	h.Say(pressers[0], command)
	var args []int
	msgs := h.API.Messages(Chat)
	for i := len(msgs) - 1; i >= 0 && len(args) == 0; i-- {
		for _, row := range msgs[i].Keyboard {
			for _, b := range row {
				if p, err := kit.ParsePress(b.Data); err == nil && p.Op == op {
					args = append(args, p.Arg)
				}
			}
		}
	}
	for _, arg := range args {
		h.Say(pressers[0], command)
		if msg, data, ok := h.FindButton(op, arg, false); ok {
			h.Press(pressers[0], msg, data)
			s.View(fmt.Sprintf("%s page %d", name, arg), Chat, pressers...)
		}
	}
}

// ChatViews pins the chat's language (unless Unpinned: the first of the
// harness's Users must read Lang) as the first of Users, an admin of
// the chat (the settings are theirs to change), then sweeps
// /settings and each of its pages (their op pageOp), /rules and its
// sections, a lobby opened by "/newgame args" that the others joined,
// and its ⚙️ More; it leaves the lobby open, full and on its main view.
func (s *Sweep) ChatViews(spect fakeapi.User, pageOp kit.Op, args string) {
	h := s.H
	h.T.Helper()
	users := h.Users
	a := users[0]
	h.API.SetAdmins(Chat, a.ID)
	if s.Unpinned {
		h.Say(a, "/lang auto") // the chat's messages in a's language, answers in each presser's
	} else {
		h.Say(a, "/lang "+s.Lang)
	}
	h.Say(a, "/settings")
	s.View("settings", Chat, a, spect)
	s.Pages("settings", "/settings", pageOp, a, spect)
	h.Say(a, "/rules")
	s.View("rules", Chat, a, spect)
	// Each section of /rules shows the same buttons: the sweep pressed
	// them all on the first.
	h.OpenLobby(args)
	s.View("lobby", Chat, a, users[1], spect)
	h.LobbyView(a, true)
	s.View("lobby more", Chat, a, spect)
	h.LobbyView(a, false)
}
