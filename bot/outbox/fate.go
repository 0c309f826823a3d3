package outbox

// fate is whom an op tells what became of it: a private message the
// person cannot receive (refused, SendPrivate), and whether a slot's
// message in a person's private chat reached them (delivered: Telegram
// took it; undelivered: the person cannot receive it or Telegram refused
// the call, PutPrivate). The worker tells it without locks; an op merged
// into another tells both ops' hooks. A nil hook is not called.
type fate struct {
	refused                func()
	delivered, undelivered func()
}

// reached tells that Telegram took the message (sent, edited, or already
// showing it).
func (f fate) reached() { tell(f.delivered) }

// missed tells that the message did not reach the person.
func (f fate) missed() { tell(f.undelivered) }

// unreachable tells that the person cannot receive the message: they
// never opened the bot, or blocked it.
func (f fate) unreachable() {
	tell(f.refused)
	tell(f.undelivered)
}

// join makes f tell g's hooks too, after its own: a content merged into
// an op still queued.
func (f *fate) join(g fate) {
	f.refused = both(f.refused, g.refused)
	f.delivered = both(f.delivered, g.delivered)
	f.undelivered = both(f.undelivered, g.undelivered)
}

// both is a hook that calls a, then b (either may be nil).
func both(a, b func()) func() {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return func() { a(); b() }
}

// tell calls a hook, if there is one.
func tell(hook func()) {
	if hook != nil {
		hook()
	}
}
