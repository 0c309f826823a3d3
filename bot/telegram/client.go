package telegram

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// NewBotAPI connects to the Bot API at endpoint (a format string such as
// "http://host:port/bot%s/%s"; "" means api.telegram.org) and checks the
// token with getMe. tgbotapi's own constructors use an http.Client without
// a timeout, so one dead connection would hang a caller forever.
// httpTimeout must be longer than the poller's long-poll timeout.
func NewBotAPI(token, endpoint string, httpTimeout time.Duration) (*tgbotapi.BotAPI, error) {
	return NewBotAPIOver(token, endpoint, httpTimeout, nil)
}

// NewBotAPIOver is NewBotAPI whose calls go through transport (nil: net/http's
// default, as NewBotAPI): ClientOptions.Transport.
func NewBotAPIOver(token, endpoint string, httpTimeout time.Duration, transport http.RoundTripper) (*tgbotapi.BotAPI, error) {
	if endpoint == "" {
		endpoint = tgbotapi.APIEndpoint
	}
	api, err := tgbotapi.NewBotAPIWithClient(token, endpoint, &http.Client{Timeout: httpTimeout, Transport: transport})
	if err != nil {
		return nil, fmt.Errorf("telegram: connect: %w", redact(err))
	}
	return api, nil
}

// Requester is the one tgbotapi method the Client needs; *tgbotapi.BotAPI
// has it. Request rather than Send: Send decodes every result as a
// Message and so fails on methods whose result is just true.
type Requester interface {
	Request(c tgbotapi.Chattable) (*tgbotapi.APIResponse, error)
}

// ClientOptions tune the Client. Zero values mean the defaults.
type ClientOptions struct {
	// Flood limits (Telegram's published ones by default): the bot as a
	// whole 30/s, a group 20/min, a private chat 1/s. Calls wait for a
	// slot rather than being dropped.
	Global, Group, Private Rate
	// GroupPace spaces the calls to one group: Telegram answers more than
	// about one a second with "retry after 1" even within the 20 a minute
	// (default: a burst of 3, then one a second).
	GroupPace Pace
	// GroupSpread hands a group's minute out evenly: after a small burst,
	// one call every Group.Per/Group.N (default: a burst of 3, then one
	// every 3 s), so the chat sees the game move every few seconds
	// rather than everything in the first 20 s of a minute and then
	// nothing for 40. With Group set to NoLimit both paces default to off.
	GroupSpread Pace

	// Flood, if set, keeps each chat's flood state (a 429's end, the calls
	// of the last minute) across restarts: NewClient restores it, RunFlood
	// saves what changed every FloodSaveEvery (2 s) and at once after a
	// 429, and Close saves the complete state at a graceful stop.
	Flood          FloodStore
	FloodSaveEvery time.Duration

	// MaxAttempts bounds tries of one call on 5xx and network failures (4).
	MaxAttempts int
	// Backoff is the first pause after such a failure, doubling up to
	// MaxBackoff (500 ms, 8 s).
	Backoff, MaxBackoff time.Duration
	// Max429 bounds the 429 answers one call sits through (5).
	Max429 int
	// MaxCallbackWait is the longest retry_after an answerCallbackQuery
	// waits out (3 s): past that the user's query is about to expire.
	MaxCallbackWait time.Duration

	// Now and Sleep are the clock, replaceable so tests of minute-long
	// waits take no time. Sleep must return ctx.Err() when ctx ends first.
	Now    func() time.Time
	Sleep  func(ctx context.Context, d time.Duration) error
	Logger *slog.Logger

	// Transport carries the Bot API calls of the bot that takes these
	// options (bot.Run gives it to NewBotAPIOver; nil: real HTTP). Tests
	// inside a testing/synctest bubble reach an in-process fake Bot API
	// through it (fakeapi.Server.Transport), where no socket may be used.
	Transport http.RoundTripper
}

// GroupMinute is the window of a group's 20 calls. The client counts a call
// from when it leaves, Telegram from when it arrives, so network jitter can
// put a 21st call a millisecond inside Telegram's minute (seen against the
// playground's stand-in): a second of margin costs a busy group at most one
// call a minute.
const GroupMinute = time.Minute + time.Second

func (o *ClientOptions) defaults() {
	def := func(r *Rate, d Rate) {
		if *r == (Rate{}) {
			*r = d
		}
	}
	def(&o.Global, Rate{30, time.Second})
	def(&o.Group, Rate{20, GroupMinute})
	def(&o.Private, Rate{1, time.Second})
	pace := func(p *Pace, d Pace) {
		switch {
		case *p != (Pace{}):
		case o.Group == NoLimit:
			*p = NoPace
		default:
			*p = d
		}
	}
	pace(&o.GroupPace, Pace{Every: time.Second, Burst: 3})
	if o.Group.N > 0 && o.Group.Per > 0 {
		pace(&o.GroupSpread, Pace{Every: o.Group.Per / time.Duration(o.Group.N), Burst: 3})
	} else {
		pace(&o.GroupSpread, NoPace)
	}
	if o.FloodSaveEvery <= 0 {
		o.FloodSaveEvery = 2 * time.Second
	}
	if o.MaxAttempts <= 0 {
		o.MaxAttempts = 4
	}
	if o.Backoff <= 0 {
		o.Backoff = 500 * time.Millisecond
	}
	if o.MaxBackoff <= 0 {
		o.MaxBackoff = 8 * time.Second
	}
	if o.Max429 <= 0 {
		o.Max429 = 5
	}
	if o.MaxCallbackWait <= 0 {
		o.MaxCallbackWait = 3 * time.Second
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Sleep == nil {
		o.Sleep = sleep
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
}

func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Client makes every outgoing call of the bot. Text is always HTML.
// It is safe for concurrent use; calls to one chat are admitted in the
// order they arrive.
//
// Retrying a sendMessage whose answer was lost (timeout, dropped
// connection) can post the message twice; the alternative, giving up, loses
// it, which is worse for a game. Request has no context, so a call already
// on the wire finishes (bounded by the http.Client timeout) even when ctx
// is cancelled; ctx cuts every wait.
type Client struct {
	api  Requester
	opts ClientOptions
	lim  *limiter
	log  *slog.Logger

	// floodTicks, when a test sets it, replaces RunFlood's ticker, so the
	// test knows how many checks ran instead of sleeping for them.
	floodTicks <-chan time.Time
}

// NewClient wraps api (usually a *tgbotapi.BotAPI from NewBotAPI). With
// opts.Flood it first restores the flood state a previous process saved,
// so the first call already honours a ban or a minute that is still
// running; a store that cannot be read is logged, not fatal.
func NewClient(api Requester, opts ClientOptions) *Client {
	opts.defaults()
	c := &Client{
		api:  api,
		opts: opts,
		lim: newLimiter(limits{global: opts.Global, group: opts.Group, private: opts.Private,
			groupPace: opts.GroupPace, groupSpread: opts.GroupSpread}),
		log: opts.Logger,
	}
	if opts.Flood != nil {
		c.lim.flood = flood{on: true, every: opts.FloodSaveEvery, wake: make(chan struct{}, 1)}
		saved, err := opts.Flood.LoadFlood()
		if err != nil {
			c.log.Error("telegram: the saved flood state cannot be read; starting without it", "err", err)
		}
		if bad := c.lim.restore(saved, opts.Now()); bad > 0 {
			c.log.Warn("telegram: unreadable flood state dropped", "chats", bad)
		}
	}
	return c
}

// Send posts a message and returns its id. markup may be nil.
func (c *Client) Send(ctx context.Context, chatID int64, text string, markup *tgbotapi.InlineKeyboardMarkup) (int, error) {
	cfg := tgbotapi.NewMessage(chatID, text)
	cfg.ParseMode = tgbotapi.ModeHTML
	// Mentions are links; a preview card for them would only add noise.
	cfg.DisableWebPagePreview = true
	if markup != nil {
		cfg.ReplyMarkup = markup
	}
	resp, err := c.do(ctx, cfg, chatID, true)
	if err != nil {
		return 0, err
	}
	var m tgbotapi.Message
	if err := json.Unmarshal(resp.Result, &m); err != nil {
		return 0, fmt.Errorf("telegram sendMessage (chat %d): sent, but the answer is unreadable: %w", chatID, err)
	}
	return m.MessageID, nil
}

// Edit replaces a message's text and keyboard; a nil markup removes the
// keyboard. Editing to the same content is not an error.
func (c *Client) Edit(ctx context.Context, chatID int64, messageID int, text string, markup *tgbotapi.InlineKeyboardMarkup) error {
	return c.editText(ctx, chatID, tgbotapi.BaseEdit{ChatID: chatID, MessageID: messageID, ReplyMarkup: markup}, text)
}

// editText sends editMessageText for the message base names, within the
// limits of chat; the same content again is not an error.
func (c *Client) editText(ctx context.Context, chat int64, base tgbotapi.BaseEdit, text string) error {
	cfg := tgbotapi.EditMessageTextConfig{
		BaseEdit:              base,
		Text:                  text,
		ParseMode:             tgbotapi.ModeHTML,
		DisableWebPagePreview: true,
	}
	_, err := c.do(ctx, cfg, chat, true)
	if errors.Is(err, ErrNotModified) {
		return nil
	}
	return err
}

// EditMarkup replaces only the keyboard; nil removes it.
func (c *Client) EditMarkup(ctx context.Context, chatID int64, messageID int, markup *tgbotapi.InlineKeyboardMarkup) error {
	cfg := tgbotapi.EditMessageReplyMarkupConfig{
		BaseEdit: tgbotapi.BaseEdit{ChatID: chatID, MessageID: messageID, ReplyMarkup: markup},
	}
	_, err := c.do(ctx, cfg, chatID, true)
	if errors.Is(err, ErrNotModified) {
		return nil
	}
	return err
}

// Delete removes a message.
func (c *Client) Delete(ctx context.Context, chatID int64, messageID int) error {
	_, err := c.do(ctx, tgbotapi.NewDeleteMessage(chatID, messageID), chatID, true)
	return err
}

// AnswerCallback stops the button's spinner, showing text as a toast or,
// with alert, as a dialog. It skips the flood limiter: answers do not count
// towards the chat limits, and a press must be answered within seconds
// even when the chat's message quota is used up.
func (c *Client) AnswerCallback(ctx context.Context, id, text string, alert bool) error {
	if r := []rune(text); len(r) > 200 {
		// A refused answer leaves the spinner hanging; a cut text is less bad.
		c.log.Warn("telegram: callback answer cut to 200 characters", "len", len(r))
		text = string(r[:199]) + "…"
	}
	cfg := tgbotapi.CallbackConfig{CallbackQueryID: id, Text: text, ShowAlert: alert}
	_, err := c.do(ctx, cfg, 0, false)
	return err
}

// SetCommands sets the command menu shown to users whose Telegram language
// is lang ("" for everyone else).
func (c *Client) SetCommands(ctx context.Context, lang string, cmds []tgbotapi.BotCommand) error {
	_, err := c.do(ctx, tgbotapi.SetMyCommandsConfig{Commands: cmds, LanguageCode: lang}, 0, true)
	return err
}

// IsAdmin reports whether userID administers chatID. In a private chat the
// only person there counts as its admin. Errors count as "no": admin rights
// only ever unlock something.
func (c *Client) IsAdmin(ctx context.Context, chatID, userID int64) bool {
	if chatID > 0 {
		return chatID == userID
	}
	cfg := tgbotapi.GetChatMemberConfig{ChatConfigWithUser: tgbotapi.ChatConfigWithUser{ChatID: chatID, UserID: userID}}
	resp, err := c.do(ctx, cfg, 0, true)
	if err != nil {
		c.log.Warn("telegram: admin check failed", "chat", chatID, "user", userID, "err", err)
		return false
	}
	var m tgbotapi.ChatMember
	if err := json.Unmarshal(resp.Result, &m); err != nil {
		return false
	}
	return m.Status == "creator" || m.Status == "administrator"
}

// do makes one call with waiting and retries. chatID 0 means the call is
// not tied to a chat; limited is false only for calls exempt from limits.
func (c *Client) do(ctx context.Context, call tgbotapi.Chattable, chatID int64, limited bool) (*tgbotapi.APIResponse, error) {
	method := methodOf(call)
	failures, floods := 0, 0
	for {
		if limited {
			if err := c.wait(ctx, chatID); err != nil {
				return nil, err
			}
		} else if err := ctx.Err(); err != nil {
			return nil, err
		}
		// After the wait, which booked this call in the flood state: a
		// call booked before Close is in its last save, one after it is
		// never made.
		if c.lim.isClosed() {
			return nil, fmt.Errorf("%w: %s (chat %d)", ErrClientClosed, method, chatID)
		}
		resp, err := c.api.Request(call)
		if err == nil {
			return resp, nil
		}
		e, isAPI := apiError(err)
		switch {
		case isAPI && e.Code == http.StatusTooManyRequests:
			floods++
			d := time.Duration(e.RetryAfter) * time.Second
			if d <= 0 {
				d = time.Second
			}
			if floods > c.opts.Max429 || (!limited && d > c.opts.MaxCallbackWait) {
				return nil, classify(method, chatID, err)
			}
			if !limited {
				if err := c.opts.Sleep(ctx, d); err != nil {
					return nil, err
				}
				continue
			}
			global := c.lim.block(chatID, d, c.opts.Now())
			c.log.Warn("telegram: flood limit hit", "method", method, "chat", chatID, "retry_after", d, "bot_wide", global)
		case isAPI && e.Code >= 500, !isAPI && transient(err):
			failures++
			if failures >= c.opts.MaxAttempts {
				return nil, classify(method, chatID, err)
			}
			d := c.opts.Backoff << (failures - 1)
			if d > c.opts.MaxBackoff || d <= 0 {
				d = c.opts.MaxBackoff
			}
			c.log.Warn("telegram: call failed, retrying", "method", method, "chat", chatID, "in", d, "err", redact(err))
			if err := c.opts.Sleep(ctx, d); err != nil {
				return nil, err
			}
		default:
			return nil, classify(method, chatID, err)
		}
	}
}

// wait holds a call until the chat's and the bot's limits admit it.
func (c *Client) wait(ctx context.Context, chatID int64) error {
	if err := c.waitBlocks(ctx, chatID); err != nil {
		return err
	}
	if chatID != 0 {
		now := c.opts.Now()
		at := c.lim.reserveChat(chatID, now)
		// Saved before the wait, not after it: the disk's time then
		// overlaps the wait instead of making the call leave later than
		// its booking, which the window's margin over Telegram's minute
		// would have to absorb.
		c.saveAhead(at)
		if err := c.opts.Sleep(ctx, at.Sub(c.opts.Now())); err != nil {
			return err
		}
	}
	now := c.opts.Now()
	if err := c.opts.Sleep(ctx, c.lim.reserveGlobal(now).Sub(now)); err != nil {
		return err
	}
	// A 429 may have arrived for this chat while we waited for a slot.
	return c.waitBlocks(ctx, chatID)
}

func (c *Client) waitBlocks(ctx context.Context, chatID int64) error {
	for {
		now := c.opts.Now()
		until := c.lim.blockedUntil(chatID, now)
		if !until.After(now) {
			return ctx.Err()
		}
		if err := c.opts.Sleep(ctx, until.Sub(now)); err != nil {
			return err
		}
	}
}

func methodOf(c tgbotapi.Chattable) string {
	switch c.(type) {
	case tgbotapi.MessageConfig:
		return "sendMessage"
	case tgbotapi.PhotoConfig:
		return "sendPhoto"
	case tgbotapi.EditMessageTextConfig:
		return "editMessageText"
	case tgbotapi.EditMessageReplyMarkupConfig:
		return "editMessageReplyMarkup"
	case tgbotapi.EditMessageCaptionConfig:
		return "editMessageCaption"
	case tgbotapi.DeleteMessageConfig:
		return "deleteMessage"
	case tgbotapi.CallbackConfig:
		return "answerCallbackQuery"
	case tgbotapi.SetMyCommandsConfig:
		return "setMyCommands"
	case tgbotapi.GetChatMemberConfig:
		return "getChatMember"
	}
	return fmt.Sprintf("%T", c)
}

// ReadyAt is the earliest time a Send or Edit to chatID would go out
// without waiting (chat and bot-wide limits, a 429's retry_after). An outbox
// waits until then before picking what to send, so edits that pile up
// meanwhile can be merged into one call.
func (c *Client) ReadyAt(chatID int64) time.Time {
	return c.lim.readyAt(chatID, c.opts.Now())
}

// ReadyAtKeeping is ReadyAt for a call that may wait (an edit that merges
// with the next ones meanwhile): into a group it leaves one call of the
// budget for a call that may not (a reply to a command).
func (c *Client) ReadyAtKeeping(chatID int64) time.Time {
	return c.lim.readyAtKeeping(chatID, c.opts.Now())
}

// ReadyAtLeaving is ReadyAt for a call that nobody waits for (tidying a
// message already replaced by another): into a group it goes only while
// kept calls of the budget stay free for the calls after it.
func (c *Client) ReadyAtLeaving(chatID int64, kept int) time.Time {
	return c.lim.readyAtLeaving(chatID, kept, c.opts.Now())
}
