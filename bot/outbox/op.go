package outbox

import (
	"reflect"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// What the outbox holds for a chat: its queue of ops, each a call to make
// (a send, an edit, a photo, a deletion), the messages they make or
// change, and its slots. The queue of one chat takes what it is given in
// chat.go, chooses what goes next in order.go; the chat's worker delivers
// it (deliver.go). All of it is guarded by the outbox's lock.

// outChat is the queue of one chat and its slots (chat.go, order.go,
// unhurried.go).
type outChat struct {
	newest  int       // the newest message the bot sent into the chat (this run) and did not delete
	recent  []int     // the bot's last messages in the chat, oldest first: newest after a deletion
	called  time.Time // when the last call into the chat was made
	queue   []*outOp
	slots   map[string]*outMsg
	running bool   // a worker owns the chat
	paused  bool   // 403: nothing is sent until Resume
	sending *outOp // the op being delivered, if any
}

// outMsg is one message of a slot, sent or still waiting to be.
type outMsg struct {
	id    int
	shown *content // what Telegram shows, when known
	// sentAs: how this process sent the message (formUnknown: not by it,
	// or not yet; the content's caption says then). A photo has a
	// caption and no text: each needs its own edit method.
	sentAs msgForm
}

type msgForm uint8

const (
	formUnknown msgForm = iota
	formText
	formPhoto
)

type content struct {
	text string
	kb   *tgbotapi.InlineKeyboardMarkup
	// caption, photo, unhurried: Content's Caption, Photo and Unhurried.
	caption   bool
	photo     *kit.Photo
	unhurried bool
}

func (c *content) same(o *content) bool {
	return c != nil && o != nil && c.text == o.text && c.caption == o.caption && reflect.DeepEqual(c.kb, o.kb)
}

// outOp is one call queued for a chat.
type outOp struct {
	msg    *outMsg // nil: a plain message, never merged
	slot   string  // the slot msg belonged to when queued ("" when detached)
	c      content
	resend bool       // the message is gone: send a fresh one
	photo  *kit.Photo // a picture (outbox_send.go), never merged
	notice bool       // a private notice (Notify): a failure drops it, nothing more
	kept   uint64     // stored until delivered (bot/publish/kept.go); 0: in memory only
	frame  bool       // one step of an animation (Frames): never merged away
	remove bool       // delete msg's message (Remove), if it was ever sent
	since  time.Time  // when the oldest content this op carries was queued
	was    string     // the slot a detached message belonged to (Detach)
	reused bool       // a slot's new message that took over its detached one (carryOver)
	from   *outMsg    // the message an unhurried move moves (Content.Unhurried)
	// tidy: nobody waits for it — the final text of a message that a newer
	// one replaced (Detach): it goes after what people wait for, while
	// the budget has room, and merges meanwhile; from tidyBy on it no
	// longer waits for spare budget, and from tidyLast on it goes in its
	// turn like any other.
	tidy             bool
	tidyBy, tidyLast time.Time
	// awaited: a press's result (Change.Pressed), which someone looks at
	// the chat for: it goes before other edits (a computer's move, an
	// auction's countdown, tidying). It still leaves the group's last call
	// for a reply (keep): without that, a reply to a command waited up to
	// a spread interval (3.3 s p95 in BenchmarkHumanPace, over its 2 s).
	awaited bool
	// fate: whom to tell what became of a private message (fate.go).
	fate fate
}
