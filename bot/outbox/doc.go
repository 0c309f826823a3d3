// Package outbox delivers what the chat layer wants chats to show, within
// Telegram's limits.
//
// It owns how and when a message goes out. Outbox is the front the chat
// layer calls, over parts with receivers of their own that share a core
// (the transport, the hooks, the chats' queues under one lock):
//
//   - The front (Outbox). What the chat layer queues in a chat (queue.go):
//     new messages, slots (a message edited over time, named by the chat
//     layer, whose id the outbox learns when it is sent and reports through
//     Options.OnSent), a slot's final text (Detach), removals, animations
//     (Frames), photos. What it queues in a person's private chat
//     (private.go): notices, private messages that a person may refuse
//     (SendPrivate), and slots whose fate — delivered, or not — the chat
//     layer wants to hear of (PutPrivate). Its types, New and what the chat
//     layer asks of a chat's queue (Holds, UnshownSince, Idle) and Close:
//     outbox.go.
//   - The queue of one chat (outChat; what it holds: op.go). What it takes
//     in (chat.go): edits of one message merge into the newest content while
//     they wait. Which queued op goes next (order.go): new messages before
//     edits, a press's result before other edits, tidying of replaced
//     messages last, a closed turn's message taken over by the next turn
//     (carry-over). The unhurried move (unhurried.go): a turn's message
//     moved below /board's picture, which nobody waits for.
//   - The workers (deliver.go): one per chat with something queued,
//     waiting for the chat's budget (Readier, from the Telegram client;
//     tidying only while the budget has room), and what a failed call means
//     for the chat: a gone message sent anew, a group moved to its
//     supergroup (Options.OnMigrate), a chat that forbids the bot paused
//     (Options.OnForbidden).
//   - An op's fate (fate.go): whom a private message tells that it reached
//     the person, or not.
//
// It does not decide what to show — the chat layer (package bot) and the
// kinds of game do, and hand the outbox texts and keyboards — nor does it
// store anything: a message kept across a kill (SendKept) is stored by the
// chat layer, which the outbox tells when it is settled (Options.OnKept),
// and a slot's message id is stored by the chat layer too.
package outbox
