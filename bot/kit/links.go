package kit

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// What a Links value does (the type stands beside Settings, its user, in
// record.go), and how Settings stores its links.

// linkSuffix ends the member a link is stored in (Settings.Links): the
// board's "trade" link is "trade_chat", Deal's "deal" link "deal_chat",
// as each was stored before links were kept by key. No other member of
// Settings may end in it.
const linkSuffix = "_chat"

// Get is the group of the link named key (0: none).
func (l Links) Get(key string) int64 {
	for rest := l.packed; rest != ""; {
		var entry string
		entry, rest, _ = strings.Cut(rest, ";")
		if k, g, _ := strings.Cut(entry, "="); k == key {
			group, _ := strconv.ParseInt(g, 10, 64)
			return group
		}
	}
	return 0
}

// Set makes the link named key lead to group (0 removes it).
func (l *Links) Set(key string, group int64) {
	var b strings.Builder
	done := false
	l.each(func(k string, g int64) {
		if !done && k >= key {
			if group != 0 {
				writeLink(&b, key, group)
			}
			done = true
		}
		if k != key {
			writeLink(&b, k, g)
		}
	})
	if !done && group != 0 {
		writeLink(&b, key, group)
	}
	l.packed = b.String()
}

func writeLink(b *strings.Builder, key string, group int64) {
	b.WriteString(key)
	b.WriteByte('=')
	b.WriteString(strconv.FormatInt(group, 10))
	b.WriteByte(';')
}

func (l Links) each(fn func(key string, group int64)) {
	for rest := l.packed; rest != ""; {
		var entry string
		entry, rest, _ = strings.Cut(rest, ";")
		k, g, _ := strings.Cut(entry, "=")
		group, _ := strconv.ParseInt(g, 10, 64)
		fn(k, group)
	}
}

// Move points every link that leads to from at to (a group upgraded to a
// supergroup) and reports whether one did.
func (l *Links) Move(from, to int64) bool {
	var keys []string
	l.each(func(k string, g int64) {
		if g == from {
			keys = append(keys, k)
		}
	})
	for _, k := range keys {
		l.Set(k, to)
	}
	return len(keys) > 0
}

// storedSettings is Settings without its methods.
type storedSettings Settings

// UnmarshalJSON reads the links back from their members.
func (s *Settings) UnmarshalJSON(data []byte) error {
	if err := json.Unmarshal(data, (*storedSettings)(s)); err != nil {
		return err
	}
	s.Links = Links{}
	if !bytes.Contains(data, []byte(linkSuffix+`"`)) {
		return nil // no link: no second reading
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return err
	}
	for name, raw := range members {
		key, ok := strings.CutSuffix(name, linkSuffix)
		if !ok || key == "" || strings.ContainsAny(key, "=;") {
			continue
		}
		var group int64
		if err := json.Unmarshal(raw, &group); err != nil {
			return err
		}
		s.Links.Set(key, group)
	}
	return nil
}
