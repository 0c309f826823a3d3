// Package outbox delivers what the chat layer wants chats to show, within
// Telegram's limits.
//
// It owns how and when a message goes out: one worker per chat with
// something queued, delivering in order and waiting for the chat's budget
// (Readier, from the Telegram client), and while it waits the ordering
// (new messages before edits, a press's result before other edits, tidying
// last: order.go), the coalescing of edits of one message into the newest
// content, the slots (a message edited over time, named by the chat layer,
// whose id the outbox learns when it is sent and reports through
// Options.OnSent), a closed turn's message taken over by the next turn
// (carry-over), the tidying of replaced messages' final texts, removals,
// animations (Frames), photos, private notices and private messages that a
// person may refuse (send.go), and what failures mean for a chat
// (failures.go): a gone message sent anew, a group moved to its supergroup
// (Options.OnMigrate), a chat that forbids the bot paused
// (Options.OnForbidden).
//
// It does not decide what to show — the chat layer (package bot) and the
// kinds of game do, and hand the outbox texts and keyboards — nor does it
// store anything: a message kept across a kill (SendKept) is stored by the
// chat layer, which the outbox tells when it is settled (Options.OnKept),
// and a slot's message id is stored by the chat layer too.
package outbox
