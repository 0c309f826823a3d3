// Package fakeapi is an in-process stand-in for the Telegram Bot API: the
// tests' fake Telegram and the playground's (bot/playground). It speaks the
// same HTTP protocol as api.telegram.org, so the real tgbotapi client (and
// everything built on it) runs against it unchanged: point
// tgbotapi.NewBotAPIWithAPIEndpoint at Server.Endpoint. NewInProcess is
// the same fake with no listener, reached through Server.Transport (an
// http.RoundTripper that runs the handler on the caller's goroutine): the
// one to use inside a testing/synctest bubble, where its waits (a long
// poll, WaitFor) are on the bubble's channels and timers, so fake time
// jumps over them.
//
// It owns:
//   - the update queue a poller reads (getUpdates with Telegram's offset
//     and long-polling semantics), filled by PushMessage, PushCallback,
//     OpenDeepLink and PushUpdate;
//   - every chat's messages, the bot's and the people's (History), with
//     the checks Telegram makes that a bot is likely to trip over (text and
//     caption length, callback_data size, HTML that does not parse, edits
//     of missing, unchanged or someone else's messages), and photos sent by
//     upload or by file_id (File serves them back);
//   - people and chats with names and Telegram languages (AddUser,
//     SetChatTitle); with RequireStart, a private chat the person never
//     opened answers 403 as Telegram does, and a deep link
//     (t.me/<bot>?start=…) opens it;
//   - the answers to presses, per presser (AnswersTo), and a stream of
//     every change for a viewer (Subscribe);
//   - inline mode: inline queries, the bot's answers per
//     person, a chosen result posted via the bot, and presses and edits by
//     inline_message_id;
//   - a log of every call and fault injection (FailNext), so tests can
//     assert what was sent and rehearse 429s, 5xx, migrations and 403s;
//   - on request (Enforce), Telegram's flood limits: 20 sends and edits
//     per group in any minute, about one a second per chat with a burst of
//     3, a 429's retry_after binding, and counts of calls that broke them
//     (Flood, RequestsPerMinute); Kick makes a chat answer 403 until Unkick;
//   - a group's upgrade to a supergroup (Migrate): both service
//     messages, and the old id answering every call with 400 and
//     migrate_to_chat_id.
//   - the tests' waits (WaitFor): woken by every change the fake records
//     (a call begun or answered, an update queued or confirmed, an event),
//     with a re-check between changes for what the bot alone changes.
//
// Inside, Server is a thin facade over parts, one type per concern, each
// with its own state and file: updateQueue (updates.go), messageStore
// (store.go), eventHub (events.go), directory (people.go), photoStore
// (photos.go), pressLog (presses.go), inlineMode (inline.go),
// commandMenus (commands.go), callLog (calllog.go), floodControl
// (limits.go) and migrations (migrate.go). Their exported methods are the
// test API, promoted to Server by embedding; what spans parts (a person's
// message, a press, a migration) is Server's own (push.go). botAPI
// (methods.go) answers the Bot API methods over the same parts, and its
// answer (http.go) applies the faults and refusals first; serve speaks
// HTTP with it, and the in-process Transport (transport.go) calls it
// directly.
// The checks on what a bot sends are plain functions (validate.go,
// html.go). One lock, Server.mu, guards every part's state: each part
// holds a pointer to it; exported methods take it, unexported ones expect
// it held. The parts that change what a test waits for ring a changeBell
// (bell.go), under the same lock.
//
// Where a real behaviour is expensive to model (message age limits,
// thumbnails, photos by URL, forum topics, allowed_updates) the fake does
// not pretend: unknown methods answer 404 so a test notices.
package fakeapi
