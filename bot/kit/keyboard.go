package kit

// A keyboard is what a kind puts under a message: rows of buttons, as plain
// values. The chat layer turns it into Telegram's inline keyboard in one
// place (bot/tgconv.go) when it reaches the outbox, so no kind depends on a
// transport.

// Button is one button of an inline keyboard: exactly one of Data (the
// callback data its press sends), URL (a link it opens) or InlineHere
// (it starts an inline query in the same chat with InlineQuery, which may
// be empty) is meant.
type Button struct {
	Text        string
	Data        string
	URL         string
	InlineHere  bool
	InlineQuery string
}

// Markup is an inline keyboard: its rows of buttons. A nil *Markup is a
// message without buttons.
type Markup struct {
	Rows [][]Button
}

// DataButton is a button that sends data when pressed.
func DataButton(text, data string) Button { return Button{Text: text, Data: data} }

// URLButton is a button that opens url.
func URLButton(text, url string) Button { return Button{Text: text, URL: url} }

// InlineHereButton is a button that starts an inline query (query) in the
// chat it is in.
func InlineHereButton(text, query string) Button {
	return Button{Text: text, InlineHere: true, InlineQuery: query}
}

// MarkupOf is an inline keyboard of rows (nil if there are none).
func MarkupOf(rows [][]Button) *Markup {
	if len(rows) == 0 {
		return nil
	}
	return &Markup{Rows: rows}
}
