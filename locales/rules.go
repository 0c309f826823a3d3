package locales

// RuleSections are the sections of /rules, in the order the bot offers
// them. Each edition has, in every language, rules_<edition>_title (what
// the game is and how to pick a section) and rules_<edition>_<section>
// (one short Telegram-HTML message per section); btn_rules_<section> labels
// a section's button for every edition, and cmd_rules describes the command.
var RuleSections = []string{"turn", "buying", "building", "jail", "debts", "trades", "timeouts"}
