// Package playground runs the real bot against the in-process Telegram
// stand-in (bot/fakeapi) and serves a web page, on 127.0.0.1 only, that
// looks and behaves like a Telegram group, so a person can play a whole
// game alone without a token, a group or friends.
//
// It owns the page (plain HTML, CSS and JavaScript embedded from web/,
// no build step), its small JSON API (send a message, press a button,
// follow a deep link, fetch a photo) and the live stream of changes
// (server-sent events), and the people one switches between: names in
// Cyrillic and one written right to left, with the Telegram languages
// ru, uk and en. The bot itself is started through bot.Run, unchanged:
// same dispatcher, outbox, bbolt storage and timers; the stand-in enforces
// Telegram's limits, so what works here works on Telegram.
//
// The page treats everything the bot sends as untrusted: it renders only
// the HTML tags Telegram allows, builds the DOM from text nodes and never
// uses innerHTML for the bot's text.
package playground
