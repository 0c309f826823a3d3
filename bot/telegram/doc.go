// Package telegram is the bot's plumbing to the Telegram Bot API, with no
// game logic in it. It owns:
//
//   - Poller: getUpdates in a loop with an explicit offset. It confirms an
//     update to Telegram only once the Dispatcher has finished it, or,
//     when a full page in flight hides newer updates, once a Spool holds
//     it, so a crash loses nothing; tgbotapi's GetUpdatesChan confirms
//     updates as soon as they are buffered, which is why it is not used.
//   - Dispatcher: one ordered lane per chat, lanes run in parallel, and a
//     watermark (every update up to it is handled) for the offset to store.
//   - Client: every outgoing call. It waits for Telegram's flood limits
//     instead of provoking 429s (a group: 20 a minute, spread over the
//     minute, and about one a second), honours retry_after when one comes
//     anyway, retries 5xx and network failures, and turns the answers a
//     caller must act on into typed errors (ErrMessageNotFound,
//     ErrForbidden, *MigratedError, …). With a FloodStore its flood state
//     outlives the process (flood.go; when it is saved, flood_save.go), so
//     a restarted bot honours a ban or a minute the previous one started.
//
// Exactly-once processing is a joint effort: the poller redelivers what was
// not finished before a crash, and the handler records each chat's last
// applied update_id in the same transaction as the change it makes, so it
// can skip a redelivered update.
package telegram
