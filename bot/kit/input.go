package kit

// What reaches a kind from a chat — a press, a command, an inline query, a
// chosen inline result — as plain values the chat layer fills from
// Telegram's update (bot/tgconv.go): a kind never sees the transport's
// types. Every field is untrusted input.

// Person is who pressed, wrote or asked: their id, their name as the chat
// calls them (DisplayName: not yet escaped) and their app's language code.
type Person struct {
	ID   int64
	Name string
	Lang string
}

// MessageIn is a message of a chat: its id, its chat, its text.
type MessageIn struct {
	ID   int
	Chat int64
	Text string
}

// PressIn is a press of a button: ID answers it, Message is the message
// the button is under (nil for a message posted through inline mode, named
// by InlineMessage only), Data its callback data.
type PressIn struct {
	ID            string
	From          *Person
	Message       *MessageIn
	InlineMessage string
	Data          string
}

// CommandIn is a command: the message (its chat, id and whole text), who
// sent it, the command without the slash and bot name, its arguments, and
// whether the chat is a group.
type CommandIn struct {
	MessageIn
	From    *Person
	Command string
	Args    string
	Group   bool
}

// InlineQueryIn is an inline query: it names the person only, no chat.
type InlineQueryIn struct {
	ID    string
	From  *Person
	Query string
}

// ChosenIn is an inline result a person chose: its id, and the posted
// message's inline id when the result carried buttons ("" else).
type ChosenIn struct {
	ResultID      string
	From          *Person
	InlineMessage string
}

// InlineResult is one article of an inline answer: choosing it posts Text
// (HTML) with KB under it.
type InlineResult struct {
	ID          string
	Title       string
	Description string
	Text        string
	KB          *Markup
}
