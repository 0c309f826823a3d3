// Package boardimg draws the board of a running game as a PNG: every square
// with its localized name and colour band, owners, buildings, mortgages,
// the players' tokens, the jackpot where the rules have one, and a legend of
// the players with their cash in the middle of the board.
//
// The bot makes one Renderer at start (New with the locales' catalog) and
// calls Render(game, lang, names) for a picture; a Renderer is safe for
// concurrent use. names are the seats' display names as Telegram gives them
// (not HTML-escaped).
//
// Everything comes from the engine's data (the edition's squares and groups)
// and from the locales by their id schemes (sq_<edition>_<n>,
// group_emoji_<edition>_<g>, edition_<edition>, board_*), so a new edition
// is drawn without code changes. The output depends only on the game, the
// language and the names: the same input gives the same bytes, which lets the
// bot cache a picture by game and version.
//
// The fonts are the Go fonts (golang.org/x/image/font/gofont), which cover
// Latin and Cyrillic and are compiled into the binary, and for the players'
// names subsets of Noto Sans Arabic and Noto Sans Hebrew (fonts/, under the
// SIL Open Font License beside them). Names are shaped by go-text/typesetting
// (names.go): Arabic joins, right-to-left names run right to left, mixed ones
// by the bidirectional algorithm. What no font has (emoji) is left out of a
// name; a name with nothing drawable (emoji only) is an ellipsis beside the
// seat's colour and number, never another name such as "Player 2", which the
// chat does not know.
package boardimg
