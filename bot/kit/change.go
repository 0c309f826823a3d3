package kit

import (
	"encoding/json"

	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Change is one change of a chat's game in progress: what its change
// function reads and changes, and what to show once it is committed. The
// chat layer makes one for every update, timer or message id it stores
// (bot.Bot.change); a kind's code changes the game only through it. A
// change function may run more than once, so it changes nothing else.
type Change struct {
	Chat int64
	Via  int64 // where the update came from: Chat, or a private chat (changeVia)
	Rec  *Record
	// Settings are the chat's; ViaSettings those of Via when it is not
	// Chat (a person's private chat): changing them stores them.
	Settings     Settings
	ViaSettings  Settings
	Save, Remove bool     // a new revision; the game's end (archived)
	Quiet        bool     // store the record without a new revision
	Logs         [][]byte // the action log's new entries (Log)

	// After the commit:
	Alert string // answer to the button press, shown as an alert
	// AnswerLang is the language of the person whose press this change
	// answers (set by the host's press changes): a change that could not
	// be saved is answered in it.
	AnswerLang string
	Pressed    bool    // a press's change, answered: someone looks at the chat for its result
	Toast      string  // answer shown briefly
	Replies    []Reply // new messages, first
	Lobby      bool    // refresh the lobby message
	Turn       bool    // refresh the game's messages (the kind's Show)
	Finals     []Final // messages given their final text (Finalize)
	Shows      []Shown // messages given their live content, after the finals
	// Unhurried are slots whose next message only moves what the chat
	// shows already (the turn's, below /board's picture): it waits for
	// spare budget, and a content given to the slot meanwhile (a press's
	// result) goes at once in its place (bot.content.unhurried).
	Unhurried map[string]bool
	Closing   []Reply // messages sent after them (a game's end)
	GameOver  bool
	// Stopped: the game ended without the engine's game over (/endgame, or
	// no people left in it). Its closing message gets 🔁 Rematch as a game
	// over's does, and its ranking's leader (SeatResult.Leader) counts a
	// win.
	Stopped bool
	// Kept are the replies and closing messages, in the order finish sends
	// them, that the change stored with itself to survive a kill until
	// Telegram accepts them (bot/publish/kept.go).
	Kept []Kept
	// Frames are texts a slot's message shows one after another, each an
	// edit without buttons, before the final or live content this change
	// gives it (a casino's reels stopping one by one): Animate.
	Frames map[string][]string
	// InlineEdits are edits of messages posted through inline mode
	// (EditInline), made once the change is committed, outside the lock.
	InlineEdits []InlineEdit

	// The chat layer's bookkeeping.
	SettingsChanged    bool
	ViaSettingsChanged bool
	Duplicate          bool          // the update was applied before
	ClockChanged       bool          // the deadline state changed (store quietly)
	Stale              storage.Timer // a fired timer entry to drop if the record moved on
	ClockBefore        []byte        // the stored clock, to see whether the change moved it
}

// Reply is a new message to the chat.
type Reply struct {
	Text string
	KB   *Markup
}

// Final is a message given its last text, without buttons: Msg is its id
// if known (0: the slot still knows it, or it was never sent).
type Final struct {
	Chat int64 // 0: the change's chat; else a person's private chat (FinalizeIn)
	Slot string
	Msg  int
	Text string
	// Caption: the message is a photo, Text its caption (FinalizeCaption).
	Caption bool
}

// Shown is a message's live content: its slot, its id if known.
type Shown struct {
	Chat int64 // 0: the change's chat; else a person's private chat (ShowIn)
	Slot string
	Msg  int
	Text string
	KB   *Markup
	// Then, for a message in a person's private chat, says what follows
	// in the change's chat once it is known whether it reached them
	// (ShowInThen); nil: nothing.
	Then *Delivery
	// Caption: the message is a photo, Text its caption and KB its
	// keyboard (ShowCaption); Photo is the picture a new message sends
	// (nil: a text message carries the caption instead).
	Caption bool
	Photo   *Photo
}

// Delivery is what follows a message to a person's private chat, in the
// change's chat, once the chat layer knows whether Telegram delivered it
// or the person cannot receive it (never opened the bot, or blocked it):
// each outcome's effects, and the answer to the press that asked for the
// message, which waits for that outcome.
type Delivery struct {
	// Press is the callback id of the press the change answers with the
	// outcome's Toast or Alert ("": none; the kind does not answer it).
	Press              string
	Delivered, Refused Outcome
}

// Outcome is what a private message's delivery, or its refusal, shows in
// the change's chat.
type Outcome struct {
	Toast, Alert string // the answer to Delivery.Press
	Say          string // a new message (the answer to a command)
	Show         *Shown // a slot's message shown (a link that opens the bot)
	// Remove is a slot whose message goes (a link used up), RemoveMsg its
	// id if known.
	Remove    string
	RemoveMsg int
}

// Kept is a new message stored with the change that made it (Seq in the
// chat's pending messages) until Telegram accepted it.
type Kept struct {
	Seq  uint64
	Text string
}

// LogEntry is one line of a chat's action log: enough to replay a game
// from its seed.
type LogEntry struct {
	Update int   `json:"update,omitempty"`
	User   int64 `json:"user,omitempty"`
	Seat   int   `json:"seat"`
	// Action is the kind's action (the board's engine.Action), encoded as
	// the kind's own value; nil for a change that is none (a lobby's).
	Action any    `json:"action"`
	Ver    uint64 `json:"ver"`
	At     int64  `json:"at"`
}

// Log adds an entry (a LogEntry, or the game's start) to the chat's action
// log, stored with the change if it makes a new revision.
func (c *Change) Log(entry any) {
	data, err := json.Marshal(entry)
	if err != nil {
		panic(err) // log entries are plain data: this is a bug
	}
	c.Logs = append(c.Logs, data)
}

// Finalize gives slot's message its final text once the change is
// committed (finish). It is the one way a message stops changing: a
// closed turn, an ended offer, a started or cancelled lobby, a closed menu.
func (c *Change) Finalize(slot string, msg int, text string) {
	c.Finals = append(c.Finals, Final{Slot: slot, Msg: msg, Text: text})
}

// CloseQuestion ends a confirmation question (/endgame's, /leave's) once
// it is answered: the question keeps its text, loses its buttons, and says
// how it was answered, so no live button stays behind.
func (c *Change) CloseQuestion(m *MessageIn, outcome string) {
	if m == nil || m.ID == 0 {
		return
	}
	c.Finalize("", m.ID, Escape(m.Text)+"\n"+outcome)
}

// FinalizeOnce is Finalize unless the change already finalized slot.
func (c *Change) FinalizeOnce(slot string, msg int, text string) {
	for _, f := range c.Finals {
		if f.Slot == slot {
			return
		}
	}
	c.Finalize(slot, msg, text)
}

// Show makes slot's message show text and kb once the change is committed
// (finish): an edit, or a new message if it has none yet.
func (c *Change) Show(slot string, msg int, text string, kb *Markup) {
	c.Shows = append(c.Shows, Shown{Slot: slot, Msg: msg, Text: text, KB: kb})
}

// ShowCaption is Show for a photo's message: text is its caption, and a
// new message sends p (which the host may fill in after the change, once
// the picture is drawn) with it.
func (c *Change) ShowCaption(slot string, msg int, p *Photo, text string, kb *Markup) {
	c.Shows = append(c.Shows, Shown{Slot: slot, Msg: msg, Text: text, KB: kb, Caption: true, Photo: p})
}

// FinalizeCaption is Finalize for a photo's message: text becomes its
// caption.
func (c *Change) FinalizeCaption(slot string, msg int, text string) {
	c.Finals = append(c.Finals, Final{Slot: slot, Msg: msg, Text: text, Caption: true})
}

// Animate shows frames in slot's message, one edit each, before the next
// content this change gives it (Finalize or Show). A message never sent
// is not animated: it shows its content at once.
func (c *Change) Animate(slot string, frames ...string) {
	if c.Frames == nil {
		c.Frames = map[string][]string{}
	}
	c.Frames[slot] = frames
}

// ChatLang is the language of messages to the whole chat.
func (c *Change) ChatLang() string { return c.Settings.Language() }

// Lang is the language of a message to the chat that answers a person:
// the chat's (pinned or automatic), else the person's own.
func (c *Change) Lang(userLang string) string {
	switch {
	case c.Settings.Lang != "":
		return c.Settings.Lang
	case c.Settings.AutoLang != "":
		return c.Settings.AutoLang
	}
	return locales.Normalize(userLang)
}

// SharedLang is Lang for a message to the whole chat that stays and may
// be redrawn by another person's press (/settings, /rules), and keeps it
// as the chat's: a group that has no language yet (none pinned, no game
// ever opened) takes userLang (AutoLang, stored with the change), so the
// message stays in the language it was first shown in whoever presses
// its buttons. A private chat keeps none: it is its person's.
func (c *Change) SharedLang(userLang string) string {
	if c.Chat < 0 && c.Settings.Lang == "" && c.Settings.AutoLang == "" {
		c.Settings.AutoLang, c.SettingsChanged = locales.Normalize(userLang), true
	}
	return c.Lang(userLang)
}

// PresserLang is the language of what only one person reads (an alert, a
// toast, a private message): the chat's pinned language, else the
// person's own Telegram language, else the chat's.
func (c *Change) PresserLang(userLang string) string {
	return PersonLang(c.Settings, userLang)
}

// PersonLang is PresserLang for a chat's settings s.
func PersonLang(s Settings, userLang string) string {
	if s.Lang == "" && userLang != "" {
		return locales.Normalize(userLang)
	}
	return s.Language()
}

// ViewLang is the language of user's private views of r's game (a Deal
// hand and its inline answers, a trade composer): the one fixed at their
// first view (Seat.Lang, FixViewLang), so that neither a later /lang in
// the group nor a Telegram app in another language mixes two languages in
// one private chat (issue #27, item 7). Per person, not per game: each
// private chat is its person's. Until one is fixed — and for a seat stored
// before — the group's pinned language, else the private chat's pinned
// one, else the person's Telegram language. The names on the board or the
// cards stay the group's whatever it is (Record.WithNames).
func ViewLang(r *Record, user int64, group, private Settings, userLang string) string {
	if r != nil {
		if s := r.SeatOf(user); s >= 0 && r.Seats[s].Lang != "" {
			return r.Seats[s].Lang
		}
	}
	if group.Lang != "" {
		return group.Lang
	}
	return PersonLang(private, userLang)
}

// FixViewLang makes lang the language of user's private views of r's
// game unless one is fixed already; it returns the one in force.
func FixViewLang(r *Record, user int64, lang string) string {
	s := r.SeatOf(user)
	if s < 0 {
		return lang
	}
	if r.Seats[s].Lang == "" {
		r.Seats[s].Lang = lang
	}
	return r.Seats[s].Lang
}

// ShowIn is Show for a message in a person's private chat (a hand, a
// trade composer): its slot names the group whose record stores its id
// (PrivateSlot), which the kind's Sent stores.
func (c *Change) ShowIn(chat int64, slot string, msg int, text string, kb *Markup) {
	c.Shows = append(c.Shows, Shown{Chat: chat, Slot: slot, Msg: msg, Text: text, KB: kb})
}

// ShowInThen is ShowIn with what follows in the change's chat once it is
// known whether the message reached the person (nil: nothing).
func (c *Change) ShowInThen(chat int64, slot string, msg int, text string, kb *Markup, then *Delivery) {
	c.Shows = append(c.Shows, Shown{Chat: chat, Slot: slot, Msg: msg, Text: text, KB: kb, Then: then})
}

// FinalizeIn is Finalize for a message in a person's private chat.
func (c *Change) FinalizeIn(chat int64, slot string, msg int, text string) {
	c.Finals = append(c.Finals, Final{Chat: chat, Slot: slot, Msg: msg, Text: text})
}

// InlineEdit is a new text and keyboard for a message a person posted
// through inline mode, named by its inline message id only.
type InlineEdit struct {
	ID   string
	Text string
	KB   *Markup
}

// EditInline edits the message posted through inline mode as id once the
// change is committed (a choice refused as outdated says so where it was
// posted).
func (c *Change) EditInline(id, text string, kb *Markup) {
	c.InlineEdits = append(c.InlineEdits, InlineEdit{ID: id, Text: text, KB: kb})
}

// Photo is a picture to send: its PNG, or the file_id of the same picture
// sent before (nothing is uploaded again); Sent, if set, learns the
// file_id Telegram gave it (called by the outbox's worker).
type Photo struct {
	PNG     []byte
	FileID  string
	Caption string
	Sent    func(fileID string)
}
