package state

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/storage/jsonenc"
)

// Encoding the board's state without reflection.
//
// Every change stores its record, and the board's state is most of a
// record's bytes: through encoding/json's reflection (the game, its
// events, the tally) it was the largest part of storing a record.
// AppendJSON writes exactly json.Marshal's bytes — field order, omitempty
// and omitzero, map keys sorted as strings — so stored records stay byte
// for byte what they were. TestBoardAppendJSONMatchesMarshal fills every
// field by reflection and compares, so a field added to these types
// without adding it here fails the test; TestEncodeMatchesMarshal compares
// whole records after every step of random games.

// AppendJSON appends b as json.Marshal encodes it. kit.Record.Encode
// splices it after the envelope's members (a state stored at the top
// level).
func (b *Board) AppendJSON(dst []byte) ([]byte, error) {
	start := len(dst)
	dst = append(dst, '{')
	// key appends a member's key, after a comma unless it is the first.
	key := func(k string) {
		if len(dst) > start+1 {
			dst = append(dst, ',')
		}
		dst = append(dst, k...)
	}
	if b.Game != nil {
		key(`"game":`)
		dst = b.Game.AppendJSON(dst)
	}
	if len(b.Turn) > 0 {
		key(`"turn":`)
		dst = engine.AppendEventsJSON(dst, b.Turn)
	}
	if len(b.History) > 0 {
		key(`"history":`)
		dst = engine.AppendEventsJSON(dst, b.History)
	}
	if b.TurnMsg != 0 {
		key(`"turn_msg":`)
		dst = strconv.AppendInt(dst, int64(b.TurnMsg), 10)
	}
	key(`"view":`) // a struct: omitempty keeps it
	dst = b.View.appendJSON(dst)
	if b.DeedsMsg != 0 {
		key(`"deeds_msg":`)
		dst = strconv.AppendInt(dst, int64(b.DeedsMsg), 10)
	}
	if b.DeedsPhoto {
		key(`"deeds_photo":true`)
	}
	if len(b.Drafts) > 0 {
		key(`"drafts":`)
		dst = appendDrafts(dst, b.Drafts)
	}
	if len(b.Offers) > 0 {
		key(`"offers":`)
		dst = appendList(dst, b.Offers, (*Offer).appendJSON)
	}
	if len(b.OfferEdits) > 0 {
		key(`"offer_edits":`)
		dst = appendList(dst, b.OfferEdits, (*OfferEdit).appendJSON)
	}
	if b.Computer != nil {
		// Its memory is unexported and it writes it itself (MarshalJSON);
		// a game with computer seats is the rarer one.
		raw, err := json.Marshal(b.Computer)
		if err != nil {
			return nil, err
		}
		key(`"computer":`)
		dst = append(dst, raw...)
	}
	if len(b.Followers) > 0 {
		key(`"followers":`)
		dst = appendList(dst, b.Followers, func(u *int64, dst []byte) []byte { return strconv.AppendInt(dst, *u, 10) })
	}
	if !b.Tally.isZero() {
		key(`"tally":`)
		dst = b.Tally.appendJSON(dst)
	}
	if b.Auction != nil {
		key(`"auction":`)
		dst = b.Auction.appendJSON(dst)
	}
	if b.Auctions != 0 {
		key(`"auctions":`)
		dst = strconv.AppendInt(dst, int64(b.Auctions), 10)
	}
	return append(dst, '}'), nil
}

func (v *View) appendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	n := len(dst)
	if v.Menu != "" {
		dst = jsonenc.AppendString(append(dst, `"menu":`...), v.Menu)
	}
	if v.User != 0 {
		dst = appendMember(dst, n, `"user":`, v.User)
	}
	if v.Group != 0 {
		dst = appendMember(dst, n, `"group":`, int64(v.Group))
	}
	return append(dst, '}')
}

// appendMember appends the member key: x to an object opened at n.
func appendMember(dst []byte, n int, key string, x int64) []byte {
	if len(dst) > n {
		dst = append(dst, ',')
	}
	return strconv.AppendInt(append(dst, key...), x, 10)
}

// appendDrafts appends the drafts as encoding/json writes a map: keys
// as strings, sorted as strings.
func appendDrafts(dst []byte, drafts map[int64]*Draft) []byte {
	users := make([]int64, 0, len(drafts))
	for u := range drafts {
		users = append(users, u)
	}
	var a, b [20]byte
	slices.SortFunc(users, func(x, y int64) int {
		return slices.Compare(strconv.AppendInt(a[:0], x, 10), strconv.AppendInt(b[:0], y, 10))
	})
	dst = append(dst, '{')
	for i, u := range users {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(strconv.AppendInt(append(dst, '"'), u, 10), '"', ':')
		if d := drafts[u]; d == nil {
			dst = append(dst, "null"...)
		} else {
			dst = d.appendJSON(dst)
		}
	}
	return append(dst, '}')
}

func (d *Draft) appendJSON(dst []byte) []byte {
	dst = d.Trade.AppendJSON(append(dst, `{"trade":`...))
	dst = strconv.AppendUint(append(dst, `,"rev":`...), d.Rev, 10)
	dst = appendOmit(dst, `,"edit":`, int64(d.Edit))
	dst = appendOmit(dst, `,"msg":`, int64(d.Msg))
	dst = appendOmit(dst, `,"counter":`, int64(d.Counter))
	dst = appendOmit(dst, `,"link":`, int64(d.Link))
	return append(dst, '}')
}

func (o *Offer) appendJSON(dst []byte) []byte {
	dst = strconv.AppendInt(append(dst, `{"id":`...), int64(o.ID), 10)
	dst = appendOmit(dst, `,"msg":`, int64(o.Msg))
	dst = strconv.AppendInt(append(dst, `,"expires":`...), o.Expires, 10)
	dst = o.Trade.AppendJSON(append(dst, `,"trade":`...))
	return append(dst, '}')
}

func (e *OfferEdit) appendJSON(dst []byte) []byte {
	dst = strconv.AppendInt(append(dst, `{"msg":`...), int64(e.Msg), 10)
	dst = jsonenc.AppendString(append(dst, `,"text":`...), e.Text)
	dst = appendOmit(dst, `,"offer":`, int64(e.Offer))
	return append(dst, '}')
}

func (a *AuctionMsg) appendJSON(dst []byte) []byte {
	dst = strconv.AppendInt(append(dst, `{"seq":`...), int64(a.Seq), 10)
	dst = appendOmit(dst, `,"msg":`, int64(a.Msg))
	dst = strconv.AppendUint(append(dst, `,"opened":`...), a.Opened, 10)
	dst = strconv.AppendUint(append(dst, `,"shown_ver":`...), a.ShownVer, 10)
	dst = strconv.AppendInt(append(dst, `,"shown":`...), a.Shown, 10)
	dst = appendOmit(dst, `,"refreshes":`, int64(a.Refreshes))
	return append(dst, '}')
}

// isZero is what omitzero asks of a tally: every field its zero value
// (a slice nil, not only empty).
func (t *Tally) isZero() bool {
	return t.Started == 0 && t.Ended == 0 && t.TopRent == Rent{} && t.SetRent == nil && t.Jail == nil
}

func (t *Tally) appendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	n := len(dst)
	if t.Started != 0 {
		dst = appendMember(dst, n, `"started":`, t.Started)
	}
	if t.Ended != 0 {
		dst = appendMember(dst, n, `"ended":`, t.Ended)
	}
	if r := t.TopRent; r != (Rent{}) {
		if len(dst) > n {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(append(dst, `"top_rent":{"payer":`...), int64(r.Payer), 10)
		dst = strconv.AppendInt(append(dst, `,"owner":`...), int64(r.Owner), 10)
		dst = strconv.AppendInt(append(dst, `,"square":`...), int64(r.Square), 10)
		dst = strconv.AppendInt(append(dst, `,"amount":`...), int64(r.Amount), 10)
		dst = append(dst, '}')
	}
	if len(t.SetRent) > 0 {
		if len(dst) > n {
			dst = append(dst, ',')
		}
		dst = appendList(append(dst, `"set_rent":`...), t.SetRent, func(x *int, dst []byte) []byte { return strconv.AppendInt(dst, int64(*x), 10) })
	}
	if len(t.Jail) > 0 {
		if len(dst) > n {
			dst = append(dst, ',')
		}
		dst = appendList(append(dst, `"jail":`...), t.Jail, (*JailStay).appendJSON)
	}
	return append(dst, '}')
}

func (j *JailStay) appendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	n := len(dst)
	if j.In {
		dst = append(dst, `"in":true`...)
	}
	if j.Turns != 0 {
		dst = appendMember(dst, n, `"turns":`, int64(j.Turns))
	}
	if j.Longest != 0 {
		dst = appendMember(dst, n, `"longest":`, int64(j.Longest))
	}
	return append(dst, '}')
}

// appendOmit appends key and x unless x is 0 (omitempty).
func appendOmit(dst []byte, key string, x int64) []byte {
	if x == 0 {
		return dst
	}
	return strconv.AppendInt(append(dst, key...), x, 10)
}

// appendList appends xs as a JSON array of what each appends; the callers
// leave out an empty list (omitempty), so it is never nil here.
func appendList[T any](dst []byte, xs []T, each func(*T, []byte) []byte) []byte {
	dst = append(dst, '[')
	for i := range xs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = each(&xs[i], dst)
	}
	return append(dst, ']')
}
