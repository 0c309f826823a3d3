// Package locales owns every word a player reads: the message files
// <topic>.<lang>.toml (active.* for the chat, one topic per edition or game
// kind, each in ru, uk and en; an id lives in exactly one topic), embedded
// into the binary, and the small API the bot uses to turn message ids and template
// data into text in the chat's language.
//
// Nothing user-visible is written in Go code elsewhere. The message ids
// follow fixed schemes so the bot can build them from engine numbers:
//
//   - sq_<edition>_<square>          square names (sq_classic_0 … sq_classic_39)
//   - group_<edition>_<group>        colour sets, ports, utilities
//   - group_emoji_<edition>_<group>  a short mark for each group
//   - deck_<deck>                    deck names (0 Chance, 1 Community Chest)
//   - card_<edition>_<deck>_<card>   card texts, in the engine's deck order
//   - jail_reason_<reason>           why a player went to jail
//   - ev_<event>                     one line per engine.EventKind (EvPassedStart → ev_passed_start)
//   - err_<error>                    one alert per engine sentinel (ErrNotYourTurn → err_not_your_turn)
//   - n_<thing>                      plural helpers (n_houses, n_turns, …)
//   - rules_<edition>_<section>      /rules, one section per RuleSections entry, and rules_<edition>_title
//   - zone_<city>                    a time zone of kit.TimeZones in /settings (zone_utc for UTC)
//   - btn_, prompt_, lobby_, alert_, … the bot's buttons, prompts and replies
//
// Templates receive already formatted values: names are HTML-escaped by the
// bot, money comes from Catalog.Money. Texts meant for HTML messages may use
// Telegram's HTML tags; button labels, alerts and error texts are plain text.
// The tests keep the three files complete, consistent with the engine's
// events, errors and cards, and free of template mistakes.
//
// Rendering is on the bot's hot path, so Load compiles every template that
// is plain text with {{.Field}} actions into literal pieces that T, N and
// Money fill without text/template; every other template still goes
// through go-i18n. The tests hold the two paths to byte-identical output.
package locales
