// Package reach owns who the bot can write to privately. Telegram refuses
// a message to someone who never opened the bot ("bot can't initiate
// conversation with a user") or blocked it ("bot was blocked by the
// user"); each refusal still costs a request. After one, the person is
// remembered as unreachable — at once in memory, and in their private
// chat's stored Settings.Reach (kit.Reach) — and nothing more is sent to
// them (Guard wraps the Messenger every part of the bot uses: the outbox,
// the trade composer, the 🔔) until they write to the bot (/start), which
// clears it (Reachable). A group where a private message to them was
// refused is told so once, with a link that opens the bot (TellGroup);
// 🔔's first private message is remembered too (Greeted).
//
// The stored half is changed only through Host, implemented by package
// bot: a change of the person's private chat under their lock, a read of
// it, a call apart from the caller's locks, the clock and the group's
// outbox. The 🔔 press and the notices it sends stay in package bot
// (lobby_notify.go), which asks Reach whether a person can be written to.
package reach
