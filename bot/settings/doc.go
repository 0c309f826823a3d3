// Package settings owns the chat's /settings menu and /rules: the menu's
// pages and their buttons (pages.go, builder.go), what a press on them
// changes (apply.go) and the press itself (press.go), the one live menu
// message a chat has and the menus it retires (live.go), the time zone
// page (zone.go), the editions — the operator's default edition, the
// edition a lobby plays and the lobby following an edition chosen in the
// menu (editions.go) —, the lines that sum up a chat's options in the menu
// and the lobby (text.go), and /rules with its section buttons (rules.go).
//
// The menu changes a chat only inside a change the chat layer runs
// (kit.Change) and asks it for the rest through Host, implemented by
// package bot (bot/settingshost.go): the clock, the kinds' editions and
// what each edition offers (kit.Offer) with the kind's own part of the
// options (Options), the kinds' /rules, the chat's lock and changes, the
// answers to a press, and showing a committed change. The menu's messages
// go through the outbox (Outbox). The presses arrive in package bot
// (callbacks.go), which routes the menu's ops (the Op* constants) and
// /rules' (kit.OpRules) here; /settings, /lang and /rules arrive through
// bot/commands.go.
package settings
