package votes

import (
	"slices"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// The kinds of vote (kit.Vote.Kind).
const (
	Pause  = "pause"
	Resume = "resume"
	Kick   = "kick"
)

// Catalog is the words votes are written in (locales.Catalog).
type Catalog interface {
	T(lang, id string, data map[string]any) string
}

// Game is what votes ask of the kind playing a record.
type Game interface {
	// Active says whether seat still plays.
	Active(r *kit.Record, seat int) bool
	// Pending is what the game waits for now (a kick is of its seat).
	Pending(r *kit.Record) kit.Pending
	// CanResign says whether seat may leave the game now.
	CanResign(r *kit.Record, seat int) bool
}

// Host is what votes ask of the chat layer.
type Host interface {
	// Game is the kind playing r.
	Game(r *kit.Record) Game
	// Now is the clock's time.
	Now() time.Time
	// ResignSeat makes seat leave the game on the bot's initiative,
	// announcing it with the message id; false if it may not.
	ResignSeat(c *kit.Change, lang string, seat int, id string) bool
}

// Votes counts and decides the votes of a chat's game.
type Votes struct {
	cat     Catalog
	host    Host
	buttons map[string]kit.Op
}

// New is votes written with cat, over host; agree are the "Agree" buttons'
// ops by kind of vote (Pause, Resume, Kick), routed back to Vote by the
// chat layer.
func New(cat Catalog, host Host, agree map[string]kit.Op) *Votes {
	return &Votes{cat: cat, host: host, buttons: agree}
}

// Vote counts user's vote of kind. button says it came from an "Agree"
// button (answers go into the press's alert or toast, not new messages);
// target is the seat a kick button named (-1 for the command: the player
// the game waits for); admin decides at once.
func (vs *Votes) Vote(c *kit.Change, lang string, user int64, admin bool, kind string, target int, button bool) {
	say := func(id string, data map[string]any) {
		text := vs.cat.T(lang, id, data)
		if button {
			c.Alert = text
			return
		}
		c.Replies = append(c.Replies, kit.Reply{Text: text})
	}
	target, voters, ok := vs.on(c.Rec, user, admin, kind, target, say)
	if !ok {
		return
	}
	if !admin && !vs.tally(c, lang, user, kind, target, voters/2+1, button) {
		return
	}
	vs.decide(c, lang, kind, target, say)
}

// on checks that a vote of kind can be held now and by user; it returns
// the seat voted on (0 but for a kick) and how many vote.
func (vs *Votes) on(r *kit.Record, user int64, admin bool, kind string, target int, say func(string, map[string]any)) (int, int, bool) {
	if r == nil || r.Status != kit.StatusPlaying {
		say("no_game", nil)
		return 0, 0, false
	}
	k := vs.host.Game(r)
	seat := int(r.SeatOf(user))
	if !admin && !k.Active(r, seat) {
		say("not_a_player", nil)
		return 0, 0, false
	}
	voters := 0
	for i, s := range r.Seats {
		if k.Active(r, i) && !s.Computer { // computers do not vote
			voters++
		}
	}
	paused := r.Clock.PausedAt != 0
	switch kind {
	case Pause:
		if paused {
			say("pause_already", nil)
			return 0, 0, false
		}
		return 0, voters, true
	case Resume:
		if !paused {
			say("resume_not_paused", nil)
			return 0, 0, false
		}
		return 0, voters, true
	case Kick:
		w := k.Pending(r).Seat
		if w < 0 || (target >= 0 && target != w) || !k.CanResign(r, w) {
			say("kick_not_now", nil)
			return 0, 0, false
		}
		if seat == w {
			say("kick_self", nil)
			return 0, 0, false
		}
		return w, voters - 1, true
	}
	return 0, 0, false
}

// tally counts user's vote and says whether it decided the vote (need
// votes); until then it answers with the count so far.
func (vs *Votes) tally(c *kit.Change, lang string, user int64, kind string, target, need int, button bool) bool {
	cl := &c.Rec.Clock
	i := slices.IndexFunc(cl.Votes, func(v kit.Vote) bool { return v.Kind == kind && v.Target == target })
	if i < 0 {
		cl.Votes = append(cl.Votes, kit.Vote{Kind: kind, Target: target})
		i = len(cl.Votes) - 1
	}
	v := &cl.Votes[i]
	if !slices.Contains(v.Users, user) {
		v.Users = append(v.Users, user)
	}
	if len(v.Users) >= need {
		return true
	}
	data := vs.show(c, lang, *v, need)
	if button {
		c.Toast = vs.cat.T(lang, "vote_counted", data)
	}
	return false
}

// show shows a vote's message with its count (one message per vote,
// messages.go) and returns the count's data.
func (vs *Votes) show(c *kit.Change, lang string, v kit.Vote, need int) map[string]any {
	r := c.Rec
	data := map[string]any{"Count": len(v.Users), "Need": need}
	if v.Kind == Kick {
		data["Player"] = kit.SeatName(r, v.Target)
	}
	k := &kit.Keyboard{Rec: r}
	k.Row(k.Btn(vs.cat.T(lang, "btn_vote_agree", nil), vs.buttons[v.Kind], v.Target))
	c.Show(Slot(r.ID, v.Kind, v.Target), v.Msg, vs.cat.T(lang, "vote_"+v.Kind, data), k.Markup())
	return data
}

// decide carries out a vote that passed (or an admin's command). Votes
// and the pause are clock state, stored without a new revision (the
// buttons on screen stay valid).
func (vs *Votes) decide(c *kit.Change, lang, kind string, target int, say func(string, map[string]any)) {
	r := c.Rec
	cl := &r.Clock
	vs.Close(c, lang, func(v kit.Vote) bool { return v.Kind == kind }, "vote_passed")
	now := vs.host.Now().UnixMilli()
	switch kind {
	case Pause:
		cl.PausedAt, cl.Left, cl.Deadline = now, max(cl.Deadline-now, 0), 0
		c.Turn = true // the turn message says so
		c.Replies = append(c.Replies, kit.Reply{Text: vs.cat.T(lang, "game_paused", nil)})
	case Resume:
		// The game's own times (an offer's expiry) are in game time, which
		// stood still: nothing of the kind's moves.
		cl.Paused += now - cl.PausedAt
		cl.Deadline, cl.PausedAt, cl.Left = now+cl.Left, 0, 0
		c.Turn = true // the turn message drops the paused line
		text := vs.cat.T(lang, "game_resumed", nil)
		if w := vs.host.Game(r).Pending(r).Seat; w >= 0 && w < len(r.Seats) {
			text += " " + kit.Mention(r.Seats[w])
		}
		c.Replies = append(c.Replies, kit.Reply{Text: text})
	case Kick:
		if !vs.host.ResignSeat(c, lang, target, "player_kicked_vote") {
			say("kick_not_now", nil)
		}
	}
}

// Close ends the votes that match: each message gets its final text with
// the outcome (a message id outcome), and the votes are dropped.
func (vs *Votes) Close(c *kit.Change, lang string, match func(kit.Vote) bool, outcome string) {
	cl := &c.Rec.Clock
	for _, v := range cl.Votes {
		if match(v) {
			c.Finalize(Slot(c.Rec.ID, v.Kind, v.Target), v.Msg, vs.title(lang, c.Rec, v)+"\n"+vs.cat.T(lang, outcome, nil))
		}
	}
	cl.Votes = slices.DeleteFunc(cl.Votes, match)
	if len(cl.Votes) == 0 {
		cl.Votes = nil
	}
}

// title says what a vote was about.
func (vs *Votes) title(lang string, r *kit.Record, v kit.Vote) string {
	data := map[string]any{}
	if v.Kind == Kick {
		data["Player"] = kit.SeatName(r, v.Target)
	}
	return vs.cat.T(lang, "vote_title_"+v.Kind, data)
}

// CloseOnEnd ends the votes of a game the change removed.
func (vs *Votes) CloseOnEnd(c *kit.Change) {
	if c.Remove && c.Rec != nil && len(c.Rec.Clock.Votes) > 0 {
		vs.Close(c, c.ChatLang(), func(kit.Vote) bool { return true }, "vote_void_over")
	}
}

// Reshow shows the open votes' messages again (a restart): one a killed
// process never sent is sent, the others are brought up to their count. A
// vote the game has moved on from is left to the next change, which ends
// it.
func (vs *Votes) Reshow(c *kit.Change, lang string) {
	for _, v := range c.Rec.Clock.Votes {
		_, voters, ok := vs.on(c.Rec, 0, true, v.Kind, v.Target, func(string, map[string]any) {})
		if ok {
			vs.show(c, lang, v, voters/2+1)
		}
	}
}
