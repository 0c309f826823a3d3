package kit

// Notify is the list of people who asked to hear of a chat's next game
// (the lobby's 🔔, bot/lobby_notify.go), with what the message to them
// needs of the chat: its title and public username, if any.
type Notify struct {
	People   []Notified `json:"people,omitempty"`
	Title    string     `json:"title,omitempty"`
	Username string     `json:"username,omitempty"`
}

// Notified is one person on a Notify list, with the language they asked
// in, which their private message is written in.
type Notified struct {
	User int64  `json:"user"`
	Lang string `json:"lang"`
	Name string `json:"name,omitempty"` // to mention them in the group if they cannot be written to
}
