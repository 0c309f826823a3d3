// Package bottest is the end-to-end test harness of the bot: the
// in-process fake Bot API (bot/fakeapi) with a whole bot running against
// it, and the few moves a test makes — people write, press the buttons on
// screen, wait until the bot has handled and delivered everything, run the
// timers once.
//
// Only tests import it: the chat layer's (package bot) and each kind's
// (bot/board, bot/deal), so that a kind's tests sit beside it. It does not
// import package bot (whose own tests use it too, which an import of bot
// would make a cycle): a test package starts the bot through a Starter,
// usually bot.Run with bot.TestConfig, and hands the
// harness bot.TestHooks of the bot it started (the App), setting the
// bot's telegram.ClientOptions.Transport from the Endpoint it is given.
//
// InBubble runs a test on a fake clock (testing/synctest): the pace tests,
// whose time is waiting out Telegram's limits, take only the processor
// time they use. A harness made in the bubble reaches an in-process fake
// (fakeapi.NewInProcess) through that Transport, with no socket.
//
// fakekind (bot/bottest/fakekind) is a tiny kind of game for the chat
// layer's tests of what does not depend on a particular game.
package bottest
