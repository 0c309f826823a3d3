// Package fakeapi is an in-process stand-in for the Telegram Bot API, for
// tests only. It speaks the same HTTP protocol as api.telegram.org, so the
// real tgbotapi client (and everything built on it) runs against it
// unchanged: point tgbotapi.NewBotAPIWithAPIEndpoint at Server.Endpoint.
//
// It owns three things:
//   - the update queue a poller reads (getUpdates with Telegram's offset
//     and long-polling semantics), filled by PushMessage, PushCallback and
//     PushUpdate;
//   - the bot's messages per chat, with the checks Telegram makes that a
//     bot is likely to trip over (text length, callback_data size, HTML
//     that does not parse, edits of missing or unchanged messages);
//   - a log of every call and fault injection (FailNext), so tests can
//     assert what was sent and rehearse 429s, 5xx, migrations and 403s;
//   - on request (Enforce), Telegram's flood limits: 20 sends and edits
//     per group in any minute, about one a second per chat with a burst of
//     3, a 429's retry_after binding, and counts of calls that broke them
//     (Flood); Kick makes a chat answer 403 until Unkick.
//
// Where a real behaviour is expensive to model (message age limits, file
// uploads, forum topics) the fake does not pretend: unknown methods answer
// 404 so a test notices.
package fakeapi
