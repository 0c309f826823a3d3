package kit

import (
	"slices"

	"github.com/monopoly-tg/monopoly-bot/locales"
)

// Status of a chat's game record.
const (
	StatusLobby   = "lobby"
	StatusPlaying = "playing"
)

// Record is what the bot stores for one chat's game: an envelope the chat
// layer owns (the game's id and revision, its kind, the people in the
// seats, the options, pace and clock, the lobby message) and the state of
// the game's kind. It is saved whole in one transaction with every
// accepted action.
type Record struct {
	ID     uint64 `json:"id"`  // random per game: buttons of an older game never match
	Rev    uint64 `json:"rev"` // increases with every change; stamped into buttons
	Status string `json:"status"`
	// Kind names the game's kind (kinds); "" is the board game, which every
	// record written before kinds holds.
	Kind    string `json:"kind,omitempty"`
	Edition string `json:"edition"`
	Creator int64  `json:"creator"`
	Seats   []Seat `json:"seats"`
	// Options are the chat's settings this game was created or started
	// with: a lobby follows the chat's changes, a running game keeps them.
	Options *ChatOptions `json:"options,omitempty"`
	// RematchOf is the game whose 🔁 Rematch opened this lobby
	// (bot/rematch.go): that button is refused once the lobby exists.
	RematchOf uint64 `json:"rematch_of,omitempty"`

	LobbyMsg int `json:"lobby_msg,omitempty"`
	// LobbyStart is when the lobby starts the game by itself (the
	// creator's choice; 0: only by the Start button); LobbyAsk that the
	// creator pressed Cancel and the lobby asks to confirm (bot/lobby).
	LobbyStart int64 `json:"lobby_start,omitempty"`
	LobbyAsk   bool  `json:"lobby_ask,omitempty"`
	// LobbyMore: the lobby's message shows its rarer buttons (⚙️ More,
	// bot/lobby) instead of the main ones.
	LobbyMore bool `json:"lobby_more,omitempty"`

	Created int64 `json:"created"`
	Updated int64 `json:"updated"`
	// Marked is when the chat was last stamped in storage's index of
	// recently changed chats (bot/restore.go, recentStamp).
	Marked int64 `json:"marked,omitempty"`

	// Pace is the pace the game plays with, fixed when it starts; Clock is
	// its deadline state: deadlines, reminders, strikes, pause, votes
	// (bot/timers).
	Pace  Pace  `json:"pace,omitempty"`
	Clock Clock `json:"clock,omitempty"`

	// State is the game kind's own state (nil: none yet). The kind stores
	// it among the record's members (a board game's at the top level, as
	// before kinds; a Deal game's under "deal") and decodes it
	// (RegisterState); it reads it through its own accessor (board.Of,
	// deal.Of).
	State State `json:"-"`

	// NamesLang, when set, is the language the board's names (squares,
	// cards) are shown in, whatever the language of the text around them:
	// a private view names them as the group sees them (issue #27, item 7).
	// Never stored: set on a copy of the record for one rendering
	// (WithNames).
	NamesLang string `json:"-"`
}

// State is a game kind's own state in a chat's record (Record.State): the
// kit stores and copies it without knowing what it holds; the kind reads
// it through its own typed accessor (board.Of, deal.Of).
type State interface {
	// Clone returns a copy that either can change without the other
	// seeing it (the record cache hands out copies on every get: keep it
	// cheap).
	Clone() State
	// Stored is what the record stores of the state: v, a value that
	// encodes as a JSON object, under key among the record's members, or
	// with key "" its members among the record's own (the board's, as
	// before kinds). Record.Encode encodes it once, after the envelope.
	Stored() (key string, v any)
}

// WithNames is a shallow copy of r whose board names are in lang: for a
// private view of the group's game, whose text is in its person's language.
func (r *Record) WithNames(lang string) *Record {
	c := *r
	c.NamesLang = lang
	return &c
}

// Seat is a person playing a seat, or a computer; the seat index is the
// engine's player id.
type Seat struct {
	User int64  `json:"user"` // a computer's is negative: no person's
	Name string `json:"name"`
	// Computer: the engine's computer strategy plays the seat (bot/board/seats.go).
	Computer bool `json:"computer,omitempty"`
	// Level is how strongly a computer seat plays, chosen in the lobby
	// (bot/lobby/seats.go); every kind's computer player reads it. A seat stored
	// before levels has none: normal.
	Level Level `json:"level,omitempty"`
	// Pressed is the callback data of the person's last press that was
	// applied, so that a second press of it is answered "done" instead of
	// refused (press.go).
	Pressed string `json:"pressed,omitempty"`
	// Lang is the language of the person's private views of this game (a
	// Deal hand and its inline answers, a trade composer), fixed at the
	// first of them (ViewLang): "" — none yet, or a seat stored before —
	// follows the rule ViewLang starts from.
	Lang string `json:"lang,omitempty"`
}

// Level is a computer seat's strength as the lobby stores it: the value
// of the engines' computer level (engine/level.Level: 0 normal, 1 easy,
// 2 hard), which the kinds and the lobby convert to and from.
type Level uint8

// SeatOf returns the seat of a Telegram user, or -1.
func (r *Record) SeatOf(user int64) int {
	for i, s := range r.Seats {
		if s.User == user {
			return i
		}
	}
	return -1
}

// Clone returns a copy of r that either can change without the other
// seeing it. (The record cache hands out copies; TestRecordClone walks
// every field.)
func (r *Record) Clone() *Record {
	c := *r
	c.Seats = slices.Clone(r.Seats)
	if r.Options != nil {
		c.Options = r.Options.Clone()
	}
	c.Clock = r.Clock.Clone()
	if r.State != nil {
		c.State = r.State.Clone()
	}
	return &c
}

// Settings are the per-chat preferences.
type Settings struct {
	// Lang is the language the chat pinned (/lang, /settings): everything,
	// answers to each person included, is in it. "" lets each person's
	// answers follow their own Telegram language.
	Lang string `json:"lang"`
	// AutoLang is the language of the chat's messages while none is pinned:
	// the first lobby's creator's (bot/commands.go), or of whoever first
	// asked for a menu or /rules (Change.SharedLang).
	AutoLang string `json:"auto_lang,omitempty"`
	// Paused: the bot was removed from the chat or cannot write to it; the
	// game waits until the bot is back.
	Paused bool `json:"paused,omitempty"`
	// Links (a private chat's settings) are the groups a person's private
	// chat leads to, by the key a kind chose (a kind's game whose private
	// view the person opened last: the board's trade composer, where a
	// typed /cash goes; a Deal hand, where an inline query goes after a
	// restart). Stored as members "<key>_chat" (links.go), as the two
	// links were before they were a map.
	Links Links `json:"-"`
	// Menu is the message id of the chat's live settings menu (0: none
	// known): an older menu loses its buttons when a newer one is posted,
	// and a press on it is refused (bot/settings/live.go).
	Menu int `json:"menu,omitempty"`
	// Options are the chat's game settings (/settings); a running game
	// keeps those it started with (Record.Options).
	Options ChatOptions `json:"options,omitempty"`
	// OptionsRev increases with every change of Options; the settings
	// message's buttons carry it, so a press on an outdated one is refused.
	OptionsRev uint64 `json:"options_rev,omitempty"`
	// Notify is who asked to hear of the chat's next game (bot/lobby_notify.go).
	Notify *Notify `json:"notify,omitempty"`
	// Moved is the group this chat was upgraded from while what was live
	// there is not shown here yet (bot/migrate.go): stored with the move,
	// cleared by the change that shows it, so a crash in between shows it
	// at the next start.
	Moved int64 `json:"moved,omitempty"`
	// MovedTo (the settings left at a group's old id) is the supergroup
	// the group became: a press on its old messages is told where the
	// game went, and a second report of the move finds it done.
	MovedTo int64 `json:"moved_to,omitempty"`
	// Reach (a private chat's settings) is what the bot knows of whether it
	// may write to the person (bot/reach.go); nil: nothing yet.
	Reach *Reach `json:"reach,omitempty"`
}

// Links are the groups a private chat leads to, by a key each kind
// chooses. A value, not a map: settings are compared and copied whole
// (a change sees whether it changed them), and a copy must not share
// what the original changes. Its zero value has no link.
type Links struct {
	packed string // "key=group;" for each link, by key
}

// Reach is whether the bot may write to a person in their private chat.
type Reach struct {
	// Refused is when (Unix ms) Telegram refused a message to them: they
	// never opened the bot, or blocked it. Nothing is sent to them until
	// they write to the bot (/start). 0: not refused.
	Refused int64 `json:"refused,omitempty"`
	// Told are the groups told, once each, that the person must open the
	// bot first, with the link to it.
	Told []int64 `json:"told,omitempty"`
	// Greeted: the person was told privately how 🔔 works; later presses
	// answer with a toast only.
	Greeted bool `json:"greeted,omitempty"`
}

// Language is the chat's language for messages to everyone in it.
func (s Settings) Language() string {
	switch {
	case s.Lang != "":
		return s.Lang
	case s.AutoLang != "":
		return s.AutoLang
	}
	return locales.Default
}
