package kit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/monopoly-tg/monopoly-bot/storage/jsonenc"
)

// A kind's own part of a chat's options (the board's engine rules, Deal's
// house rule) is a value of the kind's type that encodes as a JSON object
// (encoding/json); the kit keeps it as the members that object stores and
// stores them among the options' own, after the member the kind named.
// Only the kind decodes them (ChatOptions.Part).

// OptionsPart registers a kind's part of the options.
type OptionsPart struct {
	// Kind is the kind's name; After is the options' own member its
	// members are stored after (where they always were, so that stored
	// options read and are written byte for byte as before).
	Kind, After string
	// PerEdition: the part is chosen for the chat's edition (the board's
	// starting cash, in its money), and another edition drops it.
	PerEdition bool
	// New returns a pointer to the kind's zero part, to decode into.
	New func() any
	// Keys are the members the part stores: stored options without any
	// of them hold none of the part, and are not decoded for it.
	Keys []string
	// quoted are Keys as they appear in stored options.
	quoted [][]byte
}

var (
	optionsMu    sync.RWMutex
	optionsParts []OptionsPart // sorted by kind
)

// RegisterOptions registers a kind's part of the options; a kind calls it
// from its package's init.
func RegisterOptions(p OptionsPart) {
	optionsMu.Lock()
	defer optionsMu.Unlock()
	known := false
	for _, m := range optionMembers {
		known = known || m.key == p.After
	}
	if !known {
		panic("kit: options of kind " + p.Kind + " stored after an unknown member " + p.After)
	}
	if len(p.Keys) == 0 || p.New == nil {
		panic("kit: options of kind " + p.Kind + " without keys or a type")
	}
	for _, q := range optionsParts {
		if q.Kind == p.Kind {
			panic("kit: options of kind " + p.Kind + " registered twice")
		}
	}
	for _, k := range p.Keys {
		p.quoted = append(p.quoted, []byte(`"`+k+`"`))
	}
	optionsParts = append(optionsParts, p)
	sort.Slice(optionsParts, func(i, j int) bool { return optionsParts[i].Kind < optionsParts[j].Kind })
}

func registeredParts() []OptionsPart {
	optionsMu.RLock()
	defer optionsMu.RUnlock()
	return optionsParts
}

func registeredPart(kind string) (OptionsPart, bool) {
	for _, p := range registeredParts() {
		if p.Kind == kind {
			return p, true
		}
	}
	return OptionsPart{}, false
}

// Part decodes the part of the kind named kind into v (a pointer to the
// kind's type); false (v untouched) when o has none.
func (o *ChatOptions) Part(kind string, v any) bool {
	if o == nil {
		return false
	}
	members, ok := partMembers(o.parts, kind)
	if !ok {
		return false
	}
	return json.Unmarshal([]byte("{"+members+"}"), v) == nil
}

// SetPart makes v the part of kind; a v that stores no member (its zero
// value) drops it.
func (o *ChatOptions) SetPart(kind string, v any) error {
	if _, ok := registeredPart(kind); !ok {
		return fmt.Errorf("kit: options of kind %s not registered", kind)
	}
	members, err := membersOf(v)
	if err != nil {
		return fmt.Errorf("kit: options of kind %s: %w", kind, err)
	}
	o.parts = withPart(o.parts, kind, members)
	return nil
}

// DropEditionParts drops the parts chosen for one edition (the board's
// rules and starting cash): another edition plays with its own defaults.
func (o *ChatOptions) DropEditionParts() {
	for _, p := range registeredParts() {
		if p.PerEdition {
			o.parts = withPart(o.parts, p.Kind, "")
		}
	}
}

// membersOf is what v, an object, stores between its braces.
func membersOf(v any) (string, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	if len(raw) < 2 || raw[0] != '{' || raw[len(raw)-1] != '}' {
		return "", fmt.Errorf("not a JSON object: %.20s", raw)
	}
	return string(raw[1 : len(raw)-1]), nil
}

// The parts are kept as "<kind>\x00<members>\x00" for each kind with
// members, in the kinds' order: one string, so that equal options are
// equal values. Compact JSON never holds a raw NUL.

func partMembers(parts, kind string) (string, bool) {
	for parts != "" {
		k, rest, _ := strings.Cut(parts, "\x00")
		members, next, _ := strings.Cut(rest, "\x00")
		if k == kind {
			return members, true
		}
		parts = next
	}
	return "", false
}

func withPart(parts, kind, members string) string {
	var b strings.Builder
	placed := members == ""
	for parts != "" {
		k, rest, _ := strings.Cut(parts, "\x00")
		m, next, _ := strings.Cut(rest, "\x00")
		parts = next
		if k == kind {
			continue
		}
		if !placed && kind < k {
			b.WriteString(kind + "\x00" + members + "\x00")
			placed = true
		}
		b.WriteString(k + "\x00" + m + "\x00")
	}
	if !placed {
		b.WriteString(kind + "\x00" + members + "\x00")
	}
	return b.String()
}

// optionMembers are the options' own members in the order they are
// stored, each appending its value and saying whether it is stored
// (omitempty). They are written by hand: every change stores its record,
// options and all, so this stays free of reflection and allocations.
var optionMembers = []struct {
	key    string
	append func(buf []byte, o ChatOptions) ([]byte, bool)
}{
	{"edition", func(buf []byte, o ChatOptions) ([]byte, bool) {
		return jsonenc.AppendString(buf, o.Edition), o.Edition != ""
	}},
	{"pace", func(buf []byte, o ChatOptions) ([]byte, bool) {
		buf = jsonenc.AppendString(append(buf, `{"name":`...), o.Pace.Name)
		buf = strconv.AppendInt(append(buf, `,"decision":`...), int64(o.Pace.Decision), 10)
		buf = strconv.AppendInt(append(buf, `,"bid":`...), int64(o.Pace.Bid), 10)
		return append(buf, '}'), true
	}},
	{"max_players", func(buf []byte, o ChatOptions) ([]byte, bool) {
		return strconv.AppendInt(buf, int64(o.MaxPlayers), 10), o.MaxPlayers != 0
	}},
	{"random_order", func(buf []byte, o ChatOptions) ([]byte, bool) { return append(buf, "true"...), o.RandomOrder }},
	{"manual_end_turn", func(buf []byte, o ChatOptions) ([]byte, bool) { return append(buf, "true"...), o.ManualEndTurn }},
	{"kick_after", func(buf []byte, o ChatOptions) ([]byte, bool) {
		return strconv.AppendInt(buf, int64(o.KickAfter), 10), o.KickAfter != 0
	}},
	{"archive_after", func(buf []byte, o ChatOptions) ([]byte, bool) {
		return strconv.AppendInt(buf, int64(o.ArchiveAfter), 10), o.ArchiveAfter != 0
	}},
	{"time_zone", func(buf []byte, o ChatOptions) ([]byte, bool) {
		return jsonenc.AppendString(buf, o.TimeZone), o.TimeZone != ""
	}},
}

// MarshalJSON stores the options' own members and, after the member each
// kind named, the members of its part. (A record's options are appended
// by Record.Encode without encoding/json's scan of a Marshaler's output.)
func (o ChatOptions) MarshalJSON() ([]byte, error) {
	return o.appendJSON(make([]byte, 0, 192+len(o.parts))), nil
}

// appendJSON appends the options as MarshalJSON stores them.
func (o ChatOptions) appendJSON(buf []byte) []byte {
	parts := registeredParts()
	start := len(buf)
	buf = append(buf, '{')
	for _, m := range optionMembers {
		mark := len(buf)
		if len(buf) > start+1 {
			buf = append(buf, ',')
		}
		buf = append(append(append(buf, '"'), m.key...), '"', ':')
		var stored bool
		if buf, stored = m.append(buf, o); !stored {
			buf = buf[:mark]
		}
		for _, p := range parts {
			if members, ok := partMembers(o.parts, p.Kind); ok && p.After == m.key {
				if len(buf) > start+1 {
					buf = append(buf, ',')
				}
				buf = append(buf, members...)
			}
		}
	}
	return append(buf, '}')
}

// holdsAny says whether data may hold a member named one of quoted (the
// quoted string occurs in it).
func holdsAny(data []byte, quoted [][]byte) bool {
	for _, k := range quoted {
		if bytes.Contains(data, k) {
			return true
		}
	}
	return false
}

// UnmarshalJSON reads the options' own members and each registered
// kind's part.
func (o *ChatOptions) UnmarshalJSON(data []byte) error {
	type own ChatOptions // without these methods
	var v own
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	parts := ""
	for _, p := range registeredParts() {
		if !holdsAny(data, p.quoted) {
			continue
		}
		part := p.New()
		if err := json.Unmarshal(data, part); err != nil {
			return fmt.Errorf("kit: options of kind %s: %w", p.Kind, err)
		}
		members, err := membersOf(part)
		if err != nil {
			return fmt.Errorf("kit: options of kind %s: %w", p.Kind, err)
		}
		parts = withPart(parts, p.Kind, members)
	}
	*o = ChatOptions(v)
	o.parts = parts
	return nil
}
